// Atomic functions for 32-bit integers (OpenCL C 1.2 spec 6.12.11, including atomic_xchg on
// float) and the atom_* functions of cl_khr_{global,local}_int32_{base,extended}_atomics and
// cl_khr_int64_{base,extended}_atomics (spec 9.5, 9.6).

#include "builtins/AtomicUpdate.h"
#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"
#include "core/ComponentOps.h"

namespace clstep {

namespace {

/// Number of arguments after the pointer.
constexpr size_t operandCount(AtomicOp op) {
    return op == AtomicOp::Inc || op == AtomicOp::Dec ? 0 : op == AtomicOp::CmpXchg ? 2 : 1;
}

/// Which pointee types an atomic name accepts.
enum AtomicTypes : unsigned { Int32 = 1, Int64 = 2, Float32 = 4 };

bool acceptsKind(TypeKind k, unsigned types) {
    switch (k) {
    case TypeKind::Int:
    case TypeKind::UInt:
        return types & Int32;
    case TypeKind::Long:
    case TypeKind::ULong:
        return types & Int64;
    case TypeKind::Float:
        return types & Float32;
    default:
        return false;
    }
}

/// `T f(volatile __global/__local T *p, T ...operands)`: the pointee must be a non-const
/// int/uint (long/ulong, float where allowed) in __global, __local or (OpenCL C 2.0) the
/// generic address space; the operands convert to T, the result is the old value.
template <AtomicOp Op, unsigned Types>
bool resolveAtomic(TypeContext&, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 1 + operandCount(Op)) return false;
    if (!mem::pointsInto(args[0],
                         {AddressSpace::Global, AddressSpace::Local, AddressSpace::Generic}))
        return false;
    QualType pointee = mem::pointeeOf(args[0]);
    const Type* t = pointee->canonical();
    if (pointee.isConst || !acceptsKind(t->kind, Types)) return false;
    std::vector<QualType> params{args[0]};
    for (size_t i = 1; i < args.size(); ++i) {
        if (!mem::isArithmeticScalar(args[i])) return false;
        params.push_back(QualType{t});
    }
    return mem::accept(sig, QualType{t}, std::move(params));
}

/// The new value stored by `Op` for component kind `k` (old value `old`, operands `args`; only
/// atomic_xchg reaches here with float, and it just takes the operand's bits). For
/// atomic_cmpxchg, the value stored when the compare succeeds.
template <AtomicOp Op>
Component compute(Component old, const Value* args, TypeKind k) {
    Component v{};
    if constexpr (Op == AtomicOp::CmpXchg)
        v = args[2].components[0];
    else if constexpr (operandCount(Op) > 0)
        v = args[1].components[0];
    return atomicUpdate(Op, old, v, k);
}

/// Reads the old value, computes and stores the new one as one atomic operation (spec
/// 6.12.11: "read the 32-bit value (referred to as old) stored at location pointed by p,
/// compute ... and store result at location pointed by p. The function returns old.").
/// atomic_cmpxchg stores val only when old == cmp; a failed compare is an atomic read and
/// nothing else (as on hardware and in Oclgrind), so it cannot race as a write.
template <AtomicOp Op>
void atomicImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    const uint64_t addr = args[0].components[0].u;
    const QualType pointee = mem::argPointee(call, 0);
    const Type* t = pointee->canonical();
    const QualType access = mem::accessType(pointee, t);
    env.atomicBegin(addr, call.range);
    const Component old = env.loadScalar(addr, access, call.range);
    bool writes = true;
    if constexpr (Op == AtomicOp::CmpXchg)
        writes = old.u == component::normalize(args[1].components[0], t->kind).u;
    if (writes) env.storeScalar(addr, access, compute<Op>(old, args, t->kind), call.range);
    env.atomicEnd();
    result.components[0] = old;
}

template <AtomicOp Op>
void addOp(BuiltinRegistry& r, const char* suffix, bool xchgFloat = false) {
    r.add({std::string("atomic_") + suffix,
           xchgFloat ? resolveAtomic<Op, Int32 | Float32> : resolveAtomic<Op, Int32>,
           atomicImpl<Op>, BuiltinNone});
    r.add({std::string("atom_") + suffix, resolveAtomic<Op, Int32 | Int64>, atomicImpl<Op>,
           BuiltinNone});
}

} // namespace

/// Registers atomic_add ... atomic_xor (spec 6.12.11) and atom_add ... atom_xor (the
/// cl_khr_*_int32_* and cl_khr_int64_* extensions, spec 9.5 and 9.6).
void registerAtomicBuiltins(BuiltinRegistry& r) {
    addOp<AtomicOp::Add>(r, "add");
    addOp<AtomicOp::Sub>(r, "sub");
    addOp<AtomicOp::Xchg>(r, "xchg", true);
    addOp<AtomicOp::Inc>(r, "inc");
    addOp<AtomicOp::Dec>(r, "dec");
    addOp<AtomicOp::CmpXchg>(r, "cmpxchg");
    addOp<AtomicOp::Min>(r, "min");
    addOp<AtomicOp::Max>(r, "max");
    addOp<AtomicOp::And>(r, "and");
    addOp<AtomicOp::Or>(r, "or");
    addOp<AtomicOp::Xor>(r, "xor");
}

} // namespace clstep
