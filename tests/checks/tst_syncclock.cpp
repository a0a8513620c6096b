// SyncClock: the RaceDetector's vector clocks of synchronization through atomics.
#include "checks/SyncClock.h"

#include "core/MemorySemantics.h"

#include <QtTest>

using namespace clstep;

class TestSyncClock : public QObject {
    Q_OBJECT
private slots:
    void releaseKeepsTheLatestStamp() {
        SyncClock c;
        QCOMPARE(c.stampOf(7, SyncClock::kGroup), 0u);
        c.release(7, 10, SyncClock::kDevice);
        c.release(7, 4, SyncClock::kDevice); // an earlier stamp changes nothing
        QCOMPARE(c.stampOf(7, SyncClock::kGroup), 10u);
        QCOMPARE(c.stampOf(7, SyncClock::kDevice), 10u);
        c.release(7, 12, SyncClock::kGroup); // known within the group only
        QCOMPARE(c.stampOf(7, SyncClock::kGroup), 12u);
        QCOMPARE(c.stampOf(7, SyncClock::kDevice), 10u);
        c.release(8, 20, SyncClock::kNone); // sub_group, work_item scope: not kept
        QCOMPARE(c.size(), size_t(1));
    }

    void joinTakesTheMaximumByReach() {
        SyncClock a, b, scratch;
        a.release(1, 5, SyncClock::kDevice);
        a.release(3, 9, SyncClock::kDevice);
        b.release(1, 7, SyncClock::kDevice);
        b.release(2, 8, SyncClock::kDevice);
        b.release(4, 6, SyncClock::kGroup);
        SyncClock d = a;
        d.join(b, SyncClock::kDevice, scratch);
        QCOMPARE(d.size(), size_t(4));
        QCOMPARE(d.stampOf(1, SyncClock::kDevice), 7u);
        QCOMPARE(d.stampOf(2, SyncClock::kDevice), 8u);
        QCOMPARE(d.stampOf(3, SyncClock::kDevice), 9u);
        QCOMPARE(d.stampOf(4, SyncClock::kGroup), 6u);
        QCOMPARE(d.stampOf(4, SyncClock::kDevice), 0u); // a work_group link in the chain
        // Through a work_group link, nothing is known across work-groups.
        SyncClock g = a;
        g.join(b, SyncClock::kGroup, scratch);
        QCOMPARE(g.stampOf(1, SyncClock::kGroup), 7u);
        QCOMPARE(g.stampOf(1, SyncClock::kDevice), 5u);
        QCOMPARE(g.stampOf(2, SyncClock::kDevice), 0u);
        SyncClock n = a;
        n.join(b, SyncClock::kNone, scratch);
        QCOMPARE(n.stampOf(2, SyncClock::kGroup), 0u);
        // Every entity known already: raised in place.
        SyncClock e = d;
        e.join(a, SyncClock::kDevice, scratch);
        QCOMPARE(e.stampOf(1, SyncClock::kDevice), 7u);
        QCOMPARE(e.size(), size_t(4));
    }

    void joinAppendsLaterEntities() {
        SyncClock a, b, scratch;
        a.release(1, 3, SyncClock::kDevice);
        a.release(2, 4, SyncClock::kDevice);
        b.release(1, 5, SyncClock::kDevice);
        b.release(2, 2, SyncClock::kDevice);
        b.release(5, 6, SyncClock::kDevice);
        b.release(6, 7, SyncClock::kGroup);
        a.join(b, SyncClock::kGroup, scratch);
        QCOMPARE(a.size(), size_t(4));
        QCOMPARE(a.stampOf(1, SyncClock::kGroup), 5u);
        QCOMPARE(a.stampOf(1, SyncClock::kDevice), 3u); // a work_group link
        QCOMPARE(a.stampOf(2, SyncClock::kGroup), 4u);
        QCOMPARE(a.stampOf(5, SyncClock::kGroup), 6u);
        QCOMPARE(a.stampOf(5, SyncClock::kDevice), 0u);
        QCOMPARE(a.stampOf(6, SyncClock::kGroup), 7u);
        SyncClock c;
        c.assign(b, SyncClock::kGroup);
        QCOMPARE(c.size(), size_t(4));
        QCOMPARE(c.stampOf(5, SyncClock::kDevice), 0u);
        QCOMPARE(c.stampOf(5, SyncClock::kGroup), 6u);
    }

    void reachOfScopes() {
        QCOMPARE(SyncClock::reachOf(memory_scope::kDevice), SyncClock::kDevice);
        QCOMPARE(SyncClock::reachOf(memory_scope::kAllSvmDevices), SyncClock::kDevice);
        QCOMPARE(SyncClock::reachOf(memory_scope::kWorkGroup), SyncClock::kGroup);
        QCOMPARE(SyncClock::reachOf(memory_scope::kSubGroup), SyncClock::kNone);
        QCOMPARE(SyncClock::reachOf(memory_scope::kWorkItem), SyncClock::kNone);
    }

    void boundedSizeDropsTheEarliestEntities() {
        SyncClock a, b, scratch;
        for (uint64_t i = 1; i <= SyncClock::kMaxSize; ++i)
            a.release(i, 1, SyncClock::kDevice);
        b.release(SyncClock::kMaxSize + 1, 2, SyncClock::kDevice);
        a.join(b, SyncClock::kDevice, scratch);
        QCOMPARE(a.size(), SyncClock::kMaxSize);
        QCOMPARE(a.stampOf(1, SyncClock::kDevice), 0u);
        QCOMPARE(a.stampOf(SyncClock::kMaxSize + 1, SyncClock::kDevice), 2u);
        a.release(SyncClock::kMaxSize + 2, 3, SyncClock::kDevice);
        QCOMPARE(a.size(), SyncClock::kMaxSize);
        QCOMPARE(a.stampOf(2, SyncClock::kDevice), 0u);
    }
};

QTEST_APPLESS_MAIN(TestSyncClock)
#include "tst_syncclock.moc"
