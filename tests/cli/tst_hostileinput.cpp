// Hostile input through the real binary (issue #18): deep expressions in every front end,
// NDRange sizes whose products overflow, invalid UTF-8 in JSON output, refused REPL entries,
// and resource bounds (__local memory, global memory, #include depth, array sizes). Each
// case must end with a diagnostic and a non-crashing exit code (0, 1 or 2), never a signal,
// an uncaught exception or a hang. Also run under the sanitizer build (label "sanitize").
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/CliProcess.h"

using clstep::test::cli;
using clstep::test::write;
using Result = clstep::test::CliResult;

namespace {
/// "1+1+...+1" with `terms` terms.
QByteArray sum(int terms) {
    QByteArray s = "1";
    for (int i = 1; i < terms; ++i)
        s += "+1";
    return s;
}
QByteArray repeated(const QByteArray& unit, int n) {
    QByteArray s;
    for (int i = 0; i < n; ++i)
        s += unit;
    return s;
}
QByteArray kernelWithBarrier(const QByteArray& expr) {
    return "__kernel void k(__global int *o) {\n"
           "    __local int t[4];\n"
           "    t[get_local_id(0)] = " +
           expr +
           ";\n"
           "    barrier(CLK_LOCAL_MEM_FENCE);\n"
           "    o[get_local_id(0)] = t[3 - get_local_id(0)];\n"
           "}\n";
}
QString sim(QTemporaryDir& dir, const QByteArray& kernel, const QByteArray& global,
            const QByteArray& local, const QByteArray& args = "<size=16 int fill=0 dump>\n") {
    write(dir, "k.cl", kernel);
    return write(dir, "k.sim", "k.cl\nk\n" + global + "\n" + local + "\n" + args);
}
const QByteArray kSimpleKernel = "__kernel void k(__global int *o) { o[get_global_id(0)] = 1; }\n";
} // namespace

