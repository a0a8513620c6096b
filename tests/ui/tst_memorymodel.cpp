// The memory panes' model (MemoryTableModel) and value formats on hand-made snapshots: under
// QAbstractItemModelTester, highlights, race and endianness tooltips, reset-vs-dataChanged
// signalling, combined regions and a 16 MiB buffer.
#include "EndianEvent.h"
#include "MemoryTableModel.h"
#include "ModelFixtures.h"
#include "RaceInfo.h"
#include "SessionState.h"
#include "Theme.h"
#include "ValueFormat.h"

#include "core/Address.h"

#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

using namespace clstep;
using namespace clstep::ui;
using namespace clstep::ui::test;

class TestMemoryModel : public QObject {
    Q_OBJECT
private slots:
    void valueFormats();
    void valueFormatGuess();
    void memoryHighlights();
    void memoryRaceAndEndianTooltips();
    void memoryKeepsRowsOnSameShape();
    void memoryCombinedRegions();
    void memoryLargeBuffer();
};

void TestMemoryModel::valueFormats() {
    const uint8_t le[8] = {0x44, 0x33, 0x22, 0x11, 0x00, 0x00, 0x80, 0x3f};
    QCOMPARE(ValueFormat({ValueFormat::Kind::UInt, 1}).format(le, 4, false),
             QStringLiteral("287454020")); // 0x11223344
    QCOMPARE(ValueFormat({ValueFormat::Kind::UInt, 1}).format(le, 4, true),
             QStringLiteral("1144201745")); // 0x44332211
    QCOMPARE(ValueFormat({ValueFormat::Kind::Float, 1}).format(le + 4, 4, false),
             QStringLiteral("1"));
    QCOMPARE(ValueFormat({ValueFormat::Kind::UChar, 4}).format(le, 4, false),
             QStringLiteral("(uchar4)(68, 51, 34, 17)"));
    QCOMPARE(ValueFormat({ValueFormat::Kind::Char, 1}).format(le + 6, 1, false),
             QStringLiteral("-128"));
    QCOMPARE(ValueFormat({ValueFormat::Kind::HexBytes, 1}).format(le, 3, false),
             QStringLiteral("44 33 22"));
    QCOMPARE(ValueFormat({ValueFormat::Kind::Int, 3}).rowBytes(), 16); // vec3 occupies 4 components
    QCOMPARE(ValueFormat({ValueFormat::Kind::UInt, 1, true}).format(le, 4, false),
             QStringLiteral("0x11223344"));
    QCOMPARE(ValueFormat({ValueFormat::Kind::UInt, 1, true}).format(le, 4, true),
             QStringLiteral("0x44332211"));
    QCOMPARE(ValueFormat({ValueFormat::Kind::UInt, 1, true}).name(), QStringLiteral("uint hex"));
    QVERIFY(ValueFormat::fromName(QStringLiteral("ushort hex")).has_value());
    QCOMPARE(ValueFormat({ValueFormat::Kind::Double, 2}).name(), QStringLiteral("double2"));
    const uint8_t half[2] = {0x00, 0x3c};
    QCOMPARE(ValueFormat({ValueFormat::Kind::Half, 1}).format(half, 2, false), QStringLiteral("1"));
    QVERIFY(ValueFormat::fromName(QStringLiteral("float4")).has_value());
    QCOMPARE(ValueFormat::fromName(QStringLiteral("float4"))->components, 4);
    QVERIFY(!ValueFormat::fromName(QStringLiteral("float5")).has_value());
    QCOMPARE(ValueFormat::formatAddress(0), QStringLiteral("NULL"));
    QCOMPARE(ValueFormat::formatAddress(address::make(AddressSpace::Local, 2, 0x10)),
             QStringLiteral("local #2 + 0x10"));
}

void TestMemoryModel::valueFormatGuess() {
    QCOMPARE(ValueFormat::guessFromType("__global const int *").name(), QStringLiteral("int"));
    QCOMPARE(ValueFormat::guessFromType("__local float4[16]").name(), QStringLiteral("float4"));
    QCOMPARE(ValueFormat::guessFromType("uint").name(), QStringLiteral("uint"));
    QCOMPARE(ValueFormat::guessFromType("struct Particle").name(), QStringLiteral("hex bytes"));
    QCOMPARE(ValueFormat::guessFromType("size_t").name(), QStringLiteral("ulong"));
}

