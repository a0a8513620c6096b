// Tests for SimParser: Oclgrind .sim launch files (argument specifications alone:
// tst_argparser.cpp).
//
// tests/data/launch/errors/*.sim and warnings/*.sim start with the diagnostic clstep must give,
//   # expect: <error|warning> LINE:COL: MESSAGE[  # differs: why oclgrind-kernel does not agree]
// and their .ref files hold what oclgrind-kernel 21.10 printed for the same file (see
// tests/data/launch/README.md), which this test cross-checks against the expectation.

#include "common/SourceManager.h"
#include "launch/ArgParser.h"
#include "launch/LaunchTestHelpers.h"
#include "launch/SignatureFromSource.h"
#include "launch/SimParser.h"

#include <QDir>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

using namespace clstep;
using namespace clstep::launch;
using namespace clstep::launch::test;

namespace {

const QString kData = QStringLiteral(CLSTEP_SOURCE_DIR "/tests/data/launch");

QStringList simFiles(const QString& dir) {
    return QDir(dir).entryList({"*.sim"}, QDir::Files, QDir::Name);
}

/// The kernel signature for the kernel a .sim names (read from its source with the helper).
std::optional<KernelSignature> signatureFor(const LaunchConfig& config) {
    return test::signatureFromSource(readText(config.kernelFile), config.kernelName);
}

/// Parses `path` in the two steps the CLI uses: launch part, then bind.
std::optional<LaunchConfig> parseAndBind(SourceManager& sources, const std::string& path,
                                         std::vector<Diagnostic>& diags) {
    auto config = SimParser::parseFile(sources, path, diags);
    if (!config) return std::nullopt;
    auto sig = signatureFor(*config);
    if (!sig) return std::nullopt;
    if (!SimParser::bind(*config, *sig, diags)) return std::nullopt;
    return config;
}

struct Expectation {
    Severity severity = Severity::Error;
    uint32_t line = 0, column = 0;
    std::string message;
    bool differs = false;
};

Expectation expectationOf(const std::string& text) {
    std::smatch m;
    std::string first = text.substr(0, text.find('\n'));
    static const std::regex re(
        R"(^# expect: (error|warning) (\d+):(\d+): (.*?)(  # differs: .*)?$)");
    Expectation e;
    if (!std::regex_match(first, m, re)) return e;
    e.severity = m[1] == "error" ? Severity::Error : Severity::Warning;
    e.line = std::stoul(m[2]);
    e.column = std::stoul(m[3]);
    e.message = m[4];
    e.differs = m[5].matched;
    return e;
}

} // namespace

class TestSimParser : public QObject {
    Q_OBJECT

private slots:
    void errors_data();
    void errors();
    void warnings_data();
    void warnings();
    void validFilesHaveNoDiagnostics_data();
    void validFilesHaveNoDiagnostics();
    void launchPart();
    void kindsAndBytes();
    void signatureInParseEqualsTwoSteps();
    void emptyTextAndMissingFiles();
    void directives();
    void directiveErrors();
    void mutatedFilesGiveOneDiagnostic();
    void fileArguments();
};

void TestSimParser::errors_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : simFiles(kData + "/errors"))
        QTest::newRow(qPrintable(f)) << kData + "/errors/" + f;
}

void TestSimParser::errors() {
    QFETCH(QString, file);
    const std::string path = file.toStdString();
    const std::string text = readText(path);
    Expectation want = expectationOf(text);
    QVERIFY2(want.line != 0, "missing '# expect:' line");

    SourceManager sources;
    std::vector<Diagnostic> diags;
    auto config = parseAndBind(sources, path, diags);
    QVERIFY(!config);
    QCOMPARE(diags.size(), size_t(1));
    const Diagnostic& d = diags.front();
    QCOMPARE(d.severity, Severity::Error);
    QCOMPARE(d.kind, DiagnosticKind::LaunchFile);
    QCOMPARE(sources.path(d.range.begin.file), path);
    QCOMPARE(QString::fromStdString(d.message), QString::fromStdString(want.message));
    QCOMPARE(d.range.begin.line, want.line);
    QCOMPARE(d.range.begin.column, want.column);

    // Cross-check against what oclgrind-kernel printed for the same file.
    if (want.differs) return;
    std::string ref = readText(path.substr(0, path.size() - 4) + ".ref");
    std::string refLine = ref.substr(0, ref.find('\n'));
    std::string lined = "Line " + std::to_string(want.line) + ": " + want.message;
    QVERIFY2(refLine == lined || refLine == want.message,
             qPrintable(QString::fromStdString("oclgrind-kernel said: " + refLine)));
}

