// Tests for BufferDump: byte-identical to oclgrind-kernel's `dump` output.
//
// tests/data/launch/dumps/*.ref are the stdout of `oclgrind-kernel X.sim` (Oclgrind 21.10) for
// the .sim files next to them; see tests/data/launch/README.md for the command. The kernels
// leave their buffers alone, except bits.cl, which copies integer bit patterns into float and
// double buffers (the .sim format cannot spell inf and NaN).

#include "common/SourceManager.h"
#include "launch/BufferDump.h"
#include "launch/SignatureFromSource.h"
#include "launch/SimParser.h"

#include <QDir>
#include <QTest>

#include <array>
#include <bit>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

using namespace clstep;
using namespace clstep::launch;

namespace {

const QString kDumps = QStringLiteral(CLSTEP_SOURCE_DIR "/tests/data/launch/dumps");

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

template <typename T>
std::vector<uint8_t> bytesOf(T value) {
    auto raw = std::bit_cast<std::array<uint8_t, sizeof(T)>>(value);
    return {raw.begin(), raw.end()};
}

} // namespace

class TestBufferDump : public QObject {
    Q_OBJECT

private slots:
    void matchesOclgrind_data();
    void matchesOclgrind();
    void elements_data();
    void elements();
    void emptyAndPartialBuffers();
    void specOverload();
};

