// The UI's other item models on hand-made snapshots, each under QAbstractItemModelTester:
// the work-item grid, diagnostics, variables, race information, efficiency and multi-watch
// (the memory model: tst_memorymodel).
#include "DiagnosticsModel.h"
#include "EfficiencyModel.h"
#include "EndianEvent.h"
#include "MemoryTableModel.h"
#include "ModelFixtures.h"
#include "MultiWatchModel.h"
#include "RaceInfo.h"
#include "SessionState.h"
#include "Theme.h"
#include "ValueFormat.h"
#include "VariablesModel.h"
#include "WorkItemGridModel.h"

#include "core/Address.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace clstep;
using namespace clstep::ui;
using namespace clstep::ui::test;

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void workItemGrid1D();
    void workItemGrid3D();
    void diagnostics();
    void variablesTree();
    void raceInfo();
    void marksFromDiagnosticsAlone();
    void efficiencyByLineAndBuffer();
    void multiWatchShapes();
};

void TestModels::workItemGrid1D() {
    auto s = baseSnapshot();
    WorkItemGridModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setWrap(3);
    m.setSnapshot(s);
    QCOMPARE(m.columnCount(), 3);
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.index(1, 0).data().toString(), QStringLiteral("3"));
    QVERIFY(!m.index(1, 1).data().isValid()); // padding cell
    QCOMPARE(m.index(1, 1).data(WorkItemGridModel::LinearIdRole).toInt(), -1);
    QCOMPARE(m.index(0, 0).data(WorkItemGridModel::StateRole).toInt(),
             int(debug::WorkItemState::AtBarrier));
    QCOMPARE(m.index(0, 2).data(WorkItemGridModel::LineRole).toInt(), 7);
    QVERIFY(m.index(0, 0).data(WorkItemGridModel::SelectedRole).toBool());
    QCOMPARE(m.indexForLinear(3), m.index(1, 0));
    QSignalSpy resets(&m, &QAbstractItemModel::modelReset);
    auto s2 = std::make_shared<debug::Snapshot>(*s);
    s2->selected = 2;
    m.setSnapshot(s2);
    QCOMPARE(resets.count(), 0);
    QVERIFY(m.index(0, 2).data(WorkItemGridModel::SelectedRole).toBool());
    m.setSnapshot(nullptr);
    QCOMPARE(m.rowCount(), 0);
}

void TestModels::workItemGrid3D() {
    auto s = std::make_shared<debug::Snapshot>();
    s->groupSize = {2, 2, 2};
    s->numGroups = {1, 1, 1};
    for (uint64_t i = 0; i < 8; ++i) {
        debug::WorkItemSnapshot w;
        w.id.local = {i % 2, (i / 2) % 2, i / 4};
        w.id.global = w.id.local;
        w.linearLocalId = i;
        s->workItems.push_back(w);
    }
    WorkItemGridModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setSnapshot(s);
    QCOMPARE(m.columnCount(), 2);
    QCOMPARE(m.rowCount(), 4);
    QCOMPARE(m.headerData(3, Qt::Vertical).toString(), QStringLiteral("y=1 z=1"));
    QCOMPARE(m.index(3, 1).data(WorkItemGridModel::LocalIdRole).toList().value(2).toInt(), 1);
}

void TestModels::diagnostics() {
    auto s = baseSnapshot();
    Diagnostic e;
    e.severity = Severity::Warning;
    e.kind = DiagnosticKind::UninitializedRead;
    e.message = "read of an uninitialized value";
    e.range.begin = {1, 4, 3};
    s->diagnostics.push_back(e);
    s->diagnostics.push_back(race(address::make(AddressSpace::Local, 1, 4), 3, 11, 21, 21));
    s->diagnosticCounts = {1, 5};
    SessionState st;
    st.snapshot = s;
    st.mainFile = 1;
    DiagnosticsModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setState(st);
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.index(0, DiagnosticsModel::SeverityColumn).data().toString(),
             QStringLiteral("warning"));
    QCOMPARE(m.index(0, 0).data(DiagnosticsModel::LineRole).toInt(), 4);
    QCOMPARE(m.index(1, DiagnosticsModel::LineColumn).data().toString(), QStringLiteral("21"));
    // (a report of 5 occurrences shows its latest one, and says so)
    QCOMPARE(m.index(1, DiagnosticsModel::WorkItemsColumn).data().toString(),
             QStringLiteral("3 ↔ 11 (5 of 5)"));
    QCOMPARE(m.index(1, DiagnosticsModel::CountColumn).data().toULongLong(), 5ull);
    QCOMPARE(m.index(1, 0).data(DiagnosticsModel::KindRole).toString(),
             QStringLiteral("data-race"));
    QCOMPARE(
        m.index(1, 0).data(DiagnosticsModel::FirstWorkItemRole).toList().value(0).toULongLong(),
        3ull);
    QCOMPARE(m.index(1, 0).data(DiagnosticsModel::SecondLineRole).toInt(), 21);
    st.snapshot = nullptr;
    m.setState(st);
    QCOMPARE(m.rowCount(), 0);
}

