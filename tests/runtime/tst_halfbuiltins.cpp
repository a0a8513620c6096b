// Half precision, whole (issue 29 item 3): with cl_khr_fp16 advertised, every builtin family
// takes half and halfn where the OpenCL C specification lists them (6.12.2 - 6.12.7, 6.12.13,
// 6.2.3, 6.2.4.2 with the cl_khr_fp16 extension), with the exact half results the spec
// requires. Kernels run through the interpreter; results are compared as binary16 bit
// patterns. Regression test: the Khronos CTS (test_commonfns, test_relationals, the half
// sub-tests of test_select and test_printf) failed on "no overload of builtin".
#include "frontend/Program.h"
#include "runtime/KernelRun.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using namespace clstep;

namespace {

/// The result of one single-work-item run: the bytes of every buffer argument and the
/// printf output.
struct Outcome {
    bool ok = false;
    std::vector<std::vector<uint8_t>> buffers;
    std::string output;
};

/// Builds `source` and runs `kernel` over one work-item with one zeroed buffer argument per
/// entry of `sizes` (bytes), or with `inputs` as initial contents when given. Build and run
/// diagnostics fail the test with their message.
Outcome runKernel(const char* source, const char* kernel, const std::vector<size_t>& sizes,
                  const std::vector<std::vector<uint8_t>>& inputs = {}) {
    Outcome out;
    auto program = Program::fromSource("half.cl", source, {});
    for (const Diagnostic& d : program->diagnostics)
        qWarning("%u:%u: %s", d.range.begin.line, d.range.begin.column, d.message.c_str());
    if (program->hasErrors()) return out;
    std::vector<KernelArgument> args;
    for (size_t i = 0; i < sizes.size(); ++i) {
        KernelArgument a;
        a.kind = KernelArgument::Kind::Buffer;
        a.bytes = i < inputs.size() ? inputs[i] : std::vector<uint8_t>(sizes[i], 0);
        a.bytes.resize(sizes[i]);
        a.size = a.bytes.size();
        args.push_back(std::move(a));
    }
    NDRange range;
    range.global = {1, 1, 1};
    range.local = {1, 1, 1};
    KernelRun run(*program, kernel, range, args, {});
    if (!run.runAll()) return out;
    for (const auto& d : run.diagnostics())
        qWarning("run: %s", d.message.c_str());
    if (!run.diagnostics().empty()) return out;
    for (size_t i = 0; i < sizes.size(); ++i)
        out.buffers.push_back(run.argumentBytes(i));
    out.output = run.output();
    out.ok = true;
    return out;
}

/// Element `i` of a buffer as T (little-endian).
template <class T>
T at(const std::vector<uint8_t>& bytes, size_t i) {
    T v;
    std::memcpy(&v, bytes.data() + i * sizeof(T), sizeof(T));
    return v;
}

/// Bytes of an array of T.
template <class T>
std::vector<uint8_t> bytesOf(const std::vector<T>& values) {
    std::vector<uint8_t> b(values.size() * sizeof(T));
    std::memcpy(b.data(), values.data(), b.size());
    return b;
}

/// Compares half bit patterns, listing every difference.
void compareHalves(const std::vector<uint8_t>& got, const std::vector<uint16_t>& expected,
                   size_t first = 0) {
    bool same = true;
    for (size_t i = 0; i < expected.size(); ++i) {
        const uint16_t g = at<uint16_t>(got, first + i);
        if (g != expected[i]) {
            qWarning("half %zu: got 0x%04x, expected 0x%04x", first + i, g, expected[i]);
            same = false;
        }
    }
    QVERIFY(same);
}

const char* kFamilies = R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void families(__global half* o, __global short* s, __global int* i) {
    half a = 0.5h;
    half b = 2.0h;
    // Math (6.12.2): results rounded once to half.
    o[0] = sqrt(b);
    o[1] = exp(1.0h);
    o[2] = sin(a);
    o[3] = nextafter(1.0h, 2.0h);
    o[4] = nextafter(0.0h, -1.0h);
    half ip;
    o[5] = fract((half)-5.9604644775390625e-8f, &ip);
    o[6] = ip;
    o[7] = ldexp(1.0h, -24);
    o[8] = ldexp(1.0h, 16);
    o[9] = fma(1.5h, 2.0h, 0.25h);
    o[10] = pown(b, 3);
    o[11] = rootn(8.0h, 3);
    int e;
    o[12] = frexp(3.0h, &e);
    i[0] = e;
    i[1] = ilogb(a);
    vstore4(sqrt((half4)(1.0h, 4.0h, 9.0h, 2.0h)), 0, o + 16);
    vstore4(fabs((half4)(0.25h, -1.5h, 4.0h, -0.0h)), 0, o + 20);
    // Common (6.12.4).
    o[24] = clamp(1.5h, 0.0h, 1.0h);
    o[25] = degrees(1.0h);
    o[26] = radians(90.0h);
    o[27] = max(a, b);
    o[28] = min(a, b);
    o[29] = mix(1.0h, 3.0h, 0.25h);
    o[30] = step(1.0h, a);
    o[31] = smoothstep(0.0h, 1.0h, a);
    o[32] = sign(-3.0h);
    vstore4(clamp((half4)(-1.0h, 0.5h, 2.0h, 0.25h), 0.0h, 1.0h), 0, o + 36);
    // Geometric (6.12.5).
    o[40] = dot((half2)(1.0h, 2.0h), (half2)(3.0h, 4.0h));
    o[41] = length((half2)(3.0h, 4.0h));
    o[42] = distance((half2)(1.0h, 1.0h), (half2)(4.0h, 5.0h));
    vstore2(normalize((half2)(3.0h, 4.0h)), 0, o + 43);
    vstore3(cross((half3)(1.0h, 0.0h, 0.0h), (half3)(0.0h, 1.0h, 0.0h)), 0, o + 45);
    // Relational (6.12.6): int for scalars, shortn for halfn.
    i[2] = isequal(a, a);
    vstore4(isless((half4)(1.0h, 2.0h, 3.0h, 4.0h), (half4)(2.0h)), 0, s);
    i[3] = isnormal((half)1e-5f); // a half subnormal (below 2^-14)
    i[4] = isnormal(1.0h);
    i[5] = isnan(nan((ushort)0));
    i[6] = isinf(1.0h / 0.0h);
    i[7] = signbit(-2.0h);
    vstore2(isunordered((half2)(1.0h, nan((ushort)3)), (half2)(1.0h)), 0, s + 4);
    i[8] = any(isgreater((half4)(1.0h, 2.0h, 3.0h, 4.0h), (half4)(3.5h)));
    i[9] = as_ushort(nan((ushort)5));
    o[48] = bitselect(1.0h, -1.0h, as_half((ushort)0x8000));
    vstore4(select((half4)(1.0h, 2.0h, 3.0h, 4.0h), (half4)(5.0h, 6.0h, 7.0h, 8.0h),
                   (short4)(0, -1, 0, -1)), 0, o + 52);
    vstore4(select((half4)(1.0h, 2.0h, 3.0h, 4.0h), (half4)(5.0h, 6.0h, 7.0h, 8.0h),
                   (ushort4)(0x8000, 0, 0, 0x8000)), 0, o + 56);
    o[60] = select(1.0h, 2.0h, (short)1);
    o[61] = select(1.0h, 2.0h, (ushort)0);
    vstore4(shuffle((half4)(1.0h, 2.0h, 3.0h, 4.0h), (ushort4)(3, 2, 1, 0)), 0, o + 64);
    // half arithmetic is rounded to half after each operation: 2048 + 1 ties to 2048.
    half big = 2048.0h;
    o[68] = big + 1.0h + 1.0h;
}
)";

