// Work-item functions (OpenCL C 1.2 spec 6.12.1, 2.0 6.13.1).

#include "builtins/MemoryTestEnv.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::test;

class TestWorkItemBuiltins : public QObject {
    Q_OBJECT

private:
    TypeContext m_types;
    MemoryTestEnv m_env;

    uint64_t call(const char* name, int64_t dim) {
        CallResult r = callBuiltin(m_types, m_env, name, {intArg(m_types, TypeKind::Int, dim)});
        [&] { QVERIFY2(r.resolved, name); }();
        return r.value.components[0].u;
    }

private slots:
    void init() {
        // 2-D range 16x8 with offset (100, 0), 4x4 groups; this is group (2, 1), local (3, 2).
        m_env.setPosition(2, {16, 8, 1}, {4, 4, 1}, {2, 1, 0}, {3, 2, 0}, {100, 0, 0});
    }

    void workDim() {
        CallResult r = callBuiltin(m_types, m_env, "get_work_dim", {});
        QVERIFY(r.resolved);
        QCOMPARE(r.type->canonical()->kind, TypeKind::UInt);
        QCOMPARE(r.value.components[0].u, uint64_t(2));
        QVERIFY(r.flags & BuiltinIsWorkItemFn);
    }

    void idsAndSizes() {
        QCOMPARE(call("get_global_id", 0), uint64_t(2 * 4 + 3 + 100));
        QCOMPARE(call("get_global_id", 1), uint64_t(1 * 4 + 2));
        QCOMPARE(call("get_global_size", 0), uint64_t(16));
        QCOMPARE(call("get_global_size", 1), uint64_t(8));
        QCOMPARE(call("get_local_size", 1), uint64_t(4));
        QCOMPARE(call("get_enqueued_local_size", 0), uint64_t(4));
        QCOMPARE(call("get_local_id", 0), uint64_t(3));
        QCOMPARE(call("get_local_id", 1), uint64_t(2));
        QCOMPARE(call("get_num_groups", 0), uint64_t(4));
        QCOMPARE(call("get_num_groups", 1), uint64_t(2));
        QCOMPARE(call("get_group_id", 0), uint64_t(2));
        QCOMPARE(call("get_group_id", 1), uint64_t(1));
        QCOMPARE(call("get_global_offset", 0), uint64_t(100));
        QCOMPARE(call("get_global_offset", 1), uint64_t(0));
    }

    /// Spec 6.12.1: dimindx >= get_work_dim() gives 1 for sizes and 0 for ids.
    void dimensionsBeyondWorkDim() {
        QCOMPARE(call("get_global_size", 2), uint64_t(1));
        QCOMPARE(call("get_local_size", 2), uint64_t(1));
        QCOMPARE(call("get_num_groups", 5), uint64_t(1));
        QCOMPARE(call("get_global_id", 2), uint64_t(0));
        QCOMPARE(call("get_local_id", 7), uint64_t(0));
        QCOMPARE(call("get_group_id", 2), uint64_t(0));
        QCOMPARE(call("get_global_offset", 2), uint64_t(0));
    }

    /// OpenCL C 2.0 6.13.1: linear ids subtract the global offset.
    void linearIds() {
        CallResult g = callBuiltin(m_types, m_env, "get_global_linear_id", {});
        QVERIFY(g.resolved);
        QCOMPARE(g.value.components[0].u, uint64_t(6 * 16 + 11));
        CallResult l = callBuiltin(m_types, m_env, "get_local_linear_id", {});
        QVERIFY(l.resolved);
        QCOMPARE(l.value.components[0].u, uint64_t(2 * 4 + 3));
    }

    /// The last group of a non-uniform range is smaller than the enqueued size (2.0 6.13.1).
    void nonUniformLastGroup() {
        m_env.setPosition(1, {10, 1, 1}, {4, 1, 1}, {2, 0, 0}, {1, 0, 0});
        QCOMPARE(call("get_local_size", 0), uint64_t(2));
        QCOMPARE(call("get_enqueued_local_size", 0), uint64_t(4));
        QCOMPARE(call("get_num_groups", 0), uint64_t(3));
        QCOMPARE(call("get_global_id", 0), uint64_t(9));
    }

    void signatures() {
        CallResult r =
            callBuiltin(m_types, m_env, "get_global_id", {intArg(m_types, TypeKind::UChar, 1)});
        QVERIFY(r.resolved);
        QCOMPARE(r.type->name, std::string("size_t"));
        QCOMPARE(r.type->canonical(), m_types.scalar(TypeKind::ULong));
        QVERIFY(!callBuiltin(m_types, m_env, "get_global_id", {}).resolved);
        QVERIFY(!callBuiltin(m_types, m_env, "get_work_dim", {intArg(m_types, TypeKind::Int, 0)})
                     .resolved);
        uint64_t buf = m_env.allocate(AddressSpace::Global, 4);
        QVERIFY(!callBuiltin(
                     m_types, m_env, "get_local_id",
                     {ptrArg(m_types, m_types.scalar(TypeKind::Int), AddressSpace::Global, buf)})
                     .resolved);
        QVERIFY(
            !callBuiltin(m_types, m_env, "get_local_linear_id", {intArg(m_types, TypeKind::Int, 0)})
                 .resolved);
    }
};

QTEST_APPLESS_MAIN(TestWorkItemBuiltins)
#include "tst_workitembuiltins.moc"
