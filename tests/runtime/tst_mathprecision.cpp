// Math precision (issue 29 item 5): what the Khronos CTS's test_bruteforce and
// test_conversions (wimpy mode) found wrong in the math and conversion builtins, each class
// as a kernel with the exact results the OpenCL C specification requires (6.12.2 math
// functions, 6.2.3 explicit conversions with rounding modes and saturation). Kernels run
// through the interpreter over one work-item; results are compared as bit patterns.
#include "frontend/Program.h"
#include "runtime/KernelRun.h"

#include <QtTest>

#include <cstring>
#include <string>
#include <vector>

using namespace clstep;

namespace {

/// Builds `source` and runs `kernel` over one work-item with one buffer argument of
/// `bytes` bytes (zeroed); returns the buffer after the run, empty when the build or the run
/// reported a diagnostic (each printed as a warning).
std::vector<uint8_t> runKernel(const char* source, const char* kernel, size_t bytes) {
    auto program = Program::fromSource("precision.cl", source, {});
    for (const Diagnostic& d : program->diagnostics)
        qWarning("%u:%u: %s", d.range.begin.line, d.range.begin.column, d.message.c_str());
    if (program->hasErrors()) return {};
    KernelArgument a;
    a.kind = KernelArgument::Kind::Buffer;
    a.bytes.assign(bytes, 0);
    a.size = bytes;
    NDRange range;
    range.global = {1, 1, 1};
    range.local = {1, 1, 1};
    KernelRun run(*program, kernel, range, {a}, {});
    if (!run.runAll()) return {};
    for (const auto& d : run.diagnostics())
        qWarning("run: %s", d.message.c_str());
    if (!run.diagnostics().empty()) return {};
    return run.argumentBytes(0);
}

/// Compares the buffer, as elements of T (bit patterns), with `expected`, listing every
/// difference.
template <class T>
void compareBits(const std::vector<uint8_t>& got, const std::vector<T>& expected) {
    QCOMPARE(got.size() >= expected.size() * sizeof(T), true);
    bool same = true;
    for (size_t i = 0; i < expected.size(); ++i) {
        T g;
        std::memcpy(&g, got.data() + i * sizeof(T), sizeof(T));
        if (g != expected[i]) {
            qWarning("element %zu: got 0x%llx, expected 0x%llx", i, (unsigned long long)g,
                     (unsigned long long)expected[i]);
            same = false;
        }
    }
    QVERIFY(same);
}

const char* kMinMaxSignalingNan = R"(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void minmax(__global ulong* o) {
    double s = as_double(0x7ff4000000000001ul);   // a signaling NaN
    double t = as_double(0xfff0000000000abcul);   // a negative signaling NaN
    double x = 0.5;
    o[0] = as_ulong(fmax(x, s));
    o[1] = as_ulong(fmax(s, x));
    o[2] = as_ulong(fmin(x, s));
    o[3] = as_ulong(fmin(t, x));
    o[4] = as_ulong(maxmag(s, -3.0));
    o[5] = as_ulong(minmag(-3.0, t));
    double2 v = fmax((double2)(1.0, 2.0), s);
    o[6] = as_ulong(v.x);
    o[7] = as_ulong(v.y);
    o[8] = isnan(fmax(s, t));
}
)";

const char* kReducedPowr = R"(
__kernel void reduced(__global uint* o) {
    float n = as_float(0xffc00000u);
    o[0] = isnan(half_powr(1.0f, n));
    o[1] = isnan(native_powr(1.0f, n));
    o[2] = isnan(half_powr(n, 0.0f));
    o[3] = isnan(half_powr(0.0f, 0.0f));
    o[4] = isnan(half_powr(1.0f, INFINITY));
    o[5] = as_uint(half_powr(2.0f, 3.0f));
    o[6] = as_uint(native_powr(0.0f, -1.0f));
}
)";

} // namespace

class TestMathPrecision : public QObject {
    Q_OBJECT

private slots:
    /// fmax/fmin/maxmag/minmag return the other argument when one is a NaN, a signaling NaN
    /// too (6.12.2; CTS test_bruteforce fmax and fmin fp64 got NaN: glibc's fmax follows IEEE
    /// 754-2008 maxNum, which returns NaN for a signaling NaN).
    void minMaxIgnoreSignalingNan() {
        const uint64_t half = 0x3fe0000000000000ull, minus3 = 0xc008000000000000ull;
        compareBits<uint64_t>(runKernel(kMinMaxSignalingNan, "minmax", 9 * 8),
                              {half, half, half, half, minus3, minus3, 0x3ff0000000000000ull,
                               0x4000000000000000ull, 1});
    }

    /// half_powr and native_powr have powr's special cases (6.12.2 table of powr: powr(1, NaN),
    /// powr(NaN, 0), powr(0, 0) and powr(1, inf) are NaN; CTS test_bruteforce half_powr got 1
    /// for powr(1, NaN), C's pow).
    void reducedPowrSpecialCases() {
        compareBits<uint32_t>(runKernel(kReducedPowr, "reduced", 7 * 4),
                              {1, 1, 1, 1, 1, 0x41000000u, 0x7f800000u});
    }
};

QTEST_GUILESS_MAIN(TestMathPrecision)
#include "tst_mathprecision.moc"
