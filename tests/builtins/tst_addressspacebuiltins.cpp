// to_global, to_local, to_private (OpenCL C 2.0 spec 6.13.9).

#include "builtins/MemoryTestEnv.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::test;

class TestAddressSpaceBuiltins : public QObject {
    Q_OBJECT

private:
    TypeContext m_types;
    MemoryTestEnv m_env;

    Arg generic(uint64_t address, bool isConst = false) {
        return ptrArg(m_types, m_types.scalar(TypeKind::Int), AddressSpace::Generic, address,
                      isConst);
    }

private slots:
    void pointerIntoTheNamedSpace() {
        uint64_t g = m_env.allocate(AddressSpace::Global, 16) + 4;
        CallResult r = callBuiltin(m_types, m_env, "to_global", {generic(g)});
        QVERIFY(r.resolved);
        QCOMPARE(r.value.components[0].u, g);
        const Type* t = r.type->canonical();
        QVERIFY(t->isPointer());
        QCOMPARE(t->pointee.space, AddressSpace::Global);
        QCOMPARE(t->pointee->canonical(), m_types.scalar(TypeKind::Int));

        uint64_t l = m_env.allocate(AddressSpace::Local, 16);
        QCOMPARE(callBuiltin(m_types, m_env, "to_local", {generic(l)}).value.components[0].u, l);
        uint64_t p = m_env.allocate(AddressSpace::Private, 16);
        QCOMPARE(callBuiltin(m_types, m_env, "to_private", {generic(p)}).value.components[0].u, p);
    }

    /// Spec 2.0 6.13.9: NULL when the generic pointer does not point into the named space.
    void otherSpaceGivesNull() {
        uint64_t l = m_env.allocate(AddressSpace::Local, 16);
        CallResult r = callBuiltin(m_types, m_env, "to_global", {generic(l)});
        QVERIFY(r.resolved);
        QCOMPARE(r.value.components[0].u, uint64_t(0));
        QCOMPARE(callBuiltin(m_types, m_env, "to_private", {generic(l)}).value.components[0].u,
                 uint64_t(0));
        uint64_t g = m_env.allocate(AddressSpace::Global, 16);
        QCOMPARE(callBuiltin(m_types, m_env, "to_local", {generic(g)}).value.components[0].u,
                 uint64_t(0));
        QCOMPARE(callBuiltin(m_types, m_env, "to_global", {generic(0)}).value.components[0].u,
                 uint64_t(0));
    }

    void qualifiersKept() {
        CallResult r = callBuiltin(m_types, m_env, "to_local", {generic(0, true)});
        QVERIFY(r.resolved);
        QVERIFY(r.type->canonical()->pointee.isConst);
        QCOMPARE(r.type->canonical()->pointee.space, AddressSpace::Local);
    }

    /// Only generic pointers are accepted, so Sema reports any other argument.
    void onlyGenericPointers() {
        uint64_t g = m_env.allocate(AddressSpace::Global, 16);
        for (const char* name : {"to_global", "to_local", "to_private"}) {
            QVERIFY(!callBuiltin(
                         m_types, m_env, name,
                         {ptrArg(m_types, m_types.scalar(TypeKind::Int), AddressSpace::Global, g)})
                         .resolved);
            QVERIFY(
                !callBuiltin(m_types, m_env, name, {intArg(m_types, TypeKind::Long, 0)}).resolved);
            QVERIFY(!callBuiltin(m_types, m_env, name, {generic(g), generic(g)}).resolved);
        }
    }
};

QTEST_APPLESS_MAIN(TestAddressSpaceBuiltins)
#include "tst_addressspacebuiltins.moc"