const char* kConversions = R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void conversions(__global const float* in, __global half* o, __global int* i,
                          __global const double* din) {
    for (int k = 0; k < 8; ++k) {
        float x = in[k];
        o[5 * k + 0] = convert_half(x);
        o[5 * k + 1] = convert_half_rte(x);
        o[5 * k + 2] = convert_half_rtz(x);
        o[5 * k + 3] = convert_half_rtp(x);
        o[5 * k + 4] = convert_half_rtn(x);
    }
    o[40] = convert_half(2049);
    o[41] = convert_half_rtz(2049);
    o[42] = convert_half_rtp(2049);
    o[43] = convert_half_rtn(-2049);
    o[44] = convert_half_rtz(65520u);
    o[45] = convert_half_rtp(9223372036854775807L);
    o[46] = convert_half(din[0]);     // correctly rounded from double, not through float
    o[47] = convert_half_rtz(din[0]);
    vstore4(convert_half4_rtp((float4)(1.0003f, -1.0003f, 70000.0f, 1e-7f)), 0, o + 48);
    o[52] = convert_half(in[8]); // NaN
    o[53] = as_half((ushort)0x7c00);
    vstore2(as_half2(0x3c00bc00u), 0, o + 54);
    i[0] = convert_char_sat(300.0h);
    i[1] = convert_uchar_sat(-1.5h);
    i[2] = convert_int_rte(2.5h);
    i[3] = convert_int_rtp(2.5h);
    i[4] = convert_int_rtn(-2.5h);
    i[5] = convert_short_sat(nan((ushort)0));
    i[6] = convert_ushort_sat(1.0h / 0.0h);
    int4 v = convert_int4_sat_rte((half4)(0.5h, 1.5h, -0.5h, 65504.0h));
    i[7] = v.x;
    i[8] = v.y;
    i[9] = v.z;
    i[10] = v.w;
    i[11] = as_ushort(1.0h);
    i[12] = as_uint((half2)(1.0h, -2.0h));
    i[13] = convert_int_sat_rtz(-7.75h);
    float f = convert_float(as_half((ushort)0x0001)); // the smallest half subnormal, exact
    i[14] = as_int(f);
    // vloadn/vstoren of halfn and the vstore_half rounding modes.
    half4 h = vload4(0, o + 48);
    vstore4(h, 0, o + 56);
    vstore_half_rtz(1.0003f, 60, o);
    vstore_half_rtp(1.0003f, 61, o);
    vstore_half_rtn(-1.0003f, 62, o);
    vstore_half(1.00146484375f, 63, o);
}
)";

