// `clstep-cli grade` through the real binary (docs/sweep.md, docs/classroom.md): the six
// sample submissions of samples/grading/ with their verdicts, diagnostics and differing
// configurations; the CSV read back; the JSON fields; hostile submissions (an endless loop
// stopped by the time limit or the step limit, a file that is no OpenCL, a huge allocation,
// the interpreter running out of host memory under RLIMIT_AS) each with a verdict while
// grading goes on.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "cli/CliProcess.h"

using clstep::test::cli;
using clstep::test::CliResult;
using clstep::test::grading;
using clstep::test::haveJsonSchema;
using clstep::test::readJson;
using clstep::test::schemaErrors;
using clstep::test::write;

namespace {

const QString kGrading = grading();

QStringList gradeOf(const QStringList& more) {
    return QStringList{"grade", "--reference", kGrading + "reference.cl", "--launch",
                       kGrading + "launch.sim"} +
           more;
}

/// The submission named `name` in a grade JSON.
QJsonObject submission(const QJsonObject& grades, const QString& name) {
    for (const QJsonValue& s : grades["submissions"].toArray())
        if (s.toObject()["name"].toString() == name) return s.toObject();
    return {};
}

QStringList names(const QJsonArray& list, const QString& field = {}) {
    QStringList out;
    for (const QJsonValue& v : list)
        out << (field.isEmpty() ? v.toString() : v.toObject()[field].toString());
    return out;
}

/// Reads RFC 4180 CSV (quoted fields with "" and commas).
QList<QStringList> readCsv(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QString text = QString::fromUtf8(f.readAll());
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row << field;
            field.clear();
        } else if (c == '\n') {
            row << field;
            field.clear();
            rows << row;
            row.clear();
        } else {
            field += c;
        }
    }
    return rows;
}

} // namespace

