// Tests for PNG data of image arguments in .sim files (`png=FILE`, clstep extension; README
// "Images in .sim files"): decoding with libpng (launch/PngImage), the conversion to each
// channel order and type, the picture's size as the image's size, and the diagnostics for
// bad files, size mismatches and unsupported depths at the png= token's file:line:col.
// The pictures are tests/data/png/*.png, written by tests/data/png/make_pngs.py.

#include "common/SourceManager.h"
#include "launch/ArgParser.h"
#include "launch/PngImage.h"
#include "launch/SignatureFromSource.h"
#include "launch/SimParser.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace clstep;
using namespace clstep::launch;

namespace {

const std::string kPng = CLSTEP_SOURCE_DIR "/tests/data/png/";

std::string describe(const std::vector<Diagnostic>& diags) {
    std::string s;
    for (const Diagnostic& d : diags)
        s += std::to_string(d.range.begin.line) + ":" + std::to_string(d.range.begin.column) +
             ": " + d.message + "\n";
    return s;
}

/// Parses `header` (with the fixture directory spliced in for "@") standalone and binds it
/// to an image parameter of `typeName`.
std::optional<KernelArgSpec> bindPng(std::string header, const char* typeName,
                                     std::vector<Diagnostic>& diags) {
    if (size_t at = header.find('@'); at != std::string::npos) header.replace(at, 1, kPng);
    auto spec = ArgParser::parse(header, 0, 0, diags);
    if (!spec) return std::nullopt;
    KernelParamInfo param{"img", ParamAddressSpace::Private, typeName, 8};
    if (!ArgParser::bind(*spec, param, 0, diags)) return std::nullopt;
    return spec;
}

std::vector<uint8_t> u8(std::initializer_list<int> v) {
    std::vector<uint8_t> out;
    for (int x : v)
        out.push_back(uint8_t(x));
    return out;
}

template <typename T>
std::vector<uint8_t> bytesOf(std::initializer_list<T> v) {
    std::vector<uint8_t> out(v.size() * sizeof(T));
    std::memcpy(out.data(), std::data(v), out.size());
    return out;
}

} // namespace

class TestPngImage : public QObject {
    Q_OBJECT
private slots:
    void decodesEveryColorType();
    void pictureSizeIsImageSize();
    void convertsToTheFormat();
    void stackedSlices();
    void badInputIsReportedAtTheToken();
    void relativeToTheSimFile();
    void writesDumps();
};

/// libpng's expansions: palette + tRNS to RGBA, 16-bit samples kept, gray + alpha.
void TestPngImage::decodesEveryColorType() {
    PngImage p;
    QCOMPARE(PngImage::read(kPng + "palette2_3x1.png", p, 1 << 20), std::string());
    QCOMPARE(p.channels, 4u);
    QCOMPARE(p.samples, (std::vector<uint16_t>{255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255}));
    QCOMPARE(PngImage::read(kPng + "rgb16_2x1.png", p, 1 << 20), std::string());
    QCOMPARE(p.bitDepth, 16u);
    QCOMPARE(p.samples, (std::vector<uint16_t>{1000, 2000, 3000, 65535, 0, 257}));
    QCOMPARE(PngImage::read(kPng + "ga8_2x1.png", p, 1 << 20), std::string());
    QCOMPARE(p.channels, 2u);
    QCOMPARE(p.samples, (std::vector<uint16_t>{100, 200, 50, 0}));
    // The size limit counts decoded bytes.
    QVERIFY(PngImage::read(kPng + "gray8_4x2.png", p, 7).find("too large") != std::string::npos);
}

/// Without image=, a 2D image takes the picture's size; the bytes are the samples.
void TestPngImage::pictureSizeIsImageSize() {
    std::vector<Diagnostic> diags;
    auto a = bindPng("<png=@gray8_4x2.png format=CL_R/CL_UNORM_INT8>", "image2d_t", diags);
    QVERIFY2(a, describe(diags).c_str());
    QCOMPARE(a->kind, ArgKind::Image);
    QCOMPARE(a->image.width, uint64_t(4));
    QCOMPARE(a->image.height, uint64_t(2));
    QCOMPARE(a->bytes, u8({0, 10, 20, 30, 40, 50, 60, 255}));
    QVERIFY(a->contentsKnown);
    // image1d_array_t: the rows are the layers.
    auto l = bindPng("<png=@gray8_4x2.png format=R/UNSIGNED_INT8>", "image1d_array_t", diags);
    QVERIFY2(l, describe(diags).c_str());
    QCOMPARE(l->image.arraySize, uint64_t(2));
}

