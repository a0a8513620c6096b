// `clstep-cli kinds` lists the diagnostic kinds table (common/DiagnosticKind), and the docs
// agree with it: docs/kinds.md is its --markdown output, and every kind the other docs'
// tables name (docs/diagnostics.md "Kinds", docs/rules.md) is in it.

#include "cli/CliProcess.h"

#include <QtTest>

#include <QRegularExpression>
#include <QSet>

using namespace clstep::test;

namespace {

QString readDoc(const QString& name) {
    QFile f(QStringLiteral(CLSTEP_SOURCE_DIR) + "/docs/" + name);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

// The kinds named in the first column of a doc's tables under a "Rule id" or "kind" header.
QSet<QString> kindsInTables(const QString& text) {
    QSet<QString> kinds;
    bool inKindTable = false;
    static const QRegularExpression code(QStringLiteral("`([a-z0-9-]+)`"));
    for (const QString& line : text.split('\n')) {
        if (!line.startsWith('|')) {
            inKindTable = false;
            continue;
        }
        const QString first = line.section('|', 1, 1).trimmed();
        if (first == QLatin1String("Rule id") || first == QLatin1String("kind")) {
            inKindTable = true;
            continue;
        }
        if (!inKindTable) continue;
        for (const QRegularExpressionMatch& m : code.globalMatch(first))
            kinds.insert(m.captured(1));
    }
    return kinds;
}

} // namespace

class TestCliKinds : public QObject {
    Q_OBJECT
private slots:
    void listsEveryKindWithSeverityAndDoc() {
        CliResult r = cli({"kinds"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.contains(QRegularExpression(
                     QStringLiteral("^data-race +error +checks +two conflicting accesses"),
                     QRegularExpression::MultilineOption)),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("^benign-race +warning "),
                                                  QRegularExpression::MultilineOption)));
        QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("^endian-conversion +note "),
                                                  QRegularExpression::MultilineOption)));
        QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("^syntax-error +error +build "),
                                                  QRegularExpression::MultilineOption)));
    }

    void docsKindsIsTheTable() {
        CliResult r = cli({"kinds", "--markdown"});
        QCOMPARE(r.code, 0);
        const QString doc = readDoc(QStringLiteral("kinds.md"));
        QVERIFY2(!doc.isEmpty(), "docs/kinds.md is missing");
        // docs/kinds.md is the --markdown output as it stands: regenerate it with
        // `clstep-cli kinds --markdown > docs/kinds.md` when a kind is added.
        const QStringList table = r.out.split('\n');
        const QStringList written = doc.split('\n');
        for (const QString& line : table)
            QVERIFY2(written.contains(line), qPrintable("docs/kinds.md lacks: " + line));
        for (const QString& line : written)
            QVERIFY2(table.contains(line), qPrintable("docs/kinds.md has more: " + line));
        QCOMPARE(doc, r.out);
    }

    void kindsNamedInTheDocsExist() {
        CliResult r = cli({"kinds", "--names"});
        QCOMPARE(r.code, 0);
        const QStringList names = r.out.split('\n', Qt::SkipEmptyParts);
        const QSet<QString> table(names.begin(), names.end());
        QVERIFY(table.contains(QStringLiteral("data-race")));
        for (const QString& name : {QStringLiteral("diagnostics.md"), QStringLiteral("rules.md")}) {
            const QSet<QString> documented = kindsInTables(readDoc(name));
            QVERIFY2(documented.size() > 10, qPrintable(name));
            for (const QString& k : documented)
                QVERIFY2(table.contains(k), qPrintable(name + ": " + k + " is not in the table"));
        }
    }

    void unknownOptionIsAUsageError() {
        CliResult r = cli({"kinds", "--frobnicate"});
        QCOMPARE(r.code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliKinds)
#include "tst_clikinds.moc"
