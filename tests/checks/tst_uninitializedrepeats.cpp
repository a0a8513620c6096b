// Repeated uninitialized reads (UninitializedChecker::report): CTS test_events'
// event_release_before_done reads a never-written buffer 10,000 times per work-item, and each
// repeat built its report anew; the origin of a `__global` noinit buffer was recomputed (its
// note's text concatenated again) and the address formatted with snprintf: 67 % of the
// launch's instructions. The origin is now computed once per buffer and run; the reports
// (messages, notes, counts) stay the same; a batch run (RunOptions::repeatDetails off) no longer
// replaces the kept latest occurrence at every repeat, which only the debugger shows. A batch
// run now only counts a repeat (2.71 s of CPU for one launch of event_release_before_done
// before, two thirds of it in this path).
#include "checks/MemoryNames.h"

#include "CheckRun.h"

#include <QtTest>

#include "../runtime/CountingNew.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

using namespace clstep;
using namespace clstep::testing;

namespace {

CheckOptions uninitializedOnly() {
    CheckOptions o = CheckOptions::none();
    o.uninitialized = true;
    return o;
}

/// CTS event_release_before_done's kernel with `iterations` iterations: each reads the
/// never-written src[tid] once per iteration.
std::string loopKernel(int iterations) {
    return "__kernel void k(__global float *src, __global int *dst) {\n"
           "    int tid = get_global_id(0);\n"
           "    for (int i = 0; i < " +
           std::to_string(iterations) +
           "; i++)\n"
           "        dst[tid] = (int)src[tid] * 3;\n"
           "}\n";
}

/// Runs loopKernel(iterations) over 4 work-items (src noinit), returning its allocations.
long allocationsOf(int iterations, CheckedRun* keep = nullptr) {
    const uint64_t before = test::g_allocations.load();
    const std::string source = loopKernel(iterations);
    CheckedRun r =
        runChecked(source.c_str(), "k", range1D(4, 4),
                   {bufferOf(std::vector<float>(4), true), bufferOf(std::vector<int>(4))},
                   uninitializedOnly());
    const long n = static_cast<long>(test::g_allocations.load() - before);
    if (keep) *keep = std::move(r);
    return n;
}

} // namespace

class TestUninitializedRepeats : public QObject {
    Q_OBJECT
private slots:
    /// The same reports as ever: one uninitialized-read for the 400 reads, its origin note
    /// naming the noinit argument, the address in hexadecimal.
    void reportsStayTheSame() {
        CheckedRun r;
        allocationsOf(100, &r);
        auto reads = r.ofKind("uninitialized-read");
        QCOMPARE(reads.size(), size_t(1));
        QCOMPARE(r.countOf(reads[0]), uint64_t(400));
        QVERIFY2(reads[0]->message.rfind("Uninitialized value read of size 4 at global memory "
                                         "address 0x",
                                         0) == 0,
                 reads[0]->message.c_str());
        QVERIFY(reads[0]->message.find("origin: noinit argument 'src'") != std::string::npos);
        QCOMPARE(reads[0]->notes.size(), size_t(1));
        QCOMPARE(reads[0]->notes[0].message,
                 std::string("origin: kernel argument 'src' is the launch's noinit argument 1, "
                             "never written at these bytes"));
        QCOMPARE(reads[0]->notes[0].range.begin.line, 1u);
    }

    /// hexAddress is "0x" and the lowercase hexadecimal digits, as printf's "%#llx" but for 0.
    void hexAddressAsPrintf() {
        for (uint64_t v :
             {uint64_t(0), uint64_t(1), uint64_t(0xf), uint64_t(0x10), uint64_t(0x1234abcd),
              uint64_t(0x8000000000000000ull), uint64_t(0xfedcba9876543210ull), ~uint64_t(0)}) {
            char expected[24];
            std::snprintf(expected, sizeof expected, "0x%llx", static_cast<unsigned long long>(v));
            QCOMPARE(MemoryNames::hexAddress(v), std::string(expected));
        }
    }

    /// A repeated read of a batch run (RunOptions::repeatDetails off) is only counted: no
    /// Diagnostic is built for it (its message, note and merge key were 4 allocations per
    /// repeat, 11 before that); the group's counts go to the run at its end
    /// (KernelRun::reportRepeats).
    void repeatsAllocateNothing() {
        const long few = allocationsOf(10);
        const long many = allocationsOf(110);
        const double perRepeat = double(many - few) / 400.0;
        qInfo("allocations per repeated uninitialized read: %.2f", perRepeat);
        QVERIFY2(perRepeat < 0.5, qPrintable(QString::number(perRepeat)));
    }

