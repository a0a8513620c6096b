// Async copies and prefetch (OpenCL C 1.2 spec 6.12.10).

#include "builtins/MemoryTestEnv.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::test;

class TestAsyncCopyBuiltins : public QObject {
    Q_OBJECT

private:
    TypeContext m_types;
    MemoryTestEnv m_env;

    const Type* scalar(TypeKind k) { return m_types.scalar(k); }
    Arg ptr(const Type* t, AddressSpace s, uint64_t a, bool isConst = false) {
        return ptrArg(m_types, t, s, a, isConst);
    }
    Arg size(uint64_t v) { return intArg(m_types, TypeKind::ULong, static_cast<int64_t>(v)); }
    Arg d() { return Arg{QualType{m_types.scalar(TypeKind::Double)}, Value::ofDouble(0)}; }
    Arg event(uint64_t id) { return Arg{QualType{m_types.builtin("event_t")}, Value::ofUInt(id)}; }

private slots:
    void init() { m_env = MemoryTestEnv(); }

    void localFromGlobal() {
        uint64_t g = m_env.allocate(AddressSpace::Global, 64);
        uint64_t l = m_env.allocate(AddressSpace::Local, 64);
        for (int i = 0; i < 16; ++i)
            m_env.put<float>(g + 4 * i, i * 1.5f);
        CallResult r =
            callBuiltin(m_types, m_env, "async_work_group_copy",
                        {ptr(scalar(TypeKind::Float), AddressSpace::Local, l),
                         ptr(scalar(TypeKind::Float), AddressSpace::Global, g, true),
                         intArg(m_types, TypeKind::Int, 8), intArg(m_types, TypeKind::Int, 0)});
        QVERIFY(r.resolved);
        QCOMPARE(r.type->canonical(), m_types.builtin("event_t"));
        QCOMPARE(r.value.components[0].u, uint64_t(1));
        QCOMPARE(m_env.log().asyncCopies.size(), size_t(1));
        const AsyncCall& c = m_env.log().asyncCopies[0];
        QCOMPARE(c.dst, l);
        QCOMPARE(c.src, g);
        QCOMPARE(c.elementBytes, uint64_t(4));
        QCOMPARE(c.count, uint64_t(8));
        QCOMPARE(c.srcStride, uint64_t(1));
        QCOMPARE(c.dstStride, uint64_t(1));
        QCOMPARE(c.event, uint64_t(0));
        QCOMPARE(m_env.get<float>(l + 4 * 7), 7 * 1.5f);
        QCOMPARE(m_env.get<float>(l + 4 * 8), 0.0f);
    }

    /// Vectors are copied whole; a 3-component vector counts as 4 components (spec 6.12.10).
    void globalFromLocalVectors() {
        uint64_t g = m_env.allocate(AddressSpace::Global, 256);
        uint64_t l = m_env.allocate(AddressSpace::Local, 256);
        const Type* int4 = m_types.vector(scalar(TypeKind::Int), 4);
        CallResult r = callBuiltin(m_types, m_env, "async_work_group_copy",
                                   {ptr(int4, AddressSpace::Global, g),
                                    ptr(int4, AddressSpace::Local, l), size(4), event(5)});
        QVERIFY(r.resolved);
        QCOMPARE(r.value.components[0].u, uint64_t(5));
        QCOMPARE(m_env.log().asyncCopies.back().elementBytes, uint64_t(16));
        QCOMPARE(m_env.log().asyncCopies.back().event, uint64_t(5));
        const Type* float3 = m_types.vector(scalar(TypeKind::Float), 3);
        QVERIFY(callBuiltin(m_types, m_env, "async_work_group_copy",
                            {ptr(float3, AddressSpace::Local, l),
                             ptr(float3, AddressSpace::Global, g), size(2), event(0)})
                    .resolved);
        QCOMPARE(m_env.log().asyncCopies.back().elementBytes, uint64_t(16));
        const Type* uchar2 = m_types.vector(scalar(TypeKind::UChar), 2);
        QVERIFY(callBuiltin(m_types, m_env, "async_work_group_copy",
                            {ptr(uchar2, AddressSpace::Local, l),
                             ptr(uchar2, AddressSpace::Global, g), size(2), event(0)})
                    .resolved);
        QCOMPARE(m_env.log().asyncCopies.back().elementBytes, uint64_t(2));
    }

