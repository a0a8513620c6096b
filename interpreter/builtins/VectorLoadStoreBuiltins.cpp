// Vector data load and store functions (OpenCL C 1.2 spec 6.12.7): vloadn, vstoren,
// vload_half[n], vloada_half[n], vstore_half[n][_rte|_rtz|_rtp|_rtn], vstorea_half[n][...].
//
// Every element is read or written with its own load/store through the pointer's address
// space and endian attribute, so bounds, alignment, race and byte-order checks apply per
// element. Rounding to half (all four modes, subnormals, overflow) is done here exactly.

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"

#include <string>

namespace clstep {

namespace {

/// The data type of an n-component builtin: the scalar for n == 1, else the n-vector.
const Type* shaped(TypeContext& types, const Type* elem, uint32_t n) {
    return n == 1 ? elem : types.vector(elem, n);
}

/// `gentypen vloadn(size_t offset, const gentype *p)` for a pointer into any address space.
template <uint32_t N>
bool resolveVload(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 2 || !mem::isArithmeticScalar(args[0])) return false;
    QualType pointee = mem::pointeeOf(args[1]);
    if (!pointee || !mem::isElementScalar(pointee->canonical())) return false;
    return mem::accept(sig, QualType{types.vector(pointee->canonical(), N)},
                       {mem::sizeType(types), args[1]});
}

/// Reads n elements from `p + offset * n` (spec 6.12.7).
void vloadImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    const QualType pointee = mem::argPointee(call, 1);
    const Type* elem = pointee->canonical();
    const QualType access = mem::accessType(pointee, elem);
    const uint32_t n = call.type->canonical()->components();
    const uint64_t base =
        mem::advance(args[1].components[0].u, args[0].components[0].u * n * elem->size);
    for (uint32_t k = 0; k < n; ++k)
        result.components[k] =
            env.loadScalar(mem::advance(base, k * elem->size), access, call.range);
}

/// `void vstoren(gentypen data, size_t offset, gentype *p)`: `p` must not point to const or
/// into __constant, and `data` must be an n-vector of the pointee type, or a scalar of that
/// type, which is converted to the n-vector of its value (6.2.6, as clang converts it).
template <uint32_t N>
bool resolveVstore(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 3 || !args[0].type || !mem::isArithmeticScalar(args[1])) return false;
    QualType pointee = mem::pointeeOf(args[2]);
    if (!pointee || pointee.isConst || pointee.space == AddressSpace::Constant ||
        !mem::isElementScalar(pointee->canonical()))
        return false;
    const Type* data = types.vector(pointee->canonical(), N);
    if (args[0]->canonical() != data && args[0]->canonical() != pointee->canonical()) return false;
    return mem::accept(sig, mem::scalarType(types, TypeKind::Void),
                       {QualType{data}, mem::sizeType(types), args[2]});
}

/// Writes the n elements of `data` to `p + offset * n` (spec 6.12.7).
void vstoreImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value&) {
    const QualType pointee = mem::argPointee(call, 2);
    const Type* elem = pointee->canonical();
    const QualType access = mem::accessType(pointee, elem);
    const uint32_t n = call.argTypes[0]->canonical()->components();
    const uint64_t base =
        mem::advance(args[2].components[0].u, args[1].components[0].u * n * elem->size);
    for (uint32_t k = 0; k < n; ++k)
        env.storeScalar(mem::advance(base, k * elem->size), access, args[0].components[k],
                        call.range);
}

/// True when `p` is a pointer to half (the vload_half/vstore_half pointer argument).
bool isHalfPointer(const QualType& p) {
    QualType pointee = mem::pointeeOf(p);
    return pointee && pointee->canonical()->kind == TypeKind::Half;
}

/// `floatn vload_halfn(size_t offset, const half *p)` (and vloada_halfn), any address space.
template <uint32_t N>
bool resolveVloadHalf(TypeContext& types, const std::vector<QualType>& args,
                      BuiltinSignature& sig) {
    if (args.size() != 2 || !mem::isArithmeticScalar(args[0]) || !isHalfPointer(args[1]))
        return false;
    return mem::accept(sig, QualType{shaped(types, types.scalar(TypeKind::Float), N)},
                       {mem::sizeType(types), args[1]});
}

/// Address of element 0 of a half access: `p + offset * n` halves, or for the aligned forms
/// `p + offset * 4` when n == 3 (spec 6.12.7). The aligned forms also require the address to
/// be a multiple of sizeof(halfn) (8 bytes for half3); a violation is reported.
uint64_t halfBase(BuiltinEnv& env, const BuiltinCall& call, uint64_t p, uint64_t offset, uint32_t n,
                  bool aligned) {
    const uint64_t stride = aligned && n == 3 ? 4 : n;
    const uint64_t base = mem::advance(p, offset * stride * 2);
    if (aligned && p != 0 && address::offset(base) % (stride * 2) != 0)
        env.reportError(DiagnosticKind::MisalignedAccess,
                        "vloada_half/vstorea_half address is not a multiple of sizeof(half" +
                            (n == 1 ? std::string() : std::to_string(n)) + ") (OpenCL C 6.12.7)",
                        call.range);
    return base;
}

