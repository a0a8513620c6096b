// Each sample kernel is a test: `clstep-cli run samples/NAME.sim` must print exactly the
// dump that POCL produced for the same launch (samples/reference/NAME.ref; see
// samples/README.md for the command that regenerates them) and exit 0.
#include <QDir>
#include <QProcess>
#include <QtTest>

class TestSamples : public QObject {
    Q_OBJECT
private slots:
    void sample_data() {
        QTest::addColumn<QString>("name");
        QDir dir(QStringLiteral(CLSTEP_SOURCE_DIR "/samples"));
        const QStringList sims = dir.entryList({QStringLiteral("*.sim")}, QDir::Files, QDir::Name);
        QVERIFY(sims.size() >= 12);
        for (const QString& sim : sims) {
            QString name = sim.left(sim.size() - 4);
            QTest::newRow(name.toUtf8().constData()) << name;
        }
    }

    void sample() {
        QFETCH(QString, name);
        const QString root = QStringLiteral(CLSTEP_SOURCE_DIR);
        QFile ref(root + "/samples/reference/" + name + ".ref");
        QVERIFY2(ref.open(QIODevice::ReadOnly), "missing reference output");
        QProcess p;
        p.start(QStringLiteral(CLSTEP_CLI), {"run", root + "/samples/" + name + ".sim", "--no-checks"});
        QVERIFY(p.waitForFinished(120000));
        const QByteArray out = p.readAllStandardOutput();
        if (p.exitCode() != 0) qWarning("%s", p.readAllStandardError().constData());
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(out), QString::fromUtf8(ref.readAll()));
    }
};

QTEST_GUILESS_MAIN(TestSamples)
#include "tst_samples.moc"
