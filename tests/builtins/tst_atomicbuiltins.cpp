// Atomic functions (OpenCL C 1.2 spec 6.12.11, cl_khr_*_int32_* and cl_khr_int64_* atom_*).

#include "builtins/MemoryTestEnv.h"

#include <QtTest>

#include <climits>

using namespace clstep;
using namespace clstep::test;

class TestAtomicBuiltins : public QObject {
    Q_OBJECT

private:
    TypeContext m_types;
    MemoryTestEnv m_env;
    uint64_t m_global = 0;
    uint64_t m_local = 0;

    Arg ptr(TypeKind k, uint64_t a, AddressSpace s = AddressSpace::Global) {
        return ptrArg(m_types, m_types.scalar(k), s, a, false, true);
    }
    Arg val(TypeKind k, int64_t v) { return intArg(m_types, k, v); }

    /// Runs `name` on an int/uint/long/ulong cell holding `initial` and returns
    /// (returned old value, new cell value) as raw 64-bit patterns of the component.
    std::pair<int64_t, int64_t> run(const char* name, TypeKind k, int64_t initial,
                                    std::vector<Arg> operands) {
        const bool wide = k == TypeKind::Long || k == TypeKind::ULong;
        if (wide)
            m_env.put<int64_t>(m_global, initial);
        else
            m_env.put<int32_t>(m_global, static_cast<int32_t>(initial));
        std::vector<Arg> args{ptr(k, m_global)};
        args.insert(args.end(), operands.begin(), operands.end());
        CallResult r = callBuiltin(m_types, m_env, name, args);
        if (!r.resolved) return {INT64_MIN, INT64_MIN};
        int64_t now = wide ? m_env.get<int64_t>(m_global)
                           : (k == TypeKind::UInt ? int64_t(m_env.get<uint32_t>(m_global))
                                                  : int64_t(m_env.get<int32_t>(m_global)));
        return {r.value.components[0].i, now};
    }

private slots:
    void init() {
        m_env = MemoryTestEnv();
        m_global = m_env.allocate(AddressSpace::Global, 64);
        m_local = m_env.allocate(AddressSpace::Local, 64);
    }

    void addReturnsOldAndIsOneAtomicOperation() {
        auto [old, now] = run("atomic_add", TypeKind::Int, 40, {val(TypeKind::Int, 2)});
        QCOMPARE(old, int64_t(40));
        QCOMPARE(now, int64_t(42));
        QCOMPARE(m_env.log().atomicOps, 1);
        QVERIFY(!m_env.log().atomicOpen);
        QCOMPARE(m_env.log().accesses.size(), size_t(2));
        for (const Access& a : m_env.log().accesses) {
            QVERIFY(a.atomic);
            QCOMPARE(a.address, m_global);
            QCOMPARE(a.bytes, uint64_t(4));
        }
        QVERIFY(!m_env.log().accesses[0].store);
        QVERIFY(m_env.log().accesses[1].store);
    }

    void arithmeticAndBitwise() {
        QCOMPARE(run("atomic_sub", TypeKind::Int, 5, {val(TypeKind::Int, 7)}),
                 std::make_pair(int64_t(5), int64_t(-2)));
        QCOMPARE(run("atomic_xchg", TypeKind::UInt, 9, {val(TypeKind::UInt, 4)}),
                 std::make_pair(int64_t(9), int64_t(4)));
        QCOMPARE(run("atomic_and", TypeKind::UInt, 0xF0F0, {val(TypeKind::UInt, 0xFF00)}),
                 std::make_pair(int64_t(0xF0F0), int64_t(0xF000)));
        QCOMPARE(run("atomic_or", TypeKind::UInt, 0xF0F0, {val(TypeKind::UInt, 0x000F)}),
                 std::make_pair(int64_t(0xF0F0), int64_t(0xF0FF)));
        QCOMPARE(run("atomic_xor", TypeKind::Int, 0xFF, {val(TypeKind::Int, 0x0F)}),
                 std::make_pair(int64_t(0xFF), int64_t(0xF0)));
        // An int operand converts to uint: adding -1 wraps to subtracting one.
        QCOMPARE(run("atomic_add", TypeKind::UInt, 3, {val(TypeKind::Int, -1)}),
                 std::make_pair(int64_t(3), int64_t(2)));
    }

    void incDecWrap() {
        QCOMPARE(run("atomic_inc", TypeKind::UInt, 0xFFFFFFFF, {}),
                 std::make_pair(int64_t(0xFFFFFFFF), int64_t(0)));
        QCOMPARE(run("atomic_inc", TypeKind::Int, INT_MAX, {}),
                 std::make_pair(int64_t(INT_MAX), int64_t(INT_MIN)));
        QCOMPARE(run("atomic_dec", TypeKind::UInt, 0, {}),
                 std::make_pair(int64_t(0), int64_t(0xFFFFFFFF)));
        QCOMPARE(run("atomic_dec", TypeKind::Int, 1, {}), std::make_pair(int64_t(1), int64_t(0)));
    }

