// Address space qualifier functions (OpenCL C 2.0 spec 6.13.9): to_global, to_local,
// to_private.

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
    uint64_t a = args[0].lanes[0].u;
    result.lanes[0].u = (a != 0 && address::space(a) == Space) ? a : 0;
}

} // namespace

/// Registers to_global, to_local and to_private (OpenCL C 2.0 spec 6.13.9).
void registerAddressSpaceBuiltins(BuiltinRegistry& r) {
    r.add({"to_global", resolveCast<AddressSpace::Global>, castImpl<AddressSpace::Global>});
    r.add({"to_local", resolveCast<AddressSpace::Local>, castImpl<AddressSpace::Local>});
    r.add({"to_private", resolveCast<AddressSpace::Private>, castImpl<AddressSpace::Private>});
}

} // namespace clstep
