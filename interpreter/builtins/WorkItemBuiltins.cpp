// Work-item functions (OpenCL C 1.2 spec 6.12.1; get_enqueued_local_size and the linear ids
// from OpenCL C 2.0 6.13.1).

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"

namespace clstep {

namespace {

using DimFn = uint64_t (BuiltinEnv::*)(uint32_t) const;

/// `size_t f(uint dimindx)`: any scalar arithmetic argument converts to uint.
bool resolveDim(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 1 || !mem::isArithmeticScalar(args[0])) return false;
    return mem::accept(sig, mem::sizeType(types), {mem::scalarType(types, TypeKind::UInt)});
}

/// `size_t f(void)`.
bool resolveLinear(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (!args.empty()) return false;
    return mem::accept(sig, mem::sizeType(types), {});
}

/// `uint get_work_dim(void)`.
bool resolveWorkDim(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (!args.empty()) return false;
    return mem::accept(sig, mem::scalarType(types, TypeKind::UInt), {});
}

template <DimFn Fn>
void dimImpl(BuiltinEnv& env, const BuiltinCall&, const Value* args, Value& result) {
    result.components[0].u = (env.*Fn)(static_cast<uint32_t>(args[0].components[0].u));
}

void workDimImpl(BuiltinEnv& env, const BuiltinCall&, const Value*, Value& result) {
    result.components[0].u = env.workDim();
}

/// get_global_linear_id (2.0 6.13.1): (gz - oz) * gsy * gsx + (gy - oy) * gsx + (gx - ox).
void globalLinearImpl(BuiltinEnv& env, const BuiltinCall&, const Value*, Value& result) {
    uint64_t id = 0;
    for (int d = 2; d >= 0; --d) {
        uint32_t dim = static_cast<uint32_t>(d);
        id = id * env.globalSize(dim) + (env.globalId(dim) - env.globalOffset(dim));
    }
    result.components[0].u = id;
}

/// get_local_linear_id (2.0 6.13.1): lz * lsy * lsx + ly * lsx + lx.
void localLinearImpl(BuiltinEnv& env, const BuiltinCall&, const Value*, Value& result) {
    uint64_t id = 0;
    for (int d = 2; d >= 0; --d) {
        uint32_t dim = static_cast<uint32_t>(d);
        id = id * env.localSize(dim) + env.localId(dim);
    }
    result.components[0].u = id;
}

} // namespace

/// Registers the work-item functions of spec 6.12.1 (plus the OpenCL C 2.0 additions
/// get_enqueued_local_size, get_global_linear_id and get_local_linear_id, 6.13.1).
void registerWorkItemBuiltins(BuiltinRegistry& r) {
    const unsigned f = BuiltinIsWorkItemFn;
    r.add({"get_work_dim", resolveWorkDim, workDimImpl, f});
    r.add({"get_global_size", resolveDim, dimImpl<&BuiltinEnv::globalSize>, f,
           &BuiltinEnv::globalSize});
    r.add({"get_global_id", resolveDim, dimImpl<&BuiltinEnv::globalId>, f, &BuiltinEnv::globalId});
    r.add(
        {"get_local_size", resolveDim, dimImpl<&BuiltinEnv::localSize>, f, &BuiltinEnv::localSize});
    r.add({"get_enqueued_local_size", resolveDim, dimImpl<&BuiltinEnv::enqueuedLocalSize>, f,
           &BuiltinEnv::enqueuedLocalSize});
    r.add({"get_local_id", resolveDim, dimImpl<&BuiltinEnv::localId>, f, &BuiltinEnv::localId});
    r.add(
        {"get_num_groups", resolveDim, dimImpl<&BuiltinEnv::numGroups>, f, &BuiltinEnv::numGroups});
    r.add({"get_group_id", resolveDim, dimImpl<&BuiltinEnv::groupId>, f, &BuiltinEnv::groupId});
    r.add({"get_global_offset", resolveDim, dimImpl<&BuiltinEnv::globalOffset>, f,
           &BuiltinEnv::globalOffset});
    r.add({"get_global_linear_id", resolveLinear, globalLinearImpl, f});
    r.add({"get_local_linear_id", resolveLinear, localLinearImpl, f});
}

} // namespace clstep
