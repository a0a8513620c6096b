// DebugController + SessionWorker: the Session runs on its own thread, states arrive on the
// UI thread by queued signals, long runs report progress and can be paused, launch
// configurations apply and report their problems.
#include "DebugController.h"
#include "LaunchPanel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace clstep;
using namespace clstep::ui;

namespace {
QString sample(const char* name) {
    return QStringLiteral(CLSTEP_SOURCE_DIR "/samples/") + QString::fromLatin1(name);
}

bool waitIdle(DebugController& c, int ms = 30000) {
    QElapsedTimer t;
    t.start();
    QCoreApplication::processEvents();
    while (c.pending() > 0 || c.busy()) {
        if (t.elapsed() > ms) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    QCoreApplication::processEvents();
    return true;
}

void write(const QString& path, const char* text) {
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(text);
}
} // namespace

class TestDebugController : public QObject {
    Q_OBJECT
private slots:
    void statesArriveOnUiThread();
    void stepBackReplays();
    void longRunReportsProgressAndPauses();
    void applyLaunchConfiguration();
    void launchPanelValidatesFields();
    void explore();
};

void TestDebugController::statesArriveOnUiThread() {
    DebugController c;
    QThread* uiThread = QThread::currentThread();
    QThread* seen = nullptr;
    connect(&c, &DebugController::stateChanged, this, [&] { seen = QThread::currentThread(); });
    QSignalSpy states(&c, &DebugController::stateChanged);
    c.openSim(sample("vector_add.sim"));
    QVERIFY(waitIdle(c));
    QCOMPARE(states.count(), 1);
    QCOMPARE(seen, uiThread);
    const SessionState& s = c.state();
    QVERIFY(s.ok);
    QVERIFY(s.launched);
    QVERIFY(s.snapshot);
    QVERIFY(!s.snapshot->memory[AddressSpace::Global].empty());
    QCOMPARE(s.operation, QStringLiteral("open"));
    QVERIFY(s.kernels.contains(s.kernelName));
    c.run(DebugController::Command::Step);
    QVERIFY(waitIdle(c));
    QCOMPARE(c.state().snapshot->step, 1u);
    QCOMPARE(c.state().operation, QStringLiteral("step"));
}

void TestDebugController::stepBackReplays() {
    DebugController c;
    c.openSim(sample("reduction.sim"));
    for (int i = 0; i < 4; ++i)
        c.run(DebugController::Command::Lockstep);
    QVERIFY(waitIdle(c));
    const auto after4 = c.state().snapshot;
    c.run(DebugController::Command::Lockstep);
    c.run(DebugController::Command::StepBack);
    QVERIFY(waitIdle(c));
    const auto back = c.state().snapshot;
    QCOMPARE(back->step, after4->step);
    QCOMPARE(back->memory[AddressSpace::Local].size(), after4->memory[AddressSpace::Local].size());
    QCOMPARE(back->memory[AddressSpace::Local].front().bytes,
             after4->memory[AddressSpace::Local].front().bytes);
    for (size_t i = 0; i < back->workItems.size(); ++i)
        QCOMPARE(back->workItems[i].state, after4->workItems[i].state);
}

void TestDebugController::longRunReportsProgressAndPauses() {
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("spin.cl")), "__kernel void spin(__global int *out) {\n"
                                                   "    int acc = 0;\n"
                                                   "    for (int i = 0; i < 3000; ++i)\n"
                                                   "        acc += i;\n"
                                                   "    out[get_global_id(0)] = acc;\n"
                                                   "}\n");
    write(dir.filePath(QStringLiteral("spin.sim")),
          "spin.cl\nspin\n8192 1 1\n1 1 1\n<size=32768 int fill=0>\n");
    DebugController c;
    c.openSim(dir.filePath(QStringLiteral("spin.sim")));
    QVERIFY(waitIdle(c));
    QVERIFY(c.state().launched);
    QSignalSpy progress(&c, &DebugController::progress);
    c.run(DebugController::Command::RunAll);
    // The UI thread stays free while the worker runs.
    QTRY_VERIFY_WITH_TIMEOUT(c.busy(), 5000);
    QElapsedTimer t;
    t.start();
    QTest::qWait(300);
    QVERIFY(t.elapsed() < 1000);
    QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 0, 5000);
    c.pause();
    QVERIFY(waitIdle(c, 5000));
    const SessionState& s = c.state();
    QVERIFY(s.snapshot);
    QVERIFY2(!s.snapshot->runFinished, "the run should have been paused before its end");
    const quint64 done = progress.last().at(0).toULongLong();
    QVERIFY(done > 0);
    QCOMPARE(progress.last().at(1).toULongLong(), 8192ull);
    // Continuing without breakpoints goes on from there.
    c.run(DebugController::Command::Continue);
    QVERIFY(waitIdle(c, 120000));
    QVERIFY(c.state().snapshot->runFinished);
}

