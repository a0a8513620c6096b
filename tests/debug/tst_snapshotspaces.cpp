// Snapshot::memory: one list of memory regions per address space, indexed by AddressSpace
// (issue 30 item 4), filled by debug::Session for `__global`, `__constant`, `__local` and
// `__private` memory, and empty for the spaces without memory of their own.
#include "SessionFixture.h"
#include "core/Address.h"
#include "debug/Session.h"

#include <QtTest>

#include <string>

using namespace clstep;
using namespace clstep::debug;

namespace {
const MemoryRegion* regionNamed(const std::vector<MemoryRegion>& regions, const std::string& name) {
    for (const MemoryRegion& r : regions)
        if (r.name == name) return &r;
    return nullptr;
}
} // namespace

class TestSnapshotSpaces : public QObject {
    Q_OBJECT
private slots:
    void indexesEverySpace() {
        Session s;
        QVERIFY(s.loadSource("spaces.cl", "__constant int table[2] = {5, 6};\n"
                                          "__kernel void k(__global int *out)\n"
                                          "{\n"
                                          "    __local int shared[4];\n"
                                          "    int mine = table[1];\n"
                                          "    shared[get_local_id(0)] = mine;\n"
                                          "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                                          "    out[get_global_id(0)] = shared[0] + mine;\n"
                                          "}\n"));
        test::selectOneOutputLaunch(s, "k", 4, 4);
        QVERIFY(s.reset());
        // run the selected work-item past `int mine = ...`: its __private variable exists
        for (int i = 0; i < 3; ++i)
            QVERIFY(s.step());
        const Snapshot snap = s.snapshot();
        const struct {
            AddressSpace space;
            const char* name;
        } expected[] = {{AddressSpace::Global, "out"},
                        {AddressSpace::Constant, "table"},
                        {AddressSpace::Local, "shared"},
                        {AddressSpace::Private, "mine"}};
        for (const auto& e : expected) {
            const std::vector<MemoryRegion>& regions = snap.memory[e.space];
            QVERIFY2(regionNamed(regions, e.name), e.name);
            for (const MemoryRegion& m : regions) {
                QCOMPARE(m.space, e.space);
                QCOMPARE(address::space(m.address), e.space);
            }
        }
        // every region is in exactly one list: the one of its own space
        QVERIFY(!regionNamed(snap.memory[AddressSpace::Global], "table"));
        QVERIFY(!regionNamed(snap.memory[AddressSpace::Private], "shared"));
        // the spaces without memory of their own have no regions
        QVERIFY(snap.memory[AddressSpace::None].empty());
        QVERIFY(snap.memory[AddressSpace::Generic].empty());
        // the four spaces that hold memory, in the views' order
        const std::array<AddressSpace, 4> spaces{AddressSpace::Global, AddressSpace::Constant,
                                                 AddressSpace::Local, AddressSpace::Private};
        QCOMPARE(RegionsBySpace::kSpaces, spaces);
    }
};

QTEST_APPLESS_MAIN(TestSnapshotSpaces)
#include "tst_snapshotspaces.moc"