void TestMemoryModel::memoryHighlights() {
    auto s = baseSnapshot();
    auto r = region(AddressSpace::Local, "partial", 1, std::vector<uint8_t>(32, 0));
    r.bytes[4] = 7;
    r.flags[4] |= debug::ByteLastWrite; // row 1
    r.lastAccessor[4] = 1;
    r.lastStep[4] = 10;
    r.flags[8] |= debug::ByteLastRead; // row 2
    r.flags[12] |= debug::ByteRace;    // row 3
    r.flags[16] |= debug::ByteEndian;  // row 4
    r.lastAccessor[20] = 2;            // row 5: read 3 actions ago
    r.lastStep[20] = 7;
    r.lastAccessor[28] = 3; // row 7: written 2 actions ago
    r.lastStep[28] = 8;
    r.flags[28] |= debug::ByteLastAccessWrite;
    for (int i = 24; i < 28; ++i)
        r.flags[i] = 0; // row 6: never written
    s->memory[AddressSpace::Local].push_back(r);
    MemoryTableModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setFormat({ValueFormat::Kind::Int, 1});
    m.setRegion(s, AddressSpace::Local, 0, false);
    QCOMPARE(m.rowCount(), 8);
    QCOMPARE(m.columnCount(), int(MemoryTableModel::ColumnCount));
    auto hl = [&](int row) {
        return m.index(row, 0).data(MemoryTableModel::HighlightRole).toInt();
    };
    QCOMPARE(hl(0), int(MemoryTableModel::NoHighlight));
    QCOMPARE(hl(1), int(MemoryTableModel::WriteHighlight));
    QCOMPARE(hl(2), int(MemoryTableModel::ReadHighlight));
    QCOMPARE(hl(3), int(MemoryTableModel::RaceHighlight));
    QCOMPARE(hl(4), int(MemoryTableModel::EndianHighlight));
    // Regression (issue #16): an older read faded in the write colour.
    QCOMPARE(hl(5), int(MemoryTableModel::RecentReadHighlight));
    QCOMPARE(m.index(5, 0).data(MemoryTableModel::AgeRole).toInt(), 3);
    const QColor readFade = m.index(5, 0).data(Qt::BackgroundRole).value<QColor>();
    QCOMPARE(readFade.rgb(), Theme::lastRead().rgb());
    QVERIFY(readFade.alpha() < 255);
    QCOMPARE(hl(7), int(MemoryTableModel::RecentWriteHighlight));
    QCOMPARE(m.index(7, 0).data(Qt::BackgroundRole).value<QColor>().rgb(),
             Theme::lastWrite().rgb());
    QCOMPARE(hl(6), int(MemoryTableModel::UninitializedHighlight));
    QCOMPARE(m.index(6, MemoryTableModel::ValueColumn).data().toString(), QStringLiteral("?"));
    QVERIFY(m.index(6, 0).data(Qt::FontRole).value<QFont>().italic());
    QCOMPARE(m.index(1, MemoryTableModel::ValueColumn).data().toString(), QStringLiteral("7"));
    QCOMPARE(m.index(1, MemoryTableModel::InfoColumn).data().toString(),
             QStringLiteral("work-item 1"));
    QCOMPARE(m.index(1, 0).data(MemoryTableModel::LastAccessorRole).toLongLong(), 1ll);
    QCOMPARE(m.index(1, 0).data(MemoryTableModel::AddressRole).toULongLong(),
             address::make(AddressSpace::Local, 1, 4));
    QVERIFY(m.index(1, 0).data(MemoryTableModel::FlagsRole).toInt() & debug::ByteLastWrite);
    QCOMPARE(m.rowForOffset(13), 3);
    // Changing the type re-rows the table.
    m.setFormat({ValueFormat::Kind::Short, 2});
    QCOMPARE(m.rowCount(), 8);
    m.setFormat({ValueFormat::Kind::UChar, 1});
    QCOMPARE(m.rowCount(), 32);
    QCOMPARE(m.headerData(MemoryTableModel::ValueColumn, Qt::Horizontal).toString(),
             QStringLiteral("uchar"));
}

void TestMemoryModel::memoryRaceAndEndianTooltips() {
    auto s = baseSnapshot();
    auto r = region(AddressSpace::Local, "partial", 1, {1, 0, 0, 0, 2, 0, 0, 0});
    r.flags[4] |= debug::ByteRace;
    s->memory[AddressSpace::Local].push_back(r);
    s->diagnostics.push_back(race(address::make(AddressSpace::Local, 1, 4), 0, 1, 21, 22));
    auto g = region(AddressSpace::Global, "words", 1, {0x44, 0x33, 0x22, 0x11});
    g.flags[0] |= debug::ByteEndian;
    s->memory[AddressSpace::Global].push_back(g);
    MemoryTableModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setFormat({ValueFormat::Kind::Int, 1});
    m.setRegion(s, AddressSpace::Local, 0, false);
    const QString tip = m.index(1, 0).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("work-item 0 (line 21) and work-item 1 (line 22)")),
             qPrintable(tip));
    QVERIFY(m.index(1, MemoryTableModel::InfoColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("RACE")));
    m.setFormat({ValueFormat::Kind::UInt, 1});
    m.setRegion(s, AddressSpace::Global, 0, true);
    QCOMPARE(m.index(0, MemoryTableModel::ValueColumn).data().toString(),
             QStringLiteral("1144201745"));
    const QString etip = m.index(0, 0).data(Qt::ToolTipRole).toString();
    QVERIFY2(etip.contains(QStringLiteral("before: 0x44332211")) &&
                 etip.contains(QStringLiteral("after: 0x11223344")),
             qPrintable(etip));
}