    /// Counting the repeats gives what reporting each of them gave, also when two origins
    /// meet at one site, for `__private`, `__local` and noinit `__global` bytes, over
    /// several work-groups run on one thread or two (the counts handed over in work-group
    /// order), and with the debugger's RunOptions::repeatDetails (every repeat reported).
    void countsEqualReportingEachRepeat() {
        const char* source = "__kernel void k(__global float *a, __global float *b,\n"
                             "                __global int *dst) {\n"
                             "    __local int t[4];\n"
                             "    int tid = get_global_id(0);\n"
                             "    int lid = get_local_id(0);\n"
                             "    int v[2];\n"
                             "    int s = 0;\n"
                             "    __global float *p = (tid & 1) ? a : b;\n"
                             "    for (int i = 0; i < 5 + tid % 3; i++) {\n"
                             "        s += (int)p[tid];\n"
                             "        s += t[lid];\n"
                             "        s += v[i & 1];\n"
                             "    }\n"
                             "    dst[tid] = s;\n"
                             "}\n";
        auto runWith = [&](bool details, unsigned threads) {
            RunOptions o;
            o.repeatDetails = details;
            o.threads = threads;
            return runChecked(source, "k", range1D(32, 4),
                              {bufferOf(std::vector<float>(32), true),
                               bufferOf(std::vector<float>(32), true),
                               bufferOf(std::vector<int>(32))},
                              CheckOptions{}, o);
        };
        const CheckedRun reference = runWith(true, 1);
        auto reads = reference.ofKind("uninitialized-read");
        // p[tid] from a and from b (two origins at one site), t[lid], v[i & 1]
        QCOMPARE(reads.size(), size_t(4));
        uint64_t total = 0;
        for (const Diagnostic* d : reads)
            total += reference.countOf(d);
        // 32 work-items, 5 + tid % 3 iterations, 3 uninitialized reads each
        uint64_t iterations = 0;
        for (int tid = 0; tid < 32; ++tid)
            iterations += 5 + tid % 3;
        QCOMPARE(total, 3 * iterations);
        for (unsigned threads : {1u, 2u}) {
            const CheckedRun batch = runWith(false, threads);
            QCOMPARE(batch.run->diagnostics().size(), reference.run->diagnostics().size());
            for (size_t i = 0; i < batch.run->diagnostics().size(); ++i) {
                QCOMPARE(batch.run->diagnostics()[i].message,
                         reference.run->diagnostics()[i].message);
                QCOMPARE(batch.run->diagnosticCounts()[i], reference.run->diagnosticCounts()[i]);
            }
            QCOMPARE(batch.run->reportCount(), reference.run->reportCount());
        }
    }

    /// Past RunOptions::maxDiagnostics a report is dropped but counted in reportCount(); its
    /// counted repeats are too, and change no kept diagnostic's count.
    void droppedReportsRepeatsCounted() {
        const char* source = "__kernel void k(__global float *a, __global int *dst) {\n"
                             "    int tid = get_global_id(0);\n"
                             "    dst[tid + 4] = 1;\n"
                             "    int s = 0;\n"
                             "    for (int i = 0; i < 10; i++) s += (int)a[tid];\n"
                             "    dst[tid] = s;\n"
                             "}\n";
        for (bool details : {true, false}) {
            RunOptions o;
            o.repeatDetails = details;
            o.maxDiagnostics = 1;
            o.threads = 1;
            CheckedRun r =
                runChecked(source, "k", range1D(4, 4),
                           {bufferOf(std::vector<float>(4), true), bufferOf(std::vector<int>(4))},
                           CheckOptions{}, o);
            QCOMPARE(r.run->diagnostics().size(), size_t(1));
            QCOMPARE(std::string(DiagnosticKinds::name(r.run->diagnostics()[0].kind)),
                     std::string("out-of-bounds"));
            QCOMPARE(r.run->diagnosticCounts()[0], uint64_t(4));
            QCOMPARE(r.run->reportCount(), uint64_t(4 + 40));
        }
    }
};

QTEST_GUILESS_MAIN(TestUninitializedRepeats)
#include "tst_uninitializedrepeats.moc"
