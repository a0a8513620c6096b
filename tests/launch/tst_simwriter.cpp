// Tests for SimWriter: written .sim files read back (by SimParser, and by oclgrind-kernel when
// it is installed) to the same launch.

#include "common/SourceManager.h"
#include "launch/ArgParser.h"
#include "launch/BufferDump.h"
#include "launch/SignatureFromSource.h"
#include "launch/SimParser.h"
#include "launch/SimWriter.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <bit>
#include <fstream>
#include <limits>
#include <sstream>

using namespace clstep;
using namespace clstep::launch;

namespace {

const QString kDumps = QStringLiteral(CLSTEP_SOURCE_DIR "/tests/data/launch/dumps");
const QString kSamples = QStringLiteral(CLSTEP_SOURCE_DIR "/samples");

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

QString describe(const std::vector<Diagnostic>& diags) {
    QStringList out;
    for (const Diagnostic& d : diags)
        out << QString("%1:%2: %3")
                   .arg(d.range.begin.line)
                   .arg(d.range.begin.column)
                   .arg(QString::fromStdString(d.message));
    return out.join(" | ");
}

KernelSignature signatureFor(const LaunchConfig& config) {
    auto sig = test::signatureFromSource(readText(config.kernelFile), config.kernelName);
    if (config.kernelName == "mixed") sig->params[7].sizeBytes = 12; // struct Point
    return *sig;
}

/// Everything that must survive a write and a read.
void compareLaunches(const LaunchConfig& a, const LaunchConfig& b) {
    QCOMPARE(b.kernelFile, a.kernelFile);
    QCOMPARE(b.kernelName, a.kernelName);
    QCOMPARE(b.globalSize, a.globalSize);
    QCOMPARE(b.localSizeGiven, a.localSizeGiven);
    if (a.localSizeGiven) QCOMPARE(b.localSize, a.localSize);
    QCOMPARE(b.workDim, a.workDim);
    QCOMPARE(b.globalOffset, a.globalOffset);
    QCOMPARE(b.args.size(), a.args.size());
    for (size_t i = 0; i < a.args.size(); ++i) {
        const KernelArgSpec& x = a.args[i];
        const KernelArgSpec& y = b.args[i];
        QCOMPARE(y.kind, x.kind);
        QCOMPARE(y.name, x.name);
        QCOMPARE(y.type, x.type);
        QCOMPARE(y.size, x.size);
        QCOMPARE(y.fill, x.fill);
        QCOMPARE(y.range, x.range);
        QCOMPARE(y.noinit, x.noinit);
        QCOMPARE(y.dump, x.dump);
        QCOMPARE(y.hex, x.hex);
        QCOMPARE(y.readOnly, x.readOnly);
        QCOMPARE(y.writeOnly, x.writeOnly);
        QCOMPARE(y.contentsKnown, x.contentsKnown);
        QCOMPARE(y.bytes, x.bytes);
        if (x.dump) QCOMPARE(BufferDump::format(y, y.bytes), BufferDump::format(x, x.bytes));
    }
}

template <typename T>
std::vector<uint8_t> bytesOf(std::initializer_list<T> values) {
    std::vector<uint8_t> out;
    for (T v : values)
        for (uint8_t b : std::bit_cast<std::array<uint8_t, sizeof(T)>>(v))
            out.push_back(b);
    return out;
}

} // namespace

class TestSimWriter : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void oclgrindReadsWrittenFiles_data();
    void oclgrindReadsWrittenFiles();
    void exactText();
    void commandLineLaunch();
    void nonFiniteFloats();
    void unboundValuesKeepTheirText();
    void errors();
    void debuggerSettingsRoundTrip();
};

