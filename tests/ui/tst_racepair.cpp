// GUI test (issue #31 item 1): every view names the race of its own element. At the first
// race of reduction_race (Group to barrier, then lockstep steps), the status bar, the
// Diagnostics row, the editor note and the __local pane's tooltips agree with the diagnostic
// of each element.
#include "CodeEditor.h"
#include "DebugActions.h"
#include "DebugController.h"
#include "DiagnosticsModel.h"
#include "ElidedLabel.h"
#include "MainWindow.h"
#include "MemoryPane.h"
#include "MemoryTableModel.h"
#include "TestWindow.h"

#include "core/Address.h"

#include <QAction>
#include <QLabel>
#include <QRegularExpression>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace clstep;
using namespace clstep::ui;
using clstep::ui::test::sample;

class TestRacePair : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::quietDockWarnings(); }
    void firstRaceAgreesEverywhere();
};

namespace {
/// The facts of the race occurrence on byte `offset` of the viewed group's `__local` memory.
const nlohmann::json* localOccurrence(const debug::Snapshot& s, uint64_t offset) {
    for (const debug::RaceOccurrence& o : s.raceOccurrences)
        if (address::space(o.address) == AddressSpace::Local && o.group == s.group &&
            address::offset(o.address) <= offset && offset < address::offset(o.address) + o.size)
            return o.facts.get();
    return nullptr;
}

uint64_t idOf(const nlohmann::json& facts, const char* which) {
    return facts.at(which).at("global_id").at(0).get<uint64_t>();
}
} // namespace

void TestRacePair::firstRaceAgreesEverywhere() {
    std::unique_ptr<MainWindow> window(test::newTestWindow());
    QVERIFY(window->openPath(sample("reduction_race.sim")));
    QVERIFY(window->waitIdle());
    window->actions()->action(DebugActions::GroupToBarrier)->trigger();
    QVERIFY(window->waitIdle());
    const SessionState& st = window->controller()->state();
    for (int i = 0; i < 7 && st.snapshot->stopReason.rfind("error:", 0) != 0; ++i) {
        window->actions()->action(DebugActions::Lockstep)->trigger();
        QVERIFY(window->waitIdle());
    }
    const debug::Snapshot& s = *window->controller()->state().snapshot;
    QVERIFY2(s.stopReason.rfind("error: Read-write data race", 0) == 0, s.stopReason.c_str());

    // The diagnostic of element 4 (bytes 16..19) of partial: written by work-item 4, read by
    // work-item 0, both on line 21.
    const nlohmann::json* e4 = localOccurrence(s, 16);
    QVERIFY(e4);
    QCOMPARE(idOf(*e4, "first"), 4ull);
    QCOMPARE(idOf(*e4, "second"), 0ull);
    QCOMPARE(e4->value("hazard", std::string()), std::string("RAW"));
    // "write of ... by Global(4,0,0) Local(4,0,0) Group(0,0,0), then read by Global(0,0,0) ..."
    const QRegularExpression pairText(
        QStringLiteral(
            "by Global\\(%1,0,0\\) [^)]*\\) Group[^)]*\\), then read by Global\\(%2,0,0\\)")
            .arg(idOf(*e4, "first"))
            .arg(idOf(*e4, "second")));
    const auto pair = [&](const QString& text) { return pairText.match(text).hasMatch(); };

    // the status bar
    auto* status = window->findChild<ElidedLabel*>(QStringLiteral("statusText"));
    QVERIFY(status);
    QVERIFY2(pair(status->fullText()), qPrintable(status->fullText()));

    // the Diagnostics row: the same pair, and which occurrence of how many it shows
    DiagnosticsModel* races = window->diagnosticsModel();
    QCOMPARE(races->rowCount(), 1);
    const QString ids = races->index(0, DiagnosticsModel::WorkItemsColumn).data().toString();
    QVERIFY2(ids.startsWith(QStringLiteral("4 ↔ 0")), qPrintable(ids));
    const uint64_t count = races->index(0, DiagnosticsModel::CountColumn).data().toULongLong();
    QVERIFY(count > 1);
    QVERIFY2(ids.contains(QStringLiteral("of %1)").arg(count)), qPrintable(ids));
    QVERIFY(pair(races->index(0, DiagnosticsModel::MessageColumn).data().toString()));

    // the editor note under line 21 (as written: the editor draws it broken to its width)
    const QString note = window->editor()->annotationAt(21);
    QVERIFY2(pair(note), qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("of %1)").arg(count)), qPrintable(note));

    // the __local pane: each raced element names its own pair
    MemoryTableModel* local = window->memoryPane(AddressSpace::Local)->model();
    QCOMPARE(local->rowCount(), 16);
    int raced = 0;
    for (int row = 0; row < 16; ++row) {
        const QModelIndex cell = local->index(row, 0);
        if (!(cell.data(MemoryTableModel::FlagsRole).toInt() & debug::ByteRace)) continue;
        ++raced;
        const nlohmann::json* own = localOccurrence(s, uint64_t(row) * 4);
        QVERIFY(own);
        const QString tip = cell.data(Qt::ToolTipRole).toString();
        const QString expected =
            QStringLiteral("[%1] write by work-item %2 (line %3), then read by work-item %4 "
                           "(line %5)")
                .arg(QString::fromStdString(own->value("hazard", std::string())))
                .arg(idOf(*own, "first"))
                .arg(own->at("first").value("line", 0))
                .arg(idOf(*own, "second"))
                .arg(own->at("second").value("line", 0));
        QVERIFY2(tip.contains(expected), qPrintable(tip));
        // the element's first access is its own write
        QCOMPARE(idOf(*own, "first"), uint64_t(row));
    }
    QVERIFY(raced >= 2);
    const QString tip4 = local->index(4, 0).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip4.contains(QStringLiteral("write by work-item 4 (line 21), then read by "
                                          "work-item 0 (line 21)")),
             qPrintable(tip4));
    QVERIFY(!tip4.contains(QStringLiteral("work-item 7")));
}

QTEST_MAIN(TestRacePair)
#include "tst_racepair.moc"
