// The memory port of a run (runtime/MemoryPort.h): which port a run chooses, and that the
// direct port reports every error exactly as the checked port does (it forwards to it).
#include "checks/AsyncCopyChecker.h"
#include "checks/CheckDetails.h"
#include "checks/RaceDetector.h"
#include "checks/UninitializedChecker.h"
#include "frontend/Program.h"
#include "runtime/CheckedPort.h"
#include "runtime/DirectPort.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/KernelRun.h"
#include "runtime/Memory.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

// after the runtime headers: it includes <QtTest>, whose `slots` macro WorkItem.h must not see
#include "LoweringTestSupport.h"

#include <QtTest>

#include <cstring>
#include <set>

using namespace clstep;

namespace {

/// Counts the accesses it sees; wants `__private` accesses only if told so.
class CountingObserver : public ExecutionObserver {
public:
    explicit CountingObserver(bool privateMemory) : m_private(privateMemory) {}
    void onMemoryAccess(const MemoryAccess& a) override {
        ++accesses;
        if (address::space(a.address) == AddressSpace::Private) ++privateAccesses;
        if (a.copy && address::space(a.address) == AddressSpace::Global) ++globalCopies;
    }
    bool observesPrivateMemory() const override { return m_private; }
    bool observesInitializedPrivateVariables() const override { return m_private; }
    int accesses = 0;
    int privateAccesses = 0;
    int globalCopies = 0; ///< `__global` ends of byte copies (MemoryAccess::copy)

private:
    bool m_private;
};

/// Wants events but memory accesses (as the async-copy checker): counts the calls of
/// onMemoryAccess() the port must not make.
class NoAccessObserver : public ExecutionObserver {
public:
    void onMemoryAccess(const MemoryAccess&) override { ++accesses; }
    bool observesMemoryAccesses() const override { return false; }
    bool observesPrivateMemory() const override { return false; }
    bool observesInitializedPrivateVariables() const override { return false; }
    int accesses = 0;
};

using loweringtest::intBuffer;

KernelArgument intScalar(int32_t v) {
    KernelArgument a;
    a.kind = KernelArgument::Kind::Scalar;
    a.bytes.resize(4);
    std::memcpy(a.bytes.data(), &v, 4);
    a.size = 4;
    return a;
}

NDRange range1(uint64_t global, uint64_t local) {
    NDRange r;
    r.global = {global, 1, 1};
    r.local = {local, 1, 1};
    return r;
}

/// "kind line:col message" of every diagnostic, in order.
std::vector<std::string> reports(const KernelRun& run) {
    std::vector<std::string> out;
    for (const Diagnostic& d : run.diagnostics())
        out.push_back(std::string(DiagnosticKinds::name(d.kind)) + " " +
                      std::to_string(d.range.begin.line) + ":" +
                      std::to_string(d.range.begin.column) + " " + d.message);
    return out;
}

// Out of bounds, misaligned and null accesses, read and written.
const char* kFaulty = R"(
__constant int table[2] = {1, 2};
__kernel void k(__global int* out) {
    size_t i = get_global_id(0);
    out[i + 6] = 1;
    int x = out[i + 8];
    __global int* p = (__global int*)((__global char*)out + 1);
    *p = x;
    __global int* n = 0;
    if (i == 0) *n = 3;
    out[i] = x + table[1];
})";

} // namespace

class TestMemoryPort : public QObject {
    Q_OBJECT
private slots:
    void choosesOncePerObserverSet() {
        std::vector<ExecutionObserver*> none;
        QVERIFY(dynamic_cast<DirectPort<true>*>(MemoryPort::choose(none, false).get()));
        // A big-endian device converts every access: checked.
        auto be = MemoryPort::choose(none, true);
        QVERIFY(dynamic_cast<CheckedPort*>(be.get()));
        QVERIFY(!be->directSlot(false));
        QVERIFY(!be->directSlot(true));
        CountingObserver wantsPrivate(true), noPrivate(false);
        std::vector<ExecutionObserver*> one{&wantsPrivate};
        auto checked = MemoryPort::choose(one, false);
        QVERIFY(dynamic_cast<CheckedPort*>(checked.get()));
        QVERIFY(!checked->directSlot(true));
        std::vector<ExecutionObserver*> other{&noPrivate};
        auto privateDirect = MemoryPort::choose(other, false);
        QVERIFY(dynamic_cast<DirectPort<false>*>(privateDirect.get()));
        QVERIFY(privateDirect->directSlot(false));
    }