// Issue #16: device byte order, schedule and checks are saved with the launch.
void TestSimWriter::debuggerSettingsRoundTrip() {
    std::vector<Diagnostic> diags;
    auto config = SimParser::parse("k.cl\nk\n1 1 1\n1 1 1\n", "", 0, diags);
    QVERIFY(config);
    config->deviceBigEndian = true;
    config->schedule = "random";
    config->scheduleSeed = 42;
    config->checks = std::vector<std::string>{"races", "uninitialized"};
    config->subGroupSize = 16;
    config->buildOptions = "-D N=4 -I inc";
    auto text = SimWriter::write(*config, diags, "");
    QVERIFY2(text, qPrintable(describe(diags)));
    QVERIFY(text->find("# clstep: device-endian big\n") != std::string::npos);
    QVERIFY(text->find("# clstep: schedule random 42\n") != std::string::npos);
    QVERIFY(text->find("# clstep: checks races,uninitialized\n") != std::string::npos);
    auto reread = SimParser::parse(*text, "", 0, diags);
    QVERIFY2(reread && diags.empty(), qPrintable(describe(diags)));
    QCOMPARE(reread->deviceBigEndian, config->deviceBigEndian);
    QCOMPARE(reread->schedule, config->schedule);
    QCOMPARE(reread->scheduleSeed, uint64_t(42));
    QCOMPARE(reread->checks, config->checks);
    QVERIFY(text->find("# clstep: sub-group-size 16\n") != std::string::npos);
    QCOMPARE(reread->subGroupSize, std::optional<uint32_t>(16));
    QVERIFY(text->find("# clstep: build-options -D N=4 -I inc\n") != std::string::npos);
    QCOMPARE(reread->buildOptions, config->buildOptions);
}

