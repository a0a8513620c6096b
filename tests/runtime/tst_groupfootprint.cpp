// GroupFootprint and FootprintLedger (issue 30): two work-groups depend on each other
// exactly when one writes a `__global` byte the other reads or writes.
#include "runtime/FootprintLedger.h"
#include "runtime/GroupFootprint.h"
#include "runtime/Memory.h"

#include <QtTest>

#include <vector>

using namespace clstep;

class TestGroupFootprint : public QObject {
    Q_OBJECT
private slots:
    void ledgerIsByteExact() {
        // Two groups depend on each other only when one writes a byte the other touches.
        Memory global(AddressSpace::Global);
        const uint64_t a = global.allocate(256, "a");
        const uint64_t b = global.allocate(16, "b");
        struct Access {
            uint64_t address, size;
            bool write;
        };
        auto depend = [&](std::vector<Access> first, std::vector<Access> second) {
            GroupFootprint one(global), two(global);
            for (const Access& x : first)
                one.record(x.address, x.size, x.write);
            for (const Access& x : second)
                two.record(x.address, x.size, x.write);
            FootprintLedger ledger(global);
            const bool independent = ledger.add(one.take()) && ledger.add(two.take());
            if (ledger.dependent() == independent) return -1; // inconsistent
            return independent ? 0 : 1;
        };
        QCOMPARE(depend({{a + 3, 1, true}}, {{a + 2, 1, true}}), 0);        // adjacent bytes
        QCOMPARE(depend({{a + 60, 8, false}}, {{a + 64, 4, false}}), 0);    // reads only
        QCOMPARE(depend({{a + 100, 130, true}}, {{a + 230, 26, true}}), 0); // 100..229, 230..
        QCOMPARE(depend({{a + 3, 1, true}, {a + 3, 1, false}}, {{b + 3, 1, true}}), 0);
        QCOMPARE(depend({{a + 100, 130, true}}, {{a + 229, 1, false}}), 1); // across blocks
        QCOMPARE(depend({{a + 60, 8, false}}, {{a + 66, 1, true}}), 1);
        QCOMPARE(depend({{a + 3, 1, true}}, {{a + 3, 1, true}}), 1);
        QCOMPARE(depend({{a, 256, false}}, {{a + 255, 1, true}}), 1); // whole blocks
        // take() forgets: the next group of the thread starts empty
        GroupFootprint reused(global);
        reused.record(a + 8, 4, true);
        QCOMPARE(reused.take().size(), size_t(1));
        QVERIFY(reused.take().empty());
    }
};

QTEST_GUILESS_MAIN(TestGroupFootprint)
#include "tst_groupfootprint.moc"
