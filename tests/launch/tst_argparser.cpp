// Tests for ArgParser: one Oclgrind argument specification (`<size=16 int> 1 2 3 4`), read
// alone (the CLI's --arg, the REPL's :run) and bound to a kernel parameter.

#include "common/SourceManager.h"
#include "launch/ArgParser.h"
#include "launch/LaunchTestHelpers.h"
#include "launch/SimParser.h"

#include <QTest>

#include <cstring>

using namespace clstep;
using namespace clstep::launch;
using namespace clstep::launch::test;

namespace {

const QString kData = QStringLiteral(CLSTEP_SOURCE_DIR "/tests/data/launch");

} // namespace

class TestArgParser : public QObject {
    Q_OBJECT

private slots:
    void readUnbound();
    void argParserStandalone();
    void argParserErrors();
    void bindCommandLineArguments();
    void imageHeaders();
};

void TestArgParser::readUnbound() {
    const std::string text = "k.cl\nk\n1 1 1\n1 1 1\n"
                             "<size=8 int> 1 -2\n"
                             "<size=8> 1 2 3\n"
                             "<size=16 float>\n"
                             "<null>\n"
                             "<size=4 fill=1>\n";
    std::vector<Diagnostic> diags;
    auto config = SimParser::parse(text, "", 0, diags);
    QVERIFY(config);
    QVERIFY(SimParser::readUnbound(*config, diags));
    QVERIFY(diags.empty());
    const auto& a = config->args;
    QCOMPARE(a[0].kind, ArgKind::Unbound);
    QVERIFY(a[0].contentsKnown);
    QCOMPARE(a[0].bytes, bytesOf<int32_t>({1, -2}));
    QVERIFY(!a[1].type && !a[1].contentsKnown); // untyped: values kept as text
    QCOMPARE(a[1].valueTokens, (std::vector<std::string>{"1", "2", "3"}));
    QVERIFY(!a[2].contentsKnown); // may be a __local argument
    QCOMPARE(a[3].kind, ArgKind::Null);
    QVERIFY(!a[4].contentsKnown);
    QCOMPARE(a[4].fill, std::string("1"));

    // Without the kernel, messages name the argument by position only.
    config = SimParser::parse("k.cl\nk\n1 1 1\n1 1 1\n<size=8 int> 1\n<size=4>\n", "", 0, diags);
    QVERIFY(!SimParser::readUnbound(*config, diags));
    QCOMPARE(diags.back().message, std::string("Failed to parse argument 0"));
    QCOMPARE(diags.back().range.begin.line, 6u);
    QCOMPARE(diags.back().notes.size(), size_t(1));
    QCOMPARE(diags.back().notes[0].message,
             std::string("argument 0 needs 2 values of type int (size=8), 1 given"));
}

void TestArgParser::argParserStandalone() {
    std::vector<Diagnostic> diags;
    auto spec = ArgParser::parse("<size=4096 float range=0:1:1023 dump>", 5, 0, diags);
    QVERIFY2(spec, qPrintable(describe(diags)));
    QVERIFY(spec->standalone && spec->dump);
    QCOMPARE(spec->bytes.size(), size_t(4096));
    float last;
    std::memcpy(&last, spec->bytes.data() + 4092, 4);
    QCOMPARE(last, 1023.0f);
    QCOMPARE(spec->headerRange.begin, (SourceLocation{5, 1, 1}));
    QCOMPARE(spec->headerRange.end, (SourceLocation{5, 1, 38}));

    spec = ArgParser::parse("<size=16 uchar hex>\n  0 1 2 3 4 5 6 7 # comment\n 8 9 a b c d e ff",
                            0, 1, diags);
    QVERIFY(spec);
    QCOMPARE(spec->bytes.back(), uint8_t(0xff));
    spec = ArgParser::parse("<int> 42", 0, 2, diags); // oclgrind wants a size, even for scalars
    QVERIFY(!spec);
    QCOMPARE(diags.back().message, std::string("size required (argument 2)"));
    spec = ArgParser::parse("<size=4 int> 42", 0, 2, diags);
    QVERIFY(spec);
    QCOMPARE(spec->bytes, bytesOf<int32_t>({42}));
}

void TestArgParser::argParserErrors() {
    struct Case {
        const char* text;
        uint32_t column;
        const char* message;
    } cases[] = {
        // oclgrind's range includes END: 0:1:1024 is 1025 floats, not 4096 bytes.
        {"<size=4096 float range=0:1:1024 dump>", 18,
         "Range doesn't produce correct buffer size (argument 3)"},
        {"<size=8 int> 1 2 3", 18, "Unexpected token '3' (expected end of argument 3)"},
        {"<size=8 int> 1", 15, "Unexpected EOF when parsing argument 3"},
        {"size=8 int> 1", 1, "Expected argument header <...> (argument 3)"},
        {"", 1, "Unexpected EOF when parsing argument 3"},
        {"<local size=64>", 2, "Unrecognised header token 'local' (argument 3)"},
        {"<size=5000000000 noinit>", 2, "Failed to allocate global memory (argument 3)"},
    };
    for (const Case& c : cases) {
        std::vector<Diagnostic> diags;
        QVERIFY2(!ArgParser::parse(c.text, 0, 3, diags), c.text);
        QCOMPARE(diags.size(), size_t(1));
        QCOMPARE(diags[0].message, std::string(c.message));
        QCOMPARE(diags[0].range.begin.column, c.column);
    }
}

