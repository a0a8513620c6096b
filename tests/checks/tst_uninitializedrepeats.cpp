// Repeated uninitialized reads (UninitializedChecker::report): CTS test_events'
// event_release_before_done reads a never-written buffer 10,000 times per work-item, and each
// repeat built its report anew; the origin of a `__global` noinit buffer was recomputed (its
// note's text concatenated again) and the address formatted with snprintf: 67 % of the
// launch's instructions. The origin is now computed once per buffer and run; the reports
// (messages, notes, counts) stay the same; a batch run (RunOptions::repeatDetails off) no longer
// replaces the kept latest occurrence at every repeat, which only the debugger shows.
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

    /// A repeated read allocates 4 times (its message, its note list and the note's text, the
    /// run's merge key; 400 extra repeats measured): its origin is not rebuilt, its address not
    /// formatted through a temporary, and a batch run does not replace the kept occurrence
    /// (11 allocations per repeat before).
    void repeatsAllocateLittle() {
        const long few = allocationsOf(10);
        const long many = allocationsOf(110);
        const double perRepeat = double(many - few) / 400.0;
        qInfo("allocations per repeated uninitialized read: %.2f", perRepeat);
        QVERIFY2(perRepeat < 4.5, qPrintable(QString::number(perRepeat)));
    }
};

QTEST_GUILESS_MAIN(TestUninitializedRepeats)
#include "tst_uninitializedrepeats.moc"