    void defaultChecksKeepThePrivateShadowInThePort() {
        // The default checks (races, uninitialized reads, async copies): only the
        // uninitialized-read check wants `__private` accesses, and only to know which bytes
        // were written, so the port accesses `__private` memory in place and keeps that
        // check's shadow; variables declared without an initializer go through the port.
        CheckDetails details;
        RaceDetector races(details, false);
        UninitializedChecker uninitialized(details);
        AsyncCopyChecker copies(details);
        QVERIFY(!races.observesPrivateMemory());
        QVERIFY(!copies.observesPrivateMemory());
        QVERIFY(uninitialized.privateWrites());
        std::vector<ExecutionObserver*> checks{&races, &uninitialized, &copies};
        auto port = MemoryPort::choose(checks, false);
        QVERIFY(dynamic_cast<DirectPort<false>*>(port.get()));
        QVERIFY(!port->directSlot(false));
        QVERIFY(port->directSlot(true));
        QVERIFY(!port->privateUnobserved());
        // big-endian: checked; another observer of `__private` accesses: checked
        QVERIFY(dynamic_cast<CheckedPort*>(MemoryPort::choose(checks, true).get()));
        CountingObserver wantsPrivate(true);
        std::vector<ExecutionObserver*> more{&races, &uninitialized, &wantsPrivate};
        QVERIFY(dynamic_cast<CheckedPort*>(MemoryPort::choose(more, false).get()));
        // two shadows: the port keeps at most one
        UninitializedChecker second(details);
        std::vector<ExecutionObserver*> two{&uninitialized, &second};
        QVERIFY(dynamic_cast<CheckedPort*>(MemoryPort::choose(two, false).get()));
    }

    void observersWithoutAccessHandlerAreNotCalled() {
        // An observer that wants no memory access (ExecutionObserver::observesMemoryAccesses()
        // false, e.g. the async-copy checker) is never called by the port, checked or
        // direct, and does not count when the port is chosen.
        NoAccessObserver none;
        std::vector<ExecutionObserver*> alone{&none};
        QVERIFY(dynamic_cast<DirectPort<true>*>(MemoryPort::choose(alone, false).get()));
        auto program = Program::fromSource("t.cl",
                                           "typedef struct { int v[2]; } pair;\n"
                                           "__kernel void k(__global int* out) {\n"
                                           "  int x = out[0]; pair p = {{x, 2}}; pair q = p;\n"
                                           "  out[get_global_id(0)] = q.v[1] + x; }",
                                           {});
        QVERIFY(program->diagnostics.empty());
        RunOptions o;
        o.threads = 1;
        for (bool privateObserved : {true, false}) {
            KernelRun run(*program, "k", range1(4, 2), {intBuffer(4)}, o);
            CountingObserver counting(privateObserved);
            NoAccessObserver silent;
            run.addObserver(&silent);
            run.addObserver(&counting);
            if (privateObserved)
                QVERIFY(dynamic_cast<CheckedPort*>(&run.memoryPort()));
            else
                QVERIFY(dynamic_cast<DirectPort<false>*>(&run.memoryPort()));
            QVERIFY(run.runAll());
            QVERIFY(counting.accesses > 0);
            QCOMPARE(silent.accesses, 0);
        }
    }

    void checkedPortShowsPrivateAccessesOnlyToThoseWhoWantThem() {
        // A checked port (one observer wants `__private` accesses) shows them to it, not to
        // an observer that needs none (ExecutionObserver::observesPrivateMemory() false).
        auto program = Program::fromSource(
            "t.cl", "__kernel void k(__global int* out) { int x = 2; x += 1; out[0] = x; }", {});
        QVERIFY(program->diagnostics.empty());
        RunOptions o;
        o.threads = 1;
        KernelRun run(*program, "k", range1(1, 1), {intBuffer(1)}, o);
        CountingObserver wantsPrivate(true), noPrivate(false);
        run.addObserver(&wantsPrivate);
        run.addObserver(&noPrivate);
        QVERIFY(dynamic_cast<CheckedPort*>(&run.memoryPort()));
        QVERIFY(run.runAll());
        QVERIFY(wantsPrivate.privateAccesses > 0);
        QCOMPARE(noPrivate.privateAccesses, 0);
        QCOMPARE(noPrivate.accesses, wantsPrivate.accesses - wantsPrivate.privateAccesses);
    }