/// Normalized and float types get sample / max (as write_imagef converts), integer types the
/// sample; gray expands to (g, g, g, 1) and RGB gets an opaque alpha; BGRA swizzles.
void TestPngImage::convertsToTheFormat() {
    std::vector<Diagnostic> diags;
    auto f = bindPng("<image=4x2 png=@gray8_4x2.png format=CL_RGBA/CL_FLOAT>", "image2d_t", diags);
    QVERIFY2(f, describe(diags).c_str());
    QCOMPARE(f->bytes.size(), size_t(4 * 2 * 16));
    float texel1[4];
    std::memcpy(texel1, f->bytes.data() + 16, 16);
    QCOMPARE(texel1[0], 10.0f / 255.0f);
    QCOMPARE(texel1[2], 10.0f / 255.0f);
    QCOMPARE(texel1[3], 1.0f);
    auto u = bindPng("<png=@rgba8_2x2.png format=CL_RGBA/CL_UNSIGNED_INT8>", "image2d_t", diags);
    QVERIFY2(u, describe(diags).c_str());
    QCOMPARE(u->bytes, u8({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}));
    auto b = bindPng("<png=@rgba8_2x2.png format=CL_BGRA/CL_UNORM_INT8>", "image2d_t", diags);
    QVERIFY2(b, describe(diags).c_str());
    QCOMPARE(b->bytes, u8({3, 2, 1, 4, 7, 6, 5, 8, 11, 10, 9, 12, 15, 14, 13, 16}));
    auto w = bindPng("<png=@rgb16_2x1.png format=RGBA/UNORM_INT16>", "image2d_t", diags);
    QVERIFY2(w, describe(diags).c_str());
    QCOMPARE(w->bytes, bytesOf<uint16_t>({1000, 2000, 3000, 65535, 65535, 0, 257, 65535}));
    auto ga = bindPng("<png=@ga8_2x1.png format=RA/UNSIGNED_INT16>", "image2d_t", diags);
    QVERIFY2(ga, describe(diags).c_str());
    QCOMPARE(ga->bytes, bytesOf<uint16_t>({100, 200, 50, 0}));
}

/// A 3D or array image: the slices stacked top to bottom, and image= is required.
void TestPngImage::stackedSlices() {
    std::vector<Diagnostic> diags;
    auto a = bindPng("<image=2x2x2 png=@layers_2x4.png format=R/UNSIGNED_INT8>", "image2d_array_t",
                     diags);
    QVERIFY2(a, describe(diags).c_str());
    QCOMPARE(a->bytes, u8({1, 2, 3, 4, 5, 6, 7, 8}));
    diags.clear();
    QVERIFY(!bindPng("<png=@layers_2x4.png format=R/UNSIGNED_INT8>", "image3d_t", diags));
    QVERIFY2(describe(diags).find("give the size of a image3d_t with image=") != std::string::npos,
             describe(diags).c_str());
}

