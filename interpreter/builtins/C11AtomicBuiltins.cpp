// The OpenCL C 2.0 atomic functions (spec 6.13.11, after C11 7.17): atomic_init,
// atomic_store/load/exchange, atomic_compare_exchange_strong/weak, atomic_fetch_<op> for
// add/sub/or/xor/and/min/max, each with its _explicit form taking a memory_order and
// optionally a memory_scope; atomic_flag_test_and_set/clear; atomic_work_item_fence.
//
// The object must have an atomic type (atomic_int, atomic_flag, ...: Type::atomic) in
// __global, __local or generic memory. Orders and scopes are checked at run time against
// the spec's rules and an illegal one is reported as "invalid-memory-order" (the operation
// is still performed, as seq_cst); they reach the race detector through
// BuiltinEnv::atomicSemantics, which shows them in reports and uses the scope (2.0 6.13.11.5).

#include "builtins/AtomicUpdate.h"
#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"
#include "core/ComponentOps.h"
#include "core/MemoryFence.h"
#include "core/MemorySemantics.h"

#include <string>

namespace clstep {

namespace {

using namespace memory_order;
constexpr uint8_t kScopeWorkItem = memory_scope::kWorkItem, kScopeDevice = memory_scope::kDevice,
                  kScopeSubGroup = memory_scope::kSubGroup;

enum class Kind : uint8_t { Init, Store, Load, Exchange, CmpXchg, Fetch, FlagSet, FlagClear };
enum class FetchOp : uint8_t { Add, Sub, Or, Xor, And, Min, Max, None };

/// Arguments before the memory order(s): the object, then the value operands.
constexpr size_t operandCount(Kind k) {
    switch (k) {
    case Kind::Load:
    case Kind::FlagSet:
    case Kind::FlagClear:
        return 1;
    case Kind::CmpXchg:
        return 3;
    default:
        return 2;
    }
}

/// Number of memory_order arguments of the _explicit form.
constexpr size_t orderCount(Kind k) {
    return k == Kind::CmpXchg ? 2 : k == Kind::Init ? 0 : 1;
}

/// True when `p` points to an atomic type in __global, __local or generic memory;
/// `flag` selects atomic_flag (6.13.11.10) versus the other atomic types.
bool isAtomicObject(const QualType& p, bool flag) {
    if (!mem::pointsInto(p, {AddressSpace::Global, AddressSpace::Local, AddressSpace::Generic}))
        return false;
    QualType pointee = mem::pointeeOf(p);
    if (!pointee.type || !pointee->atomic || pointee.isConst) return false;
    return (pointee->name == "atomic_flag") == flag;
}

template <Kind K, FetchOp Op, bool Explicit>
bool resolve(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    const size_t base = operandCount(K);
    const size_t orders = Explicit ? orderCount(K) : 0;
    // _explicit forms take the order(s) and optionally a scope (atomic_init has neither).
    if (args.size() != base + orders && !(Explicit && args.size() == base + orders + 1))
        return false;
    const bool flag = K == Kind::FlagSet || K == Kind::FlagClear;
    if (!isAtomicObject(args[0], flag)) return false;
    const Type* value = mem::pointeeOf(args[0])->canonical();  // C of the spec
    if (K == Kind::Fetch && !value->isInteger()) return false; // 6.13.11.7: integer types
    std::vector<QualType> params{args[0]};
    if (K == Kind::CmpXchg) {
        // `C *expected`: any address space the caller's pointer has (generic in 2.0).
        QualType expected = mem::pointeeOf(args[1]);
        if (!expected.type || expected->canonical() != value || expected.isConst) return false;
        params.push_back(args[1]);
        if (!mem::isArithmeticScalar(args[2])) return false;
        params.push_back(QualType{value});
    } else {
        for (size_t i = 1; i < base; ++i) {
            if (!mem::isArithmeticScalar(args[i])) return false;
            params.push_back(QualType{value});
        }
    }
    for (size_t i = base; i < args.size(); ++i) {
        if (!mem::isArithmeticScalar(args[i])) return false;
        params.push_back(mem::scalarType(types, TypeKind::Int)); // memory_order / memory_scope
    }
    QualType result = mem::scalarType(types, TypeKind::Void);
    if (K == Kind::Load || K == Kind::Exchange || K == Kind::Fetch) result = QualType{value};
    if (K == Kind::CmpXchg || K == Kind::FlagSet) result = mem::scalarType(types, TypeKind::Bool);
    return mem::accept(sig, result, std::move(params));
}

const char* nameOf(const BuiltinCall& call) {
    return BuiltinRegistry::instance().def(call.builtin).name.c_str();
}

bool validOrder(int64_t o) {
    return o == kRelaxed || o == kAcquire || o == kRelease || o == kAcqRel || o == kSeqCst;
}

/// Checks an order against the operation (C11 7.17.7: a load may not be release or
/// acq_rel, a store or clear not acquire or acq_rel) and a scope against 6.13.11.5
/// (memory_scope_work_item only for atomic_work_item_fence on images); reports
/// "invalid-memory-order" and returns seq_cst / device scope for what is illegal.
template <Kind K>
void checkSemantics(BuiltinEnv& env, const BuiltinCall& call, int64_t& order, int64_t& scope) {
    std::string problem;
    if (!validOrder(order)) {
        problem = std::to_string(order) + " is not a memory_order";
    } else if ((K == Kind::Load) && (order == kRelease || order == kAcqRel)) {
        problem = "a load cannot be memory_order_release or memory_order_acq_rel";
    } else if ((K == Kind::Store || K == Kind::FlagClear) &&
               (order == kAcquire || order == kAcqRel)) {
        problem = "a store cannot be memory_order_acquire or memory_order_acq_rel";
    }
    if (!problem.empty()) {
        env.reportError(DiagnosticKind::InvalidMemoryOrder,
                        std::string(nameOf(call)) + ": " + problem +
                            " (undefined behavior, C11 7.17.7)",
                        call.range);
        order = kSeqCst;
    }
    if (scope < kScopeWorkItem || scope > kScopeSubGroup || scope == kScopeWorkItem) {
        env.reportError(DiagnosticKind::InvalidMemoryOrder,
                        std::string(nameOf(call)) + ": " +
                            (scope == kScopeWorkItem ? std::string(memoryScopeName(kScopeWorkItem))
                                                     : std::to_string(scope)) +
                            " is not a valid scope for an atomic operation (OpenCL C 2.0 "
                            "6.13.11.5)",
                        call.range);
        scope = kScopeDevice;
    }
}

/// compare_exchange: the failure order may not be release or acq_rel, nor stronger than
/// the success order (C11 7.17.7.4p2).
void checkFailureOrder(BuiltinEnv& env, const BuiltinCall& call, int64_t success,
                       int64_t& failure) {
    auto strength = [](int64_t o) {
        return o == kSeqCst ? 2 : o == kRelaxed || o == kRelease ? 0 : 1;
    };
    std::string problem;
    if (!validOrder(failure))
        problem = std::to_string(failure) + " is not a memory_order";
    else if (failure == kRelease || failure == kAcqRel)
        problem = "the failure order cannot be memory_order_release or memory_order_acq_rel";
    else if (strength(failure) > strength(success))
        problem = "the failure order is stronger than the success order";
    if (problem.empty()) return;
    env.reportError(DiagnosticKind::InvalidMemoryOrder,
                    std::string(nameOf(call)) + ": " + problem +
                        " (undefined behavior, C11 7.17.7.4)",
                    call.range);
    failure = kSeqCst;
}

Component fetch(FetchOp op, Component old, Component v, TypeKind k) {
    constexpr AtomicOp kOps[] = {AtomicOp::Add, AtomicOp::Sub, AtomicOp::Or, AtomicOp::Xor,
                                 AtomicOp::And, AtomicOp::Min, AtomicOp::Max};
    if (op == FetchOp::None) return component::normalize(old, k);
    return atomicUpdate(kOps[static_cast<uint8_t>(op)], old, v, k);
}

template <Kind K, FetchOp Op, bool Explicit>
void impl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    const uint64_t addr = args[0].components[0].u;
    const QualType pointee = mem::argPointee(call, 0);
    const Type* t = pointee->canonical();
    const QualType access = mem::accessType(pointee, t);
    if constexpr (K == Kind::Init) {
        // atomic_init is not atomic (6.13.11.3): an ordinary store.
        env.store(addr, access, args[1], call.range);
        return;
    }
    const size_t base = operandCount(K);
    int64_t order = kSeqCst, failure = kSeqCst, scope = kScopeDevice;
    if (Explicit) {
        order = args[base].components[0].i;
        if (K == Kind::CmpXchg) failure = args[base + 1].components[0].i;
        const size_t scopeArg = base + orderCount(K);
        if (call.argTypes.size() > scopeArg) scope = args[scopeArg].components[0].i;
    }
    checkSemantics<K>(env, call, order, scope);
    if (K == Kind::CmpXchg && Explicit) checkFailureOrder(env, call, order, failure);

