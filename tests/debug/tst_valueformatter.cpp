// debug::ValueFormatter, the one value formatter: the default style (console, Session,
// scratchpad) and the compact style of the GUI's memory panes, scalar components by TypeKind,
// vectors, hex integers, pointers through debug::describe, and half-way rounding.
#include "debug/AddressView.h"
#include "debug/ValueFormatter.h"

#include "core/Address.h"

#include <QtTest>

#include <cstring>

using namespace clstep;
using namespace clstep::debug;

namespace {
template <typename T>
std::array<uint8_t, 8> bytesOf(T v) {
    std::array<uint8_t, 8> b{};
    std::memcpy(b.data(), &v, sizeof v);
    return b;
}
} // namespace

class TestValueFormatter : public QObject {
    Q_OBJECT
private slots:
    void defaultAndCompactStyles() {
        const ValueFormatter exact(false), compact(false, ValueFormatter::compact());
        const auto third = bytesOf(1.0f / 3.0f);
        QCOMPARE(exact.scalar(TypeKind::Float, third.data()), std::string("0.333333343"));
        QCOMPARE(compact.scalar(TypeKind::Float, third.data()), std::string("0.3333333"));
        const auto d = bytesOf(0.1);
        QCOMPARE(exact.scalar(TypeKind::Double, d.data()), std::string("0.10000000000000001"));
        QCOMPARE(compact.scalar(TypeKind::Double, d.data()), std::string("0.1"));
        const auto minus = bytesOf(int32_t(-7));
        QCOMPARE(exact.scalar(TypeKind::Int, minus.data()), std::string("-7"));
        QCOMPARE(ValueFormatter(false, ValueFormatter::compact(true))
                     .scalar(TypeKind::Int, minus.data()),
                 std::string("0xfffffff9"));
    }

    void halfWayDigitsRoundAwayFromZeroInTheCompactStyle() {
        // 837866.25 has 8 significant digits: 7 digits end exactly half-way
        const auto tie = bytesOf(837866.25f);
        QCOMPARE(ValueFormatter(false).scalar(TypeKind::Float, tie.data()),
                 std::string("837866.25"));
        QCOMPARE(
            ValueFormatter(false, ValueFormatter::compact()).scalar(TypeKind::Float, tie.data()),
            std::string("837866.3"));
        const auto negativeZero = bytesOf(-0.0f);
        QCOMPARE(ValueFormatter(false, ValueFormatter::compact())
                     .scalar(TypeKind::Float, negativeZero.data()),
                 std::string("0"));
        const auto big = bytesOf(12345678.0f);
        QCOMPARE(
            ValueFormatter(false, ValueFormatter::compact()).scalar(TypeKind::Float, big.data()),
            std::string("1.234568e+07"));
    }

    void vectorsAndPartialRows() {
        const uint8_t le[] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0};
        const ValueFormatter f(false, ValueFormatter::compact());
        QCOMPARE(f.components(TypeKind::Int, 4, le, sizeof le), std::string("(int4)(1, 2)"));
        QCOMPARE(f.components(TypeKind::UChar, 2, le, sizeof le), std::string("(uchar2)(1, 0)"));
        QCOMPARE(f.components(TypeKind::Int, 1, le, sizeof le), std::string("1"));
        QCOMPARE(ValueFormatter::hexBytes(le, 3), std::string("01 00 00"));
        QCOMPARE(ValueFormatter::componentBytes(TypeKind::Half), 2);
        QCOMPARE(std::string(ValueFormatter::componentName(TypeKind::ULong)), std::string("ulong"));
    }

    void pointersAndAddresses() {
        const uint64_t a = address::make(AddressSpace::Local, 2, 0x10);
        const AddressView v = describe(a);
        QVERIFY(!v.null);
        QCOMPARE(v.space, AddressSpace::Local);
        QCOMPARE(v.buffer, 2u);
        QCOMPARE(v.offset, uint64_t(0x10));
        QCOMPARE(v.text, std::string("local #2 + 0x10"));
        QCOMPARE(describe(0).text, std::string("NULL"));
        QVERIFY(describe(0).null);
        const auto p = bytesOf(a);
        QCOMPARE(ValueFormatter(false).scalar(TypeKind::Pointer, p.data()),
                 std::string("__local buffer 2 + 16"));
        QCOMPARE(
            ValueFormatter(false, ValueFormatter::compact()).scalar(TypeKind::Pointer, p.data()),
            std::string("local #2 + 0x10"));
    }
};

QTEST_APPLESS_MAIN(TestValueFormatter)
#include "tst_valueformatter.moc"
