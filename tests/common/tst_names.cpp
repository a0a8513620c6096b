// Names that explain themselves, once each (issue #30 item 5), checked over the source tree:
// one class Program, one CheckOptions, one KernelLauncher; "lane" only in its sub-group sense;
// one scalar type table; the memory scopes and orders from one header; no front-end wording
// in the runtime. Reads the tree at $CLSTEP_SOURCE_DIR (the build's source root by default).

#include <QtTest>

#include <QDirIterator>
#include <QRegularExpression>

#include <algorithm>

namespace {

/// The source root to check.
QString sourceRoot() {
    return qEnvironmentVariable("CLSTEP_SOURCE_DIR", QStringLiteral(CLSTEP_SOURCE_DIR));
}

/// The C++ files (.h, .cpp) under `dirs` of the source root, as paths from the root.
QStringList sources(const QStringList& dirs) {
    QStringList out;
    const QDir root(sourceRoot());
    for (const QString& d : dirs) {
        QDirIterator it(root.filePath(d), {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext())
            out << root.relativeFilePath(it.next());
    }
    out.sort();
    return out;
}

QString text(const QString& path) {
    QFile f(QDir(sourceRoot()).filePath(path));
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

/// "file:line: text" of every line of `files` that matches `re`.
QStringList matches(const QStringList& files, const QRegularExpression& re) {
    QStringList out;
    for (const QString& f : files) {
        const QStringList lines = text(f).split(QLatin1Char('\n'));
        for (int i = 0; i < lines.size(); ++i)
            if (re.match(lines[i]).hasMatch())
                out << QStringLiteral("%1:%2: %3").arg(f).arg(i + 1).arg(lines[i].trimmed());
    }
    return out;
}

const QStringList kProduct = {QStringLiteral("interpreter"), QStringLiteral("app"),
                              QStringLiteral("platform"), QStringLiteral("ui")};

} // namespace

class TestNames : public QObject {
    Q_OBJECT
private slots:
    void treeIsThere() { QVERIFY2(!sources(kProduct).isEmpty(), qPrintable(sourceRoot())); }

    /// frontend/Program.h's is the one Program; the lowered one is exec::LoweredProgram.
    void oneClassProgram() {
        const QStringList found =
            matches(sources(kProduct),
                    QRegularExpression(QStringLiteral("\\b(class|struct) Program\\b\\s*[:{]")));
        QCOMPARE(found.size(), 1);
        QVERIFY2(found.front().startsWith(QStringLiteral("interpreter/frontend/Program.h:")),
                 qPrintable(found.join('\n')));
    }

    /// checks::CheckOptions is the one CheckOptions (the CLI's check command has its own name).
    void oneCheckOptions() {
        const QStringList found =
            matches(sources(kProduct),
                    QRegularExpression(QStringLiteral("\\bstruct CheckOptions\\b\\s*[:{]")));
        QCOMPARE(found.size(), 1);
        QVERIFY2(found.front().startsWith(QStringLiteral("interpreter/checks/")),
                 qPrintable(found.join('\n')));
    }

    /// One KernelLauncher: the platform's (launchKernel); the REPL's `:run` has its own name.
    void oneKernelLauncher() {
        QStringList files;
        for (const QString& f : sources(kProduct))
            if (f.endsWith(QStringLiteral("/KernelLauncher.h"))) files << f;
        QCOMPARE(files, QStringList{QStringLiteral("platform/KernelLauncher.h")});
        QVERIFY2(matches(sources(kProduct),
                         QRegularExpression(QStringLiteral("\\bclass KernelLauncher\\b")))
                     .isEmpty(),
                 "a class KernelLauncher besides the platform's launchKernel");
    }

    /// "Lane" is a work-item of a sub-group. The layers below the debugger have no sub-groups
    /// in that sense (their sub-group builtins speak of work-items): a Value's 64-bit part is
    /// a Component there, and no name or comment calls it a lane.
    void laneOnlyMeansASubGroupWorkItem() {
        const QStringList found = matches(
            sources({QStringLiteral("interpreter/core"), QStringLiteral("interpreter/builtins"),
                     QStringLiteral("interpreter/frontend"), QStringLiteral("interpreter/runtime"),
                     QStringLiteral("interpreter/repl")}),
            QRegularExpression(QStringLiteral("(?<![A-Za-z])[Ll]ane|[a-z]Lane")));
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
        QVERIFY(!text(QStringLiteral("interpreter/core/Value.h")).isEmpty());
        QVERIFY(text(QStringLiteral("interpreter/core/Value.h"))
                    .contains(QStringLiteral("Component components[16];")));
    }

    /// The scalar types' names and sizes are written once, in core/ScalarTypes.h: no other
    /// file spells all of char ... ulong, float and double as string literals outside comments
    /// (frontend/AstBuilderDecl.cpp names each type its C declaration specifiers make,
    /// `unsigned short` -> "ushort": the rules of 6.1.1, not a table).
    void oneScalarTypeTable() {
        const QStringList names = {"char", "uchar", "short", "ushort", "int",
                                   "uint", "long",  "ulong", "float",  "double"};
        QStringList copies;
        for (const QString& f : sources(kProduct)) {
            if (f == QStringLiteral("interpreter/core/ScalarTypes.h") ||
                f == QStringLiteral("interpreter/frontend/AstBuilderDecl.cpp"))
                continue;
            QString code;
            for (const QString& line : text(f).split(QLatin1Char('\n')))
                if (!line.trimmed().startsWith(QStringLiteral("//")))
                    code += line + QLatin1Char('\n');
            if (std::all_of(names.begin(), names.end(), [&](const QString& n) {
                    return code.contains(QLatin1Char('"') + n + QLatin1Char('"'));
                }))
                copies << f;
        }
        QVERIFY2(copies.isEmpty(), qPrintable(copies.join('\n')));
    }

    /// The memory orders and scopes (OpenCL C 2.0 6.13.11.4/5) are spelled and numbered in one
    /// place, core/MemorySemantics: no other file pairs a spelling with its number or sets a
    /// scope or order to a bare number.
    void memoryScopesAndOrdersFromOneHeader() {
        const QStringList files = sources(kProduct);
        QStringList found = matches(files, QRegularExpression(QStringLiteral(
                                               "\"memory_(scope|order)_[a-z_]+(=|\")\\s*[,}]?")));
        found.removeIf([](const QString& m) {
            return m.startsWith(QStringLiteral("interpreter/core/MemorySemantics.")) ||
                   m.contains(QStringLiteral(": //")); // a comment naming one
        });
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
        found =
            matches(files, QRegularExpression(QStringLiteral(
                               "\\b(a\\.|m_atomic)?([sS]cope|[oO]rder)\\s*(=|==|!=)\\s*[0-9]")));
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
    }

    /// The runtime reports the step limit as a fact; no front end's setting is named in it.
    void noFrontEndWordingInTheRuntime() {
        const QStringList found =
            matches(sources({QStringLiteral("interpreter/runtime")}),
                    QRegularExpression(
                        QStringLiteral("--max-steps|stepLimitSetting|:steps\\b|Step limit")));
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestNames)
#include "tst_names.moc"
