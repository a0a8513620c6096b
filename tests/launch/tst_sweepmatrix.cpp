// Tests for the launch sweep's matrix and comparisons (docs/sweep.md): the work-group sizes
// that divide a global size, the product of the lists, `__local` arguments scaled per
// work-item or pinned, the --local list syntax, and dumped elements compared (integers
// exactly, floats within N ulp).

#include "launch/BufferComparison.h"
#include "launch/SweepMatrix.h"

#include <QTest>

#include <cstring>

using namespace clstep;
using namespace clstep::launch;

namespace {

std::vector<uint8_t> floats(std::initializer_list<float> values) {
    std::vector<uint8_t> out(values.size() * 4);
    size_t i = 0;
    for (float v : values)
        std::memcpy(out.data() + 4 * i++, &v, 4);
    return out;
}

float nextUp(float v, int n) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    bits += static_cast<uint32_t>(n);
    std::memcpy(&v, &bits, 4);
    return v;
}

} // namespace

class TestSweepMatrix : public QObject {
    Q_OBJECT
private slots:
    void dividingSizes() {
        using Size = std::array<uint64_t, 3>;
        QCOMPARE(
            SweepMatrix::dividingSizes({12, 1, 1}, 1, 1024),
            (std::vector<Size>{{1, 1, 1}, {2, 1, 1}, {3, 1, 1}, {4, 1, 1}, {6, 1, 1}, {12, 1, 1}}));
        // 2-D: both dimensions divide, at most 8 work-items in all
        const auto two = SweepMatrix::dividingSizes({4, 4, 1}, 2, 8);
        QCOMPARE(two.size(), size_t(8)); // 9 pairs of {1,2,4}, less 4x4
        QVERIFY(std::find(two.begin(), two.end(), Size{4, 4, 1}) == two.end());
        QVERIFY(std::find(two.begin(), two.end(), Size{2, 4, 1}) != two.end());
        // dimensions past `dims` stay 1
        QCOMPARE(SweepMatrix::dividingSizes({2, 3, 5}, 1, 1024).size(), size_t(2));
    }

    void expandIsTheProductInOrder() {
        SweepMatrixOptions o;
        o.localSizes = {{8, 1, 1}, {16, 1, 1}};
        o.randomSchedules = 1;
        o.bigEndian = {false, true};
        NDRange range;
        range.dims = 3;
        range.global = {64, 1, 1};
        const auto c = SweepMatrix::expand(o, range, false);
        QCOMPARE(c.size(), size_t(2 * 4 * 2));
        QCOMPARE(QString::fromStdString(c[0].name()),
                 QStringLiteral("local 8, in-order, little-endian"));
        QCOMPARE(QString::fromStdString(c[7].name()),
                 QStringLiteral("local 8, random seed 1, big-endian"));
        QCOMPARE(QString::fromStdString(c[8].name()),
                 QStringLiteral("local 16, in-order, little-endian"));
        o.usesSubGroups = true;
        o.bigEndian.clear();
        o.randomSchedules = 0;
        const auto s = SweepMatrix::expand(o, range, false);
        QCOMPARE(s.size(), size_t(2 * 4 * 3)); // sub-groups 8, 16, 32, 64
        QCOMPARE(QString::fromStdString(s[3].name()),
                 QStringLiteral("local 8, sub-group 16, in-order"));
    }

