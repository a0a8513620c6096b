// A work-item's call frames (runtime/CallStack.h, FrameStack.h): a call's frame is pushed in
// place of the frame last at its depth, reusing its storage (no frame moved, no slot vector
// allocated again), with its slots emptied and no temporaries or call site left; a popped
// frame keeps its slots for the caller to release them until the next push.
#include "runtime/CallStack.h"

#include <QtTest>

using namespace clstep;

namespace {
// Stand-ins for two functions: pushFrame() only stores the pointer.
const ast::FunctionDecl* const kOuter = reinterpret_cast<const ast::FunctionDecl*>(0x1000);
const ast::FunctionDecl* const kInner = reinterpret_cast<const ast::FunctionDecl*>(0x2000);
const ast::Stmt* const kSite = reinterpret_cast<const ast::Stmt*>(0x3000);
} // namespace

class TestFrameStack : public QObject {
    Q_OBJECT
private slots:
    void aFrameIsPushedEmptyInTheStorageOfTheLastAtItsDepth() {
        CallStack calls;
        CallStack::Frame& f = calls.pushFrame(kOuter, 4);
        QCOMPARE(f.addresses.size(), size_t(4));
        f.addresses[2] = 0x2000010000000000;
        f.direct[1] = reinterpret_cast<uint8_t*>(&f);
        f.temps.push_back(7);
        f.exprTemps.push_back(8);
        f.callSite = kSite;
        const uint64_t* storage = f.addresses.data();
        uint8_t* const* direct = f.direct.data();
        // popped: its slots and temporaries as they were, for the caller to release
        const CallStack::Frame& done = calls.popFrame();
        QVERIFY(calls.frames.empty());
        QCOMPARE(done.addresses[2], uint64_t(0x2000010000000000));
        QCOMPARE(done.temps.size(), size_t(1));
        QCOMPARE(done.exprTemps.size(), size_t(1));
        // the next call at this depth: the same storage, emptied
        CallStack::Frame& g = calls.pushFrame(kInner, 3);
        QCOMPARE(calls.frames.size(), size_t(1));
        QCOMPARE(g.function, kInner);
        QVERIFY(g.callSite == nullptr);
        QCOMPARE(g.addresses.size(), size_t(3));
        QCOMPARE(g.direct.size(), size_t(3));
        for (size_t i = 0; i < 3; ++i) {
            QCOMPARE(g.addresses[i], uint64_t(0));
            QVERIFY(g.direct[i] == nullptr);
        }
        QVERIFY(g.temps.empty());
        QVERIFY(g.exprTemps.empty());
        QCOMPARE(g.addresses.data(), storage);
        QCOMPARE(g.direct.data(), direct);
        QCOMPARE(calls.frames.kept(), size_t(1));
    }

    void nestedCallsReuseTheFramesOfTheirDepth() {
        CallStack calls;
        calls.pushFrame(kOuter, 2);
        const uint64_t* inner = calls.pushFrame(kInner, 5).addresses.data();
        calls.popFrame();
        QCOMPARE(calls.frames.size(), size_t(1));
        QCOMPARE(calls.frames.back().function, kOuter);
        // a loop calling the inner function again and again: one frame at depth 2, reused
        for (int i = 0; i < 100; ++i) {
            CallStack::Frame& f = calls.pushFrame(kInner, 5);
            QCOMPARE(f.addresses.data(), inner);
            f.addresses[4] = uint64_t(i) + 1;
            QCOMPARE(calls.popFrame().addresses[4], uint64_t(i) + 1);
        }
        QCOMPARE(calls.frames.kept(), size_t(2));
        // the stack emptied (a work-item's end) keeps both for the next work-item
        calls.frames.clear();
        QVERIFY(calls.frames.empty());
        QCOMPARE(calls.pushFrame(kOuter, 2).function, kOuter);
        QCOMPARE(calls.pushFrame(kInner, 5).addresses.data(), inner);
        QCOMPARE(calls.frames.kept(), size_t(2));
    }

    void aFrameMovedInTakesTheKeptPlace() {
        CallStack calls;
        calls.pushFrame(kOuter, 1);
        calls.popFrame();
        CallStack::Frame f;
        f.function = kInner;
        f.addresses.assign(6, 9);
        calls.frames.push_back(std::move(f));
        QCOMPARE(calls.frames.size(), size_t(1));
        QCOMPARE(calls.frames.kept(), size_t(1));
        QCOMPARE(calls.frames[0].function, kInner);
        QCOMPARE(calls.frames.back().addresses.size(), size_t(6));
        QCOMPARE(calls.frames.back().addresses[5], uint64_t(9));
    }
};

QTEST_MAIN(TestFrameStack)
#include "tst_framestack.moc"