class TestCliGrade : public QObject {
    Q_OBJECT
private slots:
    void theSixSampleSubmissions() {
        QTemporaryDir dir;
        const QString json = dir.filePath("grades.json");
        CliResult r = cli(gradeOf({"--json", json, kGrading + "submissions"}));
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err)); // some do not pass
        const QJsonObject g = readJson(json);
        QCOMPARE(g["configurations"].toArray().size(), 21);
        QCOMPARE(names(g["submissions"].toArray(), "name"),
                 QStringList({"assumes_16.cl", "does_not_build.cl", "missing_barrier.cl",
                              "out_of_bounds.cl", "racy_some_sizes.cl", "right.cl"}));

        QJsonObject s = submission(g, "right.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("pass"));
        QCOMPARE(s["equal_configurations"].toInt(), 21);
        QVERIFY(s["diagnostics"].toArray().isEmpty());

        s = submission(g, "racy_some_sizes.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("unsafe"));
        QCOMPARE(s["equal_configurations"].toInt(), 21);
        QJsonArray d = s["diagnostics"].toArray();
        QCOMPARE(d.size(), 1);
        QJsonObject p = d[0].toObject();
        QCOMPARE(p["kind"].toString(), QStringLiteral("data-race"));
        QVERIFY(p["file"].toString().endsWith("racy_some_sizes.cl"));
        QCOMPARE(p["line"].toInt(), 16);
        QCOMPARE(p["column"].toInt(), 9);
        // every work-group size with more than one work-group: all but 64
        QCOMPARE(p["configurations"].toArray().size(), 18);
        QVERIFY(!names(p["configurations"].toArray()).join(";").contains("local 64"));

        s = submission(g, "out_of_bounds.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("unsafe"));
        QCOMPARE(s["memory_errors"].toInt(), 1);
        d = s["diagnostics"].toArray();
        QCOMPARE(d.size(), 1);
        p = d[0].toObject();
        QCOMPARE(p["kind"].toString(), QStringLiteral("out-of-bounds"));
        QCOMPARE(p["line"].toInt(), 10);
        QCOMPARE(p["column"].toInt(), 29);
        QCOMPARE(p["configurations"].toArray().size(), 21);

        s = submission(g, "assumes_16.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("wrong results"));
        QCOMPARE(names(s["differing_configurations"].toArray(), "configuration"),
                 QStringList({"local 32, in-order", "local 32, reverse", "local 32, round-robin",
                              "local 64, in-order", "local 64, reverse", "local 64, round-robin"}));
        QCOMPARE(s["differing_configurations"].toArray()[0].toObject()["elements"].toArray(),
                 QJsonArray({"out[0] = 784 (expected 2080)"}));
        d = s["diagnostics"].toArray();
        QCOMPARE(d.size(), 2);
        QCOMPARE(d[0].toObject()["kind"].toString(), QStringLiteral("uninitialized-read"));
        QCOMPARE(d[0].toObject()["line"].toInt(), 13);
        QCOMPARE(d[1].toObject()["kind"].toString(), QStringLiteral("out-of-bounds"));
        QCOMPARE(d[1].toObject()["line"].toInt(), 9);
        QCOMPARE(d[1].toObject()["column"].toInt(), 5);
        QCOMPARE(d[1].toObject()["configurations"].toArray().size(), 6);

        // right under in-order (what a one-schedule grader runs), wrong under reverse
        s = submission(g, "missing_barrier.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("wrong results"));
        QCOMPARE(names(s["differing_configurations"].toArray(), "configuration"),
                 QStringList({"local 2, reverse", "local 4, reverse", "local 8, reverse",
                              "local 16, reverse", "local 32, reverse", "local 64, reverse"}));
        QCOMPARE(s["races"].toInt(), 2);
        d = s["diagnostics"].toArray();
        QCOMPARE(d[0].toObject()["kind"].toString(), QStringLiteral("data-race"));
        QCOMPARE(d[0].toObject()["line"].toInt(), 12);
        QCOMPARE(d[0].toObject()["column"].toInt(), 13);

        s = submission(g, "does_not_build.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("does not build"));
        QCOMPARE(s["builds"].toBool(), false);
        d = s["build_diagnostics"].toArray();
        QVERIFY(d.size() >= 1);
        p = d[0].toObject();
        QCOMPARE(p["message"].toString(), QStringLiteral("use of undeclared identifier 'sum'"));
        QCOMPARE(p["line"].toInt(), 9);
        QCOMPARE(p["column"].toInt(), 13);

        // the class table on stdout
        QVERIFY2(r.out.contains("does_not_build.cl   does not build  no "), qPrintable(r.out));
        QVERIFY2(r.out.contains("right.cl            pass            yes     21/21"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("  results differ under local 64, reverse: out[0] = 1024 "
                                "(expected 2080)\n"),
                 qPrintable(r.out));
    }

    void csvReadBack() {
        QTemporaryDir dir;
        const QString csv = dir.filePath("grades.csv");
        CliResult r = cli(gradeOf({"--csv", csv, "--jobs", "2", kGrading + "submissions"}));
        QCOMPARE(r.code, 1);
        const QList<QStringList> rows = readCsv(csv);
        QCOMPARE(rows.size(), 7);
        QCOMPARE(rows[0], QStringList({"submission", "file", "verdict", "builds", "configurations",
                                       "equal_configurations", "races", "memory_errors",
                                       "barrier_divergence", "uninitialized_reads", "other_errors",
                                       "first_problem"}));
        QStringList verdicts;
        for (qsizetype i = 1; i < rows.size(); ++i) {
            QCOMPARE(rows[i].size(), 12);
            verdicts << rows[i][0] + "=" + rows[i][2];
        }
        QCOMPARE(verdicts,
                 QStringList({"assumes_16.cl=wrong results", "does_not_build.cl=does not build",
                              "missing_barrier.cl=wrong results", "out_of_bounds.cl=unsafe",
                              "racy_some_sizes.cl=unsafe", "right.cl=pass"}));
        // a quoted field with commas read back whole
        QCOMPARE(rows[1][11],
                 QStringLiteral("results differ under local 32, in-order: out[0] = 784 "
                                "(expected 2080)"));
        QCOMPARE(rows[4][6], QStringLiteral("0"));
        QCOMPARE(rows[5][6], QStringLiteral("1")); // racy_some_sizes: one race
    }

    void htmlPageHasASectionPerStudentWithSourceLines() {
        QTemporaryDir dir;
        const QString html = dir.filePath("grades.html");
        QCOMPARE(cli(gradeOf({"--html", html, kGrading + "submissions"})).code, 1);
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(f.readAll());
        QCOMPARE(page.count("<h2 id="), 6);
        QVERIFY(!page.contains("src=") && !page.contains("<script") && !page.contains("<link"));
        // the racy line, escaped, with its number
        QVERIFY2(page.contains("<span class=\"hit\">  16          *out += scratch[0];</span>"),
                 qPrintable(page));
    }

    /// An endless loop, a file that is no OpenCL C and a huge allocation each get a verdict,
    /// and the other submissions are still graded.
    void hostileSubmissions() {
        QTemporaryDir dir;
        QFile right(kGrading + "submissions/right.cl");
        QVERIFY(right.open(QIODevice::ReadOnly));
        const QByteArray rightText = right.readAll();
        write(dir, "a_right.cl", rightText);
        write(dir, "b_endless.cl",
              "__kernel void total(__global const int *in, __global int *out,\n"
              "                    __local int *scratch)\n"
              "{\n"
              "    while (in[0] > 0)\n"
              "        scratch[get_local_id(0)] = 1;\n"
              "}\n");
        write(dir, "c_python.cl", "import numpy as np\nprint(np.sum(range(64)))\n");
        write(dir, "d_huge.cl",
              "__kernel void total(__global const int *in, __global int *out,\n"
              "                    __local int *scratch)\n"
              "{\n"
              "    int big[1 << 28];\n"
              "    big[get_local_id(0)] = in[0];\n"
              "    if (get_global_id(0) == 0) *out = big[0];\n"
              "}\n");
        write(dir, "e_wrong_kernel_name.cl", "__kernel void sum(__global int *out) { }\n");
        const QString json = dir.filePath("grades.json");
        // the step limit stops the endless loop
        CliResult r = cli(gradeOf({"--local", "16", "--schedules", "in-order", "--max-steps",
                                   "10000", "--json", json, dir.path()}));
        QCOMPARE(r.code, 1);
        QJsonObject g = readJson(json);
        QCOMPARE(submission(g, "a_right.cl")["verdict"].toString(), QStringLiteral("pass"));
        QJsonObject s = submission(g, "b_endless.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("stopped"));
        QVERIFY2(s["stopped_reason"].toString().contains("[step-limit]"),
                 qPrintable(s["stopped_reason"].toString()));
        QCOMPARE(submission(g, "c_python.cl")["verdict"].toString(),
                 QStringLiteral("does not build"));
        s = submission(g, "d_huge.cl");
        QVERIFY2(s["verdict"].toString() == "stopped" &&
                     s["stopped_reason"].toString().contains("[allocation-too-large]"),
                 qPrintable(s["verdict"].toString() + ": " + s["stopped_reason"].toString()));
        s = submission(g, "e_wrong_kernel_name.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("does not build"));
        QVERIFY2(s["build_diagnostics"].toArray()[0].toObject()["message"].toString().contains(
                     "no kernel named 'total'"),
                 qPrintable(QJsonDocument(s).toJson()));

        // without a step limit to speak of, the time limit stops it. Only the endless loop
        // and a right submission, with 10 s each: the reference and the right one take a
        // tenth of a second, so on a loaded machine too only the endless loop meets the limit
        // (the verdicts above come from the step limit, not from wall time)
        QTemporaryDir timed;
        QFile endless(dir.filePath("b_endless.cl"));
        QVERIFY(endless.open(QIODevice::ReadOnly));
        write(timed, "b_endless.cl", endless.readAll());
        write(timed, "z_right.cl", rightText);
        QElapsedTimer timer;
        timer.start();
        r = cli(gradeOf({"--local", "16", "--schedules", "in-order", "--max-steps", "1000000000000",
                         "--timeout", "10", "--json", json, timed.path()}));
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        QVERIFY2(timer.elapsed() < 120000, "the time limit did not stop the endless loop");
        g = readJson(json);
        s = submission(g, "b_endless.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("stopped"));
        QCOMPARE(s["stopped_reason"].toString(),
                 QStringLiteral("time limit: still running after 10 s (--timeout)"));
        QCOMPARE(submission(g, "z_right.cl")["verdict"].toString(), QStringLiteral("pass"));
    }

    /// The interpreter itself runs out of host memory (a real std::bad_alloc: the grade and
    /// its children run under an RLIMIT_AS of 1.8 GB, which a right submission's work-group
    /// of 16 work-items fits, 64 MiB of reserved stack each, and which 16 private arrays of
    /// 60 MiB live at once do not): the submission is stopped with the statement where the
    /// host ran out, and the submissions after it are graded.
    void interpreterOutOfHostMemory() {
        QTemporaryDir dir;
        QFile right(kGrading + "submissions/right.cl");
        QVERIFY(right.open(QIODevice::ReadOnly));
        const QByteArray rightText = right.readAll();
        write(dir, "a_right.cl", rightText);
        write(dir, "b_hog.cl",
              "__kernel void total(__global const int *in, __global int *out,\n"
              "                    __local int *scratch)\n"
              "{\n"
              "    barrier(CLK_LOCAL_MEM_FENCE);\n"
              "    int big[15 << 20];\n"
              "    big[get_local_id(0)] = in[get_global_id(0)];\n"
              "    barrier(CLK_LOCAL_MEM_FENCE);\n"
              "    if (get_global_id(0) == 0) *out = big[0];\n"
              "}\n");
        write(dir, "c_right.cl", rightText);
        const QString json = dir.filePath("grades.json");
        CliResult r = cli(gradeOf({"--local", "16", "--schedules", "in-order", "--jobs", "1",
                                   "--json", json, dir.path()}),
                          {}, 1800u * 1000 * 1000);
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        const QJsonObject g = readJson(json);
        QCOMPARE(submission(g, "a_right.cl")["verdict"].toString(), QStringLiteral("pass"));
        const QJsonObject s = submission(g, "b_hog.cl");
        QCOMPARE(s["verdict"].toString(), QStringLiteral("stopped"));
        const QString reason = s["stopped_reason"].toString();
        QVERIFY2(reason.contains(QRegularExpression(
                     "b_hog\\.cl:[56]:5: the host ran out of memory while this work-item ran "
                     "this statement \\(use smaller work-groups, buffers or private arrays\\) "
                     "\\[allocation-too-large\\]$")),
                 qPrintable(reason));
        QCOMPARE(submission(g, "c_right.cl")["verdict"].toString(), QStringLiteral("pass"));
        QVERIFY2(r.out.contains(QRegularExpression("b_hog.cl +stopped ")), qPrintable(r.out));
    }

    /// --json against docs/grade.schema.json (python3's jsonschema).
    void jsonValidatesAgainstTheSchema() {
        if (!haveJsonSchema())
            QSKIP("python3 with jsonschema (Debian python3-jsonschema) is not installed");
        QTemporaryDir dir;
        QCOMPARE(cli(gradeOf({"--json", dir.filePath("g.json"), kGrading + "submissions"})).code,
                 1);
        // a stopped submission too (null and string stopped_reason)
        write(dir, "endless.cl",
              "__kernel void total(__global const int *in, __global int *out,\n"
              "                    __local int *scratch) { while (in[0] > 0) { } }\n");
        QCOMPARE(cli(gradeOf({"--local", "16", "--schedules", "in-order", "--max-steps", "1000",
                              "--json", dir.filePath("h.json"), dir.filePath("endless.cl")}))
                     .code,
                 1);
        // a document the schema must refuse, so that the validation can fail
        write(dir, "bad.json",
              "{\"reference\": \"r\", \"launch\": \"l\", \"configurations\": [\"c\"], "
              "\"submissions\": [{\"name\": \"x\", \"verdict\": \"great\"}]}");
        for (const char* name : {"g.json", "h.json", "bad.json"}) {
            const QString errors = schemaErrors("grade.schema.json", dir.filePath(name));
            if (QByteArray(name) == "bad.json")
                QVERIFY2(!errors.isEmpty(), "the schema accepts an unknown verdict");
            else
                QVERIFY2(errors.isEmpty(), qPrintable(name + QString(": ") + errors));
        }
    }

    void usageErrors() {
        QCOMPARE(cli(gradeOf({"/no/such/folder"})).code, 2);
        QTemporaryDir empty;
        QCOMPARE(cli(gradeOf({empty.path()})).code, 2);
        // a reference that does not build
        CliResult r = cli({"grade", "--reference", kGrading + "submissions/does_not_build.cl",
                           "--launch", kGrading + "launch.sim", kGrading + "submissions"});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("does not build or run"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliGrade)
#include "tst_cligrade.moc"