void TestModels::variablesTree() {
    auto s = baseSnapshot();
    debug::VariableSnapshot v;
    v.name = "p";
    v.type = "struct Pair";
    v.value = "{a = 1, b = 2.5}";
    v.address = address::make(AddressSpace::Private, 1, 0);
    v.size = 8;
    debug::VariableSnapshot a;
    a.name = "a";
    a.type = "int";
    a.value = "1";
    debug::VariableSnapshot b = a;
    b.name = "b";
    b.type = "float";
    b.value = "2.5";
    v.children = {a, b};
    debug::VariableSnapshot i;
    i.name = "i";
    i.type = "int";
    i.value = "3";
    s->variables = {v, i};
    VariablesModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setSnapshot(s);
    QCOMPARE(m.rowCount(), 2);
    const QModelIndex p = m.index(0, 0);
    QCOMPARE(p.data().toString(), QStringLiteral("p"));
    QCOMPARE(m.rowCount(p), 2);
    const QModelIndex bIdx = m.index(1, VariablesModel::ValueColumn, p);
    QCOMPARE(bIdx.data().toString(), QStringLiteral("2.5"));
    QCOMPARE(m.parent(bIdx), p);
    QCOMPARE(m.index(0, VariablesModel::AddressColumn).data().toString(),
             QStringLiteral("private #1 + 0x0"));
    m.setSnapshot(nullptr);
    QCOMPARE(m.rowCount(), 0);
}

void TestModels::raceInfo() {
    std::vector<Diagnostic> d{race(address::make(AddressSpace::Local, 1, 4), 3, 11, 21, 22)};
    const QVector<RaceInfo> r = RaceInfo::fromDiagnostics(d);
    QCOMPARE(r.size(), 1);
    QCOMPARE(r[0].address, address::make(AddressSpace::Local, 1, 4));
    QCOMPARE(r[0].describe(), QStringLiteral("work-item 3 (line 21) and work-item 11 (line 22)"));
    QCOMPARE(RaceInfo::idText({1, 2, 0}, 2), QStringLiteral("(1,2)"));
}