void TestBufferDump::matchesOclgrind_data() {
    QTest::addColumn<QString>("file");
    for (const QString& f : QDir(kDumps).entryList({"*.sim"}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << kDumps + "/" + f;
}

void TestBufferDump::matchesOclgrind() {
    QFETCH(QString, file);
    const std::string path = file.toStdString();
    SourceManager sources;
    std::vector<Diagnostic> diags;
    auto config = SimParser::parseFile(sources, path, diags);
    QVERIFY(config);
    auto sig = test::signatureFromSource(readText(config->kernelFile), config->kernelName);
    QVERIFY(sig);
    if (config->kernelName == "mixed") sig->params[7].sizeBytes = 12; // struct Point
    QVERIFY(SimParser::bind(*config, *sig, diags));
    QVERIFY(diags.empty());

    // What each dumped buffer holds after the kernel ran.
    const std::map<std::string, std::string> copiedFrom = {
        {"out", "in"}, {"outh", "in"}, {"dout", "din"}, {"douth", "din"}};
    std::string dump;
    for (const KernelArgSpec& arg : config->args) {
        if (!arg.dump) continue;
        std::vector<uint8_t> final = arg.bytes;
        if (config->kernelName == "bits") {
            for (const KernelArgSpec& source : config->args)
                if (source.name == copiedFrom.at(arg.name)) final = source.bytes;
        }
        QCOMPARE(final.size(), arg.size);
        dump += BufferDump::format(arg, final);
    }
    const std::string ref = readText(path.substr(0, path.size() - 4) + ".ref");
    QCOMPARE(QString::fromStdString(dump), QString::fromStdString(ref));
}

void TestBufferDump::elements_data() {
    QTest::addColumn<int>("type");
    QTest::addColumn<bool>("hex");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    auto row = [](const char* name, ElementType t, bool hex, std::vector<uint8_t> b,
                  const char* text) {
        QTest::newRow(name) << int(t) << hex
                            << QByteArray(reinterpret_cast<const char*>(b.data()), b.size())
                            << QString(text);
    };
    using E = ElementType;
    const float inf = std::numeric_limits<float>::infinity();
    // Every expected text below also appears in a .ref file printed by oclgrind-kernel.
    row("char as number", E::Char, false, bytesOf<int8_t>(65), "65");
    row("char -128", E::Char, false, bytesOf<int8_t>(-128), "-128");
    row("uchar 255", E::UChar, false, bytesOf<uint8_t>(255), "255");
    row("long min", E::Long, false, bytesOf<int64_t>(std::numeric_limits<int64_t>::min()),
        "-9223372036854775808");
    row("ulong max", E::ULong, false, bytesOf<uint64_t>(~uint64_t(0)), "18446744073709551615");
    row("float 6 digits", E::Float, false, bytesOf(123456.789f), "123457");
    row("float 1e-7", E::Float, false, bytesOf(1e-7f), "1e-07");
    row("float 16777217", E::Float, false, bytesOf(16777217.0f), "1.67772e+07");
    row("float -0", E::Float, false, bytesOf(-0.0f), "-0");
    row("float inf", E::Float, false, bytesOf(inf), "inf");
    row("float -inf", E::Float, false, bytesOf(-inf), "-inf");
    row("float nan", E::Float, false, bytesOf(0x7fc00000u), "nan");
    row("float -nan", E::Float, false, bytesOf(0xffc00000u), "-nan");
    row("float denormal", E::Float, false, bytesOf(0x00000001u), "1.4013e-45");
    row("double 0.1", E::Double, false, bytesOf(0.1), "0.1");
    row("double min denormal", E::Double, false, bytesOf(uint64_t(1)), "4.94066e-324");
    row("hex char -1", E::Char, true, bytesOf<int8_t>(-1), "0xffffffff");
    row("hex char 127", E::Char, true, bytesOf<int8_t>(127), "0x7f");
    row("hex uchar 0", E::UChar, true, bytesOf<uint8_t>(0), "0x00");
    row("hex short -1", E::Short, true, bytesOf<int16_t>(-1), "0xffff");
    row("hex ushort 0", E::UShort, true, bytesOf<uint16_t>(0), "0x0000");
    row("hex int min", E::Int, true, bytesOf<int32_t>(std::numeric_limits<int32_t>::min()),
        "0x80000000");
    row("hex uint 1", E::UInt, true, bytesOf<uint32_t>(1), "0x00000001");
    row("hex long -1", E::Long, true, bytesOf<int64_t>(-1), "0xffffffffffffffff");
    row("hex float stays decimal", E::Float, true, bytesOf(1000.0f), "0x00001000");
    row("hex float -inf", E::Float, true, bytesOf(-inf), "0x0000-inf");
    row("hex float 1.5", E::Float, true, bytesOf(1.5f), "0x000001.5");
    row("hex double -0", E::Double, true, bytesOf(-0.0), "0x00000000000000-0");
    row("hex double denormal", E::Double, true, bytesOf(uint64_t(1)), "0x00004.94066e-324");
}

void TestBufferDump::elements() {
    QFETCH(int, type);
    QFETCH(bool, hex);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    auto t = static_cast<ElementType>(type);
    QCOMPARE(size_t(bytes.size()), elementSize(t));
    std::string text =
        BufferDump::formatElement(t, hex, reinterpret_cast<const uint8_t*>(bytes.constData()));
    QCOMPARE(QString::fromStdString(text), expected);
}

void TestBufferDump::emptyAndPartialBuffers() {
    QCOMPARE(BufferDump::format("x", ElementType::Int, false, {}),
             std::string("\nArgument 'x': 0 bytes\n\n"));
    // A size that is not a multiple of the element: the header counts all bytes, the
    // elements only whole ones (oclgrind divides size by sizeof(T)).
    std::vector<uint8_t> six = {1, 0, 0, 0, 2, 0};
    QCOMPARE(BufferDump::format("p", ElementType::Int, false, six),
             std::string("\nArgument 'p': 6 bytes\n  p[0] = 1\n\n"));
    std::vector<uint8_t> two = {0xff, 0x01};
    QCOMPARE(BufferDump::format("h", ElementType::UChar, true, two),
             std::string("\nArgument 'h': 2 bytes\n  h[0] = 0xff\n  h[1] = 0x01\n\n"));
}

void TestBufferDump::specOverload() {
    KernelArgSpec spec;
    spec.name = "buf";
    spec.type = ElementType::Short;
    spec.hex = true;
    std::vector<uint8_t> bytes = {0x34, 0x12};
    QCOMPARE(BufferDump::format(spec, bytes),
             std::string("\nArgument 'buf': 2 bytes\n  buf[0] = 0x1234\n\n"));
    spec.type.reset(); // untyped: bytes
    spec.hex = false;
    QCOMPARE(BufferDump::format(spec, bytes),
             std::string("\nArgument 'buf': 2 bytes\n  buf[0] = 52\n  buf[1] = 18\n\n"));
}

QTEST_APPLESS_MAIN(TestBufferDump)
#include "tst_bufferdump.moc"
