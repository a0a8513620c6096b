// Images each work-item writes only at its own texel (checks/OwnTexelImages.h): which kernels
// the analysis accepts, the NDRange condition, and the race detector, which leaves out their
// texel writes and still reports every race when the analysis cannot prove them apart.
#include "CheckRun.h"

#include "builtins/ImageObject.h"
#include "checks/CheckDetails.h"
#include "checks/OwnTexelImages.h"
#include "checks/RaceDetector.h"

#include <QtTest>

using namespace clstep;
using namespace clstep::testing;

namespace {

/// The analysis of kernel `name` of `source` (the source must compile without errors).
std::vector<std::optional<OwnTexelCoordinate>> writesOf(const char* source, const char* name) {
    auto program = Program::fromSource("test.cl", source, CompileOptions{});
    for (const Diagnostic& d : program->diagnostics)
        if (d.severity == Severity::Error)
            qWarning("%u:%u: %s", d.range.begin.line, d.range.begin.column, d.message.c_str());
    for (const ast::DeclPtr& d : program->unit->decls)
        if (d->kind == ast::DeclKind::Function && d->name == name)
            if (const auto* f = static_cast<const ast::FunctionDecl*>(d.get()); f->body)
                return ownTexelWrites(*f);
    return {};
}

/// The coordinate of dims `a`, `b` (two texel-addressing components).
OwnTexelCoordinate dims2(uint8_t a, uint8_t b) {
    OwnTexelCoordinate c;
    c.dims = {a, b, 0};
    c.count = 2;
    return c;
}

// test_basic imagedim_pow2's kernel (the CTS's own text).
const char* kCtsKernel = R"(
__kernel void test_image_dim(read_only image2d_t srcimg, write_only image2d_t dstimg, sampler_t sampler)
{
    int    tid_x = get_global_id(0);
    int    tid_y = get_global_id(1);
    float4 color;

    color = read_imagef(srcimg, sampler, (int2)(tid_x, tid_y));
    write_imagef(dstimg, (int2)(tid_x, tid_y), color);
})";

/// A `w` × `h` CL_RGBA/CL_UNORM_INT8 2D image argument, texel i holding bytes 4i .. 4i + 3.
KernelArgument rgbaImage(uint64_t w, uint64_t h, bool readOnly) {
    KernelArgument img;
    img.kind = KernelArgument::Kind::Image;
    img.image = image::Object::make(image::Dim::Image2D, image::kRgbaUnorm8, w, h);
    img.bytes.resize(w * h * 4);
    for (size_t i = 0; i < img.bytes.size(); ++i)
        img.bytes[i] = uint8_t(i);
    img.size = img.bytes.size();
    img.readOnly = readOnly;
    return img;
}

NDRange range(std::array<uint64_t, 3> global, std::array<uint64_t, 3> local, uint32_t dims) {
    NDRange r;
    r.dims = dims;
    r.global = global;
    r.local = local;
    return r;
}

/// Runs `kernel` of `source` (two image parameters: src, read_only, then dst) over 4 × 4
/// images with the race detector alone; `processed` gets the accesses it recorded.
CheckedRun runImages(const char* source, const char* kernel, NDRange r, uint64_t* processed) {
    CheckedRun out;
    out.program = Program::fromSource("test.cl", source, CompileOptions{});
    for (const Diagnostic& d : out.program->diagnostics)
        qWarning("%u:%u: %s", d.range.begin.line, d.range.begin.column, d.message.c_str());
    // The detectors outlive their runs (a run keeps its observers to its end).
    static CheckDetails details;
    static std::vector<std::unique_ptr<RaceDetector>> detectors;
    detectors.push_back(std::make_unique<RaceDetector>(details, false));
    RaceDetector* races = detectors.back().get();
    RunOptions o;
    o.threads = 1;
    out.run = std::make_unique<KernelRun>(
        *out.program, kernel, r,
        std::vector<KernelArgument>{rgbaImage(4, 4, true), rgbaImage(4, 4, false)}, o);
    out.run->addObserver(races);
    out.run->runAll();
    *processed = races->accessesProcessed();
    return out;
}

size_t raceCount(const CheckedRun& r) {
    size_t n = 0;
    for (const Diagnostic& d : r.run->diagnostics())
        n += std::string(DiagnosticKinds::name(d.kind)) == "data-race";
    return n;
}

} // namespace

