// The interactive console of `clstep-cli run FILE.sim -i`, driven through the real binary
// with scripted sessions on stdin (not a terminal: no readline, commands echoed).
#include "ConsoleTranscript.h"

#include <QtTest>

namespace {

using clstep::test::runConsole;
using clstep::test::Transcript;

/// The output between the echo of `command` and the next prompt.
QString outputOf(const Transcript& t, const QString& command) {
    QString echo = "(clstep) " + command + "\n";
    int at = t.out.indexOf(echo);
    if (at < 0) return {};
    at += echo.size();
    int end = t.out.indexOf("(clstep) ", at);
    return t.out.mid(at, end < 0 ? -1 : end - at);
}

} // namespace

class TestConsole : public QObject {
    Q_OBJECT
private slots:
    void findsTheRaceInReductionRace() {
        Transcript t = runConsole("samples/reduction_race.sim", "break 21\n"
                                                                "continue\n"
                                                                "print partial[lid + stride]\n"
                                                                "workitem 3\n"
                                                                "print partial[3]\n"
                                                                "p lid\n"
                                                                "step\n"
                                                                "back\n"
                                                                "explore 6\n"
                                                                "delete\n"
                                                                "c\n"
                                                                "quit\n");
        QCOMPARE(t.exitCode, 0);
        QVERIFY2(t.out.contains("clstep debugger: kernel 'reduction_race' in reduction_race.cl"),
                 qPrintable(t.out));
        QCOMPARE(outputOf(t, "break 21"), QString("Breakpoint 1 at reduction_race.cl:21\n"));
        QCOMPARE(outputOf(t, "continue"),
                 QString("Breakpoint 1 at line 21, work-item (0,0,0)\n"
                         "reduction_race.cl:21: partial[lid] += partial[lid + stride];\n"));
        QCOMPARE(outputOf(t, "print partial[lid + stride]"),
                 QString("partial[lid + stride] = 9 (__local int)\n"));
        QCOMPARE(outputOf(t, "workitem 3"),
                 QString("Switched to work-item (3,0,0) (local (3,0,0) in group (0,0,0))\n"
                         "reduction_race.cl:17: barrier(CLK_LOCAL_MEM_FENCE);\n"));
        QCOMPARE(outputOf(t, "print partial[3]"), QString("partial[3] = 4 (__local int)\n"));
        QCOMPARE(outputOf(t, "p lid"), QString("lid = 3 (__private const int)\n"));
        QCOMPARE(outputOf(t, "step"), QString("reduction_race.cl:19: for (int stride = WG_SIZE / "
                                              "2; stride > 0; stride /= 2) {\n"));
        QString back = outputOf(t, "back");
        // selecting work-item 3 is no step (issue #16): continue, step, back -> step 1
        QVERIFY2(back.startsWith("Stepped back to step 1\n"), qPrintable(back));
        QVERIFY2(back.contains("reduction_race.cl:17: barrier(CLK_LOCAL_MEM_FENCE);"),
                 qPrintable(back));
        QString explore = outputOf(t, "explore 6");
        QVERIFY2(
            explore.contains("Explored 6 schedules: in-order, reverse, round-robin, random seed 1"),
            qPrintable(explore));
        QVERIFY(explore.contains("The results depend on the schedule: a data race"));
        // typed elements (issue #16), not bytes
        QVERIFY2(explore.contains("  group_sums[0] = 20 (in-order) vs "), qPrintable(explore));
        // the race checker stops where work-item 1 overwrites partial[1], read by work-item 0
        QString race = outputOf(t, "c");
        QVERIFY2(race.startsWith("Error: Read-write data race at local memory address "
                                 "0x6000010000000004 ('partial', byte offset 4, element 1)"),
                 qPrintable(race));
        QVERIFY2(race.contains("[data-race] at line 21, work-item (1,0,0)"), qPrintable(race));
    }

    void cleanKernelExploresTheSame() {
        Transcript t = runConsole("samples/reduction.sim", "explore 4\n");
        QCOMPARE(t.exitCode, 0); // end of input ends the session
        QVERIFY2(outputOf(t, "explore 4").contains("All schedules give the same results"),
                 qPrintable(t.out));
    }