const char* kPrintf = R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void printHalves(__global int* unused) {
    half4 tmp = (half4)(1.0h, 2.0h, 3.0h, 4.0h);
    printf("%f|%.2v4hf|%g|%a|%f\n", 1.234h, tmp, sqrt(2.0h), 65504.0h, acospi(2.0h));
    printf("%v2hf\n", (half2)(0.5h, -0.25h));
}
)";

const char* kSigns = R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void signs(__global const double* d, __global half* o, __global int* i) {
    half z = 0.0h;
    float fz = 0.0f;
    double dz = 0.0;
    i[0] = signbit(-0.0h);
    i[1] = signbit(-z);
    i[2] = signbit(-fz);
    i[3] = as_ushort(-z);
    i[4] = signbit(-(half4)(z)).y;
    i[5] = signbit(-dz);
    i[6] = signbit(-(float2)(fz)).x;
    o[0] = (half)d[0]; // double -> half rounds once: not to float first
    o[1] = d[0];
    o[2] = 1.0004882812500005h;
    o[3] = (half)(float)d[0];
}
)";

// The CTS's test_half kernels for 3-component vectors: the last work-item passes pointers
// before the buffer's start (`p - adjust`) that vload3/vstore_half3 then advance back into it.
const char* kShifted = R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void shifted(__global const float* p, __global half* f) {
    size_t i = 1;
    uint adjust = (uint)p[0];
    vstore_half3(vload3(i, p - adjust), i, f - adjust);
    vstore3(vload3(i, f - adjust) + convert_half3(vload_half3(i, f - adjust)), i + 1, f - adjust);
}
)";

const char* kNans = R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void nans(__global const ushort* in, __global half* o) {
    o[0] = as_half(in[0]);
    o[1] = as_half(in[1]);
    o[2] = bitselect(as_half(in[0]), as_half(in[1]), as_half((ushort)0x00ff));
    half4 v = (half4)(as_half(in[1]));
    vstore4(v, 1, o);
}
)";

} // namespace

