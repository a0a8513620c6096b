// Synchronisation and fence functions (OpenCL C 1.2 spec 6.12.8, 6.12.9; 2.0 6.13.8).

#include "builtins/MemoryTestEnv.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::test;

class TestSyncBuiltins : public QObject {
    Q_OBJECT

private:
    TypeContext m_types;

private slots:
    void barrierCallsEnv() {
        MemoryTestEnv env;
        CallResult r = callBuiltin(m_types, env, "barrier", {intArg(m_types, TypeKind::Int, 1)});
        QVERIFY(r.resolved);
        QVERIFY(r.type->isVoid());
        QVERIFY(r.flags & BuiltinIsBarrier);
        callBuiltin(m_types, env, "barrier", {intArg(m_types, TypeKind::UInt, 3)});
        QCOMPARE(env.log().barriers, (std::vector<uint32_t>{1, 3}));
    }

    void workGroupBarrier() {
        MemoryTestEnv env;
        CallResult one =
            callBuiltin(m_types, env, "work_group_barrier", {intArg(m_types, TypeKind::Int, 2)});
        QVERIFY(one.resolved);
        QVERIFY(one.flags & BuiltinIsBarrier);
        CallResult two =
            callBuiltin(m_types, env, "work_group_barrier",
                        {intArg(m_types, TypeKind::Int, 1), intArg(m_types, TypeKind::Int, 1)});
        QVERIFY(two.resolved);
        QCOMPARE(env.log().barriers, (std::vector<uint32_t>{2, 1}));
        QVERIFY(!callBuiltin(m_types, env, "barrier",
                             {intArg(m_types, TypeKind::Int, 1), intArg(m_types, TypeKind::Int, 1)})
                     .resolved);
    }

    void fencesAreValidNoOps() {
        MemoryTestEnv env;
        for (const char* name : {"mem_fence", "read_mem_fence", "write_mem_fence"}) {
            CallResult r = callBuiltin(m_types, env, name, {intArg(m_types, TypeKind::Int, 2)});
            QVERIFY2(r.resolved, name);
            QVERIFY(!(r.flags & BuiltinIsBarrier));
            QVERIFY(!callBuiltin(m_types, env, name, {}).resolved);
        }
        QVERIFY(env.log().barriers.empty());
        QVERIFY(env.log().accesses.empty());
    }
};

QTEST_APPLESS_MAIN(TestSyncBuiltins)
#include "tst_syncbuiltins.moc"
