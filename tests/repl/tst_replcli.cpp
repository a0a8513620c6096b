// `clstep-cli repl` with its input piped, as a script or a classroom transcript would use it:
// the same binary users run (CLSTEP_CLI). Without a terminal there are no prompts; the exit
// code is 1 when an entry was refused.
#include <QtTest>

#include <QFile>
#include <QProcess>

namespace {

struct Session {
    int exitCode = -1;
    QString out;
    QString err;
};

Session runScript(const QString& script, const QStringList& extraArgs = {}) {
    QProcess p;
    p.start(QStringLiteral(CLSTEP_CLI), QStringList{"repl"} + extraArgs);
    Session s;
    if (!p.waitForStarted(30000)) return s;
    p.write(script.toUtf8());
    p.closeWriteChannel();
    if (!p.waitForFinished(120000)) {
        p.kill();
        return s;
    }
    s.exitCode = p.exitCode();
    s.out = QString::fromUtf8(p.readAllStandardOutput());
    s.err = QString::fromUtf8(p.readAllStandardError());
    return s;
}

} // namespace

class TestReplCli : public QObject {
    Q_OBJECT

private slots:
    void swizzlesAndConversions();
    void multiLineFunctionAndSyntaxError();
    void refusedLocalInitializerKeepsState();
    void layoutPackedAgainstAligned();
    void runRacyKernel();
    void endianSwitch();
    void endlessLoopKeepsTheReplAlive();
    void optionsAndEcho();
    void classroomScriptFromDocs();
};

void TestReplCli::swizzlesAndConversions() {
    Session s = runScript("float4 v = (float4)(1, 2, 3, 4);\n"
                          "v.wzyx * 2\n"
                          "convert_uchar4_sat(v * 100.0f)\n"
                          "as_uint(1.0f)\n"
                          "typedef struct { char a; int b; } S;\n"
                          "sizeof(S)\n"
                          ":quit\n"
                          "v\n");
    QCOMPARE(s.exitCode, 0);
    QVERIFY2(s.out.contains("float4 v = (float4)(1, 2, 3, 4)\n"), qPrintable(s.out));
    QVERIFY(s.out.contains(
        "(float4)(8, 6, 4, 2)\n  memory: 00 00 00 41  00 00 c0 40  00 00 80 40  00 00 00 40"));
    QVERIFY(s.out.contains("(uchar4)(100, 200, 255, 255)\n"));
    QVERIFY(s.out.contains("(uint)1065353216\n  memory: 00 00 80 3f  (4 bytes, little-endian)"));
    QVERIFY(s.out.contains("defined S\n"));
    QVERIFY(s.out.contains("(size_t)8\n") || s.out.contains("(ulong)8\n"));
    // Nothing runs after :quit.
    QCOMPARE(s.out.count("(float4)(1, 2, 3, 4)"), 1);
    QVERIFY(!s.out.contains("cl>"));
}

void TestReplCli::multiLineFunctionAndSyntaxError() {
    Session s = runScript("int clampi(int x,\n"
                          "           int lo, int hi) {\n"
                          "  return min(max(x, lo), hi);\n"
                          "}\n"
                          "clampi(12, 0, 9)\n"
                          "int w = (3 +\n"
                          "  4 5);\n"
                          "clampi(-3, 0, 9)\n");
    QCOMPARE(s.exitCode, 1);
    QVERIFY2(s.out.contains("defined clampi\n(int)9\n"), qPrintable(s.out));
    QVERIFY(s.out.contains("<entry>:2:5: error:"));
    QVERIFY(s.out.contains("[syntax-error]"));
    QVERIFY(s.out.contains("(int)0\n"));
}

void TestReplCli::refusedLocalInitializerKeepsState() {
    Session s = runScript("int keep = 41;\n"
                          "__local int x = 1;\n"
                          ":vars\n"
                          "keep + 1\n");
    QCOMPARE(s.exitCode, 1);
    QVERIFY2(s.out.contains("<entry>:1:15: error: __local variable 'x' cannot have an initializer"),
             qPrintable(s.out));
    QVERIFY(s.out.contains("[local-variable-initializer]"));
    QVERIFY(s.out.contains("why: OpenCL C 1.2 §6.5.2"));
    // :vars right after the refusal lists only `keep`.
    QVERIFY(s.out.contains("(docs/rules.md)\nint keep = 41\n(int)42\n"));
}

void TestReplCli::layoutPackedAgainstAligned() {
    Session s = runScript("typedef struct __attribute__((packed)) { char a; int b; } P;\n"
                          "typedef struct __attribute__((aligned(16))) { char a; int b; } A;\n"
                          ":layout P\n"
                          ":layout A\n");
    QCOMPARE(s.exitCode, 0);
    QVERIFY2(s.out.contains("P: struct, 5 bytes, alignment 1, packed\n"), qPrintable(s.out));
    QVERIFY(s.out.contains("bytes: abbbb   (0 padding bytes)"));
    QVERIFY(s.out.contains("A: struct, 16 bytes, alignment 16, aligned(16)\n"));
    QVERIFY(s.out.contains("bytes: a...bbbb........   (11 padding bytes)"));
}