void TestModels::marksFromDiagnosticsAlone() {
    // Without per-byte flags, rows named by race and endian diagnostics are still marked.
    auto s = baseSnapshot();
    s->memory[AddressSpace::Local].push_back(
        region(AddressSpace::Local, "partial", 1, std::vector<uint8_t>(16, 0)));
    s->memory[AddressSpace::Global].push_back(
        region(AddressSpace::Global, "words", 2, {0x44, 0x33, 0x22, 0x11, 0, 0, 0, 0}));
    s->diagnostics.push_back(race(address::make(AddressSpace::Local, 1, 9), 2, 5, 21, 21));
    Diagnostic e;
    e.severity = Severity::Note;
    e.kind = DiagnosticKind::EndianConversion;
    e.message = "Endian conversion on read of 4 bytes at global memory address 0x" +
                QString::number(address::make(AddressSpace::Global, 2, 0), 16).toStdString() +
                " (words[0]): bytes 44 33 22 11 (host order) read as 11 22 33 44 (device order)";
    e.range.begin = {1, 18, 5};
    s->diagnostics.push_back(e);
    const QVector<EndianEvent> events = EndianEvent::fromDiagnostics(s->diagnostics);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].size, 4ull);
    QCOMPARE(events[0].memoryBytes, QStringLiteral("44 33 22 11"));
    QCOMPARE(events[0].deviceBytes, QStringLiteral("11 22 33 44"));
    MemoryTableModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setFormat({ValueFormat::Kind::Int, 1});
    m.setRegion(s, AddressSpace::Local, 0, false);
    QCOMPARE(m.index(2, 0).data(MemoryTableModel::HighlightRole).toInt(),
             int(MemoryTableModel::RaceHighlight));
    QCOMPARE(m.index(1, 0).data(MemoryTableModel::HighlightRole).toInt(),
             int(MemoryTableModel::NoHighlight));
    QVERIFY(m.index(2, 0)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("work-item 2 (line 21) and work-item 5 (line 21)")));
    // the last column's title: whole, or compact for a narrow pane (MemoryPane::fitColumns),
    // with what it holds in its tooltip either way
    QCOMPARE(m.headerData(MemoryTableModel::InfoColumn, Qt::Horizontal).toString(),
             QStringLiteral("variable · last access"));
    m.setCompactInfoTitle(true);
    QCOMPARE(m.headerData(MemoryTableModel::InfoColumn, Qt::Horizontal).toString(),
             QStringLiteral("last access"));
    QVERIFY(m.headerData(MemoryTableModel::InfoColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .startsWith(QStringLiteral("variable · last access: ")));
    m.setCompactInfoTitle(false);
    m.setFormat({ValueFormat::Kind::UInt, 1});
    m.setRegion(s, AddressSpace::Global, 0, true);
    QCOMPARE(m.index(0, 0).data(MemoryTableModel::HighlightRole).toInt(),
             int(MemoryTableModel::EndianHighlight));
    QCOMPARE(m.index(1, 0).data(MemoryTableModel::HighlightRole).toInt(),
             int(MemoryTableModel::NoHighlight));
    const QString tip = m.index(0, 0).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral(
                 "before 44 33 22 11 (host order, in memory) → after 11 22 33 44 (device order)")),
             qPrintable(tip));
    // A __local address names a buffer of one work-group: another group's view is not marked.
    auto other = std::make_shared<debug::Snapshot>(*s);
    other->group = {1, 0, 0};
    m.setFormat({ValueFormat::Kind::Int, 1});
    m.setRegion(other, AddressSpace::Local, 0, false);
    QCOMPARE(m.index(2, 0).data(MemoryTableModel::HighlightRole).toInt(),
             int(MemoryTableModel::NoHighlight));
}

namespace {

AccessStatsRecord accessRecord(uint32_t line, AddressSpace space, const char* buffer,
                               uint64_t accesses, uint64_t worst, uint64_t sum) {
    AccessStatsRecord a;
    a.file = 1;
    a.line = line;
    a.space = space;
    a.buffer = buffer;
    a.accesses = accesses;
    a.laneAccesses = accesses * 8;
    a.worst = worst;
    a.sum = sum;
    if (space != AddressSpace::Local) {
        a.bytesRequested = accesses * 32;
        a.bytesMoved = sum * 32;
    }
    return a;
}

debug::EvalResult evaluated(const char* value) {
    debug::EvalResult r;
    r.ok = true;
    r.value = value;
    return r;
}

} // namespace

// The Efficiency pane's model per line (a line's divergence row before its accesses; rows of
// another file and lines without splits or masked lanes left out) and per buffer (the lines
// of one buffer summed), switched back and forth and given new statistics under the tester.
void TestModels::efficiencyByLineAndBuffer() {
    auto s = baseSnapshot();
    s->subGroupSize = 4;
    DivergenceRecord d;
    d.file = 1;
    d.line = 12;
    d.branches = 4;
    d.splits = 2;
    d.executions = 8;
    d.maskedSlots = 8;
    DivergenceRecord quiet = d; // no split and no masked lane: no row
    quiet.line = 9;
    quiet.splits = quiet.maskedSlots = 0;
    s->divergence =
        std::make_shared<std::vector<DivergenceRecord>>(std::vector<DivergenceRecord>{d, quiet});
    AccessStatsRecord elsewhere = accessRecord(3, AddressSpace::Global, "in", 1, 1, 1);
    elsewhere.file = 2;
    s->accessStats =
        std::make_shared<std::vector<AccessStatsRecord>>(std::vector<AccessStatsRecord>{
            accessRecord(14, AddressSpace::Local, "partial", 4, 2, 6),
            accessRecord(12, AddressSpace::Global, "in", 2, 1, 2),
            accessRecord(10, AddressSpace::Local, "partial", 2, 4, 8), elsewhere});
    EfficiencyModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(m.rowCount(), 0);
    m.setSnapshot(s, 1);
    QCOMPARE(m.rowCount(), 4);
    QCOMPARE(m.columnCount(), int(EfficiencyModel::ColumnCount));
    QCOMPARE(m.rowText(0), QStringLiteral("10\t__local\tpartial\t2 accesses\t4-way\t4.00\t"));
    QCOMPARE(m.rowText(1),
             QStringLiteral("12\tdivergence\t\t4 branches\t2 splits\t8 masked\t75% lanes busy"));
    QCOMPARE(m.rowText(2), QStringLiteral("12\t__global\tin\t2 accesses\t1 segment\t1.00\t100%"));
    QCOMPARE(m.index(1, 0).data(EfficiencyModel::LineRole).toInt(), 12);
    QCOMPARE(m.headerData(EfficiencyModel::LineColumn, Qt::Horizontal).toString(),
             QStringLiteral("Line"));
    m.setGrouping(EfficiencyModel::Grouping::ByBuffer);
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.headerData(EfficiencyModel::LineColumn, Qt::Horizontal).toString(),
             QStringLiteral("Lines"));
    QStringList rows{m.rowText(0), m.rowText(1)};
    rows.sort();
    QCOMPARE(rows[0], QStringLiteral("12\t__global\tin\t2 accesses\t1 segment\t1.00\t100%"));
    QCOMPARE(rows[1], QStringLiteral("14, 10\t__local\tpartial\t6 accesses\t4-way\t2.33\t"));
    m.setGrouping(EfficiencyModel::Grouping::ByLine);
    QCOMPARE(m.rowCount(), 4);
    m.setSnapshot(baseSnapshot(), 1); // no statistics: no rows
    QCOMPARE(m.rowCount(), 0);
}

