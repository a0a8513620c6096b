// Work-group collective functions (OpenCL C 2.0 spec 6.13.15): work_group_all/any,
// work_group_broadcast, work_group_reduce_<op> and work_group_scan_{inclusive,exclusive}_<op>
// for op add/min/max, and (with prefix "sub_group_") the same collectives over a sub-group
// (cl_khr_subgroups). Each call is a barrier point (BuiltinEnv::collective): every work-item
// of the group or sub-group must reach it, or a barrier divergence is reported.

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/CollectiveOps.h"
#include "builtins/MemoryBuiltinHelpers.h"

#include <string>

namespace clstep {

namespace {

using collective::Op;

/// The gentype of a collective for argument type `a` (6.13.15: int, uint, long, ulong,
/// float, half, double): smaller integers and bool promote to int; vectors are rejected.
bool gentypeOf(const QualType& a, TypeKind& k) {
    if (!mem::isArithmeticScalar(a)) return false;
    k = a->canonical()->kind;
    if (k == TypeKind::Bool || k == TypeKind::Char || k == TypeKind::UChar ||
        k == TypeKind::Short || k == TypeKind::UShort)
        k = TypeKind::Int;
    return true;
}

/// `gentype f(gentype x)` (reduce, scan).
bool resolveUnary(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    TypeKind k;
    if (args.size() != 1 || !gentypeOf(args[0], k)) return false;
    QualType t = mem::scalarType(types, k);
    return mem::accept(sig, t, {t});
}

/// `int f(int predicate)` (all, any).
bool resolvePredicate(TypeContext& types, const std::vector<QualType>& args,
                      BuiltinSignature& sig) {
    if (args.size() != 1 || !mem::isArithmeticScalar(args[0])) return false;
    QualType t = mem::scalarType(types, TypeKind::Int);
    return mem::accept(sig, t, {t});
}

/// work_group_broadcast: `gentype f(gentype a, size_t x [, size_t y [, size_t z]])`;
/// sub_group_broadcast: `gentype f(gentype a, uint sub_group_local_id)`.
template <bool SubGroup>
bool resolveBroadcast(TypeContext& types, const std::vector<QualType>& args,
                      BuiltinSignature& sig) {
    TypeKind k;
    if (args.size() < 2 || args.size() > (SubGroup ? 2u : 4u) || !gentypeOf(args[0], k))
        return false;
    std::vector<QualType> params{mem::scalarType(types, k)};
    for (size_t i = 1; i < args.size(); ++i) {
        if (!mem::isArithmeticScalar(args[i])) return false;
        params.push_back(SubGroup ? mem::scalarType(types, TypeKind::UInt) : mem::sizeType(types));
    }
    const QualType result = params[0];
    return mem::accept(sig, result, std::move(params));
}

/// The caller's position among the participants: local linear id, or sub-group local id.
template <bool SubGroup>
uint64_t positionOf(BuiltinEnv& env) {
    uint64_t id = 0;
    for (int d = 2; d >= 0; --d) {
        uint32_t dim = static_cast<uint32_t>(d);
        id = id * env.localSize(dim) + env.localId(dim);
    }
    return SubGroup ? id % env.maxSubGroupSize() : id;
}

/// The builtin's own name, for divergence messages (the call's callee spelling).
const char* nameOf(const BuiltinCall& call) {
    return BuiltinRegistry::instance().def(call.builtin).name.c_str();
}

template <bool SubGroup, Op O>
void reduceImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    auto all = env.collective(args[0], SubGroup, nameOf(call), call.range);
    result.lanes[0] = collective::reduce(O, call.type->canonical()->kind, all);
}

template <bool SubGroup, Op O, bool Inclusive>
void scanImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    const uint64_t me = positionOf<SubGroup>(env);
    auto all = env.collective(args[0], SubGroup, nameOf(call), call.range);
    result.lanes[0] = collective::scan(O, call.type->canonical()->kind, all, me, Inclusive);
}

template <bool SubGroup, bool All>
void predicateImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    auto all = env.collective(args[0], SubGroup, nameOf(call), call.range);
    bool r = All;
    for (const Value& v : all)
        r = All ? (r && v.lanes[0].i != 0) : (r || v.lanes[0].i != 0);
    result.lanes[0].i = r ? 1 : 0;
}

/// The source work-item's value; an id outside the group (or sub-group) is undefined
/// (6.13.15: "the behavior is undefined if local_id is not the same for all work-items ... or
/// is not a valid local id") and reported as an "invalid-argument" error.
template <bool SubGroup>
void broadcastImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    auto all = env.collective(args[0], SubGroup, nameOf(call), call.range);
    uint64_t id = 0;
    bool valid = true;
    if (SubGroup) {
        id = args[1].lanes[0].u;
    } else {
        for (size_t i = call.argTypes.size() - 1; i >= 1; --i) {
            const uint32_t dim = static_cast<uint32_t>(i - 1);
            valid = valid && args[i].lanes[0].u < env.localSize(dim);
            id = id * env.localSize(dim) + args[i].lanes[0].u;
        }
    }
    if (!valid || id >= all.size()) {
        env.reportError(DiagnosticKind::InvalidArgument,
                        std::string(nameOf(call)) + ": the source work-item is not in the " +
                            (SubGroup ? "sub-group" : "work-group") + " (undefined behavior)",
                        call.range);
        result = Value();
        return;
    }
    result = all[id];
}

template <bool SubGroup>
void addFamily(BuiltinRegistry& r, const std::string& p) {
    const unsigned f = BuiltinIsBarrier;
    r.add({p + "all", resolvePredicate, predicateImpl<SubGroup, true>, f});
    r.add({p + "any", resolvePredicate, predicateImpl<SubGroup, false>, f});
    r.add({p + "broadcast", resolveBroadcast<SubGroup>, broadcastImpl<SubGroup>, f});
    r.add({p + "reduce_add", resolveUnary, reduceImpl<SubGroup, Op::Add>, f});
    r.add({p + "reduce_min", resolveUnary, reduceImpl<SubGroup, Op::Min>, f});
    r.add({p + "reduce_max", resolveUnary, reduceImpl<SubGroup, Op::Max>, f});
    r.add({p + "scan_inclusive_add", resolveUnary, scanImpl<SubGroup, Op::Add, true>, f});
    r.add({p + "scan_inclusive_min", resolveUnary, scanImpl<SubGroup, Op::Min, true>, f});
    r.add({p + "scan_inclusive_max", resolveUnary, scanImpl<SubGroup, Op::Max, true>, f});
    r.add({p + "scan_exclusive_add", resolveUnary, scanImpl<SubGroup, Op::Add, false>, f});
    r.add({p + "scan_exclusive_min", resolveUnary, scanImpl<SubGroup, Op::Min, false>, f});
    r.add({p + "scan_exclusive_max", resolveUnary, scanImpl<SubGroup, Op::Max, false>, f});
}

} // namespace

void registerCollectiveBuiltins(BuiltinRegistry& r, const char* prefix, bool subGroup) {
    if (subGroup)
        addFamily<true>(r, prefix);
    else
        addFamily<false>(r, prefix);
}

void registerWorkGroupBuiltins(BuiltinRegistry& r) {
    registerCollectiveBuiltins(r, "work_group_", false);
}

} // namespace clstep