void TestArgParser::bindCommandLineArguments() {
    std::vector<Diagnostic> diags;
    LaunchConfig config;
    config.kernelName = "k";
    config.globalSize = {64, 1, 1};
    config.localSizeGiven = false;
    config.workDim = 1;
    for (const char* text : {"<size=256 range=0:1:63 dump>", "<size=128>", "<size=4> 9"})
        config.args.push_back(*ArgParser::parse(text, 0, uint32_t(config.args.size()), diags));
    KernelSignature sig{{param("in", ParamAddressSpace::Global, "int*", 8),
                         param("tmp", ParamAddressSpace::Local, "float*", 8),
                         param("n", ParamAddressSpace::Private, "uint", 4)},
                        true};
    QVERIFY2(SimParser::bind(config, sig, diags), qPrintable(describe(diags)));
    QCOMPARE(config.args[0].kind, ArgKind::Buffer);
    QCOMPARE(config.args[0].type, std::optional(ElementType::Int)); // the default from int*
    QCOMPARE(config.args[1].kind, ArgKind::Local);
    QCOMPARE(config.args[2].bytes, bytesOf<uint32_t>({9}));
    QCOMPARE(config.args[2].name, std::string("n"));

    // One argument too many, one too few, and a __local argument given values.
    config.args.push_back(*ArgParser::parse("<size=4> 1", 0, 3, diags));
    QVERIFY(!SimParser::bind(config, sig, diags));
    QCOMPARE(diags.back().message, std::string("Too many arguments: kernel 'k' has 3 parameters"));
    config.args.resize(2);
    QVERIFY(!SimParser::bind(config, sig, diags));
    QCOMPARE(diags.back().message, std::string("Unexpected EOF when parsing argument 2: n"));
    config.args[1] = *ArgParser::parse("<size=8 float> 1 2", 0, 1, diags);
    QVERIFY(!SimParser::bind(config, sig, diags));
    QCOMPARE(diags.back().message,
             std::string("Unexpected token '1' (expected end of argument 1: tmp)"));
}

namespace {
/// Parses `text` standalone and binds it to a parameter of image type `typeName`.
std::optional<KernelArgSpec> bindImage(const char* text, const char* typeName,
                                       std::vector<Diagnostic>& diags) {
    auto spec = ArgParser::parse(text, 0, 0, diags);
    if (!spec) return std::nullopt;
    KernelParamInfo param{"img", ParamAddressSpace::Private, typeName, 8};
    if (!ArgParser::bind(*spec, param, 0, diags)) return std::nullopt;
    return spec;
}
} // namespace

/// The clstep image extension: image=, format=, values per channel, and errors at the token.
void TestArgParser::imageHeaders() {
    std::vector<Diagnostic> diags;
    auto a = bindImage("<image=2x2 format=CL_R/CL_UNSIGNED_INT8> 1 2 3 4", "image2d_t", diags);
    QVERIFY2(a, qPrintable(describe(diags)));
    QCOMPARE(a->kind, ArgKind::Image);
    QCOMPARE(a->size, uint64_t(4));
    QCOMPARE(a->bytes, bytesOf<uint8_t>({1, 2, 3, 4}));
    QCOMPARE(a->image.width, uint64_t(2));
    QCOMPARE(a->image.height, uint64_t(2));
    QVERIFY(a->image.format ==
            (image::Format{image::ChannelOrder::R, image::ChannelType::UnsignedInt8}));

    auto f = bindImage("<image=3 format=rgba/float fill=0.5>", "image1d_t", diags);
    QVERIFY2(f, qPrintable(describe(diags)));
    QCOMPARE(f->size, uint64_t(48));
    QCOMPARE(f->type, std::optional(ElementType::Float));
    auto l = bindImage("<image=4x2x3 fill=0>", "image2d_array_t", diags);
    QVERIFY2(l, qPrintable(describe(diags)));
    QCOMPARE(l->image.arraySize, uint64_t(3));
    QCOMPARE(l->size, uint64_t(4 * 2 * 3 * 4));

    struct Case {
        const char* text;
        const char* type;
        uint32_t column;
        const char* start; // message prefix
    } cases[] = {
        {"<image=4x4 format=RGB/UNORM_INT8>", "image2d_t", 12, "unsupported image format 'RGB"},
        {"<image=4 fill=0>", "image2d_t", 2, "a image2d_t needs 2 size(s)"},
        {"<image=9000x4 fill=0>", "image2d_t", 2, "cannot create the image: a image2d_t"},
        {"<image=0x4 fill=0>", "image2d_t", 2, "cannot create the image"},
        {"<image=4x4 size=64>", "image2d_t", 12, "'size' is not valid with 'image'"},
        {"<size=64 fill=0>", "image2d_t", 1, "an image argument needs its size"},
        {"<image=4xq>", "image2d_t", 2, "Invalid image size '4xq'"},
    };
    for (const Case& c : cases) {
        diags.clear();
        QVERIFY2(!bindImage(c.text, c.type, diags), c.text);
        QVERIFY2(diags.size() == 1, c.text);
        QVERIFY2(diags[0].message.starts_with(c.start), diags[0].message.c_str());
        QCOMPARE(diags[0].range.begin.column, c.column);
    }
    diags.clear();
    KernelParamInfo buffer{"b", ParamAddressSpace::Global, "float*", 8};
    auto spec = ArgParser::parse("<image=4x4>", 0, 0, diags);
    QVERIFY(spec);
    QVERIFY(!ArgParser::bind(*spec, buffer, 0, diags));
    QVERIFY(diags.back().message.starts_with("'image' is only valid for image parameters"));
}

QTEST_APPLESS_MAIN(TestArgParser)
#include "tst_argparser.moc"
