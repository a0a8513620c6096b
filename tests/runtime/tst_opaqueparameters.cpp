// Kernel parameters of opaque type (an image, a sampler: an 8-byte handle) are read in place
// like scalar ones (runtime/WorkItem.cpp, bindArguments): a work-item-bound image kernel
// (the CTS's test_basic imagedim_*: one read_image and one write_image per work-item, through
// the OpenCL platform) does not pay a checked load of its image handles at each builtin call.
// The port still sees the parameters' values written when they are bound, and the values are
// the same.
#include "frontend/Program.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/KernelRun.h"
#include "runtime/Memory.h"

// after the runtime headers: it includes <QtTest>, whose `slots` macro WorkItem.h must not see
#include "LoweringTestSupport.h"

#include <QtTest>

#include <cstring>

using namespace clstep;

namespace {

/// Wants `__private` accesses, but none to initialized variables (as an uninitialized-read
/// check does): counts the `__private` reads and writes it is shown.
class PrivateCounter : public ExecutionObserver {
public:
    void onMemoryAccess(const MemoryAccess& a) override {
        if (address::space(a.address) != AddressSpace::Private) return;
        ++(a.write ? writes : reads);
    }
    bool observesPrivateMemory() const override { return true; }
    bool observesInitializedPrivateVariables() const override { return false; }
    int reads = 0;
    int writes = 0;
};

// Each work-item reads texel (i % 2, i / 2) of a 2 x 2 image, twice (two uses of `img`).
const char* kImageKernel = R"(
__kernel void k(read_only image2d_t img, __global float* out) {
    int i = (int)get_global_id(0);
    out[i] = read_imagef(img, (int2)(i % 2, i / 2)).x + 10.0f * read_imagef(img, (int2)(0, 0)).x;
})";

KernelArgument floatImage2x2() {
    KernelArgument img;
    img.kind = KernelArgument::Kind::Image;
    img.image =
        image::Object::make(image::Dim::Image2D,
                            image::Format{image::ChannelOrder::R, image::ChannelType::Float}, 2, 2);
    const float texels[4] = {1, 2, 3, 4};
    img.bytes.assign(reinterpret_cast<const uint8_t*>(texels),
                     reinterpret_cast<const uint8_t*>(texels) + sizeof texels);
    img.size = img.bytes.size();
    img.readOnly = true;
    return img;
}

} // namespace

class TestOpaqueParameters : public QObject {
    Q_OBJECT
private slots:
    void imageParametersAreReadInPlace() {
        auto program = loweringtest::compile(kImageKernel);
        QVERIFY(program->diagnostics.empty());
        RunOptions o;
        o.threads = 1;
        KernelRun run(*program, "k", loweringtest::range1D(4, 2),
                      {floatImage2x2(), loweringtest::floatBuffer(std::vector<float>(4, 0.0f))}, o);
        PrivateCounter counter;
        run.addObserver(&counter);
        QVERIFY(run.ready());
        QVERIFY(run.runAll());
        QVERIFY(run.diagnostics().empty());
        // The values: texel i plus ten times texel 0.
        const std::vector<uint8_t> out = run.argumentBytes(1);
        float f[4];
        std::memcpy(f, out.data(), sizeof f);
        QCOMPARE(f[0], 11.0f);
        QCOMPARE(f[1], 12.0f);
        QCOMPARE(f[2], 13.0f);
        QCOMPARE(f[3], 14.0f);
        // No `__private` read went through the port: `img` (two uses per work-item), `i`
        // and `out` are all read in place. The bound values were shown as written.
        QCOMPARE(counter.reads, 0);
        QVERIFY(counter.writes >= 4 * 2);
    }
};

QTEST_APPLESS_MAIN(TestOpaqueParameters)
#include "tst_opaqueparameters.moc"