    void kernelArgumentShadowIsBuiltOncePerLocalId() {
        // With the default checks the port keeps the uninitialized-read check's `__private`
        // shadow: the kernel arguments' buffers, kept from one work-item to the next
        // (Memory::clear(keep)), keep their "written" flags too, whether the kernel changes
        // the argument (y) or not (x): flags are built for the first work-item of each
        // local id only, however many work-groups run.
        auto program = Program::fromSource("t.cl",
                                           "__kernel void k(__global int* out, int x, int y) {\n"
                                           "  y += 1; out[get_global_id(0)] = x + y; }",
                                           {});
        QVERIFY(program->diagnostics.empty());
        RunOptions o;
        o.threads = 1;
        uint64_t built[2] = {0, 0};
        for (int groups : {1, 16}) {
            CheckDetails details;
            RaceDetector races(details, false);
            UninitializedChecker uninitialized(details);
            AsyncCopyChecker copies(details);
            KernelRun run(*program, "k", range1(2 * groups, 2),
                          {intBuffer(2 * groups), intScalar(40), intScalar(1)}, o);
            run.addObserver(&races);
            run.addObserver(&uninitialized);
            run.addObserver(&copies);
            QVERIFY(run.memoryPort().privateShadow() == uninitialized.privateWrites());
            QVERIFY(run.runAll());
            QVERIFY(run.diagnostics().empty());
            for (int v : loweringtest::ints(run.argumentBytes(0)))
                QCOMPARE(v, 42);
            built[groups == 16] = uninitialized.privateWrites()->flagsBuilt();
        }
        QCOMPARE(built[0], uint64_t(6)); // 3 arguments, 2 local ids
        QCOMPARE(built[1], built[0]);
    }

    void laterWorkItemsPrivateMemoryStartsUninitialized() {
        // Each work-item's `__private` memory starts unwritten, though its variables take
        // the slots (and argument buffers, Memory::clear(keep)) of the work-item before it,
        // and a variable initialized at its declaration (also again in a loop) is stored in
        // place and marked written without the port (exec/Run.cpp, DeclScalar/DeclVector):
        // only work-item 0 writes y, every other one reads it unwritten (line 6), with or
        // without a barrier (one WorkItem reused, or pooled ones across work-groups).
        for (const char* wait : {"", "barrier(CLK_LOCAL_MEM_FENCE);"}) {
            const std::string source =
                std::string("__kernel void k(__global int* out, int x) {\n"
                            "  int g = get_global_id(0); int2 v = (int2)(g, x);\n"
                            "  for (int r = 0; r < 2; ++r) { int t = g + r; int2 w = v; "
                            "out[g] += t + w.y; }\n  ") +
                wait +
                "\n  int y; if (g == 0) y = 7;\n"
                "  out[g] += y; }";
            auto program = Program::fromSource("t.cl", source, {});
            QVERIFY(program->diagnostics.empty());
            RunOptions o;
            o.threads = 1;
            CheckDetails details;
            RaceDetector races(details, false);
            UninitializedChecker uninitialized(details);
            KernelRun run(*program, "k", range1(6, 2), {intBuffer(6), intScalar(10)}, o);
            run.addObserver(&races);
            run.addObserver(&uninitialized);
            QVERIFY(run.memoryPort().privateShadow());
            QVERIFY(run.runAll());
            std::set<uint64_t> readers;
            for (const Diagnostic& d : run.diagnostics()) {
                QCOMPARE(d.kind, DiagnosticKind::UninitializedRead);
                QCOMPARE(d.range.begin.line, 6u); // never the initialized t, w, g, v or x
                for (const WorkItemId& id : d.workItems)
                    readers.insert(id.global[0]);
            }
            QVERIFY(!run.diagnostics().empty());
            QVERIFY(!readers.count(0));
            QCOMPARE(loweringtest::ints(run.argumentBytes(0))[0], 0 + 1 + 2 * 10 + 7);
            QCOMPARE(loweringtest::ints(run.argumentBytes(0))[3], 3 + 4 + 2 * 10);
        }
    }

