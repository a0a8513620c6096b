// Data-driven tests of the runtime checks: every kernel in tests/kernels/{data-race,
// memcheck,barrier,uninitialized,endian}/ runs through `clstep-cli run FILE.sim
// --diagnostics-json` (the same binary users run), and the diagnostics must be exactly the
// ones its comments announce:
//
//   // expect: KIND [SPACE] [line N[,M]] [hazard RAW|WAR|WAW] [race read-write|write-write]
//   //         [count N] [mincount N] [severity error|warning|note] [value HEX]
//   //         [origin TEXT] [message TEXT]
//
// `origin TEXT` requires a note whose message contains TEXT, and `message TEXT` a message
// that contains it (in both, '_' stands for a space).
//   // expect-none
//   // args: EXTRA CLI ARGUMENTS
//
// Every expectation must match at least one diagnostic, and every diagnostic must match at
// least one expectation (so absences are checked too). SPACE is compared with the JSON
// "space" field, or with "SPACE memory" in the message for kinds without one. "line N,M"
// of a data race is the pair {first.line, second.line}; for other kinds each listed line
// must be the diagnostic's line or one of its notes' lines. The exit code must be 1 when an
// error was reported and 0 otherwise.
//
// A kernel whose .sim dumps an argument also asserts the dumped values, as Oclgrind's .ref
// files do, with one comment per dump line, in order:
//
//   // EXACT Argument 'out': 32 bytes     the line must be exactly this
//   // EXACT   out[0] = 7
//   // MATCH   out[1] =                   the line must start with this (value unspecified)
//
// The dump lines of stdout (each "Argument '...'" or "Image '...'" header and its element
// lines) must match these one to one. Format: docs/diagnostics.md.
#include <QtTest>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

namespace {

const char* const kCategories[] = {"data-race", "benign-race",   "memcheck",
                                   "barrier",   "uninitialized", "endian"};

struct Expectation {
    QString text; ///< the comment, for messages
    QString kind;
    QString space;
    QList<int> lines;
    QString hazard;
    QString race;
    int count = -1;
    int minCount = -1;
    QString severity; ///< "error", "warning" or "note"; empty: any
    QString value;    ///< the JSON "value" field without spaces (benign races)
    QString origin;   ///< a note's message must contain this (origins of uninitialized reads)
    QString message;  ///< the message must contain this ('_' for spaces)
};

/// One expected dump line: exact text, or (MATCH) a prefix.
struct DumpLine {
    QString text;
    bool prefix = false;
};

struct KernelSpec {
    QList<Expectation> expectations;
    bool expectNone = false;
    QStringList args;
    QList<DumpLine> dump;
};

struct RunResult {
    int exitCode = -1;
    QJsonArray diagnostics;
    QString stderrText;
    QString stdoutText;
};

QString sourceDir() {
    return QStringLiteral(CLSTEP_SOURCE_DIR);
}

/// The kernel file a .sim names (its first line that is neither empty nor a comment).
QString kernelFileOf(const QString& simPath) {
    QFile f(simPath);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
    while (!f.atEnd()) {
        QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith('#')) continue;
        return QFileInfo(simPath).dir().filePath(line);
    }
    return {};
}

bool parseExpectation(const QString& text, Expectation& e, QString& error) {
    QStringList t = text.split(' ', Qt::SkipEmptyParts);
    if (t.isEmpty()) {
        error = "empty expectation";
        return false;
    }
    e.text = text;
    e.kind = t[0];
    static const QStringList spaces = {"private", "local", "global", "constant"};
    for (int i = 1; i < t.size(); ++i) {
        auto next = [&]() -> QString { return i + 1 < t.size() ? t[++i] : QString(); };
        if (spaces.contains(t[i])) {
            e.space = t[i];
        } else if (t[i] == "line" || t[i] == "lines") {
            for (const QString& n : next().split(',')) {
                bool ok = false;
                e.lines.append(n.toInt(&ok));
                if (!ok) {
                    error = "bad line number in '" + text + "'";
                    return false;
                }
            }
        } else if (t[i] == "hazard") {
            e.hazard = next();
        } else if (t[i] == "race") {
            e.race = next();
        } else if (t[i] == "count") {
            e.count = next().toInt();
        } else if (t[i] == "mincount") {
            e.minCount = next().toInt();
        } else if (t[i] == "severity") {
            e.severity = next();
        } else if (t[i] == "value") {
            e.value = next();
        } else if (t[i] == "origin") {
            e.origin = next();
        } else if (t[i] == "message") {
            e.message = next();
        } else {
            error = "unknown token '" + t[i] + "' in '" + text + "'";
            return false;
        }
    }
    return true;
}