    // A failed compare_exchange is a load with the failure order.
    env.atomicSemantics(static_cast<uint8_t>(order), static_cast<uint8_t>(scope));
    env.atomicBegin(addr, call.range);
    if constexpr (K == Kind::Store || K == Kind::FlagClear) {
        Value v = K == Kind::FlagClear ? Value::ofInt(0) : args[1];
        env.store(addr, access, v, call.range);
        env.atomicEnd();
        return;
    }
    const Value old = env.load(addr, access, call.range);
    if constexpr (K == Kind::Load) {
        env.atomicEnd();
        result = old;
    } else if constexpr (K == Kind::Exchange) {
        env.store(addr, access, args[1], call.range);
        env.atomicEnd();
        result = old;
    } else if constexpr (K == Kind::Fetch) {
        Value updated = old;
        updated.components[0] = fetch(Op, old.components[0], args[1].components[0], t->kind);
        env.store(addr, access, updated, call.range);
        env.atomicEnd();
        result = old;
    } else if constexpr (K == Kind::FlagSet) {
        env.store(addr, access, Value::ofInt(1), call.range);
        env.atomicEnd();
        result.components[0].u = old.components[0].i != 0;
    } else if constexpr (K == Kind::CmpXchg) {
        const uint64_t expectedAddr = args[1].components[0].u;
        const QualType expectedType = mem::accessType(mem::argPointee(call, 1), t);
        env.atomicEnd();
        // *expected is an ordinary access of the calling work-item.
        const Value expected = env.load(expectedAddr, expectedType, call.range);
        const bool equal = old.components[0].u == expected.components[0].u;
        if (equal) {
            env.atomicSemantics(static_cast<uint8_t>(order), static_cast<uint8_t>(scope));
            env.atomicBegin(addr, call.range);
            env.store(addr, access, args[2], call.range);
            env.atomicEnd();
        } else {
            env.store(expectedAddr, expectedType, old, call.range);
        }
        result.components[0].u = equal ? 1 : 0;
    }
}

/// `void atomic_work_item_fence(cl_mem_fence_flags flags, memory_order order, memory_scope
/// scope)` (OpenCL C 2.0 6.13.11 "Fences", C11 7.17.4): checks its arguments and hands a valid
/// fence to the observers (core/MemoryFence.h): the race detector orders accesses with an
/// acquire fence after a relaxed atomic read, and a release fence before an atomic write.
bool resolveFence(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.size() != 3) return false;
    for (const QualType& a : args)
        if (!mem::isArithmeticScalar(a)) return false;
    QualType i = mem::scalarType(types, TypeKind::Int);
    return mem::accept(sig, mem::scalarType(types, TypeKind::Void),
                       {mem::scalarType(types, TypeKind::UInt), i, i});
}

void fenceImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value&) {
    const uint64_t flags = args[0].components[0].u;
    const int64_t order = args[1].components[0].i, scope = args[2].components[0].i;
    std::string problem;
    if (flags == 0 || (flags & ~uint64_t(7)) != 0)
        problem = "flags must combine CLK_GLOBAL_MEM_FENCE, CLK_LOCAL_MEM_FENCE and "
                  "CLK_IMAGE_MEM_FENCE";
    else if (!validOrder(order))
        problem = std::to_string(order) + " is not a memory_order";
    else if (scope < kScopeWorkItem || scope > kScopeSubGroup)
        problem = std::to_string(scope) + " is not a memory_scope";
    else if (scope == kScopeWorkItem && flags != 4)
        problem = "memory_scope_work_item is only valid with CLK_IMAGE_MEM_FENCE alone";
    if (!problem.empty()) {
        env.reportError(DiagnosticKind::InvalidMemoryOrder,
                        "atomic_work_item_fence: " + problem + " (OpenCL C 2.0 6.13.11.5)",
                        call.range);
        return;
    }
    if (order != kRelaxed)
        env.atomicSemantics(
            fence::encode(static_cast<uint32_t>(flags), static_cast<uint8_t>(order)),
            static_cast<uint8_t>(scope));
}

template <Kind K, FetchOp Op = FetchOp::None>
void addPair(BuiltinRegistry& r, const std::string& name) {
    r.add({name, resolve<K, Op, false>, impl<K, Op, false>, BuiltinNone});
    if (K != Kind::Init)
        r.add({name + "_explicit", resolve<K, Op, true>, impl<K, Op, true>, BuiltinNone});
}

} // namespace

/// Registers the OpenCL C 2.0 atomic functions of 6.13.11.
void registerC11AtomicBuiltins(BuiltinRegistry& r) {
    addPair<Kind::Init>(r, "atomic_init");
    addPair<Kind::Store>(r, "atomic_store");
    addPair<Kind::Load>(r, "atomic_load");
    addPair<Kind::Exchange>(r, "atomic_exchange");
    addPair<Kind::CmpXchg>(r, "atomic_compare_exchange_strong");
    addPair<Kind::CmpXchg>(r, "atomic_compare_exchange_weak");
    addPair<Kind::Fetch, FetchOp::Add>(r, "atomic_fetch_add");
    addPair<Kind::Fetch, FetchOp::Sub>(r, "atomic_fetch_sub");
    addPair<Kind::Fetch, FetchOp::Or>(r, "atomic_fetch_or");
    addPair<Kind::Fetch, FetchOp::Xor>(r, "atomic_fetch_xor");
    addPair<Kind::Fetch, FetchOp::And>(r, "atomic_fetch_and");
    addPair<Kind::Fetch, FetchOp::Min>(r, "atomic_fetch_min");
    addPair<Kind::Fetch, FetchOp::Max>(r, "atomic_fetch_max");
    addPair<Kind::FlagSet>(r, "atomic_flag_test_and_set");
    addPair<Kind::FlagClear>(r, "atomic_flag_clear");
    r.add({"atomic_work_item_fence", resolveFence, fenceImpl, BuiltinNone});
}

} // namespace clstep