    void conditionalBreakpointsWatchpointsAndLists() {
        Transcript t = runConsole("samples/reduction_race.sim", "b 21 if lid == 3 && stride == 4\n"
                                                                "b 21 if nosuch\n"
                                                                "continue\n"
                                                                "errors off\n"
                                                                "c\n"
                                                                "p stride\n"
                                                                "watch partial[0] w\n"
                                                                "info break\n"
                                                                "c\n"
                                                                "d 1\n"
                                                                "d 2\n"
                                                                "info break\n"
                                                                "list 21\n"
                                                                "bt\n"
                                                                "lmem partial 8\n"
                                                                "mem local partial 0 4\n"
                                                                "gm\n"
                                                                "schedule random 7\n"
                                                                "schedule\n"
                                                                "info workitems\n");
        QCOMPARE(t.exitCode, 0);
        QCOMPARE(outputOf(t, "b 21 if lid == 3 && stride == 4"),
                 QString("Breakpoint 1 at reduction_race.cl:21 if lid == 3 && stride == 4\n"));
        QString bad = outputOf(t, "b 21 if nosuch");
        QVERIFY2(bad.startsWith("error: condition 'nosuch' at line 21, column 1: use of undeclared "
                                "identifier 'nosuch'\n"
                                "hint: in scope here: input, group_sums, partial, lid, stride\n"),
                 qPrintable(bad));
        // the race checker stops first: work-item 1 overwrites what work-item 0 read
        QVERIFY2(outputOf(t, "continue").startsWith("Error: Read-write data race at local memory"),
                 qPrintable(outputOf(t, "continue")));
        QVERIFY(outputOf(t, "continue").contains("[data-race] at line 21, work-item (1,0,0)"));
        QVERIFY(outputOf(t, "c").startsWith(
            "Breakpoint 1 at line 21 (condition 'lid == 3 && stride == 4'), work-item (3,0,0)"));
        QCOMPARE(outputOf(t, "p stride"), QString("stride = 4 (__private int)\n"));
        QCOMPARE(outputOf(t, "watch partial[0] w"),
                 QString("Watchpoint 2: write of partial[0] (4 bytes)\n"));
        QVERIFY(t.out.contains("Watchpoint 2: write of partial[0] (4 bytes) by work-item (16,0,0) "
                               "at line 16: 0 -> 17\n"));
        QVERIFY(t.out.contains(
            "(clstep) d 1\nDeleted breakpoint 1\n(clstep) d 2\nDeleted watchpoint 2\n"));
        QVERIFY(t.out.contains("(clstep) info break\nNo breakpoints or watchpoints\n"));
        QString list = outputOf(t, "list 21");
        QVERIFY2(list.contains("     21              partial[lid] += partial[lid + stride];\n"),
                 qPrintable(list));
        QVERIFY(list.contains("=>   17      barrier(CLK_LOCAL_MEM_FENCE);\n"));
        QCOMPARE(
            outputOf(t, "bt"),
            QString("#0  reduction_race at reduction_race.cl:17: barrier(CLK_LOCAL_MEM_FENCE);\n"));
        // only work-item (16,0,0) has run in group 1: the rest of partial is not written yet ("..")
        QCOMPARE(outputOf(t, "lmem partial 8"),
                 QString("__local 'partial' bytes 0..7:\n       0: 11 00 00 00 .. .. .. ..\n"));
        QCOMPARE(outputOf(t, "mem local partial 0 4"),
                 QString("__local 'partial' from byte 0 as int, 4 elements:\n  [0] 17 0 0 0\n"));
        QVERIFY(outputOf(t, "gm").contains("  input  0x"));
        QCOMPARE(outputOf(t, "schedule"), QString("schedule random seed 7\n"));
        QVERIFY(outputOf(t, "info workitems")
                    .contains("work-item (16,0,0): ready at reduction_race.cl:17  <= selected"));
    }