void TestSimParser::warnings_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : simFiles(kData + "/warnings"))
        QTest::newRow(qPrintable(f)) << kData + "/warnings/" + f;
}

void TestSimParser::warnings() {
    QFETCH(QString, file);
    const std::string path = file.toStdString();
    Expectation want = expectationOf(readText(path));
    SourceManager sources;
    std::vector<Diagnostic> diags;
    auto config = parseAndBind(sources, path, diags);
    QVERIFY2(config && config->argsBound, qPrintable(describe(diags)));
    QCOMPARE(config->args.size(), size_t(6)); // one per parameter of m.cl, nothing extra
    QCOMPARE(diags.size(), size_t(1));
    QCOMPARE(diags[0].severity, Severity::Warning);
    QCOMPARE(QString::fromStdString(diags[0].message), QString::fromStdString(want.message));
    QCOMPARE(diags[0].range.begin.line, want.line);
    QCOMPARE(diags[0].range.begin.column, want.column);
    // oclgrind-kernel ran these files (it printed the dump of g), unless marked.
    std::string ref = readText(path.substr(0, path.size() - 4) + ".ref");
    QCOMPARE(ref.starts_with("\nArgument 'g'"), !want.differs);
}

void TestSimParser::validFilesHaveNoDiagnostics_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : simFiles(kData + "/dumps"))
        QTest::newRow(qPrintable("dumps/" + f)) << kData + "/dumps/" + f;
    const QString samples = QStringLiteral(CLSTEP_SOURCE_DIR "/samples");
    for (const QString& f : simFiles(samples))
        QTest::newRow(qPrintable("samples/" + f)) << samples + "/" + f;
}

void TestSimParser::validFilesHaveNoDiagnostics() {
    QFETCH(QString, file);
    SourceManager sources;
    std::vector<Diagnostic> diags;
    auto config = parseAndBind(sources, file.toStdString(), diags);
    if (file.endsWith("mixed.sim")) {
        // The helper cannot size the struct parameter: the launch gives 12 bytes for it.
        QCOMPARE(diags.size(), size_t(1));
        QVERIFY(diags[0].message.starts_with("only the first 0 of 12 bytes"));
        return;
    }
    QVERIFY2(config && config->argsBound, qPrintable(describe(diags)));
    QVERIFY2(diags.empty(), qPrintable(describe(diags)));
    for (const KernelArgSpec& a : config->args) {
        QVERIFY(a.kind != ArgKind::Unbound);
        QVERIFY(a.type.has_value());
        if (a.contentsKnown) QCOMPARE(a.bytes.size(), a.size);
    }
}

void TestSimParser::launchPart() {
    const std::string text = "# comment first\n"
                             "  ../kernels/k.cl   # trailing comment\n"
                             "\n"
                             "my_kernel\n"
                             "16 8 # split\n"
                             " 1\n"
                             "4 2 1 <size=4>\n";
    std::vector<Diagnostic> diags;
    auto config = SimParser::parse(text, "/data/launch/run.sim", 7, diags);
    QVERIFY2(config, qPrintable(describe(diags)));
    QVERIFY(diags.empty());
    QCOMPARE(config->kernelFileAsWritten, std::string("../kernels/k.cl"));
    QCOMPARE(config->kernelFile, std::string("/data/kernels/k.cl"));
    QCOMPARE(config->kernelName, std::string("my_kernel"));
    QCOMPARE(config->globalSize, (std::array<uint64_t, 3>{16, 8, 1}));
    QCOMPARE(config->localSize, (std::array<uint64_t, 3>{4, 2, 1}));
    QVERIFY(config->localSizeGiven);
    QCOMPARE(config->workDim, 3u);
    QVERIFY(!config->globalOffset);
    QCOMPARE(config->fileId, 7u);
    QCOMPARE(config->kernelFileRange.begin, (SourceLocation{7, 2, 3}));
    QCOMPARE(config->kernelFileRange.end, (SourceLocation{7, 2, 18}));
    QCOMPARE(config->globalSizeRange.begin, (SourceLocation{7, 5, 1}));
    QCOMPARE(config->globalSizeRange.end, (SourceLocation{7, 6, 3}));
    QCOMPARE(config->localSizeRange.begin, (SourceLocation{7, 7, 1}));
    // Without a signature the arguments are only cut apart.
    QCOMPARE(config->args.size(), size_t(1));
    QCOMPARE(config->args[0].kind, ArgKind::Unbound);
    QCOMPARE(config->args[0].headerRange.begin, (SourceLocation{7, 7, 7}));
    QVERIFY(!config->argsBound);
    // A relative .sim path resolves relative too; no path keeps the kernel file as written.
    config = SimParser::parse(text, "sims/run.sim", 0, diags);
    QCOMPARE(config->kernelFile, std::string("kernels/k.cl"));
    config = SimParser::parse(text, "", 0, diags);
    QCOMPARE(config->kernelFile, std::string("../kernels/k.cl"));
}