    void pooledWorkItemsKeepTheirLocalIds() {
        // A work-group that waits at barriers hands its work-items back to the pool so that
        // the next work-group gives each the same local id again: the `__private` shadow
        // flags of a local id (PrivateWrites) are then those of the same WorkItem's kept
        // argument buffers (the same serials), not taken over from another one's.
        auto program = Program::fromSource("t.cl",
                                           "__kernel void k(__global int* out) {\n"
                                           "  out[get_global_id(0)] = 1;\n"
                                           "  barrier(CLK_LOCAL_MEM_FENCE); }",
                                           {});
        QVERIFY(program->diagnostics.empty());
        RunOptions o;
        o.threads = 1;
        KernelRun run(*program, "k", range1(12, 4), {intBuffer(12)}, o);
        WorkGroup::WorkItemPool pool;
        std::vector<const WorkItem*> byLocalId;
        for (uint64_t g = 0; g < 3; ++g) {
            WorkGroup group(run, {g, 0, 0});
            group.run(&pool);
            QCOMPARE(pool.size(), size_t(4));
            std::vector<const WorkItem*> now;
            for (size_t i = 0; i < 4; ++i) {
                const WorkItem& wi = *pool[pool.size() - 1 - i]; // taken from the back
                QCOMPARE(wi.localLinearId(), uint64_t(i));
                now.push_back(&wi);
            }
            if (g == 0) byLocalId = now;
            QVERIFY(now == byLocalId); // the same WorkItem for each local id
        }
        for (int v : loweringtest::ints(run.argumentBytes(0)))
            QCOMPARE(v, 1);
    }

    void argumentsWrittenOverUnwrittenFlagsAreWrittenAgain() {
        // A kernel that copies unwritten bytes over its struct argument leaves its flags
        // partly unwritten; the next work-item's argument is whole again (line 3's read is
        // never reported), while the read after the copy is (line 5).
        auto program = Program::fromSource("t.cl",
                                           "typedef struct { int a, b; } pair;\n"
                                           "__kernel void k(__global int* out, pair p) {\n"
                                           "  out[get_global_id(0)] = p.b;\n"
                                           "  pair q; q.a = 1; p = q;\n"
                                           "  out[get_global_id(0)] += p.b; }",
                                           {});
        QVERIFY(program->diagnostics.empty());
        RunOptions o;
        o.threads = 1;
        CheckDetails details;
        RaceDetector races(details, false);
        UninitializedChecker uninitialized(details);
        KernelArgument pair;
        pair.kind = KernelArgument::Kind::Scalar;
        pair.bytes.assign(8, 0);
        pair.bytes[4] = 5;
        pair.size = 8;
        KernelRun run(*program, "k", range1(4, 1), {intBuffer(4), pair}, o);
        run.addObserver(&races);
        run.addObserver(&uninitialized);
        QVERIFY(run.memoryPort().privateShadow());
        QVERIFY(run.runAll());
        QVERIFY(!run.diagnostics().empty());
        for (const Diagnostic& d : run.diagnostics()) {
            QCOMPARE(d.kind, DiagnosticKind::UninitializedRead);
            QCOMPARE(d.range.begin.line, 5u); // never line 3's read of the argument
            QCOMPARE(d.severity, Severity::Warning);
        }
    }

    void directPortReportsExactlyAsTheCheckedPort() {
        auto program = Program::fromSource("t.cl", kFaulty, {});
        QVERIFY(program->diagnostics.empty());
        RunOptions o;
        o.threads = 1;
        KernelRun direct(*program, "k", range1(4, 2), {intBuffer(8)}, o);
        QVERIFY(dynamic_cast<DirectPort<true>*>(&direct.memoryPort()));
        QVERIFY(direct.runAll());
        KernelRun checked(*program, "k", range1(4, 2), {intBuffer(8)}, o);
        CountingObserver observer(true);
        checked.addObserver(&observer);
        QVERIFY(dynamic_cast<CheckedPort*>(&checked.memoryPort()));
        QVERIFY(checked.runAll());
        const auto a = reports(direct), b = reports(checked);
        QVERIFY(a.size() >= 3); // out-of-bounds read, misaligned write, null write
        QCOMPARE(a, b);
        QCOMPARE(direct.diagnosticCounts(), checked.diagnosticCounts());
        QVERIFY(observer.accesses > 0);
        QVERIFY(observer.privateAccesses > 0);
    }