// The multi-watch grid: a 1-D group wrapped (a padding cell after the last work-item), new
// values in the same shape, a 2-D group, a failing work-item, and no expression, all under
// the tester.
void TestModels::multiWatchShapes() {
    auto s = baseSnapshot(); // 4 work-items in a 1-D group
    SessionState st;
    st.snapshot = s;
    st.multiWatch = QStringLiteral("lid * 2");
    st.multiWatchValues = {evaluated("0"), evaluated("2"), evaluated("4"), evaluated("6")};
    MultiWatchModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    m.setWrap(3);
    m.setState(st);
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.columnCount(), 3);
    QCOMPARE(m.index(1, 0).data().toString(), QStringLiteral("6"));
    QVERIFY(!m.index(1, 1).data().isValid()); // padding
    QCOMPARE(m.headerData(1, Qt::Vertical).toString(), QStringLiteral("3"));
    QCOMPARE(m.minimum(), 0.0);
    QCOMPARE(m.maximum(), 6.0);
    // the same shape, other values; one work-item failed
    st.multiWatchValues[1].ok = false;
    st.multiWatchValues[1].error = "division by zero";
    st.multiWatchValues[3] = evaluated("true");
    m.setState(st);
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.failures(), 1);
    QCOMPARE(m.firstError(), QStringLiteral("division by zero"));
    QCOMPARE(m.index(0, 1).data(MultiWatchModel::ErrorRole).toString(),
             QStringLiteral("division by zero"));
    QCOMPARE(m.index(1, 0).data(MultiWatchModel::NumberRole).toDouble(), 1.0);
    m.setMode(MultiWatchModel::Mode::Colours);
    QCOMPARE(m.index(0, 0).data().toString(), QString());
    // a 2 x 2 group
    auto twoD = std::make_shared<debug::Snapshot>(*s);
    twoD->groupSize = {2, 2, 1};
    for (size_t i = 0; i < twoD->workItems.size(); ++i)
        twoD->workItems[i].id.local = {i % 2, i / 2, 0};
    st.snapshot = twoD;
    st.multiWatchValues = {evaluated("0"), evaluated("1"), evaluated("2"), evaluated("3")};
    m.setMode(MultiWatchModel::Mode::Numbers);
    m.setState(st);
    QCOMPARE(m.rowCount(), 2);
    QCOMPARE(m.columnCount(), 2);
    QCOMPARE(m.index(1, 0).data().toString(), QStringLiteral("2"));
    QCOMPARE(m.headerData(1, Qt::Vertical).toString(), QStringLiteral("y=1"));
    QCOMPARE(m.index(1, 1).data(MultiWatchModel::LocalIdRole).toList().value(1).toULongLong(),
             1ull);
    // the expression removed
    st.multiWatch.clear();
    st.multiWatchValues.clear();
    m.setState(st);
    QCOMPARE(m.rowCount(), 0);
    QCOMPARE(m.columnCount(), 0);
}

QTEST_MAIN(TestModels)
#include "tst_models.moc"