void TestSimParser::kindsAndBytes() {
    SourceManager sources;
    std::vector<Diagnostic> diags;
    auto config = SimParser::parseFile(sources, kData.toStdString() + "/dumps/mixed.sim", diags);
    QVERIFY(config);
    auto sig = signatureFor(*config);
    QVERIFY(sig);
    sig->params[7].sizeBytes = 12; // Point
    QVERIFY2(SimParser::bind(*config, *sig, diags), qPrintable(describe(diags)));
    QVERIFY2(diags.empty(), qPrintable(describe(diags)));
    const auto& a = config->args;
    QCOMPARE(a.size(), size_t(9));
    QCOMPARE(a[0].kind, ArgKind::Buffer);
    QCOMPARE(a[0].name, std::string("out"));
    QVERIFY(a[0].dump && a[0].readOnly && !a[0].writeOnly);
    QCOMPARE(a[0].bytes, bytesOf<int32_t>({1, 2, 3, 4}));
    QCOMPARE(a[1].kind, ArgKind::Scalar);
    QCOMPARE(a[1].bytes, bytesOf<int32_t>({-7}));
    QCOMPARE(a[2].type, std::optional(ElementType::Float));
    QCOMPARE(a[2].bytes, bytesOf<float>({2.5f}));
    QCOMPARE(a[3].kind, ArgKind::Local);
    QCOMPARE(a[3].size, uint64_t(64));
    QVERIFY(!a[3].contentsKnown && a[3].bytes.empty());
    QCOMPARE(a[4].kind, ArgKind::Null);
    QCOMPARE(a[4].size, uint64_t(0));
    QCOMPARE(a[5].type, std::optional(ElementType::Char));
    QCOMPARE(a[5].bytes, bytesOf<int8_t>({-3}));
    QVERIFY(a[6].hex);
    QCOMPARE(a[6].bytes, bytesOf<uint64_t>({0xdeadbeef}));
    QCOMPARE(a[7].writtenType, std::optional(ElementType::Float));
    QCOMPARE(a[7].bytes, bytesOf<float>({42, 3, 18}));
    QCOMPARE(a[7].headerRange.begin, (SourceLocation{a[7].sourceFile, 12, 1}));
    QCOMPARE(a[7].headerRange.end, (SourceLocation{a[7].sourceFile, 12, 16}));
    QCOMPARE(a[8].kind, ArgKind::Buffer); // __constant
    QCOMPARE(a[8].valueTokens, (std::vector<std::string>{"0.5", "1e3"}));
}

void TestSimParser::signatureInParseEqualsTwoSteps() {
    const std::string path = kData.toStdString() + "/dumps/init.sim";
    SourceManager sources;
    std::vector<Diagnostic> diags;
    auto twoSteps = parseAndBind(sources, path, diags);
    QVERIFY(twoSteps);
    auto sig = signatureFor(*twoSteps);
    auto oneStep = SimParser::parse(readText(path), path, 0, diags, &*sig);
    QVERIFY(oneStep && oneStep->argsBound);
    QVERIFY(diags.empty());
    QCOMPARE(oneStep->args.size(), twoSteps->args.size());
    for (size_t i = 0; i < oneStep->args.size(); ++i) {
        QCOMPARE(oneStep->args[i].bytes, twoSteps->args[i].bytes);
        QCOMPARE(oneStep->args[i].range, twoSteps->args[i].range);
    }
    // range=10:-2:0 over ints
    QCOMPARE(oneStep->args[1].bytes, bytesOf<int32_t>({10, 8, 6, 4, 2, 0}));
    // hex range over ulong: 0, 0x10, ... 0xf0
    QCOMPARE(oneStep->args[7].bytes.size(), size_t(128));
}