    /// The stride applies to the global side: src for local <- global, dst for the reverse.
    void strided() {
        uint64_t g = m_env.allocate(AddressSpace::Global, 256);
        uint64_t l = m_env.allocate(AddressSpace::Local, 64);
        for (int i = 0; i < 64; ++i)
            m_env.put<int32_t>(g + 4 * i, i);
        const Type* t = scalar(TypeKind::Int);
        CallResult in = callBuiltin(m_types, m_env, "async_work_group_strided_copy",
                                    {ptr(t, AddressSpace::Local, l),
                                     ptr(t, AddressSpace::Global, g), size(4), size(3), event(0)});
        QVERIFY(in.resolved);
        QCOMPARE(m_env.log().asyncCopies.back().srcStride, uint64_t(3));
        QCOMPARE(m_env.log().asyncCopies.back().dstStride, uint64_t(1));
        QCOMPARE(m_env.get<int32_t>(l + 4 * 3), 9);
        CallResult out = callBuiltin(m_types, m_env, "async_work_group_strided_copy",
                                     {ptr(t, AddressSpace::Global, g + 4),
                                      ptr(t, AddressSpace::Local, l), size(4), size(5), event(0)});
        QVERIFY(out.resolved);
        QCOMPARE(m_env.log().asyncCopies.back().srcStride, uint64_t(1));
        QCOMPARE(m_env.log().asyncCopies.back().dstStride, uint64_t(5));
        QCOMPARE(m_env.get<int32_t>(g + 4 + 4 * 15), 9);
        QVERIFY(!callBuiltin(m_types, m_env, "async_work_group_strided_copy",
                             {ptr(t, AddressSpace::Local, l), ptr(t, AddressSpace::Global, g),
                              size(4), event(0)})
                     .resolved);
    }

    void rejectedCopies() {
        uint64_t g = m_env.allocate(AddressSpace::Global, 64);
        uint64_t l = m_env.allocate(AddressSpace::Local, 64);
        const Type* i = scalar(TypeKind::Int);
        auto copy = [&](Arg dst, Arg src) {
            return callBuiltin(m_types, m_env, "async_work_group_copy",
                               {dst, src, size(1), event(0)})
                .resolved;
        };
        QVERIFY(!copy(ptr(i, AddressSpace::Global, g), ptr(i, AddressSpace::Global, g)));
        QVERIFY(!copy(ptr(i, AddressSpace::Local, l), ptr(i, AddressSpace::Local, l)));
        QVERIFY(!copy(ptr(i, AddressSpace::Local, l), ptr(i, AddressSpace::Private, g)));
        QVERIFY(!copy(ptr(i, AddressSpace::Local, l),
                      ptr(scalar(TypeKind::UInt), AddressSpace::Global, g)));
        QVERIFY(!copy(ptr(i, AddressSpace::Local, l, true), ptr(i, AddressSpace::Global, g)));
        QVERIFY(!callBuiltin(m_types, m_env, "async_work_group_copy",
                             {ptr(i, AddressSpace::Local, l), ptr(i, AddressSpace::Global, g),
                              size(1), d()})
                     .resolved);
        QVERIFY(m_env.log().asyncCopies.empty());
    }

    void waitGroupEvents() {
        uint64_t list = m_env.allocate(AddressSpace::Private, 16);
        CallResult r = callBuiltin(m_types, m_env, "wait_group_events",
                                   {intArg(m_types, TypeKind::Int, 2),
                                    ptr(m_types.builtin("event_t"), AddressSpace::Private, list)});
        QVERIFY(r.resolved);
        QVERIFY(r.type->isVoid());
        QVERIFY(r.flags & BuiltinIsBarrier);
        QCOMPARE(m_env.log().waits.size(), size_t(1));
        QCOMPARE(m_env.log().waits[0], std::make_pair(uint64_t(2), list));
        QVERIFY(!callBuiltin(m_types, m_env, "wait_group_events",
                             {intArg(m_types, TypeKind::Int, 1),
                              ptr(scalar(TypeKind::Int), AddressSpace::Private, list)})
                     .resolved);
    }

    void prefetchIsANoOp() {
        uint64_t g = m_env.allocate(AddressSpace::Global, 64);
        CallResult r = callBuiltin(
            m_types, m_env, "prefetch",
            {ptr(m_types.vector(scalar(TypeKind::Float), 4), AddressSpace::Global, g, true),
             size(4)});
        QVERIFY(r.resolved);
        QVERIFY(m_env.log().accesses.empty());
        QVERIFY(!callBuiltin(m_types, m_env, "prefetch",
                             {ptr(scalar(TypeKind::Float), AddressSpace::Local, g), size(4)})
                     .resolved);
    }
};

QTEST_APPLESS_MAIN(TestAsyncCopyBuiltins)
#include "tst_asynccopybuiltins.moc"