    void localArgumentsKeepTheirBytesPerWorkItem() {
        std::vector<KernelArgument> args(3);
        args[0].kind = KernelArgument::Kind::Local;
        args[0].name = "scratch";
        args[0].size = 64; // 16 work-items x 4 bytes
        args[1].kind = KernelArgument::Kind::Local;
        args[1].name = "table";
        args[1].size = 256;
        args[2].kind = KernelArgument::Kind::Buffer;
        args[2].name = "out";
        args[2].size = 4;
        auto a = SweepMatrix::argumentsFor(args, {16, 1, 1}, {8, 4, 1}, {"table"});
        QCOMPARE(a[0].size, uint64_t(128)); // 32 work-items
        QCOMPARE(a[1].size, uint64_t(256)); // pinned
        QCOMPARE(a[2].size, uint64_t(4));   // not __local
        a = SweepMatrix::argumentsFor(args, {16, 1, 1}, {1, 1, 1}, {});
        QCOMPARE(a[0].size, uint64_t(4));
        QCOMPARE(a[1].size, uint64_t(16));
        args[0].size = 10; // not a multiple: rounded up to whole bytes
        a = SweepMatrix::argumentsFor(args, {16, 1, 1}, {8, 1, 1}, {});
        QCOMPARE(a[0].size, uint64_t(5));
        a = SweepMatrix::argumentsFor(args, {16, 1, 1}, {3, 1, 1}, {});
        QCOMPARE(a[0].size, uint64_t(2)); // 10 * 3 / 16 = 1.875
    }

    void localLists() {
        std::vector<std::array<uint64_t, 3>> out;
        std::string why;
        QVERIFY(SweepMatrix::parseLocalList("8,16x2,4x4x4", out, why));
        QCOMPARE(out.size(), size_t(3));
        QCOMPARE(out[1], (std::array<uint64_t, 3>{16, 2, 1}));
        QCOMPARE(out[2], (std::array<uint64_t, 3>{4, 4, 4}));
        for (const char* bad : {"", "0", "8,", ",8", "8,,16", "-4", "8y8", "1x2x3x4"}) {
            out.clear();
            QVERIFY2(!SweepMatrix::parseLocalList(bad, out, why), bad);
        }
    }

    void floatsWithinUlp() {
        const float one = 1.0f;
        const std::vector<uint8_t> a = floats({one, 0.0f, NAN, 5.0f});
        const std::vector<uint8_t> b = floats({nextUp(one, 2), -0.0f, NAN, nextUp(5.0f, -1)});
        KernelArgSpec spec;
        spec.name = "x";
        spec.type = ElementType::Float;
        uint64_t total = 0;
        auto d = BufferComparison::differences(spec, a, b, 0, 10, &total);
        QCOMPARE(total, uint64_t(2)); // +0 == -0, NaN == NaN
        QCOMPARE(d[0].index, uint64_t(0));
        QCOMPARE(d[1].index, uint64_t(3));
        BufferComparison::differences(spec, a, b, 1, 10, &total);
        QCOMPARE(total, uint64_t(1)); // 1 ulp apart at index 3
        BufferComparison::differences(spec, a, b, 2, 10, &total);
        QCOMPARE(total, uint64_t(0));
        // across zero: the smallest positive and negative subnormals are 2 ulp apart
        const std::vector<uint8_t> tiny = floats({nextUp(0.0f, 1)});
        const std::vector<uint8_t> minusTiny = floats({-nextUp(0.0f, 1)});
        QVERIFY(
            !BufferComparison::equalElements(ElementType::Float, tiny.data(), minusTiny.data(), 1));
        QVERIFY(
            BufferComparison::equalElements(ElementType::Float, tiny.data(), minusTiny.data(), 2));
        // integers exactly, whatever --ulp says
        const uint32_t i1 = 7, i2 = 8;
        QVERIFY(!BufferComparison::equalElements(ElementType::UInt,
                                                 reinterpret_cast<const uint8_t*>(&i1),
                                                 reinterpret_cast<const uint8_t*>(&i2), 100));
        // a shorter buffer: the missing elements differ
        spec.type = ElementType::Int;
        std::vector<uint8_t> four(8, 0), two(4, 0);
        d = BufferComparison::differences(spec, four, two, 0, 10, &total);
        QCOMPARE(total, uint64_t(1));
        QCOMPARE(QString::fromStdString(d[0].second), QStringLiteral("(none)"));
    }
};

QTEST_GUILESS_MAIN(TestSweepMatrix)
#include "tst_sweepmatrix.moc"