bool readSpec(const QString& kernelPath, KernelSpec& spec, QString& error) {
    QFile f(kernelPath);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        error = "cannot read " + kernelPath;
        return false;
    }
    while (!f.atEnd()) {
        QString untrimmed = QString::fromUtf8(f.readLine());
        while (untrimmed.endsWith('\n') || untrimmed.endsWith('\r'))
            untrimmed.chop(1);
        QString line = untrimmed.trimmed();
        if (untrimmed.startsWith("// EXACT ") || untrimmed.startsWith("// MATCH ")) {
            spec.dump.append({untrimmed.mid(9), untrimmed.startsWith("// MATCH ")});
            continue;
        }
        if (line.startsWith("// expect-none")) {
            spec.expectNone = true;
        } else if (line.startsWith("// expect:")) {
            Expectation e;
            if (!parseExpectation(line.mid(10).trimmed(), e, error)) return false;
            spec.expectations.append(e);
        } else if (line.startsWith("// args:")) {
            spec.args += QProcess::splitCommand(line.mid(8).trimmed());
        }
    }
    if (spec.expectNone == !spec.expectations.isEmpty()) {
        error = kernelPath + ": needs either '// expect-none' or '// expect:' lines";
        return false;
    }
    return true;
}

RunResult runCli(const QString& sim, const QStringList& extra) {
    RunResult r;
    QTemporaryDir tmp;
    QString json = tmp.filePath("diagnostics.json");
    QProcess p;
    p.setProgram(QStringLiteral(CLSTEP_CLI));
    p.setArguments(QStringList{"run", sim, "--diagnostics-json", json} + extra);
    p.setWorkingDirectory(QFileInfo(sim).absolutePath());
    p.start();
    if (!p.waitForFinished(300000)) {
        p.kill();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.stderrText = QString::fromUtf8(p.readAllStandardError());
    r.stdoutText = QString::fromUtf8(p.readAllStandardOutput());
    QFile f(json);
    if (f.open(QIODevice::ReadOnly)) r.diagnostics = QJsonDocument::fromJson(f.readAll()).array();
    return r;
}

QList<int> linesOf(const QJsonObject& d) {
    QList<int> lines{d["line"].toInt()};
    for (const QJsonValue& n : d["notes"].toArray())
        lines.append(n.toObject()["line"].toInt());
    return lines;
}

bool matches(const Expectation& e, const QJsonObject& d) {
    if (d["kind"].toString() != e.kind) return false;
    if (!e.space.isEmpty()) {
        if (d.contains("space")) {
            if (d["space"].toString() != e.space) return false;
        } else if (!d["message"].toString().contains(e.space + " memory", Qt::CaseInsensitive)) {
            return false;
        }
    }
    if (!e.lines.isEmpty()) {
        if (d.contains("first") && d.contains("second") && e.lines.size() == 2) {
            int a = d["first"].toObject()["line"].toInt(),
                b = d["second"].toObject()["line"].toInt();
            if (!((a == e.lines[0] && b == e.lines[1]) || (a == e.lines[1] && b == e.lines[0])))
                return false;
        } else {
            QList<int> have = linesOf(d);
            for (int l : e.lines)
                if (!have.contains(l)) return false;
        }
    }
    if (!e.hazard.isEmpty() && d["hazard"].toString() != e.hazard) return false;
    if (!e.race.isEmpty() && d["race"].toString() != e.race) return false;
    int count = d.contains("count") ? d["count"].toInt() : 1;
    if (e.count >= 0 && count != e.count) return false;
    if (e.minCount >= 0 && count < e.minCount) return false;
    if (!e.severity.isEmpty() && d["severity"].toString() != e.severity) return false;
    if (!e.value.isEmpty() && d["value"].toString().remove(' ') != e.value) return false;
    if (!e.message.isEmpty() && !d["message"].toString().replace(' ', '_').contains(e.message))
        return false;
    if (!e.origin.isEmpty()) {
        bool found = false;
        for (const QJsonValue& n : d["notes"].toArray())
            found =
                found || n.toObject()["message"].toString().replace(' ', '_').contains(e.origin);
        if (!found) return false;
    }
    return true;
}

QString brief(const QJsonObject& d) {
    QString s = d["kind"].toString() + " at line " + QString::number(d["line"].toInt());
    if (d.contains("space")) s += " (" + d["space"].toString() + ")";
    if (d.contains("second"))
        s += " / second line " + QString::number(d["second"].toObject()["line"].toInt());
    if (d.contains("hazard")) s += " " + d["hazard"].toString();
    if (d.contains("count")) s += " x" + QString::number(d["count"].toInt());
    return s + ": " + d["message"].toString();
}

/// True when the .sim dumps an argument (a `dump` attribute in one of its `<...>` specs).
bool simDumps(const QString& simPath) {
    QFile f(simPath);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return false;
    static const QRegularExpression dump("<[^>]*\\bdump\\b");
    return dump.match(QString::fromUtf8(f.readAll())).hasMatch();
}

/// The dump lines of clstep-cli's stdout: every "Argument '...'" or "Image '...'" header and
/// the element lines (two leading spaces) that follow it; printf output is left out.
QStringList dumpLinesOf(const QString& stdoutText) {
    QStringList lines;
    bool inDump = false;
    for (const QString& l : stdoutText.split('\n')) {
        if (l.startsWith("Argument '") || l.startsWith("Image '")) {
            inDump = true;
            lines << l;
        } else if (inDump && l.startsWith("  ")) {
            lines << l;
        } else {
            inDump = false;
        }
    }
    return lines;
}

bool hasError(const QJsonArray& diags) {
    for (const QJsonValue& v : diags)
        if (v.toObject()["severity"].toString() == "error") return true;
    return false;
}

QStringList allSims() {
    QStringList sims;
    for (const char* c : kCategories) {
        QDir dir(sourceDir() + "/tests/kernels/" + c);
        for (const QString& f : dir.entryList({"*.sim"}, QDir::Files, QDir::Name))
            sims << dir.filePath(f);
    }
    return sims;
}

} // namespace