void TestSimParser::emptyTextAndMissingFiles() {
    std::vector<Diagnostic> diags;
    QVERIFY(!SimParser::parse("", "x.sim", 3, diags));
    QCOMPARE(diags.size(), size_t(1));
    QCOMPARE(diags[0].message, std::string("Unexpected EOF when parsing program file"));
    QCOMPARE(diags[0].range.begin, (SourceLocation{3, 1, 1}));

    SourceManager sources;
    diags.clear();
    QVERIFY(!SimParser::parseFile(sources, kData.toStdString() + "/nowhere.sim", diags));
    QCOMPARE(diags.size(), size_t(1));
    QVERIFY(diags[0].message.starts_with("Unable to open simulator file."));

    // The kernel file is checked relative to the .sim file.
    QTemporaryDir dir;
    const std::string sim = dir.filePath("a.sim").toStdString();
    std::ofstream(sim) << "missing.cl\nk\n1 1 1\n1 1 1\n";
    diags.clear();
    QVERIFY(!SimParser::parseFile(sources, sim, diags));
    QCOMPARE(diags.size(), size_t(1));
    QCOMPARE(diags[0].message, std::string("Unable to open missing.cl"));
    QCOMPARE(diags[0].range.begin.line, 1u);
}

/// `file=NAME` (clstep extension): the bytes come from a binary file relative to the .sim's
/// directory; without size= the size is the file's; a missing or short file is an error at
/// the file= token, a longer one a warning; file= is one initializer among fill/range/noinit.
void TestSimParser::fileArguments() {
    QTemporaryDir dir;
    const std::string base = dir.path().toStdString();
    std::filesystem::create_directories(base + "/data");
    std::ofstream(base + "/k.cl") << "kernel void k(global int* a, global float* b) {}\n";
    const std::vector<uint8_t> ints = bytesOf<int32_t>({1, -2, 3, 4});
    std::ofstream(base + "/data/a.bin", std::ios::binary)
        .write(reinterpret_cast<const char*>(ints.data()), std::streamsize(ints.size()));
    const std::vector<uint8_t> floats = bytesOf<float>({0.5f, -1.25f});
    std::ofstream(base + "/b.bin", std::ios::binary)
        .write(reinterpret_cast<const char*>(floats.data()), std::streamsize(floats.size()));

    auto run = [&](const std::string& text, std::vector<Diagnostic>& diags) {
        const std::string sim = base + "/t.sim";
        std::ofstream(sim) << text;
        SourceManager sources;
        return parseAndBind(sources, sim, diags);
    };
    std::vector<Diagnostic> diags;
    auto config =
        run("k.cl\nk\n4 1 1\n1 1 1\n<size=16 file=data/a.bin dump>\n<file=b.bin>\n", diags);
    QVERIFY2(config, qPrintable(describe(diags)));
    QVERIFY2(diags.empty(), qPrintable(describe(diags)));
    QCOMPARE(config->args[0].bytes, ints);
    QVERIFY(config->args[0].dump);
    QCOMPARE(config->args[1].size, uint64_t(8)); // the file's size
    QCOMPARE(config->args[1].bytes, floats);

    // A longer file: only the first size bytes, with a warning at the file= token.
    diags.clear();
    config = run("k.cl\nk\n4 1 1\n1 1 1\n<size=8 file=data/a.bin>\n<size=8 fill=1>\n", diags);
    QVERIFY2(config, qPrintable(describe(diags)));
    QCOMPARE(config->args[0].bytes, bytesOf<int32_t>({1, -2}));
    QCOMPARE(diags.size(), size_t(1));
    QCOMPARE(diags[0].severity, Severity::Warning);
    QCOMPARE(diags[0].range.begin.line, 5u);
    QCOMPARE(diags[0].range.begin.column, 9u);

    // A short file and a missing file are errors at the file= token (line:col).
    struct Case {
        std::string text;
        uint32_t line, column;
        std::string start;
    } cases[] = {
        {"k.cl\nk\n4 1 1\n1 1 1\n<size=4 fill=1>\n<size=12 float file=b.bin>\n", 6, 16, "'"},
        {"k.cl\nk\n4 1 1\n1 1 1\n<size=4 file=nope.bin>\n<size=8 fill=1>\n", 5, 9, "cannot read '"},
        {"k.cl\nk\n4 1 1\n1 1 1\n<file=nope.bin>\n<size=8 fill=1>\n", 5, 2, "cannot read '"},
        {"k.cl\nk\n4 1 1\n1 1 1\n<size=16 fill=1 file=data/a.bin>\n<size=8 fill=1>\n", 5, 17,
         "Multiple initializers present"},
        {"k.cl\nk\n4 1 1\n1 1 1\n<size=16 file>\n<size=8 fill=1>\n", 5, 10,
         "Expected =NAME after 'file'"},
    };
    for (const Case& c : cases) {
        diags.clear();
        QVERIFY2(!run(c.text, diags), c.text.c_str());
        QVERIFY(!diags.empty());
        const Diagnostic& d = diags.back();
        QCOMPARE(d.severity, Severity::Error);
        QVERIFY2(d.message.starts_with(c.start), d.message.c_str());
        QCOMPARE(d.range.begin.line, c.line);
        QCOMPARE(d.range.begin.column, c.column);
    }
    QVERIFY(diags.back().message.ends_with("(argument 0: a)"));
}