    void errorsAndUnknownCommandsGetHints() {
        Transcript t = runConsole("samples/vector_add.sim", "stpe\n"
                                                            "frobnicate\n"
                                                            "print a[get_global_id(0)] +\n"
                                                            "print c[i] = 1\n"
                                                            "print nosuch\n"
                                                            "step x\n"
                                                            "wi 1000\n"
                                                            "break abc\n"
                                                            "watch global nosuch:0 4\n"
                                                            "watch global c:8 4 c\n"
                                                            "watch local 0x6000010000000000 4\n"
                                                            "mem\n"
                                                            "help print\n"
                                                            "continue\n"
                                                            "delete\n"
                                                            "c\n"
                                                            "step\n"
                                                            "print 1 +\n");
        QCOMPARE(t.exitCode, 0);
        QCOMPARE(
            outputOf(t, "stpe"),
            QString("error: unknown command 'stpe'\nhint: did you mean 'step'? ('help step')\n"));
        QCOMPARE(outputOf(t, "frobnicate"), QString("error: unknown command 'frobnicate'\nhint: "
                                                    "type 'help' for the list of commands\n"));
        QVERIFY(outputOf(t, "print a[get_global_id(0)] +").contains("  a[get_global_id(0)] +\n"));
        QVERIFY(outputOf(t, "print c[i] = 1").contains("error:"));
        QString undeclared = outputOf(t, "print nosuch");
        QVERIFY2(undeclared.startsWith("error: use of undeclared identifier 'nosuch'\n  nosuch\n  "
                                       "^\nhint: the work-item has not started"),
                 qPrintable(undeclared));
        QVERIFY(outputOf(t, "step x").startsWith("error: 'x' is not a repeat count"));
        QVERIFY(outputOf(t, "wi 1000").contains("hint: global ids go up to (63,0,0)"));
        QVERIFY(outputOf(t, "break abc").startsWith("error: 'abc' is not a line number"));
        QVERIFY(outputOf(t, "watch global nosuch:0 4")
                    .startsWith("error: no __global buffer 'nosuch' (buffers: a, b, c)"));
        QCOMPARE(outputOf(t, "watch global c:8 4 c"),
                 QString("Watchpoint 1: change of __global 'c'+8 (4 bytes)\n"));
        QVERIFY(
            outputOf(t, "watch local 0x6000010000000000 4").startsWith("error: no __local buffer"));
        QVERIFY(outputOf(t, "mem").startsWith("error: mem needs an address space"));
        QVERIFY(outputOf(t, "help print").startsWith("print EXPRESSION\n"));
        QCOMPARE(
            outputOf(t, "continue"),
            QString(
                "Watchpoint 1: write of __global 'c'+8 (4 bytes) by work-item (2,0,0) at line 14: "
                "00 00 00 00 -> 00 00 20 40\nwork-item (2,0,0) has finished\n"));
        QCOMPARE(outputOf(t, "delete"), QString("Deleted 1 breakpoint(s) and watchpoint(s)\n"));
        QCOMPARE(outputOf(t, "c"), QString("Kernel finished\n"));
        QVERIFY(outputOf(t, "step").startsWith(
            "error: the kernel has finished; reset to run again\nhint:"));
        QVERIFY(t.out.endsWith("(clstep) print 1 +\nerror: the kernel is not running\nhint: reset "
                               "(start) the run first\n") ||
                t.out.contains("(clstep) print 1 +\nerror:"));
    }

