// Synchronisation and memory fence functions (OpenCL C 1.2 spec 6.12.8 and 6.12.9;
// work_group_barrier from OpenCL C 2.0 6.13.8).

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"

namespace clstep {

namespace {

/// `void f(cl_mem_fence_flags flags)`; with `withScope`, also `void f(flags, memory_scope)`.
template <bool WithScope>
bool resolveFence(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.empty() || args.size() > (WithScope ? 2u : 1u)) return false;
    for (const QualType& a : args)
        if (!mem::isArithmeticScalar(a)) return false;
    std::vector<QualType> params{mem::scalarType(types, TypeKind::UInt)};
    if (args.size() == 2) params.push_back(mem::scalarType(types, TypeKind::Int));
    return mem::accept(sig, mem::scalarType(types, TypeKind::Void), std::move(params));
}

void barrierImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value&) {
    env.barrier(static_cast<uint32_t>(args[0].components[0].u), call.range);
}

/// Fences order this work-item's own accesses; the interpreter executes each work-item's
/// accesses in program order, so a fence has nothing left to do.
void fenceImpl(BuiltinEnv&, const BuiltinCall&, const Value*, Value&) {}

} // namespace

/// Registers barrier (6.12.8), work_group_barrier (2.0 6.13.8) and mem_fence,
/// read_mem_fence, write_mem_fence (6.12.9).
void registerSyncBuiltins(BuiltinRegistry& r) {
    r.add(
        {"barrier", resolveFence<false>, barrierImpl, BuiltinIsBarrier | BuiltinWorkGroupBarrier});
    r.add({"work_group_barrier", resolveFence<true>, barrierImpl,
           BuiltinIsBarrier | BuiltinWorkGroupBarrier});
    for (const char* name : {"mem_fence", "read_mem_fence", "write_mem_fence"})
        r.add({name, resolveFence<false>, fenceImpl, BuiltinNone});
}

} // namespace clstep
