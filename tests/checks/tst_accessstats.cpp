// Data-driven tests of the access statistics: every kernel in tests/kernels/stats/ runs
// through `clstep-cli run FILE.sim --no-checks --access-stats --json OUT` and the numbers
// its comments state (worked out by hand) must be the ones in the JSON:
//
//   // stats: line N SPACE BUFFER accesses A lanes L worst W mean M [efficiency E]
//   // divergence: line N [branches B] splits S masked M
//   // args: EXTRA CLI ARGUMENTS
//   // records: N   (exactly N access records: nothing else was counted)
//
// A divergence expectation of a line absent from the JSON means 0 branches, splits and
// masked lane-slots. Format: docs/diagnostics.md, "Access statistics".
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace {

QString statsDir() {
    return QStringLiteral(CLSTEP_SOURCE_DIR) + "/tests/kernels/stats";
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

/// "key value key value ..." after the prefix, as a map.
QMap<QString, QString> pairsOf(const QString& text) {
    QMap<QString, QString> m;
    const QStringList t = text.split(' ', Qt::SkipEmptyParts);
    for (int i = 0; i + 1 < t.size(); i += 2)
        m[t[i]] = t[i + 1];
    return m;
}

QJsonObject runStats(const QString& sim, const QStringList& extra, QString& error) {
    QTemporaryDir tmp;
    const QString json = tmp.filePath("stats.json");
    QProcess p;
    p.setProgram(QStringLiteral(CLSTEP_CLI));
    p.setArguments(QStringList{"run", sim, "--no-checks", "--access-stats", "--json", json} +
                   extra);
    p.setWorkingDirectory(QFileInfo(sim).absolutePath());
    p.start();
    if (!p.waitForFinished(120000)) {
        p.kill();
        error = "clstep-cli did not finish";
        return {};
    }
    if (p.exitCode() != 0) {
        error = "exit code " + QString::number(p.exitCode()) + ": " +
                QString::fromUtf8(p.readAllStandardError());
        return {};
    }
    QFile f(json);
    if (!f.open(QIODevice::ReadOnly)) {
        error = "no JSON written";
        return {};
    }
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

class TestAccessStats : public QObject {
    Q_OBJECT
private slots:
    void kernels_data() {
        QTest::addColumn<QString>("sim");
        const QStringList sims = QDir(statsDir()).entryList({"*.sim"}, QDir::Files, QDir::Name);
        QVERIFY(sims.size() >= 3);
        for (const QString& s : sims)
            QTest::newRow(qPrintable(s)) << QDir(statsDir()).filePath(s);
    }

    void kernels() {
        QFETCH(QString, sim);
        QFile cl(kernelFileOf(sim));
        QVERIFY2(cl.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(sim));
        QStringList stats, divergence, args;
        int records = -1; // "// records: N": exactly N access records (none else counted)
        while (!cl.atEnd()) {
            const QString line = QString::fromUtf8(cl.readLine()).trimmed();
            if (line.startsWith("// stats:")) stats << line.mid(9).trimmed();
            if (line.startsWith("// divergence:")) divergence << line.mid(14).trimmed();
            if (line.startsWith("// records:")) records = line.mid(11).trimmed().toInt();
            if (line.startsWith("// args:"))
                args += line.mid(8).trimmed().split(' ', Qt::SkipEmptyParts);
        }
        QVERIFY2(!stats.isEmpty() || !divergence.isEmpty(), "kernel states no expected numbers");
        QString error;
        const QJsonObject j = runStats(sim, args, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        for (const QString& text : stats) {
            // "line N SPACE BUFFER rest..."
            const QStringList t = text.split(' ', Qt::SkipEmptyParts);
            QVERIFY2(t.size() >= 4 && t[0] == "line", qPrintable(text));
            const int line = t[1].toInt();
            const QString space = t[2], buffer = t[3];
            const QMap<QString, QString> want = pairsOf(t.mid(4).join(' '));
            QJsonObject rec;
            for (const QJsonValue& v : j["accesses"].toArray()) {
                const QJsonObject o = v.toObject();
                if (o["line"].toInt() == line && o["space"].toString() == space &&
                    o["buffer"].toString() == buffer)
                    rec = o;
            }
            QVERIFY2(!rec.isEmpty(), qPrintable("no record for: " + text));
            const bool local = space == "local";
            const auto check = [&](const QString& key, const QString& field) {
                if (!want.contains(key)) return true;
                const double got = rec[field].toDouble();
                const double expected = want[key].toDouble();
                return qAbs(got - expected) < 1e-9;
            };
            const QString dump =
                text + "  got " + QJsonDocument(rec).toJson(QJsonDocument::Compact);
            QVERIFY2(check("accesses", "accesses"), qPrintable(dump));
            QVERIFY2(check("lanes", "laneAccesses"), qPrintable(dump));
            QVERIFY2(check("worst", local ? "worstConflictDegree" : "worstSegments"),
                     qPrintable(dump));
            QVERIFY2(check("mean", local ? "meanConflictDegree" : "meanSegments"),
                     qPrintable(dump));
            QVERIFY2(check("efficiency", "efficiency"), qPrintable(dump));
        }
        if (records >= 0) QCOMPARE(j["accesses"].toArray().size(), static_cast<qsizetype>(records));
        for (const QString& text : divergence) {
            const QMap<QString, QString> want = pairsOf(text);
            const int line = want["line"].toInt();
            QJsonObject rec;
            for (const QJsonValue& v : j["divergence"].toArray())
                if (v.toObject()["line"].toInt() == line) rec = v.toObject();
            const QString dump =
                text + "  got " + QJsonDocument(rec).toJson(QJsonDocument::Compact);
            if (want.contains("branches"))
                QVERIFY2(rec["branches"].toInt() == want["branches"].toInt(), qPrintable(dump));
            QVERIFY2(rec["splits"].toInt() == want["splits"].toInt(), qPrintable(dump));
            QVERIFY2(rec["maskedLaneSlots"].toInt() == want["masked"].toInt(), qPrintable(dump));
        }
    }

    /// Options change the model: with 16 banks, stride 2 on 32 lanes hits 4 words per bank;
    /// with 64-byte segments, 32 aligned floats span 2 segments.
    void options() {
        QString error;
        const QJsonObject j =
            runStats(statsDir() + "/local_banks.sim", {"--banks", "16", "--segment", "64"}, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(j["options"].toObject()["banks"].toInt(), 16);
        bool sawStride2 = false, sawGlobal = false;
        for (const QJsonValue& v : j["accesses"].toArray()) {
            const QJsonObject o = v.toObject();
            if (o["line"].toInt() == 21) {
                QCOMPARE(o["worstConflictDegree"].toInt(), 4);
                sawStride2 = true;
            }
            if (o["space"].toString() == "global") {
                QCOMPARE(o["worstSegments"].toInt(), 2);
                sawGlobal = true;
            }
        }
        QVERIFY(sawStride2 && sawGlobal);
    }

    /// The sub-group size groups lanes: with 8 lanes per sub-group, the stride-32 access
    /// is an 8-way conflict, seen 8 times (4 sub-groups in each of 2 work-groups).
    void subGroupSize() {
        QString error;
        const QJsonObject j =
            runStats(statsDir() + "/local_banks.sim", {"--sub-group-size", "8"}, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        bool seen = false;
        for (const QJsonValue& v : j["accesses"].toArray()) {
            const QJsonObject o = v.toObject();
            if (o["line"].toInt() != 22) continue;
            QCOMPARE(o["worstConflictDegree"].toInt(), 8);
            QCOMPARE(o["accesses"].toInt(), 8);
            seen = true;
        }
        QVERIFY(seen);
    }

    /// The transpose lesson (samples/transpose_banks.cl): the naive transpose stores 32
    /// segments per sub-group; the tile read by column is a 32-way bank conflict; one padding
    /// column makes it conflict-free.
    void transposeLesson() {
        const QString samples = QStringLiteral(CLSTEP_SOURCE_DIR) + "/samples/";
        QString error;
        auto worst = [&](const QString& sim, int line, const QString& space) {
            const QJsonObject j = runStats(samples + sim, {}, error);
            for (const QJsonValue& v : j["accesses"].toArray()) {
                const QJsonObject o = v.toObject();
                if (o["line"].toInt() == line && o["space"].toString() == space &&
                    o["buffer"].toString() == (space == "local" ? "tile" : "out"))
                    return o[space == "local" ? "worstConflictDegree" : "worstSegments"].toInt();
            }
            return -1;
        };
        QCOMPARE(worst("transpose_naive.sim", 17, "global"), 32);
        QCOMPARE(worst("transpose_conflicts.sim", 26, "local"), 32);
        QCOMPARE(worst("transpose_conflicts.sim", 26, "global"), 1);
        QCOMPARE(worst("transpose_padded.sim", 35, "local"), 1);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    /// The coalescing and reduction lessons (samples/matrix_access.cl,
    /// samples/reduction_addressing.cl), worked out by hand in their comments:
    /// * row_sums line 21: at each of the 32 iterations the 32 lanes read floats 128 bytes
    ///   apart: 32 segments, 128 of 4096 bytes used (efficiency 1/32); column_sums line 30:
    ///   32 consecutive floats, 1 segment, efficiency 1.
    /// * reduce_divergent line 26 `if (lid % (2*s) == 0)`: 6 levels x 2 sub-groups x 2 groups
    ///   = 24 branch evaluations; both sub-groups split at s = 1..16, only sub-group 0 at s = 32
    ///   (lane 0): 11 splits per group, 22. Its accesses stay below word 64 with distinct
    ///   banks among active lanes: conflict-free (worst 1).
    /// * reduce_interleaved line 43: index = 2*s*lid, words 2*s apart: at s = 1 words 0..62
    ///   even, each even bank twice: worst degree 2. Its `if (index < 64)` (line 42) never
    ///   splits at s = 1 (sub-group 0 all true, sub-group 1 all false), then splits sub-group 0
    ///   at s = 2..32: 5 per group, 10; masked on line 43: 16+24+28+30+31 = 129 per group.
    /// * reduce_sequential line 58: consecutive words, worst 1; line 57 the same 10 splits
    ///   and line 58 the same 258 masked lane-slots as the interleaved one.
    void coalescingAndReductionLessons() {
        const QString samples = QStringLiteral(CLSTEP_SOURCE_DIR) + "/samples/";
        QString error;
        auto access = [&](const QString& sim, int line, const QString& buffer) {
            const QJsonObject j = runStats(samples + sim, {}, error);
            for (const QJsonValue& v : j["accesses"].toArray()) {
                const QJsonObject o = v.toObject();
                if (o["line"].toInt() == line && o["buffer"].toString() == buffer) return o;
            }
            return QJsonObject{};
        };
        auto divergence = [&](const QString& sim, int line) {
            const QJsonObject j = runStats(samples + sim, {}, error);
            for (const QJsonValue& v : j["divergence"].toArray())
                if (v.toObject()["line"].toInt() == line) return v.toObject();
            return QJsonObject{};
        };
        QJsonObject o = access("matrix_rows.sim", 21, "m");
        QCOMPARE(o["accesses"].toInt(), 32);
        QCOMPARE(o["laneAccesses"].toInt(), 1024);
        QCOMPARE(o["worstSegments"].toInt(), 32);
        QCOMPARE(o["efficiency"].toDouble(), 1.0 / 32);
        o = access("matrix_columns.sim", 30, "m");
        QCOMPARE(o["worstSegments"].toInt(), 1);
        QCOMPARE(o["efficiency"].toDouble(), 1.0);

        o = divergence("reduction_divergent.sim", 26);
        QCOMPARE(o["branches"].toInt(), 24);
        QCOMPARE(o["splits"].toInt(), 22);
        QCOMPARE(access("reduction_divergent.sim", 27, "partial")["worstConflictDegree"].toInt(),
                 1);
        QCOMPARE(access("reduction_interleaved.sim", 43, "partial")["worstConflictDegree"].toInt(),
                 2);
        QCOMPARE(divergence("reduction_interleaved.sim", 42)["splits"].toInt(), 10);
        QCOMPARE(divergence("reduction_interleaved.sim", 43)["maskedLaneSlots"].toInt(), 258);
        QCOMPARE(access("reduction_sequential.sim", 58, "partial")["worstConflictDegree"].toInt(),
                 1);
        QCOMPARE(divergence("reduction_sequential.sim", 57)["splits"].toInt(), 10);
        QCOMPARE(divergence("reduction_sequential.sim", 58)["maskedLaneSlots"].toInt(), 258);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestAccessStats)
#include "tst_accessstats.moc"