    void checkSwitchesApplyToTheConsole() {
        // --no-checks: nothing observes the run, so the race does not stop it, `info` says so
        // and explore finds the order dependence in the results only.
        Transcript off = runConsole("samples/reduction_race.sim", "info\ncontinue\nexplore 3\n",
                                    {"--no-checks"});
        QCOMPARE(off.exitCode, 0);
        QVERIFY2(outputOf(off, "info").contains("Runtime checks: off\n"), qPrintable(off.out));
        QCOMPARE(outputOf(off, "continue"), QString("Kernel finished\n"));
        QString quiet = outputOf(off, "explore 3");
        QVERIFY2(quiet.contains("The results depend on the schedule"), qPrintable(quiet));
        QVERIFY2(!quiet.contains("data-race") && !quiet.contains("Runtime reports"),
                 qPrintable(quiet));
        // One check off: the others stay on.
        Transcript noRaces = runConsole("samples/reduction_race.sim", "info\ncontinue\n",
                                        {"--no-data-races", "--no-endian-events"});
        QVERIFY2(outputOf(noRaces, "info")
                     .contains("Runtime checks: uninitialized reads, async copies\n"),
                 qPrintable(noRaces.out));
        QCOMPARE(outputOf(noRaces, "continue"), QString("Kernel finished\n"));
        Transcript uniform =
            runConsole("samples/reduction_race.sim", "info\n", {"--uniform-writes"});
        QVERIFY2(outputOf(uniform, "info")
                     .contains("Runtime checks: data races (uniform writes too), uninitialized "
                               "reads, endian conversions, async copies\n"),
                 qPrintable(uniform.out));
        Transcript strict = runConsole("samples/reduction_race.sim", "info\n",
                                       {"--strict-races", "--uniform-writes"});
        QVERIFY2(outputOf(strict, "info")
                     .contains("Runtime checks: data races (uniform writes too, benign races as "
                               "errors), uninitialized reads, endian conversions, async copies\n"),
                 qPrintable(strict.out));
    }

    void exploreListsTheChecksReports() {
        Transcript t = runConsole("samples/reduction_race.sim", "explore 3\n");
        QCOMPARE(t.exitCode, 0);
        const QString explore = outputOf(t, "explore 3");
        QVERIFY2(explore.contains("The results depend on the schedule"), qPrintable(explore));
        // every report once, with the first schedule that found it
        QVERIFY2(explore.contains("Runtime reports of the schedules:\n"), qPrintable(explore));
        QVERIFY2(explore.contains("  reduction_race.cl:21: error: Read-write data race at local "
                                  "memory address 0x6000010000000004 ('partial', byte offset 4, "
                                  "element 1): read by Global(0,0,0) Local(0,0,0) Group(0,0,0), "
                                  "then write of "),
                 qPrintable(explore));
        QVERIFY2(explore.contains("[WAR] [data-race] (first found by in-order)\n"),
                 qPrintable(explore));
        QVERIFY2(explore.contains("(first found by reverse)\n"), qPrintable(explore));
    }

    void runtimeErrorsStopExecution() {
        QTemporaryDir dir;
        QFile cl(dir.path() + "/oob.cl");
        QVERIFY(cl.open(QIODevice::WriteOnly));
        cl.write("__kernel void oob(__global int *out)\n{\n    int i = get_global_id(0);\n    "
                 "out[i + 2] = i;\n"
                 "    i = i + 1;\n}\n"); // no data race: only the out-of-bounds writes
        cl.close();
        QFile sim(dir.path() + "/oob.sim");
        QVERIFY(sim.open(QIODevice::WriteOnly));
        sim.write("oob.cl\noob\n4 1 1\n4 1 1\n<size=16 int fill=0>\n");
        sim.close();
        Transcript t = runConsole(dir.path() + "/oob.sim", "c\np i\nerrors off\nc\ntrace 0 3\n");
        QCOMPARE(t.exitCode, 0);
        QVERIFY2(outputOf(t, "c").startsWith(
                     "Error: Invalid write of size 4 at global memory address (buffer 'out' of 16 "
                     "bytes, offset 16) [out-of-bounds] at line 4, work-item (2,0,0)\n"
                     "oob.cl:5: i = i + 1;\n"),
                 qPrintable(t.out));
        QCOMPARE(outputOf(t, "p i"), QString("i = 2 (__private int)\n"));
        QVERIFY(t.out.contains("(clstep) errors off\nRuntime errors do not stop "
                               "execution\n(clstep) c\nKernel finished\n"));
        QVERIFY2(outputOf(t, "trace 0 3").contains("error: Invalid write of size 4"),
                 qPrintable(t.out));
    }
};

QTEST_GUILESS_MAIN(TestConsole)
#include "tst_console.moc"