    void privateDirectPortStillShowsOtherSpaces() {
        auto program = Program::fromSource(
            "t.cl", "__kernel void k(__global int* out) { int x = 2; x += 1; out[0] = x; }", {});
        QVERIFY(program->diagnostics.empty());
        RunOptions o;
        o.threads = 1;
        KernelRun run(*program, "k", range1(1, 1), {intBuffer(1)}, o);
        CountingObserver observer(false);
        run.addObserver(&observer);
        QVERIFY(dynamic_cast<DirectPort<false>*>(&run.memoryPort()));
        QVERIFY(run.runAll());
        // private memory in place, unobserved (the argument's value is not shown either: the
        // observer needs no `__private` access)
        QCOMPARE(observer.privateAccesses, 0);
        QVERIFY(observer.accesses >= 1); // the __global store is observed
        int v = 0;
        std::memcpy(&v, run.argumentBytes(0).data(), 4);
        QCOMPARE(v, 3);
    }

    void privateDirectPortCopiesInPlace() {
        // Structures by value (argument, result, assignment): the copies' `__private` ends are
        // in place and unobserved, as private loads and stores; their `__global` ends are shown
        // as the checked copy shows them (io[0] read, io[1] written, copy flag set).
        auto program = Program::fromSource("t.cl",
                                           "typedef struct { int v[4]; } quad;\n"
                                           "quad twice(quad q) { q.v[0] *= 2; return q; }\n"
                                           "__kernel void k(__global quad* io) {\n"
                                           "  quad a = io[0]; a.v[0] = 21; io[1] = twice(a); }",
                                           {});
        QVERIFY(program->diagnostics.empty());
        RunOptions o;
        o.threads = 1;
        KernelRun run(*program, "k", range1(1, 1), {intBuffer(8)}, o);
        CountingObserver observer(false);
        run.addObserver(&observer);
        QVERIFY(dynamic_cast<DirectPort<false>*>(&run.memoryPort()));
        QVERIFY(run.runAll());
        QCOMPARE(observer.privateAccesses, 0); // not even the argument's value
        QCOMPARE(observer.globalCopies, 2);
        int v = 0;
        std::memcpy(&v, run.argumentBytes(0).data() + 16, 4);
        QCOMPARE(v, 42);
    }

    /// Memory::clear() hands the same slots out again (the next work-item's private memory):
    /// a reused slot takes the new name and size, is zeroed, gets a new serial, and the bytes
    /// returned by allocate() are the buffer's.
    void clearedPrivateSlotsAreReusedAsNewBuffers() {
        Memory m(AddressSpace::Private);
        uint8_t* first = nullptr;
        const uint64_t a = m.allocate(4, "a_rather_long_parameter_name", first);
        QVERIFY(first == m.bytes(a, 4));
        std::memset(first, 0xAB, 4);
        const uint64_t b = m.allocate(16, "b");
        const uint64_t serialA = m.buffer(a)->serial;
        m.clear();
        QVERIFY(!m.buffer(a)->alive);
        uint8_t* data = nullptr;
        QCOMPARE(m.allocate(8, "i", data), a); // same slot, another variable
        QCOMPARE(m.buffer(a)->name(), std::string("i"));
        QCOMPARE(m.buffer(a)->size(), uint64_t(8));
        QVERIFY(m.buffer(a)->serial != serialA);
        QVERIFY(data == m.bytes(a, 8));
        for (int i = 0; i < 8; ++i)
            QCOMPARE(int(data[i]), 0);
        QCOMPARE(m.allocate(16, "b"), b); // same slot, same variable
        QCOMPARE(m.buffer(b)->name(), std::string("b"));
        QVERIFY(m.bytes(a, 9) == nullptr); // bounds of the new size
    }
};

QTEST_APPLESS_MAIN(TestMemoryPort)
#include "tst_memoryport.moc"
