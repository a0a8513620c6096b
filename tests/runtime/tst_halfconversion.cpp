// One half-to-float conversion (issue 15 item 4, common/Half.h): a `half` loaded from
// memory keeps the sign and payload of a NaN, exactly as vload_half does. Regression test:
// the component load used to turn every half NaN into the default float NaN (0x7fc00000).
#include "frontend/Program.h"
#include "runtime/KernelRun.h"

#include <QtTest>

#include <cstring>

using namespace clstep;

class TestHalfConversion : public QObject {
    Q_OBJECT
private slots:
    void halfLoadKeepsNaNPayload() {
        auto program = Program::fromSource("half.cl", R"(
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
__kernel void widen(__global const half* in, __global uint* out) {
    size_t i = get_global_id(0);
    float f = in[i];
    out[i] = as_uint(f);
    out[5 + i] = as_uint(vload_half(i, in));
}
)",
                                           {});
        for (const Diagnostic& d : program->diagnostics)
            qWarning("%u:%u: %s", d.range.begin.line, d.range.begin.column, d.message.c_str());
        QVERIFY(!program->hasErrors());
        const std::vector<uint16_t> halves = {0x7c01, 0xfe55, 0x7e00, 0x3c00, 0x0001};
        const std::vector<uint32_t> floats = {0x7f802000, 0xffcaa000, 0x7fc00000, 0x3f800000,
                                              0x33800000};
        KernelArgument in;
        in.kind = KernelArgument::Kind::Buffer;
        in.bytes.resize(halves.size() * 2);
        std::memcpy(in.bytes.data(), halves.data(), in.bytes.size());
        in.size = in.bytes.size();
        KernelArgument out;
        out.kind = KernelArgument::Kind::Buffer;
        out.bytes.assign(2 * halves.size() * 4, 0);
        out.size = out.bytes.size();
        NDRange range;
        range.global = {halves.size(), 1, 1};
        range.local = {1, 1, 1};
        KernelRun run(*program, "widen", range, {in, out}, {});
        QVERIFY(run.runAll());
        QVERIFY(run.diagnostics().empty());
        std::vector<uint32_t> got(2 * halves.size());
        std::memcpy(got.data(), run.argumentBytes(1).data(), got.size() * 4);
        for (size_t i = 0; i < halves.size(); ++i) {
            // Sign, exponent and payload must match; a conversion may quiet a signaling NaN
            // (set the float's quiet bit 22), as hardware half-to-float conversions do.
            const uint32_t quiet = (floats[i] & 0x7f800000) == 0x7f800000 ? 0x00400000 : 0;
            QCOMPARE(got[i] & ~quiet, floats[i] & ~quiet);                 // a plain half load
            QCOMPARE(got[halves.size() + i] & ~quiet, floats[i] & ~quiet); // vload_half
        }
    }
};

QTEST_GUILESS_MAIN(TestHalfConversion)
#include "tst_halfconversion.moc"