    /// min/max compare as signed for int and unsigned for uint.
    void minMaxSignedness() {
        QCOMPARE(run("atomic_min", TypeKind::Int, 3, {val(TypeKind::Int, -5)}),
                 std::make_pair(int64_t(3), int64_t(-5)));
        QCOMPARE(run("atomic_max", TypeKind::Int, 3, {val(TypeKind::Int, -5)}),
                 std::make_pair(int64_t(3), int64_t(3)));
        QCOMPARE(run("atomic_min", TypeKind::UInt, 3, {val(TypeKind::UInt, 0xFFFFFFFB)}),
                 std::make_pair(int64_t(3), int64_t(3)));
        QCOMPARE(run("atomic_max", TypeKind::UInt, 3, {val(TypeKind::UInt, 0xFFFFFFFB)}),
                 std::make_pair(int64_t(3), int64_t(0xFFFFFFFB)));
    }

    /// Spec 6.12.11: old = *p; *p = (old == cmp) ? val : old; return old.
    void cmpxchg() {
        QCOMPARE(run("atomic_cmpxchg", TypeKind::Int, 7,
                     {val(TypeKind::Int, 7), val(TypeKind::Int, 99)}),
                 std::make_pair(int64_t(7), int64_t(99)));
        QCOMPARE(run("atomic_cmpxchg", TypeKind::Int, 7,
                     {val(TypeKind::Int, 8), val(TypeKind::Int, 99)}),
                 std::make_pair(int64_t(7), int64_t(7)));
        QCOMPARE(run("atomic_cmpxchg", TypeKind::UInt, 0xFFFFFFFF,
                     {val(TypeKind::Int, -1), val(TypeKind::UInt, 1)}),
                 std::make_pair(int64_t(0xFFFFFFFF), int64_t(1)));
        QVERIFY(run("atomic_cmpxchg", TypeKind::Int, 0, {val(TypeKind::Int, 0)}).first ==
                INT64_MIN);
    }

    void xchgFloat() {
        m_env.put<float>(m_global, 1.5f);
        Arg f{QualType{m_types.scalar(TypeKind::Float)}, Value::ofFloat(-2.25f)};
        CallResult r =
            callBuiltin(m_types, m_env, "atomic_xchg", {ptr(TypeKind::Float, m_global), f});
        QVERIFY(r.resolved);
        QCOMPARE(r.type->canonical()->kind, TypeKind::Float);
        QCOMPARE(r.value.components[0].f, 1.5f);
        QCOMPARE(m_env.get<float>(m_global), -2.25f);
        QVERIFY(!callBuiltin(m_types, m_env, "atomic_add", {ptr(TypeKind::Float, m_global), f})
                     .resolved);
    }

    void localMemory() {
        m_env.put<int32_t>(m_local + 8, 10);
        CallResult r = callBuiltin(
            m_types, m_env, "atomic_add",
            {ptr(TypeKind::Int, m_local + 8, AddressSpace::Local), val(TypeKind::Int, 5)});
        QVERIFY(r.resolved);
        QCOMPARE(r.value.components[0].i, int64_t(10));
        QCOMPARE(m_env.get<int32_t>(m_local + 8), 15);
    }

    /// atom_* of cl_khr_int64_base/extended_atomics work on long/ulong; atomic_* do not.
    void atom64() {
        QCOMPARE(run("atom_add", TypeKind::Long, INT64_MAX, {val(TypeKind::Long, 1)}),
                 std::make_pair(int64_t(INT64_MAX), int64_t(INT64_MIN)));
        QCOMPARE(run("atom_max", TypeKind::ULong, 1, {val(TypeKind::ULong, -1)}),
                 std::make_pair(int64_t(1), int64_t(-1)));
        QCOMPARE(run("atom_min", TypeKind::Long, 1, {val(TypeKind::Long, -1)}),
                 std::make_pair(int64_t(1), int64_t(-1)));
        QCOMPARE(run("atom_cmpxchg", TypeKind::Long, int64_t(1) << 40,
                     {val(TypeKind::Long, int64_t(1) << 40), val(TypeKind::Long, 3)}),
                 std::make_pair(int64_t(1) << 40, int64_t(3)));
        QCOMPARE(run("atom_inc", TypeKind::Int, 1, {}), std::make_pair(int64_t(1), int64_t(2)));
        QCOMPARE(run("atomic_add", TypeKind::Long, 1, {val(TypeKind::Long, 1)}).first, INT64_MIN);
        QCOMPARE(m_env.log().accesses.back().bytes, uint64_t(4));
    }

    void rejectedPointers() {
        uint64_t p = m_env.allocate(AddressSpace::Private, 8);
        QVERIFY(!callBuiltin(m_types, m_env, "atomic_add",
                             {ptr(TypeKind::Int, p, AddressSpace::Private), val(TypeKind::Int, 1)})
                     .resolved);
        QVERIFY(!callBuiltin(m_types, m_env, "atomic_add",
                             {ptrArg(m_types, m_types.scalar(TypeKind::Int), AddressSpace::Global,
                                     m_global, true),
                              val(TypeKind::Int, 1)})
                     .resolved);
        QVERIFY(
            !callBuiltin(m_types, m_env, "atomic_inc", {ptr(TypeKind::Short, m_global)}).resolved);
        QVERIFY(!callBuiltin(m_types, m_env, "atomic_inc", {val(TypeKind::Int, 1)}).resolved);
        // A non-volatile pointer converts to the volatile parameter.
        QVERIFY(callBuiltin(m_types, m_env, "atomic_inc",
                            {ptrArg(m_types, m_types.scalar(TypeKind::Int), AddressSpace::Global,
                                    m_global)})
                    .resolved);
    }
};

QTEST_APPLESS_MAIN(TestAtomicBuiltins)
#include "tst_atomicbuiltins.moc"
