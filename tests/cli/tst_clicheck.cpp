// `clstep-cli check` through the real binary: text and JSON formats, exit codes 0/1/2,
// positions mapped back through #include, and bad input that must not crash.
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

class TestCliCheck : public QObject {
    Q_OBJECT
private slots:
    void cleanFileExitsZero() {
        Result r = cli({"check", QStringLiteral(CLSTEP_SOURCE_DIR "/samples/reduction.cl")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, QString());
    }

    void errorIsFileLineColWithKind() {
        QTemporaryDir dir;
        QString f =
            write(dir, "bad.cl", "__kernel void k(__global int *p) {\n    __local int x = 1;\n}\n");
        Result r = cli({"check", f});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.startsWith(f + ":2:"), qPrintable(r.out));
        QVERIFY(r.out.contains("error:"));
        QVERIFY(r.out.contains("[local-variable-initializer]"));
    }

    void jsonHasTheDocumentedFields() {
        QTemporaryDir dir;
        QString f = write(dir, "bad.cl", "__kernel void k(__global int *p) {\n    p[0] = 1\n}\n");
        Result r = cli({"check", f, "--json"});
        QCOMPARE(r.code, 1);
        QJsonArray arr = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QVERIFY(!arr.isEmpty());
        QJsonObject d = arr.first().toObject();
        for (const char* key :
             {"severity", "kind", "message", "file", "line", "column", "endLine", "endColumn"})
            QVERIFY2(d.contains(key), key);
        QCOMPARE(d["kind"].toString(), QString("syntax-error"));
        QCOMPARE(d["line"].toInt(), 2);
    }

    void diagnosticInIncludedFileMapsBack() {
        QTemporaryDir dir;
        write(dir, "helper.h", "int helper(int x) {\n  return x +;\n}\n");
        QString f = write(
            dir, "main.cl",
            "#include \"helper.h\"\n__kernel void k(__global int *p) { p[0] = helper(1); }\n");
        Result r = cli({"check", f});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains("helper.h:2:"), qPrintable(r.out));
    }

    void versionOptionChangesTheVerdict() {
        QTemporaryDir dir;
        QString f =
            write(dir, "g.cl", "__global int counter = 0;\n__kernel void k() { counter++; }\n");
        QCOMPARE(cli({"check", f, "-cl-std=CL1.2"}).code, 1);
        QCOMPARE(cli({"check", f, "-cl-std=CL2.0"}).code, 0);
    }

    void definesReachThePreprocessor() {
        QTemporaryDir dir;
        QString f = write(dir, "d.cl",
                          "#ifndef N\n#error N must be defined\n#endif\n__kernel void k(__global "
                          "int *p) { p[0] = N; }\n");
        QCOMPARE(cli({"check", f}).code, 1);
        QCOMPARE(cli({"check", f, "-D", "N=4"}).code, 0);
    }

    void usageErrorsExitTwo() {
        QCOMPARE(cli({"check"}).code, 2);
        QCOMPARE(cli({"check", "x.cl", "-cl-std=CL9.9"}).code, 2);
        QCOMPARE(cli({"frobnicate"}).code, 2);
    }

    void badInputNeverCrashes() {
        QTemporaryDir dir;
        QByteArray garbage;
        for (int i = 0; i < 4096; ++i)
            garbage.append(char((i * 7919) & 0xff));
        const QList<QByteArray> inputs = {garbage, QByteArray(), "/* unterminated",
                                          "char *s = \"unterminated;",
                                          QByteArray(10000, '(') + QByteArray(10000, ')')};
        int i = 0;
        for (const QByteArray& in : inputs) {
            QString f = write(dir, QString("in%1.cl").arg(i++), in);
            Result r = cli({"check", f});
            QVERIFY2(r.code == 0 || r.code == 1, qPrintable(f + ": " + r.err));
        }
        Result missing = cli({"check", dir.filePath("missing.cl")});
        QCOMPARE(missing.code, 1);
        QVERIFY(missing.out.contains("io-error"));
    }
};

QTEST_GUILESS_MAIN(TestCliCheck)
#include "tst_clicheck.moc"