void TestDebugController::applyLaunchConfiguration() {
    DebugController c;
    QSignalSpy applied(&c, &DebugController::launchApplied);
    c.openSim(sample("vector_add.sim"));
    QVERIFY(waitIdle(c));
    // Fewer work-items, same arguments.
    const QString simPath = sample("vector_add.sim");
    QFile f(simPath);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QString text = QString::fromUtf8(f.readAll());
    QVERIFY(waitIdle(c));
    c.applyLaunch(text, simPath, QString(), true, 1000000);
    QVERIFY(waitIdle(c));
    QCOMPARE(applied.count(), 1);
    LaunchResult r = applied.last().at(0).value<LaunchResult>();
    QVERIFY2(r.ok, qPrintable(r.messages.join('\n')));
    QVERIFY(c.state().deviceBigEndian);
    // A broken argument list is refused with a message on its line; the old launch stays.
    c.applyLaunch(
        QStringLiteral("vector_add.cl\nvector_add\n16 1 1\n4 1 1\n<size=64 float range=0:1:15>\n"),
        simPath, QString(), false, 1000000);
    QVERIFY(waitIdle(c));
    r = applied.last().at(0).value<LaunchResult>();
    QVERIFY(!r.ok);
    QVERIFY(!r.messages.isEmpty());
    QVERIFY(c.state().launched);
}

void TestDebugController::launchPanelValidatesFields() {
    LaunchPanel p;
    QVERIFY(p.loadSim(sample("2d_blur.sim")));
    const QString text = p.composeSim();
    QVERIFY(text.contains(QStringLiteral("blur_2d")));
    QVERIFY(text.contains(QStringLiteral("16 16 1\n4 4 1\n")));
    QVERIFY(text.contains(QStringLiteral("<size=256 uchar>")));
    QVERIFY(p.validate());
    // local 3 does not divide global 16
    p.findChild<QSpinBox*>(QStringLiteral("launchLocal0"))->setValue(3);
    QVERIFY(!p.validate());
    p.findChild<QSpinBox*>(QStringLiteral("launchLocal0"))->setValue(4);
    QVERIFY(p.validate());
    p.findChild<QPlainTextEdit*>(QStringLiteral("launchArgs"))
        ->setPlainText(QStringLiteral("<size=abc uchar>"));
    QVERIFY(!p.validate());
    QSignalSpy apply(&p, &LaunchPanel::applyRequested);
    p.findChild<QPushButton*>(QStringLiteral("launchApply"))->click();
    QCOMPARE(apply.count(), 0); // invalid fields are not applied
}

void TestDebugController::explore() {
    DebugController c;
    QSignalSpy done(&c, &DebugController::exploreFinished);
    c.openSim(sample("reduction_race.sim"));
    c.explore(4);
    QVERIFY(waitIdle(c));
    QCOMPARE(done.count(), 1);
    const auto r = done.last().at(0).value<debug::ExploreResult>();
    QCOMPARE(r.schedules, 4);
    QVERIFY(r.outputsDiffer); // the racy reduction depends on the schedule
    QVERIFY(c.state().launched);
}

QTEST_MAIN(TestDebugController)
#include "tst_debugcontroller.moc"
