// Address space qualifier functions (OpenCL C 2.0 spec 6.13.9): to_global, to_local,
// to_private, get_fence.

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"

namespace clstep {

namespace {

/// `Space T *to_xxx(T *ptr)`: the argument must be a generic pointer (spec 2.0 6.13.9); any
/// other pointer (or non-pointer) is rejected so Sema reports the call.
template <AddressSpace Space>
bool resolveCast(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 1 || !mem::pointsInto(args[0], {AddressSpace::Generic})) return false;
    QualType pointee = mem::pointeeOf(args[0]);
    pointee.space = Space;
    return mem::accept(sig, QualType{types.pointer(pointee)}, {args[0]});
}

/// Returns the pointer unchanged if it points into `Space`, else NULL.
template <AddressSpace Space>
void castImpl(BuiltinEnv&, const BuiltinCall&, const Value* args, Value& result) {
    uint64_t a = args[0].components[0].u;
    result.components[0].u = (a != 0 && address::space(a) == Space) ? a : 0;
}

/// `cl_mem_fence_flags get_fence(const gentype *ptr)`: a pointer into the generic address space
/// (or one that converts to it implicitly: global, local, private; not constant).
bool resolveGetFence(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 1 || !mem::pointsInto(args[0], {AddressSpace::Generic, AddressSpace::Global,
                                                       AddressSpace::Local, AddressSpace::Private}))
        return false;
    return mem::accept(sig, QualType{types.builtin("cl_mem_fence_flags")}, {args[0]});
}

/// The fence for the memory `ptr` points into: CLK_GLOBAL_MEM_FENCE (2) for global,
/// CLK_LOCAL_MEM_FENCE (1) for local memory, 0 for private memory and NULL.
void getFenceImpl(BuiltinEnv&, const BuiltinCall&, const Value* args, Value& result) {
    const uint64_t a = args[0].components[0].u;
    uint64_t fence = 0;
    if (a != 0 && address::space(a) == AddressSpace::Global) fence = 2;
    if (a != 0 && address::space(a) == AddressSpace::Local) fence = 1;
    result.components[0].u = fence;
}

} // namespace

/// Registers to_global, to_local, to_private and get_fence (OpenCL C 2.0 spec 6.13.9).
void registerAddressSpaceBuiltins(BuiltinRegistry& r) {
    r.add({"to_global", resolveCast<AddressSpace::Global>, castImpl<AddressSpace::Global>});
    r.add({"to_local", resolveCast<AddressSpace::Local>, castImpl<AddressSpace::Local>});
    r.add({"to_private", resolveCast<AddressSpace::Private>, castImpl<AddressSpace::Private>});
    r.add({"get_fence", resolveGetFence, getFenceImpl});
}

} // namespace clstep
