// Async copies from global to local memory, local to global memory, and prefetch (OpenCL C
// 1.2 spec 6.12.10).

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"

namespace clstep {

namespace {

/// True for a gentype of spec 6.12.10: char ... double scalars and their vectors.
bool isGentype(const Type* t) {
    t = t->canonical();
    return mem::isElementScalar(t->scalarType()->canonical());
}

/// True for an event argument: an `event_t`, or an integer (the literal 0 meaning "no event").
bool isEventArg(TypeContext& types, const QualType& t) {
    if (!t.type) return false;
    const Type* c = t->canonical();
    return c == types.builtin("event_t") || c->isInteger();
}

/// `event_t f(__local T *dst, const __global T *src, size_t n, [size_t stride,] event_t e)`
/// and the same with __global dst and __local src. Pointer arguments keep their own types.
template <bool Strided>
bool resolveCopy(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    const size_t n = Strided ? 5 : 4;
    if (args.size() != n) return false;
    QualType dst = mem::pointeeOf(args[0]), src = mem::pointeeOf(args[1]);
    if (!dst || !src || dst.isConst || !isGentype(dst.type) || dst->canonical() != src->canonical())
        return false;
    bool toLocal = dst.space == AddressSpace::Local && src.space == AddressSpace::Global;
    bool toGlobal = dst.space == AddressSpace::Global && src.space == AddressSpace::Local;
    if (!toLocal && !toGlobal) return false;
    for (size_t i = 2; i + 1 < n; ++i)
        if (!mem::isArithmeticScalar(args[i])) return false;
    if (!isEventArg(types, args[n - 1])) return false;
    std::vector<QualType> params{args[0], args[1], mem::sizeType(types)};
    if (Strided) params.push_back(mem::sizeType(types));
    params.push_back(args[n - 1]); // event_t, or the integer 0 read as event 0
    return mem::accept(sig, QualType{types.builtin("event_t")}, std::move(params));
}

/// Starts the copy through the interpreter (performed once per work-group, spec 6.12.10).
/// Strides are in elements: the strided global side (src for local <- global, dst for
/// global <- local) advances by `stride` elements, the local side by one. 3-component vectors
/// are copied with the size of 4 components, as the spec requires.
template <bool Strided>
void copyImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    const QualType dst = mem::argPointee(call, 0);
    const uint64_t elementBytes = dst->canonical()->size;
    const uint64_t stride = Strided ? args[3].components[0].u : 1;
    const bool toLocal = dst.space == AddressSpace::Local;
    const uint64_t event = args[Strided ? 4 : 3].components[0].u;
    result.components[0].u = env.asyncCopy(
        args[0].components[0].u, args[1].components[0].u, elementBytes, args[2].components[0].u,
        toLocal ? stride : 1, toLocal ? 1 : stride, event, call.range);
}

/// `void wait_group_events(int num_events, event_t *event_list)`.
bool resolveWait(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 2 || !mem::isArithmeticScalar(args[0])) return false;
    QualType list = mem::pointeeOf(args[1]);
    if (!list || list->canonical() != types.builtin("event_t")) return false;
    return mem::accept(sig, mem::scalarType(types, TypeKind::Void),
                       {mem::scalarType(types, TypeKind::Int), args[1]});
}

void waitImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value&) {
    env.waitEvents(args[0].components[0].u, args[1].components[0].u, call.range);
}

/// `void prefetch(const __global gentype *p, size_t num_gentypes)`.
bool resolvePrefetch(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 2 || !mem::pointsInto(args[0], {AddressSpace::Global}) ||
        !isGentype(mem::pointeeOf(args[0]).type) || !mem::isArithmeticScalar(args[1]))
        return false;
    return mem::accept(sig, mem::scalarType(types, TypeKind::Void),
                       {args[0], mem::sizeType(types)});
}

/// A prefetch is only a cache hint; there is no cache to fill.
void prefetchImpl(BuiltinEnv&, const BuiltinCall&, const Value*, Value&) {}

/// `void __clstep_copy_bytes(T *dst, const U *src, size_t n)`: clstep's own byte copy (a
/// reserved name, not an OpenCL builtin), for code that clstep generates, like the
/// scratchpad's kept variables. Any address spaces and pointee types; `n` bytes, checked
/// like any access (bounds, races, uninitialized bytes) and copied at once, not element by
/// element through the interpreter.
bool resolveCopyBytes(TypeContext& types, const std::vector<QualType>& args,
                      BuiltinSignature& sig) {
    if (args.size() != 3 || !mem::pointeeOf(args[0]) || !mem::pointeeOf(args[1]) ||
        mem::pointeeOf(args[0]).isConst || !mem::isArithmeticScalar(args[2]))
        return false;
    return mem::accept(sig, mem::scalarType(types, TypeKind::Void),
                       {args[0], args[1], mem::sizeType(types)});
}

void copyBytesImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value&) {
    env.copyBytes(args[0].components[0].u, args[1].components[0].u, args[2].components[0].u,
                  call.range);
}

} // namespace

/// Registers async_work_group_copy, async_work_group_strided_copy, wait_group_events and
/// prefetch (spec 6.12.10), and clstep's internal __clstep_copy_bytes.
void registerAsyncCopyBuiltins(BuiltinRegistry& r) {
    r.add({"async_work_group_copy", resolveCopy<false>, copyImpl<false>, BuiltinNone});
    r.add({"async_work_group_strided_copy", resolveCopy<true>, copyImpl<true>, BuiltinNone});
    r.add({"wait_group_events", resolveWait, waitImpl, BuiltinIsBarrier});
    r.add({"prefetch", resolvePrefetch, prefetchImpl, BuiltinNone});
    r.add({"__clstep_copy_bytes", resolveCopyBytes, copyBytesImpl, BuiltinNone});
}

} // namespace clstep