/// Reads n halves as floats (spec 6.12.7 vload_half). A half load yields the exact float
/// value in its component (Value.h), so the components are the result as they are.
template <bool Aligned>
void vloadHalfImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    const QualType pointee = mem::argPointee(call, 1);
    const QualType access = mem::accessType(pointee, pointee->canonical());
    const uint32_t n = call.type->canonical()->components();
    const uint64_t base =
        halfBase(env, call, args[1].components[0].u, args[0].components[0].u, n, Aligned);
    for (uint32_t k = 0; k < n; ++k)
        result.components[k].f =
            env.load(mem::advance(base, 2 * k), access, call.range).components[0].f;
}

/// `void vstore_halfn[_mode](floatn data, size_t offset, half *p)` and the doublen variant
/// (and vstorea_halfn): `p` must not point to const or into __constant.
template <uint32_t N>
bool resolveVstoreHalf(TypeContext& types, const std::vector<QualType>& args,
                       BuiltinSignature& sig) {
    if (args.size() != 3 || !args[0].type || !mem::isArithmeticScalar(args[1]) ||
        !isHalfPointer(args[2]))
        return false;
    QualType pointee = mem::pointeeOf(args[2]);
    if (pointee.isConst || pointee.space == AddressSpace::Constant) return false;
    const Type* data = args[0]->canonical();
    if (data->components() != N || (N == 1) == data->isVector() ||
        !data->scalarType()->isFloating())
        return false;
    TypeKind k = data->scalarType()->kind == TypeKind::Double ? TypeKind::Double : TypeKind::Float;
    return mem::accept(
        sig, mem::scalarType(types, TypeKind::Void),
        {QualType{shaped(types, types.scalar(k), N)}, mem::sizeType(types), args[2]});
}

/// Rounds each float or double component to half with mode `M` (spec 6.12.7 vstore_half: the
/// value "is converted to a half value using the appropriate rounding mode"; the default is
/// _rte) and stores it. The stored component holds the exact half value as float, so the half
/// store itself does no further rounding.
template <mem::HalfRounding M, bool Aligned>
void vstoreHalfImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value&) {
    const QualType pointee = mem::argPointee(call, 2);
    const QualType access = mem::accessType(pointee, pointee->canonical());
    const Type* data = call.argTypes[0]->canonical();
    const bool isDouble = data->scalarType()->kind == TypeKind::Double;
    const uint32_t n = data->components();
    const uint64_t base =
        halfBase(env, call, args[2].components[0].u, args[1].components[0].u, n, Aligned);
    for (uint32_t k = 0; k < n; ++k) {
        const Component l = args[0].components[k];
        const uint16_t bits = mem::halfFromDouble(isDouble ? l.d : double(l.f), M);
        env.store(mem::advance(base, 2 * k), access, Value::ofFloat(mem::halfToFloat(bits)),
                  call.range);
    }
}

template <uint32_t N, bool Aligned>
void addStoreHalf(BuiltinRegistry& r, const std::string& name) {
    using mem::HalfRounding;
    r.add({name, resolveVstoreHalf<N>, vstoreHalfImpl<HalfRounding::Rte, Aligned>});
    r.add({name + "_rte", resolveVstoreHalf<N>, vstoreHalfImpl<HalfRounding::Rte, Aligned>});
    r.add({name + "_rtz", resolveVstoreHalf<N>, vstoreHalfImpl<HalfRounding::Rtz, Aligned>});
    r.add({name + "_rtp", resolveVstoreHalf<N>, vstoreHalfImpl<HalfRounding::Rtp, Aligned>});
    r.add({name + "_rtn", resolveVstoreHalf<N>, vstoreHalfImpl<HalfRounding::Rtn, Aligned>});
}

/// Registers every function of width N (N == 1: the scalar half functions only).
template <uint32_t N>
void addWidth(BuiltinRegistry& r) {
    const std::string n = N == 1 ? std::string() : std::to_string(N);
    if constexpr (N > 1) {
        r.add({"vload" + n, resolveVload<N>, vloadImpl});
        r.add({"vstore" + n, resolveVstore<N>, vstoreImpl});
    }
    r.add({"vload_half" + n, resolveVloadHalf<N>, vloadHalfImpl<false>});
    r.add({"vloada_half" + n, resolveVloadHalf<N>, vloadHalfImpl<true>});
    addStoreHalf<N, false>(r, "vstore_half" + n);
    addStoreHalf<N, true>(r, "vstorea_half" + n);
}

} // namespace

/// Registers the vector data load and store functions of spec 6.12.7 for n = 2, 3, 4, 8, 16
/// (and the scalar vload_half/vstore_half family).
void registerVectorLoadStoreBuiltins(BuiltinRegistry& r) {
    addWidth<1>(r);
    addWidth<2>(r);
    addWidth<3>(r);
    addWidth<4>(r);
    addWidth<8>(r);
    addWidth<16>(r);
}

} // namespace clstep