void TestSimWriter::roundTrip_data() {
    QTest::addColumn<QString>("file");
    for (const QString& dir : {kDumps, kSamples})
        for (const QString& f : QDir(dir).entryList({"*.sim"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(QDir(dir).dirName() + "/" + f)) << dir + "/" + f;
}

void TestSimWriter::roundTrip() {
    QFETCH(QString, file);
    const std::string path = file.toStdString();
    SourceManager sources;
    std::vector<Diagnostic> diags;
    auto original = SimParser::parseFile(sources, path, diags);
    QVERIFY(original);
    KernelSignature sig = signatureFor(*original);
    QVERIFY(SimParser::bind(*original, sig, diags));

    auto text = SimWriter::write(*original, diags, path);
    QVERIFY2(text, qPrintable(describe(diags)));
    QVERIFY2(diags.empty(), qPrintable(describe(diags)));
    QVERIFY(text->ends_with("\n"));
    auto reread = SimParser::parse(*text, path, 0, diags, &sig);
    QVERIFY2(reread, qPrintable(describe(diags) + "\n" + QString::fromStdString(*text)));
    QVERIFY2(diags.empty(), qPrintable(describe(diags)));
    compareLaunches(*original, *reread);
    // Writing is a fixed point.
    QCOMPARE(*SimWriter::write(*reread, diags, path), *text);
}

void TestSimWriter::oclgrindReadsWrittenFiles_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : QDir(kDumps).entryList({"*.sim"}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << kDumps + "/" + f;
}

void TestSimWriter::oclgrindReadsWrittenFiles() {
    // oclgrind-kernel prints the same dumps for the written file as for the original (.ref).
    QFETCH(QString, file);
    const QString oclgrind = QStandardPaths::findExecutable("oclgrind-kernel");
    if (oclgrind.isEmpty()) QSKIP("oclgrind-kernel is not installed");
    const std::string path = file.toStdString();
    SourceManager sources;
    std::vector<Diagnostic> diags;
    auto config = SimParser::parseFile(sources, path, diags);
    QVERIFY(config && SimParser::bind(*config, signatureFor(*config), diags));

    QTemporaryDir dir;
    const QString written = dir.filePath("sub/written.sim");
    QVERIFY(QDir().mkpath(dir.filePath("sub")));
    auto text = SimWriter::write(*config, diags, written.toStdString());
    QVERIFY(text);
    QCOMPARE(
        QString::fromStdString(text->substr(0, text->find('\n'))),
        QDir(dir.filePath("sub")).relativeFilePath(QString::fromStdString(config->kernelFile)));
    std::ofstream(written.toStdString(), std::ios::binary) << *text;

    QProcess run;
    run.setWorkingDirectory(dir.filePath("sub"));
    run.start(oclgrind, {"written.sim"});
    QVERIFY(run.waitForFinished(120000));
    QCOMPARE(run.exitCode(), 0);
    const std::string ref = readText(path.substr(0, path.size() - 4) + ".ref");
    QCOMPARE(QString::fromUtf8(run.readAllStandardOutput()), QString::fromStdString(ref));
}

void TestSimWriter::exactText() {
    LaunchConfig config;
    config.kernelFileAsWritten = "vec.cl";
    config.kernelName = "vec";
    config.globalSize = {20, 1, 1};
    config.localSize = {4, 1, 1};
    KernelArgSpec a;
    a.kind = ArgKind::Buffer;
    a.name = "a";
    a.type = ElementType::Float;
    a.size = 80;
    a.sizeGiven = a.contentsKnown = a.dump = true;
    for (int i = 0; i < 20; ++i) {
        float v = i * 0.1f;
        for (uint8_t b : std::bit_cast<std::array<uint8_t, 4>>(v))
            a.bytes.push_back(b);
    }
    KernelArgSpec b;
    b.kind = ArgKind::Scalar;
    b.name = "n";
    b.writtenType = b.type = ElementType::Short;
    b.hex = b.contentsKnown = b.sizeGiven = true;
    b.size = 4;
    b.bytes = bytesOf<int16_t>({-255, 0x7fff});
    KernelArgSpec c;
    c.kind = ArgKind::Local;
    c.size = 64;
    c.sizeGiven = true;
    KernelArgSpec d;
    d.kind = ArgKind::Null;
    config.args = {a, b, c, d};
    std::vector<Diagnostic> diags;
    auto text = SimWriter::write(config, diags);
    QVERIFY(text && diags.empty());
    QCOMPARE(QString::fromStdString(*text),
             QString("vec.cl\n"
                     "vec\n"
                     "20 1 1\n"
                     "4 1 1\n"
                     "\n"
                     "# a\n"
                     "<size=80 float dump>\n"
                     "0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.90000004 1 1.1 1.2 1.3000001 1.4 1.5\n"
                     "1.6 1.7 1.8000001 1.9\n"
                     "\n"
                     "# n\n"
                     "<size=4 short hex>\n"
                     "-ff 7fff\n"
                     "\n"
                     "<size=64>\n"
                     "\n"
                     "<null>\n"));
}

void TestSimWriter::commandLineLaunch() {
    // A launch built by the CLI (no .sim): clstep's extras go into comment directives.
    std::vector<Diagnostic> diags;
    LaunchConfig config;
    config.kernelFile = "/tmp/kernels/k.cl";
    config.kernelName = "k";
    config.globalSize = {64, 8, 1};
    config.workDim = 2;
    config.localSizeGiven = false;
    config.globalOffset = std::array<uint64_t, 3>{16, 0, 0};
    config.args.push_back(*ArgParser::parse("<size=16 uint range=0:1:3 dump hex>", 0, 0, diags));
    config.args.push_back(*ArgParser::parse("<size=16 long>\n -1\n 2", 0, 1, diags));
    QVERIFY2(diags.empty(), qPrintable(describe(diags)));
    auto text = SimWriter::write(config, diags, "/tmp/sims/launch.sim");
    QVERIFY2(text, qPrintable(describe(diags)));
    QCOMPARE(QString::fromStdString(*text), QString("# clstep: work-dim 2\n"
                                                    "# clstep: global-offset 16 0 0\n"
                                                    "# clstep: local-size auto\n"
                                                    "../kernels/k.cl\n"
                                                    "k\n"
                                                    "64 8 1\n"
                                                    "1 1 1\n"
                                                    "\n"
                                                    "<size=16 uint hex dump range=0:1:3>\n"
                                                    "\n"
                                                    "<size=16 long>\n"
                                                    "-1 2\n"));
    auto reread = SimParser::parse(*text, "/tmp/sims/launch.sim", 0, diags);
    QVERIFY(reread && SimParser::readUnbound(*reread, diags));
    QCOMPARE(reread->kernelFile, config.kernelFile);
    QCOMPARE(reread->workDim, 2u);
    QVERIFY(!reread->localSizeGiven);
    QCOMPARE(reread->globalOffset, config.globalOffset);
    QCOMPARE(reread->args[0].bytes, config.args[0].bytes);
    QCOMPARE(reread->args[1].bytes, bytesOf<int64_t>({-1, 2}));
}

void TestSimWriter::nonFiniteFloats() {
    std::vector<Diagnostic> diags;
    auto spec = ArgParser::parse("<size=12 float dump> 1 2 3", 0, 0, diags);
    QVERIFY(spec);
    const float inf = std::numeric_limits<float>::infinity();
    spec->bytes = bytesOf<float>({inf, -0.0f, std::numeric_limits<float>::quiet_NaN()});
    auto text = SimWriter::writeArgument(*spec, 0, diags);
    QVERIFY(text);
    QCOMPARE(QString::fromStdString(*text),
             QString("<size=12 uint hex dump>\n7f800000 80000000 7fc00000\n"));
    QCOMPARE(diags.size(), size_t(1));
    QCOMPARE(diags[0].severity, Severity::Warning);
    auto reread = ArgParser::parse(*text, 0, 0, diags);
    QVERIFY(reread);
    QCOMPARE(reread->bytes, spec->bytes); // same bits, now typed uint
    QCOMPARE(reread->type, std::optional(ElementType::UInt));
    // Finite extremes, denormals and -0 are written exactly.
    spec->bytes = bytesOf<float>(
        {std::numeric_limits<float>::max(), std::numeric_limits<float>::denorm_min(), -0.0f});
    diags.clear();
    text = SimWriter::writeArgument(*spec, 0, diags);
    QVERIFY(text && diags.empty());
    QCOMPARE(ArgParser::parse(*text, 0, 0, diags)->bytes, spec->bytes);
}

void TestSimWriter::unboundValuesKeepTheirText() {
    std::vector<Diagnostic> diags;
    auto config = SimParser::parse("k.cl\nk\n1 1 1\n1 1 1\n<size=8> 0x1 2 # untyped\n<size=4 "
                                   "noinit ro>\n",
                                   "", 0, diags);
    QVERIFY(config && SimParser::readUnbound(*config, diags));
    auto text = SimWriter::write(*config, diags);
    QVERIFY(text);
    QCOMPARE(QString::fromStdString(*text),
             QString("k.cl\nk\n1 1 1\n1 1 1\n\n<size=8>\n0x1 2\n\n<size=4 ro noinit>\n"));
}

void TestSimWriter::errors() {
    std::vector<Diagnostic> diags;
    LaunchConfig config;
    config.kernelFile = "my kernels/k.cl";
    config.kernelName = "k";
    QVERIFY(!SimWriter::write(config, diags));
    QCOMPARE(diags.size(), size_t(1));
    QVERIFY(diags[0].message.starts_with("cannot write the launch"));

    KernelArgSpec spec;
    spec.kind = ArgKind::Buffer;
    spec.type = ElementType::Int;
    spec.size = 8;
    spec.contentsKnown = true;
    spec.bytes = {1, 2, 3};
    diags.clear();
    QVERIFY(!SimWriter::writeArgument(spec, 4, diags));
    QCOMPARE(diags[0].message, std::string("cannot write argument 4: it has 3 bytes but size=8"));

    spec.fill = "1 2";
    spec.contentsKnown = false;
    diags.clear();
    QVERIFY(!SimWriter::writeArgument(spec, 4, diags));
    QCOMPARE(diags[0].message,
             std::string("cannot write argument 4: header token 'fill=1 2' is not one word"));
}

QTEST_APPLESS_MAIN(TestSimWriter)
#include "tst_simwriter.moc"
