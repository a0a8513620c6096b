// Work-item fiber stacks (runtime/FiberStackPool.h): the stacks of a thread that ended are
// reused by the next thread instead of being unmapped and mapped again (the OpenCL platform
// runs each kernel launch on a new thread; CTS test_c11_atomics spent most of its time in
// mmap, page faults and munmap of fiber stacks).
#include "runtime/FiberStackPool.h"

#include <QtTest>

#include <cstdint>
#include <set>
#include <thread>
#include <vector>

using namespace clstep;

namespace {
constexpr int kStacks = 8;
constexpr uint8_t kMarker = 0x5a;

/// On a new thread: takes kStacks stacks from that thread's pool, checks (`expectMarked`)
/// or writes the marker byte just below each stack's top, and returns them to the pool; the
/// thread (and its pool) then ends. Returns the stacks' tops and how many carried the marker.
std::pair<std::set<void*>, int> useStacksOnNewThread(bool expectMarked) {
    std::set<void*> tops;
    int marked = 0;
    std::thread t([&] {
        std::shared_ptr<FiberStackPool> pool = FiberStackPool::forThisThread();
        std::vector<boost::context::stack_context> stacks;
        for (int i = 0; i < kStacks; ++i)
            stacks.push_back(pool->allocate());
        for (boost::context::stack_context& s : stacks) {
            auto* top = static_cast<uint8_t*>(s.sp);
            tops.insert(s.sp);
            if (expectMarked && top[-1] == kMarker) ++marked;
            top[-1] = kMarker;
        }
        for (boost::context::stack_context& s : stacks)
            pool->deallocate(s);
    });
    t.join();
    return {tops, marked};
}
} // namespace

class TestFiberStackPool : public QObject {
    Q_OBJECT
private slots:
    void stacksOfAnEndedThreadAreReusedWithoutMapping() {
        const size_t before = FiberStackPool::mappedTotal();
        const auto [firstTops, firstMarked] = useStacksOnNewThread(false);
        QCOMPARE(firstMarked, 0);
        QCOMPARE(FiberStackPool::mappedTotal(), before + kStacks);
        // the second thread gets the same stacks, still mapped (the bytes written are there)
        const auto [secondTops, secondMarked] = useStacksOnNewThread(true);
        QCOMPARE(secondTops, firstTops);
        QCOMPARE(secondMarked, kStacks);
        QCOMPARE(FiberStackPool::mappedTotal(), before + kStacks);
    }
    void aWorkGroupOfTheMaximumSizeReusesAllItsStacks() {
        // 1024 work-items (the default CL_DEVICE_MAX_WORK_GROUP_SIZE): one fiber stack each;
        // the next work-group (or launch) on the thread maps none
        std::thread t([] {
            std::shared_ptr<FiberStackPool> pool = FiberStackPool::forThisThread();
            for (int round = 0; round < 2; ++round) {
                const size_t before = FiberStackPool::mappedTotal();
                std::vector<boost::context::stack_context> stacks;
                for (int i = 0; i < 1024; ++i)
                    stacks.push_back(pool->allocate());
                for (boost::context::stack_context& s : stacks)
                    pool->deallocate(s);
                if (round == 1) QCOMPARE(FiberStackPool::mappedTotal(), before);
            }
        });
        t.join();
    }
};

QTEST_APPLESS_MAIN(TestFiberStackPool)
#include "tst_fiberstackpool.moc"
