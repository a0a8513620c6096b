// The `simt` schedule and `info lanes` in the interactive console (`clstep-cli run FILE.sim
// -i`), driven through the real binary with scripted sessions on stdin, in the style of
// tst_console. Kernel: tests/kernels/stats/divergence.cl (line 19 `if (lid % 2)`, line 20
// the then-branch, line 22 the else-branch, line 23 after the branch).
#include "ConsoleTranscript.h"

#include <QtTest>

namespace {

using clstep::test::runConsole;
using clstep::test::Transcript;

/// The output between the n-th echo of `command` and the next prompt.
QString outputOf(const Transcript& t, const QString& command, int n = 1) {
    const QString echo = "(clstep) " + command + "\n";
    int at = -1;
    for (int i = 0; i < n; ++i) {
        at = t.out.indexOf(echo, at + 1);
        if (at < 0) return {};
    }
    at += echo.size();
    const int end = t.out.indexOf("(clstep) ", at);
    return t.out.mid(at, end < 0 ? -1 : end - at);
}

const QString kDivergence = QStringLiteral("tests/kernels/stats/divergence.sim");

} // namespace

class TestConsoleSimt : public QObject {
    Q_OBJECT
private slots:
    /// Under `simt` the odd lanes (then-branch) run first while the even lanes wait masked at
    /// the else-branch; the first lane to reach line 23 is lane 1, the lanes still on the
    /// then-branch (3, 5, 7) are the active ones, and the split is the `if` on line 19.
    void lanesSplitAtTheBranchAndRunOnePathAfterTheOther() {
        const Transcript t = runConsole(kDivergence,
                                        "schedule simt\n"
                                        "schedule\n"
                                        "break 23\n"
                                        "continue\n"
                                        "info lanes\n"
                                        "continue\n"
                                        "info lanes\n"
                                        "quit\n",
                                        {"--sub-group-size", "8"});
        QCOMPARE(t.exitCode, 0);
        QCOMPARE(outputOf(t, "schedule"), QString("schedule simt\n"));
        QVERIFY2(outputOf(t, "continue").contains("Breakpoint 1 at line 23, work-item (1,0,0)"),
                 qPrintable(t.out));
        const QString lanes = outputOf(t, "info lanes");
        QVERIFY2(lanes.startsWith("sub-group size 8, schedule simt\n"), qPrintable(lanes));
        QVERIFY2(lanes.contains("sub-group 0 (work-items 0..7): ...A.A.A  3 active, 5 masked, "
                                "at divergence.cl:20, split at divergence.cl:19\n"),
                 qPrintable(lanes));
        // the other sub-groups have not started: all lanes together at the kernel's start
        QVERIFY2(lanes.contains("sub-group 7 (work-items 56..63): AAAAAAAA  8 active, 0 masked"),
                 qPrintable(lanes));
        // lane 3 is next at line 23; lanes 5 and 7 still run the then-branch
        QVERIFY2(outputOf(t, "continue", 2).contains("Breakpoint 1 at line 23, work-item (3,0,0)"),
                 qPrintable(t.out));
        QVERIFY2(outputOf(t, "info lanes", 2)
                     .contains("sub-group 0 (work-items 0..7): .....A.A  2 active, 6 masked"),
                 qPrintable(t.out));
    }

    /// After the branch the lanes reconverge: when the even lanes (else-branch) have run, the
    /// whole sub-group executes line 23 together, with no split shown.
    void lanesReconvergeAfterTheBranch() {
        const Transcript t = runConsole(kDivergence,
                                        "schedule simt\n"
                                        "break 24\n"
                                        "continue\n"
                                        "info lanes\n"
                                        "quit\n",
                                        {"--sub-group-size", "8"});
        QCOMPARE(t.exitCode, 0);
        QVERIFY2(outputOf(t, "continue").contains("Breakpoint 1 at line 24, work-item (0,0,0)"),
                 qPrintable(t.out));
        // lane 0 reached line 24 first; lanes 1..7 are together at line 23 (all reconverged)
        const QString lanes = outputOf(t, "info lanes");
        QVERIFY2(lanes.contains("sub-group 0 (work-items 0..7): .AAAAAAA  7 active, 1 masked, "
                                "at divergence.cl:23"),
                 qPrintable(lanes));
    }

    /// A finished lane shows F; an unknown schedule names simt in its hint.
    void finishedLanesAndHints() {
        const Transcript t = runConsole(kDivergence,
                                        "schedule simt\n"
                                        "break 24\n"
                                        "continue\n"
                                        "delete\n"
                                        "step\n"
                                        "step\n"
                                        "info lanes\n"
                                        "schedule warp\n"
                                        "quit\n",
                                        {"--sub-group-size", "8"});
        QCOMPARE(t.exitCode, 0);
        QVERIFY2(outputOf(t, "info lanes").contains("sub-group 0 (work-items 0..7): F"),
                 qPrintable(t.out));
        QVERIFY2(outputOf(t, "schedule warp").contains("simt"), qPrintable(t.out));
    }
};

QTEST_GUILESS_MAIN(TestConsoleSimt)
#include "tst_console_simt.moc"
