// Sub-group functions of cl_khr_subgroups (OpenCL extension spec 9.17; core in OpenCL C
// 2.1/3.0 6.15.x): the sub-group queries, sub_group_barrier and the sub-group collectives.
// A work-group is cut into sub-groups of RunOptions::subGroupSize consecutive local linear
// ids (BuiltinEnv::maxSubGroupSize); the last one may be smaller.

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"

#include <algorithm>

namespace clstep {

namespace {

/// `uint f(void)`.
bool resolveQuery(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (!args.empty()) return false;
    return mem::accept(sig, mem::scalarType(types, TypeKind::UInt), {});
}

uint64_t linearId(const BuiltinEnv& env) {
    uint64_t id = 0;
    for (int d = 2; d >= 0; --d) {
        uint32_t dim = static_cast<uint32_t>(d);
        id = id * env.localSize(dim) + env.localId(dim);
    }
    return id;
}

uint64_t groupItems(const BuiltinEnv& env, bool enqueued) {
    uint64_t n = 1;
    for (uint32_t d = 0; d < 3; ++d)
        n *= enqueued ? env.enqueuedLocalSize(d) : env.localSize(d);
    return n;
}

/// get_sub_group_size: the size of the caller's sub-group (the last one may be smaller).
void sizeImpl(BuiltinEnv& env, const BuiltinCall&, const Value*, Value& result) {
    const uint64_t s = env.maxSubGroupSize(), first = linearId(env) / s * s;
    result.components[0].u = std::min<uint64_t>(s, groupItems(env, false) - first);
}

void maxSizeImpl(BuiltinEnv& env, const BuiltinCall&, const Value*, Value& result) {
    result.components[0].u = env.maxSubGroupSize();
}

template <bool Enqueued>
void countImpl(BuiltinEnv& env, const BuiltinCall&, const Value*, Value& result) {
    const uint64_t s = env.maxSubGroupSize();
    result.components[0].u = (groupItems(env, Enqueued) + s - 1) / s;
}

void idImpl(BuiltinEnv& env, const BuiltinCall&, const Value*, Value& result) {
    result.components[0].u = linearId(env) / env.maxSubGroupSize();
}

void localIdImpl(BuiltinEnv& env, const BuiltinCall&, const Value*, Value& result) {
    result.components[0].u = linearId(env) % env.maxSubGroupSize();
}

/// `void sub_group_barrier(cl_mem_fence_flags flags [, memory_scope scope])`.
bool resolveBarrier(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.empty() || args.size() > 2) return false;
    for (const QualType& a : args)
        if (!mem::isArithmeticScalar(a)) return false;
    std::vector<QualType> params{mem::scalarType(types, TypeKind::UInt)};
    if (args.size() == 2) params.push_back(mem::scalarType(types, TypeKind::Int));
    return mem::accept(sig, mem::scalarType(types, TypeKind::Void), std::move(params));
}

/// A sub-group barrier: every work-item of the sub-group must reach it. The interpreter runs
/// each work-item's accesses in program order, so the fence needs nothing else.
void barrierImpl(BuiltinEnv& env, const BuiltinCall& call, const Value*, Value&) {
    env.collective(Value(), true, "sub_group_barrier", call.range);
}

} // namespace

void registerSubGroupBuiltins(BuiltinRegistry& r) {
    r.add({"get_sub_group_size", resolveQuery, sizeImpl, BuiltinIsWorkItemFn});
    r.add({"get_max_sub_group_size", resolveQuery, maxSizeImpl, BuiltinIsWorkItemFn});
    r.add({"get_num_sub_groups", resolveQuery, countImpl<false>, BuiltinIsWorkItemFn});
    r.add({"get_enqueued_num_sub_groups", resolveQuery, countImpl<true>, BuiltinIsWorkItemFn});
    r.add({"get_sub_group_id", resolveQuery, idImpl, BuiltinIsWorkItemFn});
    r.add({"get_sub_group_local_id", resolveQuery, localIdImpl, BuiltinIsWorkItemFn});
    r.add({"sub_group_barrier", resolveBarrier, barrierImpl, BuiltinIsBarrier});
    registerCollectiveBuiltins(r, "sub_group_", true);
}

} // namespace clstep