void TestSimParser::directives() {
    const std::string text = "# clstep: work-dim 2\n"
                             "#clstep: global-offset 4 8 0\n"
                             "# clstep: local-size auto\n"
                             "k.cl\nk\n16 16 1\n1 1 1\n";
    std::vector<Diagnostic> diags;
    auto config = SimParser::parse(text, "", 0, diags);
    QVERIFY2(config, qPrintable(describe(diags)));
    QVERIFY(diags.empty());
    QCOMPARE(config->workDim, 2u);
    QCOMPARE(config->globalOffset, (std::optional<std::array<uint64_t, 3>>({4, 8, 0})));
    QVERIFY(!config->localSizeGiven);
    QVERIFY(!config->deviceBigEndian && !config->schedule && !config->checks);
    // A comment that merely mentions clstep is not a directive.
    config = SimParser::parse("# run with clstep: fine\nk.cl\nk\n1 1 1\n1 1 1\n", "", 0, diags);
    QVERIFY(config && diags.empty());
    // Debugger settings saved with the launch (issue #16).
    config = SimParser::parse("# clstep: device-endian big\n# clstep: schedule reverse 7\n"
                              "# clstep: checks races,endian\nk.cl\nk\n1 1 1\n1 1 1\n",
                              "", 0, diags);
    QVERIFY2(config && diags.empty(), qPrintable(describe(diags)));
    QCOMPARE(config->deviceBigEndian, std::optional<bool>(true));
    QCOMPARE(config->schedule, std::optional<std::string>("reverse"));
    QCOMPARE(config->scheduleSeed, uint64_t(7));
    QCOMPARE(config->checks, (std::optional<std::vector<std::string>>({"races", "endian"})));
    config = SimParser::parse("# clstep: checks none\nk.cl\nk\n1 1 1\n1 1 1\n", "", 0, diags);
    QVERIFY(config && config->checks && config->checks->empty());
    QVERIFY(!config->subGroupSize);
    // The sub-group size belongs to the launch too (issue #16 item 5).
    config = SimParser::parse("# clstep: sub-group-size 8\nk.cl\nk\n1 1 1\n1 1 1\n", "", 0, diags);
    QVERIFY2(config && diags.empty(), qPrintable(describe(diags)));
    QCOMPARE(config->subGroupSize, std::optional<uint32_t>(8));
    QVERIFY(!config->buildOptions);
    // The program's clBuildProgram options (recorded by exec --record): the rest of the line.
    config = SimParser::parse(
        "# clstep: build-options -D N=4  -cl-std=CL2.0 \nk.cl\nk\n1 1 1\n1 1 1\n", "", 0, diags);
    QVERIFY2(config && diags.empty(), qPrintable(describe(diags)));
    QCOMPARE(config->buildOptions, std::optional<std::string>("-D N=4  -cl-std=CL2.0"));
}