void TestMemoryModel::memoryKeepsRowsOnSameShape() {
    auto s1 = baseSnapshot();
    s1->memory[AddressSpace::Global].push_back(
        region(AddressSpace::Global, "out", 1, std::vector<uint8_t>(64, 0)));
    auto s2 = std::make_shared<debug::Snapshot>(*s1);
    s2->memory[AddressSpace::Global][0].bytes[0] = 9;
    MemoryTableModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setFormat({ValueFormat::Kind::UChar, 1});
    m.setRegion(s1, AddressSpace::Global, 0, false);
    QSignalSpy resets(&m, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&m, &QAbstractItemModel::dataChanged);
    m.setRegion(s2, AddressSpace::Global, 0, false);
    QCOMPARE(resets.count(), 0);
    QCOMPARE(changes.count(), 1);
    QCOMPARE(m.index(0, MemoryTableModel::ValueColumn).data().toString(), QStringLiteral("9"));
    auto s3 = std::make_shared<debug::Snapshot>(*s1);
    s3->memory[AddressSpace::Global][0].bytes.resize(128);
    s3->memory[AddressSpace::Global][0].flags.resize(128);
    m.setRegion(s3, AddressSpace::Global, 0, false);
    QCOMPARE(resets.count(), 1);
    m.setRegion(nullptr, AddressSpace::Global, 0, false);
    QCOMPARE(m.rowCount(), 0);
}

void TestMemoryModel::memoryCombinedRegions() {
    auto s = baseSnapshot();
    std::vector<uint8_t> ptr(8, 0);
    const uint64_t target = address::make(AddressSpace::Global, 3, 16);
    for (int i = 0; i < 8; ++i)
        ptr[static_cast<size_t>(i)] = static_cast<uint8_t>(target >> (8 * i));
    s->memory[AddressSpace::Private].push_back(region(AddressSpace::Private, "p", 1, ptr));
    s->memory[AddressSpace::Private].push_back(region(AddressSpace::Private, "i", 2, {5, 0, 0, 0}));
    debug::VariableSnapshot vi;
    vi.name = "i";
    vi.type = "int";
    vi.address = address::make(AddressSpace::Private, 2, 0);
    vi.size = 4;
    s->variables.push_back(vi);
    MemoryTableModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QHash<QString, ValueFormat> formats{{QStringLiteral("p"), {ValueFormat::Kind::Pointer, 1}},
                                        {QStringLiteral("i"), {ValueFormat::Kind::Int, 1}}};
    m.setAllRegions(s, AddressSpace::Private, false, formats, {});
    QVERIFY(m.combined());
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.index(0, MemoryTableModel::ValueColumn).data().toString(),
             QStringLiteral("global #3 + 0x10"));
    QCOMPARE(m.index(0, 0).data(MemoryTableModel::PointerTargetRole).toULongLong(), target);
    QCOMPARE(m.index(1, MemoryTableModel::ValueColumn).data().toString(), QStringLiteral("5"));
    QCOMPARE(m.index(1, 0).data(MemoryTableModel::VariableRole).toString(), QStringLiteral("i"));
    QCOMPARE(m.index(1, MemoryTableModel::AddressColumn).data().toString(), QStringLiteral("i +0"));
    QCOMPARE(m.rowForAddress(address::make(AddressSpace::Private, 2, 2)), 1);
    QCOMPARE(m.rowForAddress(address::make(AddressSpace::Private, 9, 0)), -1);
    QCOMPARE(m.regionAtRow(1)->name, std::string("i"));
}

void TestMemoryModel::memoryLargeBuffer() {
    auto s = baseSnapshot();
    const size_t size = 16u << 20;
    s->memory[AddressSpace::Global].push_back(
        region(AddressSpace::Global, "big", 1, std::vector<uint8_t>(size, 0xab)));
    MemoryTableModel m;
    QElapsedTimer t;
    t.start();
    m.setFormat({ValueFormat::Kind::UChar, 1});
    m.setRegion(s, AddressSpace::Global, 0, false);
    QCOMPARE(m.rowCount(), int(size));
    for (int row : {0, int(size / 2), int(size - 1)}) {
        QCOMPARE(m.index(row, MemoryTableModel::ValueColumn).data().toString(),
                 QStringLiteral("171"));
        QVERIFY(m.index(row, 0).data(Qt::ToolTipRole).isValid());
    }
    auto s2 = std::make_shared<debug::Snapshot>(*s);
    m.setRegion(s2, AddressSpace::Global, 0, false);
    QVERIFY2(t.elapsed() < 2000, qPrintable(QString::number(t.elapsed())));
}

QTEST_MAIN(TestMemoryModel)
#include "tst_memorymodel.moc"