class TestOwnTexelImages : public QObject {
    Q_OBJECT
private slots:
    void ctsKernelWritesOwnTexels() {
        auto w = writesOf(kCtsKernel, "test_image_dim");
        QCOMPARE(w.size(), size_t(3));
        QVERIFY(!w[0]); // read, not written
        QVERIFY(w[1]);
        QVERIFY(*w[1] == dims2(0, 1));
        QVERIFY(!w[2]); // no image
    }

    void acceptedForms() {
        // Direct calls, casts to wide integer types, swapped dimensions, queries, a 1D image,
        // the unused fourth component of a 3D coordinate.
        auto w = writesOf(R"(
__kernel void k(write_only image2d_t a, write_only image1d_t b, write_only image3d_t c,
                write_only image2d_t d) {
    const uint y = (uint)get_global_id(1);
    long x = get_global_id(0);
    write_imagef(a, (int2)(get_global_id(1), x), (float4)(get_image_width(a)));
    write_imagef(a, (int2)(y, (int)get_global_id(0)), (float4)(0.0f));
    write_imagef(b, (int)x, (float4)(1.0f));
    write_imagef(c, (int4)(get_global_id(2), x, y, 7 * (int)x), (float4)(1.0f));
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(d, (int2)(x, y), (float4)(1.0f));
    write_imagef(d, p, (float4)(2.0f));
})",
                          "k");
        QCOMPARE(w.size(), size_t(4));
        QVERIFY(w[0] && *w[0] == dims2(1, 0));
        QVERIFY(w[1] && w[1]->count == 1 && w[1]->dims[0] == 0);
        QVERIFY(w[2] && w[2]->count == 3);
        QCOMPARE(int(w[2]->dims[0]), 2);
        QCOMPARE(int(w[2]->dims[1]), 0);
        QCOMPARE(int(w[2]->dims[2]), 1);
        QVERIFY(w[3] && *w[3] == dims2(0, 1));
    }

    void refusedForms_data() {
        QTest::addColumn<QString>("body");
        QTest::newRow("not the global id") << "write_imagef(img, (int2)(x / 2, y), v);";
        QTest::newRow("the same dimension twice") << "write_imagef(img, (int2)(x, x), v);";
        QTest::newRow("local id") << "write_imagef(img, (int2)(get_local_id(0), y), v);";
        QTest::newRow("variable assigned") << "x = 0; write_imagef(img, (int2)(x, y), v);";
        QTest::newRow("variable incremented") << "x++; write_imagef(img, (int2)(x, y), v);";
        QTest::newRow("variable's address taken")
            << "int *p = &x; *p = 1; write_imagef(img, (int2)(x, y), v);";
        QTest::newRow("narrowed to short")
            << "write_imagef(img, (int2)((short)get_global_id(0), y), v);";
        QTest::newRow("a float coordinate component")
            << "write_imagef(img, (int2)((int)(float)get_global_id(0), y), v);";
        QTest::newRow("two coordinates")
            << "write_imagef(img, (int2)(x, y), v); write_imagef(img, (int2)(y, x), v);";
        QTest::newRow("a scalar coordinate widened") << "write_imagef(img, x, v);";
        QTest::newRow("a vector variable's component assigned")
            << "int2 c = (int2)(x, y); c.y = 0; write_imagef(img, c, v);";
        QTest::newRow("a vector variable assigned")
            << "int2 c = (int2)(x, y); c = c / 2; write_imagef(img, c, v);";
        QTest::newRow("a vector variable's address taken")
            << "int2 c = (int2)(x, y); int *p = (int *)&c; p[0] = 1; write_imagef(img, c, v);";
        QTest::newRow("a vector variable of other ids")
            << "int2 c = (int2)(x, get_local_id(1)); write_imagef(img, c, v);";
        QTest::newRow("also read")
            << "write_imagef(img, (int2)(x, y), read_imagef(img, (int2)(0, 0)));";
        QTest::newRow("passed to a helper") << "write_imagef(img, (int2)(x, y), v); put(img);";
        QTest::newRow("a goto past the initializer")
            << "goto L; { int z = get_global_id(0); L: write_imagef(img, (int2)(z, y), v); }";
        QTest::newRow("a switch past the initializer")
            << "switch (d) { int z = get_global_id(0); default: write_imagef(img, (int2)(z, y), "
               "v); }";
        QTest::newRow("a non-constant dimension")
            << "write_imagef(img, (int2)(get_global_id(d), y), v);";
    }
    void refusedForms() {
        QFETCH(QString, body);
        const std::string source =
            "void put(read_write image2d_t img) { write_imagef(img, (int2)(0, 0), (float4)(0)); }\n"
            "__kernel void k(read_write image2d_t img, uint d) {\n"
            "    int x = get_global_id(0); int y = get_global_id(1); float4 v = (float4)(1.0f);\n" +
            body.toStdString() + "\n}";
        auto w = writesOf(source.c_str(), "k");
        QCOMPARE(w.size(), size_t(2));
        QVERIFY2(!w[0], source.c_str());
    }

    void distinctOnlyWhenEveryIdIsNamed() {
        const OwnTexelCoordinate c = dims2(0, 1);
        QVERIFY(ownTexelsDistinct(c, range({8, 4, 1}, {4, 2, 1}, 2)));
        QVERIFY(!ownTexelsDistinct(c, range({8, 4, 2}, {4, 2, 1}, 3))); // z repeats (x, y)
        QVERIFY(!ownTexelsDistinct(dims2(0, 2), range({8, 4, 1}, {4, 2, 1}, 2)));
        NDRange big = range({2, 1, 1}, {1, 1, 1}, 1);
        OwnTexelCoordinate x;
        x.count = 1;
        QVERIFY(ownTexelsDistinct(x, big));
        big.offset[0] = (uint64_t(1) << 31) - 2;
        QVERIFY(ownTexelsDistinct(x, big)); // ids 2^31 - 2 and 2^31 - 1
        big.offset[0] = (uint64_t(1) << 31) - 1;
        QVERIFY(!ownTexelsDistinct(x, big)); // 2^31 becomes INT_MIN
    }

    void ownTexelWritesAreNotRecorded() {
        // The CTS's kernel without a sampler: the reads of the read_only image were already
        // left out; the writes now are too. Before: 16 accesses processed (the writes).
        uint64_t processed = 99;
        auto r = runImages(R"(
__kernel void k(read_only image2d_t src, write_only image2d_t dst) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    write_imagef(dst, (int2)(x, y), read_imagef(src, (int2)(x, y)));
})",
                           "k", range({4, 4, 1}, {2, 2, 1}, 2), &processed);
        QVERIFY(r.run->diagnostics().empty());
        QCOMPARE(processed, uint64_t(0));
        QCOMPARE(r.run->argumentBytes(1), rgbaImage(4, 4, false).bytes); // the copy is made
    }

    void racesOnImagesAreStillReported() {
        // A texel two work-items write (x / 2), a third dimension that repeats (x, y), the
        // image also read at another texel: each reports its race, as before.
        const char* halves = R"(
__kernel void k(read_only image2d_t src, write_only image2d_t dst) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    write_imagef(dst, (int2)(x / 2, y), read_imagef(src, (int2)(x, y)));
})";
        uint64_t processed = 0;
        auto r = runImages(halves, "k", range({4, 4, 1}, {2, 2, 1}, 2), &processed);
        QCOMPARE(processed, uint64_t(16));
        QVERIFY(raceCount(r) > 0);

        const char* own = R"(