class TestHalfBuiltins : public QObject {
    Q_OBJECT
private slots:
    /// One builtin or more of every family on half and halfn, with exact half results.
    void families() {
        Outcome r = runKernel(kFamilies, "families", {140, 16, 64});
        QVERIFY(r.ok);
        const auto& o = r.buffers[0];
        compareHalves(o, {0x3da8, 0x4170, 0x37ac, 0x3c01, 0x8001, 0x3bff, 0xbc00, 0x0001, 0x7c00,
                          0x4280, 0x4800, 0x4000, 0x3a00});
        compareHalves(o, {0x3c00, 0x4000, 0x4200, 0x3da8, 0x3400, 0x3e00, 0x4400, 0x0000}, 16);
        compareHalves(o, {0x3c00, 0x5329, 0x3e48, 0x4000, 0x3800, 0x3e00, 0x0000, 0x3800, 0xbc00},
                      24);
        compareHalves(o, {0x0000, 0x3800, 0x3c00, 0x3400}, 36);
        compareHalves(o, {0x4980, 0x4500, 0x4500, 0x38cd, 0x3a66, 0x0000, 0x0000, 0x3c00}, 40);
        compareHalves(o, {0xbc00}, 48);
        compareHalves(
            o, {0x3c00, 0x4600, 0x4200, 0x4800, 0x4500, 0x4000, 0x4200, 0x4800, 0x4000, 0x3c00},
            52);
        compareHalves(o, {0x4400, 0x4200, 0x4000, 0x3c00, 0x6800}, 64);
        const auto& s = r.buffers[1];
        QCOMPARE(at<int16_t>(s, 0), int16_t(-1));
        QCOMPARE(at<int16_t>(s, 1), int16_t(0));
        QCOMPARE(at<int16_t>(s, 3), int16_t(0));
        QCOMPARE(at<int16_t>(s, 4), int16_t(0));
        QCOMPARE(at<int16_t>(s, 5), int16_t(-1));
        const auto& i = r.buffers[2];
        const std::vector<int32_t> ints = {2, -1, 1, 0, 1, 1, 1, 1, 1, 0x7e05};
        for (size_t k = 0; k < ints.size(); ++k)
            QVERIFY2(at<int32_t>(i, k) == ints[k],
                     ("int " + std::to_string(k) + ": got " + std::to_string(at<int32_t>(i, k)))
                         .c_str());
    }