void TestSimParser::directiveErrors() {
    struct Case {
        const char* text;
        uint32_t line;
        const char* message;
    } cases[] = {
        {"# clstep: work-dim 4\nk.cl\nk\n1 1 1\n1 1 1\n", 1,
         "Invalid clstep directive: work-dim takes 1, 2 or 3"},
        {"# clstep: global-offset 1 2\nk.cl\nk\n1 1 1\n1 1 1\n", 1,
         "Invalid clstep directive: global-offset takes X Y Z (>= 0)"},
        {"# clstep: local-size 4\nk.cl\nk\n1 1 1\n1 1 1\n", 1,
         "Invalid clstep directive: local-size takes 'auto'"},
        {"# clstep: device-endian middle\nk.cl\nk\n1 1 1\n1 1 1\n", 1,
         "Invalid clstep directive: device-endian takes big or little"},
        {"# clstep: schedule random x\nk.cl\nk\n1 1 1\n1 1 1\n", 1,
         "Invalid clstep directive: the schedule seed is a number"},
        {"# clstep: sub-group-size 0\nk.cl\nk\n1 1 1\n1 1 1\n", 1,
         "Invalid clstep directive: sub-group-size takes 1 to 1024 (work-items)"},
        {"# clstep: sub-group-size 4096\nk.cl\nk\n1 1 1\n1 1 1\n", 1,
         "Invalid clstep directive: sub-group-size takes 1 to 1024 (work-items)"},
        {"# clstep: build-options -D N=4 -Q\nk.cl\nk\n1 1 1\n1 1 1\n", 1,
         "Invalid clstep directive: build-options: unknown build option '-Q' "
         "(CL_INVALID_BUILD_OPTIONS)"},
        {"# clstep: work-dim 1\nk.cl\nk\n4 2 1\n1 1 1\n", 4,
         "work-dim 1, but dimension Y has a size other than 1 or an offset"},
    };
    for (const Case& c : cases) {
        std::vector<Diagnostic> diags;
        QVERIFY(!SimParser::parse(c.text, "", 0, diags));
        QCOMPARE(diags.size(), size_t(1));
        QCOMPARE(diags[0].message, std::string(c.message));
        QCOMPARE(diags[0].range.begin.line, c.line);
    }
}

void TestSimParser::mutatedFilesGiveOneDiagnostic() {
    // Random edits of a valid file: never a crash or an exception, and a rejected file gets
    // exactly one error.
    const std::string base = readText(kData.toStdString() + "/dumps/mixed.sim");
    KernelSignature sig{{param("out", ParamAddressSpace::Global, "int*", 8),
                         param("a", ParamAddressSpace::Private, "int", 4),
                         param("b", ParamAddressSpace::Private, "float", 4),
                         param("l", ParamAddressSpace::Local, "int*", 8),
                         param("n", ParamAddressSpace::Global, "int*", 8),
                         param("c", ParamAddressSpace::Private, "char", 1),
                         param("u", ParamAddressSpace::Private, "ulong", 8),
                         param("p", ParamAddressSpace::Private, "Point", 12),
                         param("k", ParamAddressSpace::Constant, "float*", 8)},
                        true};
    const std::string alphabet = "<>#=:-.x0129 \n\tsizefillrangehexdumpnullnoinit";
    QRandomGenerator rng(20240611);
    for (int iteration = 0; iteration < 3000; ++iteration) {
        std::string text = base;
        for (int edits = rng.bounded(1, 4); edits > 0; --edits) {
            auto pos = rng.bounded(int(text.size()));
            switch (rng.bounded(3)) {
            case 0:
                text.erase(pos, rng.bounded(1, 4));
                break;
            case 1:
                text.insert(text.begin() + pos, alphabet[rng.bounded(int(alphabet.size()))]);
                break;
            default:
                text[pos] = alphabet[rng.bounded(int(alphabet.size()))];
                break;
            }
        }
        std::vector<Diagnostic> diags;
        auto config = SimParser::parse(text, "m.sim", 1, diags, &sig);
        auto errors = std::count_if(diags.begin(), diags.end(), [](const Diagnostic& d) {
            return d.severity == Severity::Error;
        });
        QVERIFY2(config ? errors == 0 : errors == 1, text.c_str());
        for (const Diagnostic& d : diags)
            QVERIFY2(!d.message.empty() && d.kind == DiagnosticKind::LaunchFile, text.c_str());
    }
}

QTEST_APPLESS_MAIN(TestSimParser)
#include "tst_simparser.moc"