/// Each problem is one error at the png= token (line 1, column of "png=").
void TestPngImage::badInputIsReportedAtTheToken() {
    struct Case {
        const char* text;
        const char* type;
        uint32_t column;
        const char* contains;
    } cases[] = {
        {"<image=3x2 png=@gray8_4x2.png format=R/UNORM_INT8>", "image2d_t", 12,
         "the PNG picture is 4x2 pixels but the image needs 3x2"},
        {"<png=@rgb16_2x1.png format=RGBA/UNORM_INT8>", "image2d_t", 2, "unsupported depth"},
        {"<png=@rgba8_2x2.png format=R/UNORM_INT8>", "image2d_t", 2,
         "the PNG picture is RGBA but the format CL_R has 1 channel"},
        {"<png=@not_a_png.png>", "image2d_t", 2, "is not a PNG file"},
        {"<png=@cut.png format=R/UNORM_INT8>", "image2d_t", 2, "is damaged"},
        {"<png=@missing.png>", "image2d_t", 2, "cannot open the PNG file"},
        {"<png=@gray8_4x2.png>", "float*", 2, "'png=' is only valid for image arguments"},
        {"<png=@gray8_4x2.png format=R/UNORM_INT8 fill=0>", "image2d_t", 0,
         "Multiple initializers present"},
    };
    for (const Case& c : cases) {
        std::vector<Diagnostic> diags;
        std::string text = c.text;
        text.replace(text.find('@'), 1, kPng);
        auto spec = ArgParser::parse(text, 0, 0, diags);
        bool ok = false;
        if (spec) {
            KernelParamInfo param{"img",
                                  std::string(c.type) == "float*" ? ParamAddressSpace::Global
                                                                  : ParamAddressSpace::Private,
                                  c.type, 8};
            ok = ArgParser::bind(*spec, param, 0, diags);
        }
        QVERIFY2(!ok, c.text);
        QVERIFY2(diags.size() == 1, (std::string(c.text) + "\n" + describe(diags)).c_str());
        QVERIFY2(diags[0].message.find(c.contains) != std::string::npos, diags[0].message.c_str());
        QCOMPARE(diags[0].range.begin.line, 1u);
        if (c.column) QCOMPARE(diags[0].range.begin.column, c.column);
    }
}

/// In a .sim file, png= paths are relative to the .sim file's directory (like its kernel).
void TestPngImage::relativeToTheSimFile() {
    const std::string sim = "k.cl\nk\n4 2 1\n1 1 1\n<png=gray8_4x2.png format=R/UNORM_INT8>\n";
    std::vector<Diagnostic> diags;
    auto config = SimParser::parse(sim, kPng + "launch.sim", 0, diags);
    QVERIFY2(config, describe(diags).c_str());
    KernelSignature sig;
    sig.params.push_back({"img", ParamAddressSpace::Private, "image2d_t", 8});
    QVERIFY2(SimParser::bind(*config, sig, diags), describe(diags).c_str());
    QCOMPARE(config->args[0].bytes, u8({0, 10, 20, 30, 40, 50, 60, 255}));
}

/// run --dump-png: 8-bit RGBA pictures, values decoded, clamped and scaled; slices stacked.
void TestPngImage::writesDumps() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("img.png").toStdString();
    image::Object r = image::Object::make(
        image::Dim::Image2D, {image::ChannelOrder::R, image::ChannelType::UnormInt8}, 2, 2);
    QCOMPARE(PngImage::write(path, r, u8({0, 128, 255, 64})), std::string());
    PngImage p;
    QCOMPARE(PngImage::read(path, p, 1 << 20), std::string());
    QCOMPARE(p.channels, 4u);
    QCOMPARE(p.samples,
             (std::vector<uint16_t>{0, 0, 0, 255, 128, 0, 0, 255, 255, 0, 0, 255, 64, 0, 0, 255}));
    image::Object f =
        image::Object::make(image::Dim::Image2DArray,
                            {image::ChannelOrder::RGBA, image::ChannelType::Float}, 1, 1, 1, 2);
    QCOMPARE(PngImage::write(path, f,
                             bytesOf<float>({-1.0f, 0.5f, 2.0f, 1.0f, 0.25f, 0.0f, 1.0f, 0.0f})),
             std::string());
    QCOMPARE(PngImage::read(path, p, 1 << 20), std::string());
    QCOMPARE(p.height, 2u);
    QCOMPARE(p.samples, (std::vector<uint16_t>{0, 128, 255, 255, 64, 0, 255, 0}));
    QVERIFY(PngImage::write(dir.filePath("no/such/dir.png").toStdString(), r, u8({0, 0, 0, 0}))
                .starts_with("cannot write the PNG file"));
}

QTEST_APPLESS_MAIN(TestPngImage)
#include "tst_pngimage.moc"