class TestHostileInput : public QObject {
    Q_OBJECT
private slots:
    // --- one nesting limit, deep stacks ---
    void checkRefuses13000TermSum() {
        QTemporaryDir dir;
        QString f = write(dir, "deep.cl",
                          "__kernel void k(__global int *o) { o[0] = " + sum(13000) + "; }\n");
        Result r = cli({"check", f});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("nesting-too-deep"), qPrintable(r.out.left(400)));
        QVERIFY2(r.out.contains("deep.cl:1:"), qPrintable(r.out.left(400)));
    }
    void checkAcceptsSumBelowTheLimit() {
        QTemporaryDir dir;
        QString f = write(dir, "deep.cl",
                          "__kernel void k(__global int *o) { o[0] = " + sum(9990) + "; }\n");
        Result r = cli({"check", f});
        QVERIFY2(r.code == 0, qPrintable(r.out.left(400) + r.err.left(400)));
    }
    void runEvaluates5000UnaryMinusWithBarrier() {
        // The case (SIGSEGV on the 1 MiB fiber stacks): now within the limit, evaluated
        // on fibers (a barrier) by Sema and the evaluator's scalar path. 5,000 minus give 1.
        QTemporaryDir dir;
        QString f = sim(dir, kernelWithBarrier(repeated("- ", 5000) + "1"), "4 1 1", "4 1 1");
        Result r = cli({"run", f});
        QVERIFY2(r.code == 0, qPrintable(r.err.left(600)));
        QVERIFY2(r.out.contains("o[0] = 1") && r.out.contains("o[3] = 1"), qPrintable(r.out));
    }
    void runEvaluatesDeepUnaryOnFibers() {
        // 9,900 levels, just under the limit.
        QTemporaryDir dir;
        QString f = sim(dir, kernelWithBarrier(repeated("- ", 9900) + "1"), "4 1 1", "4 1 1");
        Result r = cli({"run", f});
        QVERIFY2(r.code == 0, qPrintable(r.err.left(600)));
        QVERIFY2(r.out.contains("o[0] = 1") && r.out.contains("o[3] = 1"), qPrintable(r.out));
    }
    void runRefusesUnaryBeyondTheLimit() {
        QTemporaryDir dir;
        QString f = sim(dir, kernelWithBarrier(repeated("- ", 11000) + "1"), "4 1 1", "4 1 1");
        Result r = cli({"run", f});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("nesting-too-deep") && r.err.contains("k.cl:3:"),
                 qPrintable(r.err.left(400)));
    }
    void runEvaluatesDeepDerefChain() {
        // `*&*&...x`: 9,800 unary operators through Sema (checkUnary) and the evaluator.
        QTemporaryDir dir;
        QByteArray k = "__kernel void k(__global int *o) { int x = 7; o[get_global_id(0)] = " +
                       repeated("*&", 4900) + "x; }\n";
        QString f = sim(dir, k, "4 1 1", "4 1 1");
        Result r = cli({"run", f});
        QVERIFY2(r.code == 0, qPrintable(r.err.left(600)));
        QVERIFY2(r.out.contains("o[0] = 7") && r.out.contains("o[3] = 7"), qPrintable(r.out));
    }
    void replRefuses13000TermInitializerAndGoesOn() {
        Result r = cli({"repl"}, "int x = " + sum(13000) + ";\n1+1\n");
        QCOMPARE(r.code, 1); // an entry was refused
        QVERIFY2((r.out + r.err).contains("nesting-too-deep"), qPrintable(r.err.left(400)));
        QVERIFY2(r.out.contains("(int)2"), qPrintable(r.out.right(400)));
    }

    // --- NDRange sizes ---
    void ndrangeWhoseWorkItemCountOverflows() {
        QTemporaryDir dir;
        Result r = cli({"run", sim(dir, kSimpleKernel, "2147483648 2147483648 4", "1 1 1")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("overflow"), qPrintable(r.err));
    }
    void negativeGlobalSizeOnTheCommandLine() {
        QTemporaryDir dir;
        QString f = write(dir, "k.cl", kSimpleKernel);
        Result r =
            cli({"run", f, "--kernel", "k", "--global", "-1", "--arg", "<size=16 int fill=0>"});
        QVERIFY2(r.code == 1 || r.code == 2, qPrintable(r.err));
        QVERIFY2(r.err.contains("--global"), qPrintable(r.err));
    }
    void workGroupSizeProductOverflows() {
        QTemporaryDir dir;
        Result r = cli(
            {"run", sim(dir, kSimpleKernel, "4294967296 4294967296 1", "4294967296 4294967296 1")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("overflows 64 bits"), qPrintable(r.err));
    }

    // --- invalid UTF-8 in JSON ---
    void checkJsonWithInvalidUtf8() {
        QTemporaryDir dir;
        QString f = write(dir, "bad.cl", "#error \xff\xfe bytes\n__kernel void k() {}\n");
        Result r = cli({"check", "--json", f});
        QCOMPARE(r.code, 1);
        QJsonParseError e;
        QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &e);
        QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains("bytes"));
    }
    void runDiagnosticsJsonWithInvalidUtf8() {
        QTemporaryDir dir;
        QString f = sim(dir, "#error \xff\xfe bytes\n" + kSimpleKernel, "1 1 1", "1 1 1");
        QString json = dir.filePath("d.json");
        Result r = cli({"run", f, "--diagnostics-json", json});
        QCOMPARE(r.code, 1);
        QFile in(json);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        QJsonParseError e;
        QJsonDocument::fromJson(text, &e);
        QVERIFY2(e.error == QJsonParseError::NoError, qPrintable(r.err));
        QVERIFY2(text.contains("bytes"), text.constData());
    }

    // --- REPL state after a refused entry ---
    void replRefusedAllocationLeavesNoState() {
        Result r = cli({"repl"}, "int big[1<<25];\n1+1\n");
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("allocation-too-large") || r.err.contains("allocation-too-large"),
                 qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("(int)2"), qPrintable(r.out));
        QCOMPARE((r.out + r.err).count("allocation-too-large"), 1);
    }

    // --- resource bounds ---
    void localMemoryIsCapped() {
        QTemporaryDir dir;
        QByteArray k = "__kernel void k(__global int *o) { __local int a[N];\n"
                       "    a[get_local_id(0)] = 1; o[0] = a[0]; }\n";
        Result r = cli({"run", sim(dir, "#define N (1<<28)\n" + k, "1 1 1", "1 1 1")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("__local memory") && r.err.contains("'a' (1073741824 bytes)") &&
                     r.err.contains("65536"),
                 qPrintable(r.err));
        // 256 KiB: over the default 64 KiB, within a device setting of 1 MiB.
        QString f = sim(dir, "#define N (1<<16)\n" + k, "1 1 1", "1 1 1");
        QCOMPARE(cli({"run", f}).code, 1);
        Result fits = cli({"run", f, "--local-mem-size", "1048576"});
        QVERIFY2(fits.code == 0, qPrintable(fits.err));
    }
    void twoGiBOfBuffersIsALaunchError() {
        QTemporaryDir dir;
        QByteArray k = "__kernel void k(__global char *a, __global char *b) { a[0] = b[0]; }\n";
        Result r =
            cli({"run", sim(dir, k, "1 1 1", "1 1 1",
                            "<size=1073741824 char fill=0>\n<size=1073741824 char fill=0>\n")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("'a'") && r.err.contains("'b'") && r.err.contains("2147483648"),
                 qPrintable(r.err));
        QVERIFY2(!r.err.contains("internal error"), qPrintable(r.err));
    }
    void hostOutOfMemoryInAWorkItemIsReportedAtItsStatement() {
        // The host's memory runs out while a work-item runs (a 48 MiB private array per
        // work-item, within the 64 MiB private limit, 16 work-items alive at a barrier, under
        // an address-space limit). It once ended in std::terminate ("terminate called after
        // throwing an instance of 'std::bad_alloc'": the exception left a work-item's fiber)
        // or, without fibers, in a message with no location. Each limit makes it fail at
        // another allocation (a fiber stack, the array, the uninitialized check's shadow).
#if defined(__SANITIZE_ADDRESS__)
        QSKIP("an address-space limit does not work with AddressSanitizer's shadow memory");
#else
        QTemporaryDir dir;
        QByteArray k = "__kernel void k(__global int *o) {\n"
                       "    char big[48 << 20];\n"
                       "    big[get_local_id(0)] = 1;\n"
                       "    BARRIER\n"
                       "    o[get_global_id(0)] = big[get_local_id(0)];\n"
                       "}\n";
        for (const char* barrier : {"barrier(CLK_LOCAL_MEM_FENCE);", ""}) {
            QString f = sim(dir, QByteArray(k).replace("BARRIER", barrier), "16 1 1", "16 1 1",
                            "<size=64 int fill=0 dump>\n");
            for (int mib = 400; mib <= 900; mib += 100)
                for (const char* checks : {"--no-checks", "--threads=1"}) {
                    QProcess p;
                    p.start("prlimit", {QString("--as=%1").arg(qint64(mib) << 20), "--",
                                        QStringLiteral(CLSTEP_CLI), "run", checks, f});
                    QVERIFY(p.waitForStarted(30000));
                    QVERIFY(p.waitForFinished(300000));
                    const QString err = QString::fromUtf8(p.readAllStandardError());
                    const QString what =
                        QString("%1 MiB, %2, '%3': ").arg(mib).arg(checks, barrier) + err.left(600);
                    QVERIFY2(p.exitStatus() == QProcess::NormalExit, qPrintable(what));
                    QVERIFY2(!err.contains("terminate called"), qPrintable(what));
                    if (p.exitCode() == 0) continue; // enough memory at this limit
                    QVERIFY2(p.exitCode() == 1, qPrintable(what));
                    // Out of memory in a work-item: said at a kernel line, with the kind.
                    QVERIFY2(err.contains(QRegularExpression("k\\.cl:[1-5]:\\d+: error: .*"
                                                             "\\[allocation-too-large\\]")),
                             qPrintable(what));
                }
        }
#endif
    }
    void selfIncludeStopsAtANamedDepth() {
        QTemporaryDir dir;
        QByteArray body = "#include \"self.cl\"\n";
        for (int i = 0; i < 33; ++i)
            body += "int f" + QByteArray::number(i) + "(int x) { return x + " +
                    QByteArray::number(i) + "; }\n";
        QString f = write(dir, "self.cl", body);
        Result r = cli({"check", f});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("nested too deeply (more than 64 levels"), qPrintable(r.out));
    }
    void arraySizeOverflowIsReported() {
        QTemporaryDir dir;
        QString f = write(dir, "a.cl",
                          "__kernel void k(__global long *o) {\n"
                          "    long a[1L<<61];\n    o[0] = a[0];\n}\n");
        Result r = cli({"check", f});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("overflows 64 bits") && !r.out.contains("has no size"),
                 qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