void TestReplCli::runRacyKernel() {
    Session s = runScript(":ndrange 16 4\n"
                          "__kernel void racy(__global int *out) {\n"
                          "  out[0] += get_global_id(0);\n"
                          "}\n"
                          ":run racy <size=4 int fill=0 dump>\n");
    QVERIFY2(s.out.contains("running racy over global 16, local 4 (16 work-items)"),
             qPrintable(s.out));
    QVERIFY(s.out.contains("<entry 2>:2:3: error: Read-write data race at global memory"));
    QVERIFY(s.out.contains("[data-race]"));
    QVERIFY(s.out.contains("First entity:  Global(0,0,0)"));
    QVERIFY(s.out.contains("Argument 'out': 4 bytes"));
    QCOMPARE(s.exitCode, 1);
}

void TestReplCli::endianSwitch() {
    Session s = runScript("uint u = 0x01020304;\n"
                          "as_uchar4(0x01020304)\n"
                          ":mem private\n"
                          ":endian big\n"
                          ":mem private\n"
                          "as_uchar4(0x01020304)\n"
                          "u\n");
    QCOMPARE(s.exitCode, 0);
    QVERIFY2(s.out.contains("uint u = 16909060\n        04 03 02 01"), qPrintable(s.out));
    QVERIFY(s.out.contains("uint u = 16909060\n        01 02 03 04"));
    QCOMPARE(s.out.count("(uchar4)(4, 3, 2, 1)\n"), 2);
    QVERIFY(s.out.contains("(uint)16909060\n  memory: 01 02 03 04  (4 bytes, big-endian)"));
}

void TestReplCli::endlessLoopKeepsTheReplAlive() {
    Session s = runScript("int k = 0;\n"
                          "for (;;) k++;\n"
                          "k + 100\n",
                          {"--max-steps", "10000"});
    QCOMPARE(s.exitCode, 1);
    QVERIFY2(s.out.contains("[step-limit]"), qPrintable(s.out));
    QVERIFY(s.out.contains("(entry stopped; the session is unchanged)"));
    QVERIFY(s.out.contains("(int)100\n"));
}

void TestReplCli::optionsAndEcho() {
    Session s = runScript("int *p = 0;\nsizeof(p)\n",
                          {"--cl-std", "CL2.0", "--device-endian", "big", "--echo"});
    QCOMPARE(s.exitCode, 0);
    QVERIFY2(s.out.contains("cl> sizeof(p)\n"), qPrintable(s.out));
    QVERIFY(s.out.contains("big-endian"));
}

void TestReplCli::classroomScriptFromDocs() {
    // docs/repl.md: the fenced block after <!-- classroom-script --> must run as described.
    QFile doc(QStringLiteral(CLSTEP_SOURCE_DIR "/docs/repl.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(doc.readAll());
    const qsizetype marker = text.indexOf("<!-- classroom-script -->");
    QVERIFY(marker >= 0);
    const qsizetype open = text.indexOf("```\n", marker);
    const qsizetype close = text.indexOf("```", open + 4);
    QVERIFY(open > 0 && close > open);
    const QString script = text.mid(open + 4, close - open - 4);
    QVERIFY(script.contains(":run sum"));

    Session s = runScript(script, {"--echo"});
    QCOMPARE(s.exitCode, 1); // the __local initializer is refused on purpose
    QVERIFY2(s.out.contains("(float4)(8, 6, 4, 2)"), qPrintable(s.out));
    QVERIFY(s.out.contains("(uchar4)(100, 200, 255, 255)"));
    QVERIFY(s.out.contains("(uint)1065353216\n  memory: 00 00 80 3f"));
    QVERIFY(s.out.contains("acc = 10\n"));
    QVERIFY(s.out.contains("bytes: a...bbbb   (3 padding bytes)"));
    QVERIFY(s.out.contains("P: struct, 5 bytes, alignment 1, packed"));
    QVERIFY(s.out.contains("[local-variable-initializer]"));
    QVERIFY(s.out.contains("(ulong)11\n") || s.out.contains("(size_t)11\n"));
    QVERIFY(s.out.contains("Read-write data race at global memory"));
    QVERIFY(s.out.contains("Write-write data race at global memory"));
    QVERIFY(s.out.contains("  total[0] = 120"));
    QVERIFY(s.out.contains("uint u = 16909060\n        04 03 02 01"));
    QVERIFY(s.out.contains("uint u = 16909060\n        01 02 03 04"));
    QVERIFY(s.out.contains("cl> u\n(uint)16909060\n"));
}

QTEST_APPLESS_MAIN(TestReplCli)
#include "tst_replcli.moc"