    /// convert_half* in every rounding mode (values between two halves, ties, overflow,
    /// subnormals, NaN), saturating half -> integer conversions, as_*, vload/vstore of halfn and
    /// the vstore_half rounding modes.
    void conversions() {
        const std::vector<float> in = {1.0003f,        -1.0003f, 1.00048828125f,
                                       1.00146484375f, 70000.0f, -70000.0f,
                                       1e-7f,          -1e-7f,   NAN};
        const std::vector<double> din = {1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)};
        Outcome r = runKernel(kConversions, "conversions", {36, 128, 64, 8},
                              {bytesOf(in), {}, {}, bytesOf(din)});
        QVERIFY(r.ok);
        const auto& o = r.buffers[1];
        // Per input: default (rte), rte, rtz, rtp, rtn.
        compareHalves(o, {0x3c00, 0x3c00, 0x3c00, 0x3c01, 0x3c00, // between 1 and 1+2^-10
                          0xbc00, 0xbc00, 0xbc00, 0xbc00, 0xbc01, // its negative
                          0x3c00, 0x3c00, 0x3c00, 0x3c01, 0x3c00, // a tie, to even
                          0x3c02, 0x3c02, 0x3c01, 0x3c02, 0x3c01, // a tie, to even
                          0x7c00, 0x7c00, 0x7bff, 0x7c00, 0x7bff, // overflow
                          0xfc00, 0xfc00, 0xfbff, 0xfbff, 0xfc00, // negative overflow
                          0x0002, 0x0002, 0x0001, 0x0002, 0x0001, // subnormal
                          0x8002, 0x8002, 0x8001, 0x8001, 0x8002});
        compareHalves(o,
                      {0x6800, 0x6800, 0x6801, 0xe801, 0x7bff, 0x7c00, 0x3c01, 0x3c00, 0x3c01,
                       0xbc00, 0x7c00, 0x0002},
                      40);
        QCOMPARE(at<uint16_t>(o, 52) & 0x7e00, 0x7e00); // NaN
        compareHalves(o, {0x7c00, 0xbc00, 0x3c00}, 53);
        compareHalves(o, {0x3c01, 0xbc00, 0x7c00, 0x0002}, 56);
        compareHalves(o, {0x3c00, 0x3c01, 0xbc01, 0x3c02}, 60);
        const auto& i = r.buffers[2];
        const std::vector<int32_t> ints = {
            127, 0,         2, 3, -3, 0, 65535, 0, 2, 0, 65504, 0x3c00, int32_t(0xc0003c00u),
            -7,  0x33800000};
        for (size_t k = 0; k < ints.size(); ++k)
            QVERIFY2(at<int32_t>(i, k) == ints[k],
                     ("int " + std::to_string(k) + ": got " + std::to_string(at<int32_t>(i, k)))
                         .c_str());
    }

    /// printf of half and halfn (spec 6.12.13.2: `%f` takes a half promoted to double; the
    /// `h` length modifier with a vector specifier takes halfn).
    void printHalves() {
        Outcome r = runKernel(kPrintf, "printHalves", {4});
        QVERIFY(r.ok);
        // acospi(2) is a NaN; glibc prints its sign ("-nan" for a negative one).
        const std::string nan = r.output.find("|-nan\n") != std::string::npos ? "-nan" : "nan";
        QCOMPARE(r.output, "1.234375|1.00,2.00,3.00,4.00|1.41406|0x1.ffcp+15|" + nan +
                               "\n0.500000,-0.250000\n");
    }

    /// Floating negation flips the sign (-(+0) is -0, IEEE 754), on half, float and double
    /// scalars and vectors; double -> half conversions (casts, assignments, literals) round once
    /// from the double (spec 6.2.3.2), not through float.
    void signsAndDoubleToHalf() {
        const std::vector<double> d = {1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)};
        Outcome r = runKernel(kSigns, "signs", {8, 8, 28}, {bytesOf(d)});
        QVERIFY(r.ok);
        const auto& i = r.buffers[2];
        const std::vector<int32_t> ints = {1, 1, 1, 0x8000, -1, 1, -1};
        for (size_t k = 0; k < ints.size(); ++k)
            QVERIFY2(at<int32_t>(i, k) == ints[k],
                     ("int " + std::to_string(k) + ": got " + std::to_string(at<int32_t>(i, k)))
                         .c_str());
        // 1 + 2^-11 + 2^-40 is above the midpoint of 1 and 1 + 2^-10; through float it would
        // be the midpoint and round to even (0x3c00), as the last, explicit cast to float does.
        compareHalves(r.buffers[1], {0x3c01, 0x3c01, 0x3c01, 0x3c00});
    }

    /// The vector load/store builtins advance a pointer from before its buffer's start into it,
    /// as pointer arithmetic does (a pointer's offset wraps; the element accessed is in bounds).
    void pointerBeforeBufferStart() {
        const std::vector<float> p = {1, 2, 3, 4, 5, 6};
        Outcome r = runKernel(kShifted, "shifted", {24, 16}, {bytesOf(p)});
        QVERIFY(r.ok);
        compareHalves(r.buffers[1],
                      {0x0000, 0x0000, 0x4200, 0x4400, 0x4500, 0x4600, 0x4800, 0x4900});
    }

    /// A half NaN stored to memory keeps its sign and payload (bitselect and as_half build
    /// arbitrary bit patterns; the CTS's relational_bitselect compares them bit for bit).
    void nanPayloadsInMemory() {
        const std::vector<uint16_t> in = {0x7d55, 0xfe01};
        Outcome r = runKernel(kNans, "nans", {4, 16}, {bytesOf(in)});
        QVERIFY(r.ok);
        compareHalves(r.buffers[1],
                      {0x7d55, 0xfe01, 0x7d01, 0x0000, 0xfe01, 0xfe01, 0xfe01, 0xfe01});
    }

    /// Mixed half/float scalar calls are ambiguous as in clang (half -> float is a conversion
    /// in OpenCL C), while half with an integer picks the half overload.
    void overloadRanking() {
        auto program = Program::fromSource("rank.cl", R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void k(__global half* p, __global float* q) {
    p[0] = fmax(p[1], 1);
    p[2] = fmax(p[1], q[0]);
}
)",
                                           {});
        int ambiguous = 0;
        for (const Diagnostic& d : program->diagnostics) {
            if (d.kind == DiagnosticKind::AmbiguousBuiltinCall) {
                ++ambiguous;
                QCOMPARE(d.range.begin.line, 5u);
            } else {
                qWarning("%u:%u: %s", d.range.begin.line, d.range.begin.column, d.message.c_str());
            }
        }
        QCOMPARE(ambiguous, 1);
        QCOMPARE(program->diagnostics.size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestHalfBuiltins)
#include "tst_halfbuiltins.moc"