__kernel void k(read_only image2d_t src, write_only image2d_t dst) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    write_imagef(dst, (int2)(x, y), (float4)(get_global_id(2)));
})";
        r = runImages(own, "k", range({4, 4, 2}, {2, 2, 1}, 3), &processed);
        QCOMPARE(processed, uint64_t(32));
        QVERIFY(raceCount(r) > 0); // z = 0 and z = 1 write each texel
        r = runImages(own, "k", range({4, 4, 1}, {2, 2, 1}, 2), &processed);
        QCOMPARE(processed, uint64_t(0));
        QCOMPARE(raceCount(r), size_t(0));

        const char* readWrite = R"(
__kernel void k(read_only image2d_t src, read_write image2d_t dst) {
    int x = get_global_id(0);
    int y = get_global_id(1);
    float4 v = read_imagef(dst, (int2)((x + 1) % 4, y));
    write_imagef(dst, (int2)(x, y), v);
})";
        r = runImages(readWrite, "k", range({4, 4, 1}, {2, 2, 1}, 2), &processed);
        QVERIFY(processed > 0);
        QVERIFY(raceCount(r) > 0); // x + 1 read by x before x + 1 writes it
    }
};

QTEST_APPLESS_MAIN(TestOwnTexelImages)
#include "tst_owntexelimages.moc"
