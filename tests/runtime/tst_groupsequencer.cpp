// Work-group order of side effects (runtime/GroupSequencer.h): actions posted by a group that
// is not the head run later, in posting order, when it becomes the head; and posting them
// allocates nothing once the sequencer has run a group (the race detector posts one action
// per __global access of a parallel run: CTS test_half's vstore_half spent 11 % of its time in
// malloc and free of those actions and of the groups' queues).
#include "runtime/GroupSequencer.h"

#include <QtTest>

#include "CountingNew.h"

#include <array>
#include <atomic>
#include <cstdlib>
#include <new>
#include <thread>
#include <vector>

using namespace clstep;

namespace {
/// An action as large as the race detector's (an access record, 16 inline bytes of data and a
/// vector for larger data): appends its number to `order` when it runs.
struct RecordingAction {
    std::vector<int>* order;
    int number;
    std::array<uint64_t, 12> access{};
    std::array<uint8_t, 16> small{};
    std::vector<uint8_t> big;
    void operator()() { order->push_back(number + int(access[3]) + small[5]); }
};

constexpr int kActions = 2000;

/// Runs groups `first` (the head, on this thread) and `first + 1` (on another thread, which
/// posts kActions actions while `first` still runs). Returns the allocations made by the
/// second group's thread during its posts.
long runTwoGroups(GroupSequencer& s, uint64_t first, std::vector<int>& order) {
    s.begin(first);
    std::atomic<bool> posted{false};
    long allocations = -1;
    std::thread other([&] {
        s.begin(first + 1);
        const uint64_t before = test::t_allocations;
        for (int i = 0; i < kActions; ++i)
            s.post(RecordingAction{&order, int(first + 1) * 100000 + i, {}, {}, {}});
        allocations = static_cast<long>(test::t_allocations - before);
        posted = true;
        s.end();
    });
    while (!posted)
        std::this_thread::yield();
    s.post(RecordingAction{&order, int(first) * 100000, {}, {}, {}}); // the head: at once
    s.end(); // flushes the second group's queue
    other.join();
    return allocations;
}
} // namespace

class TestGroupSequencer : public QObject {
    Q_OBJECT
private slots:
    void queuedActionsRunInGroupOrderWithoutAllocating() {
        GroupSequencer s;
        for (uint64_t round = 0; round < 3; ++round) {
            std::vector<int> order;
            order.reserve(kActions + 1);
            const long allocations = runTwoGroups(s, 2 * round, order);
            QCOMPARE(order.size(), size_t(kActions + 1));
            QCOMPARE(order[0], int(2 * round) * 100000);
            for (int i = 0; i < kActions; ++i)
                QCOMPARE(order[i + 1], int(2 * round + 1) * 100000 + i);
            // The first rounds grow the queues of the two groups' objects; later groups reuse
            // the objects and their queues.
            if (round == 2) QCOMPARE(allocations, 0L);
        }
    }
    void largeActionsStillRun() {
        GroupSequencer s;
        std::vector<int> order;
        s.begin(0);
        struct Big {
            std::vector<int>* order;
            std::array<uint64_t, 64> payload{};
            void operator()() { order->push_back(int(payload[63])); }
        };
        Big big{&order, {}};
        big.payload[63] = 7;
        s.post(big);
        s.end();
        QCOMPARE(order, std::vector<int>{7});
    }
};

QTEST_GUILESS_MAIN(TestGroupSequencer)
#include "tst_groupsequencer.moc"