class TestKernelChecks : public QObject {
    Q_OBJECT
private slots:
    void corpusIsLargeEnough() {
        QStringList sims = allSims();
        QVERIFY2(sims.size() >= 70, qPrintable(QString::number(sims.size()) + " kernels"));
        for (const char* c : kCategories) {
            QDir dir(sourceDir() + "/tests/kernels/" + c);
            QVERIFY2(!dir.entryList({"*.sim"}, QDir::Files).isEmpty(), c);
        }
    }

    void kernel_data() {
        QTest::addColumn<QString>("sim");
        for (const QString& sim : allSims())
            QTest::newRow(qPrintable(QDir(sourceDir() + "/tests/kernels").relativeFilePath(sim)))
                << sim;
    }

    void kernel() {
        QFETCH(QString, sim);
        QString kernelPath = kernelFileOf(sim);
        QVERIFY2(QFileInfo::exists(kernelPath), qPrintable("no kernel file for " + sim));
        KernelSpec spec;
        QString error;
        QVERIFY2(readSpec(kernelPath, spec, error), qPrintable(error));
        RunResult r = runCli(sim, spec.args);
        QVERIFY2(r.exitCode == 0 || r.exitCode == 1,
                 qPrintable("exit " + QString::number(r.exitCode) + "\n" + r.stderrText));
        QString all;
        for (const QJsonValue& v : r.diagnostics)
            all += "  " + brief(v.toObject()) + "\n";
        for (const Expectation& e : spec.expectations) {
            bool found = false;
            for (const QJsonValue& v : r.diagnostics)
                found = found || matches(e, v.toObject());
            QVERIFY2(found, qPrintable("missing '" + e.text + "'; got:\n" + all));
        }
        for (const QJsonValue& v : r.diagnostics) {
            bool expected = false;
            for (const Expectation& e : spec.expectations)
                expected = expected || matches(e, v.toObject());
            QVERIFY2(expected, qPrintable("unexpected " + brief(v.toObject()) + "\ngot:\n" + all));
        }
        QCOMPARE(r.exitCode, hasError(r.diagnostics) ? 1 : 0);
        // The results of the checked run, like Oclgrind's EXACT/MATCH lines.
        QVERIFY2(simDumps(sim) == !spec.dump.isEmpty(),
                 qPrintable(kernelPath + (spec.dump.isEmpty()
                                              ? ": the .sim dumps an argument but the kernel "
                                                "has no '// EXACT' lines"
                                              : ": '// EXACT' lines but the .sim dumps nothing")));
        const QStringList got = dumpLinesOf(r.stdoutText);
        QVERIFY2(got.size() == spec.dump.size(),
                 qPrintable(QString("%1 dump lines, %2 expected:\n%3")
                                .arg(got.size())
                                .arg(spec.dump.size())
                                .arg(got.join('\n'))));
        for (qsizetype i = 0; i < got.size(); ++i) {
            const DumpLine& want = spec.dump[i];
            const bool ok = want.prefix ? got[i].startsWith(want.text) : got[i] == want.text;
            QVERIFY2(ok, qPrintable(QString("dump line %1: got '%2', expected %3 '%4'")
                                        .arg(i + 1)
                                        .arg(got[i], want.prefix ? "MATCH" : "EXACT", want.text)));
        }
    }

    void reductionRaceSampleHasBothLocations() {
        RunResult r = runCli(sourceDir() + "/samples/reduction_race.sim", {});
        QCOMPARE(r.exitCode, 1);
        bool found = false;
        QSet<int> columns;
        for (const QJsonValue& v : r.diagnostics) {
            QJsonObject d = v.toObject();
            QCOMPARE(d["kind"].toString(), QString("data-race"));
            QCOMPARE(d["space"].toString(), QString("local"));
            QCOMPARE(d["buffer"].toString(), QString("partial"));
            QJsonObject first = d["first"].toObject(), second = d["second"].toObject();
            QCOMPARE(first["line"].toInt(), 21);
            QCOMPARE(second["line"].toInt(), 21);
            columns << first["column"].toInt() << second["column"].toInt();
            found = found || d["count"].toInt() > 1;
        }
        // The write `partial[lid]` (column 13) and the read `partial[lid + stride]` (29).
        QVERIFY(columns.contains(13));
        QVERIFY(columns.contains(29));
        QVERIFY2(found, "the many racing pairs are merged into counted reports");
        QVERIFY(r.stderrText.contains("Read-write data race at local memory address 0x"));
        QVERIFY(r.stderrText.contains("Kernel: reduction_race"));
        QVERIFY(r.stderrText.contains("First entity:  Global("));
        QVERIFY(r.stderrText.contains("Second entity: Global("));
        QVERIFY(r.stderrText.contains("partial[lid] += partial[lid + stride];"));
        QVERIFY(r.stderrText.contains("^~~"));
    }

    void reductionSampleIsClean() {
        RunResult r = runCli(sourceDir() + "/samples/reduction.sim", {});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.diagnostics.isEmpty(), qPrintable(QJsonDocument(r.diagnostics).toJson()));
    }

    void raceJsonSchema() {
        RunResult r = runCli(sourceDir() + "/samples/reduction_race.sim", {});
        QVERIFY(!r.diagnostics.isEmpty());
        QJsonObject d = r.diagnostics[0].toObject();
        for (const char* key :
             {"severity", "kind", "message", "file", "line", "column", "race", "hazard", "space",
              "buffer", "offset", "address", "first", "second", "work_items", "notes"})
            QVERIFY2(d.contains(key), key);
        QVERIFY(d["race"].toString() == "read-write" || d["race"].toString() == "write-write");
        QVERIFY(QStringList({"RAW", "WAR", "WAW"}).contains(d["hazard"].toString()));
        QCOMPARE(d["element"].toInt(), d["offset"].toInt() / 4);
        for (const char* which : {"first", "second"}) {
            QJsonObject a = d[which].toObject();
            for (const char* key :
                 {"global_id", "local_id", "group_id", "line", "column", "access", "file"})
                QVERIFY2(a.contains(key), qPrintable(QString(which) + "." + key));
            QCOMPARE(a["global_id"].toArray().size(), 3);
        }
        QCOMPARE(d["work_items"].toArray().size(), 2);
        QCOMPARE(d["work_items"].toArray()[1].toObject()["global_id"],
                 d["second"].toObject()["global_id"]);
    }

    void checkFlags() {
        const QString sim = sourceDir() + "/samples/reduction_race.sim";
        for (const QStringList& off :
             {QStringList{"--no-data-races"}, QStringList{"--no-checks"}}) {
            RunResult r = runCli(sim, off);
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.diagnostics.isEmpty(), qPrintable(off.join(' ')));
        }
        // Turning other checks off leaves race detection on.
        RunResult r = runCli(sim, {"--no-uninitialized", "--no-endian-events"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.diagnostics.isEmpty());
        // Uninitialized reads and endian events have their own switches.
        const QString un = sourceDir() + "/tests/kernels/uninitialized/local_never_written.sim";
        QVERIFY(!runCli(un, {}).diagnostics.isEmpty());
        QVERIFY(runCli(un, {"--no-uninitialized"}).diagnostics.isEmpty());
        const QString en = sourceDir() + "/samples/endian_demo.sim";
        RunResult big = runCli(en, {"--device-endian", "big"});
        QCOMPARE(big.exitCode, 0);
        QVERIFY(!big.diagnostics.isEmpty());
        QCOMPARE(big.diagnostics[0].toObject()["kind"].toString(), QString("endian-conversion"));
        QVERIFY(runCli(en, {"--device-endian", "big", "--no-endian-events"}).diagnostics.isEmpty());
        QVERIFY(runCli(en, {}).diagnostics.isEmpty());
    }

    void usageErrorExitsWithTwo() {
        RunResult r = runCli(sourceDir() + "/samples/reduction.sim", {"--no-such-check"});
        QCOMPARE(r.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestKernelChecks)
#include "tst_kernelchecks.moc"
