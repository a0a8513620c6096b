// The kernel editor: OpenCL C lexer styles, breakpoint margin, execution markers,
// diagnostics as squiggles and annotations; KernelDocument autosave and reload.
#include "CodeEditor.h"
#include "KernelDocument.h"
#include "OpenClLexer.h"
#include "Theme.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace clstep;
using namespace clstep::ui;

namespace {
const char* kKernel = "// comment\n"
                      "__kernel void k(__global float4 *g, __local int *l, __constant uint *c) {\n"
                      "    __private int x = get_local_id(0) + 42;\n"
                      "    /* block\n"
                      "       comment */ barrier(CLK_LOCAL_MEM_FENCE);\n"
                      "}\n";

int styleAt(CodeEditor& e, int line, const char* word) {
    const int col = e.text(line).indexOf(QLatin1String(word));
    const long pos = e.positionFromLineIndex(line, col);
    return static_cast<int>(e.SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, pos));
}
} // namespace

class TestCodeEditor : public QObject {
    Q_OBJECT
private slots:
    void classifiesWords();
    void stylesText();
    void addressSpacesHaveDistinctColours();
    void breakpointMargin();
    void executionMarkers();
    void diagnosticsSquigglesAndAnnotations();
    void benignRacesHaveTheirOwnQuieterColour();
    void documentResolveAndAutosave();
    void autosaveEqualToTheFileOrDeclinedIsDeleted();
    void nulBytesAndInvalidUtf8AreWarnedAbout();
    void redoHasOneKey();
};

void TestCodeEditor::classifiesWords() {
    QCOMPARE(OpenClLexer::classifyWord("__global"), OpenClLexer::GlobalSpace);
    QCOMPARE(OpenClLexer::classifyWord("local"), OpenClLexer::LocalSpace);
    QCOMPARE(OpenClLexer::classifyWord("__constant"), OpenClLexer::ConstantSpace);
    QCOMPARE(OpenClLexer::classifyWord("private"), OpenClLexer::PrivateSpace);
    QCOMPARE(OpenClLexer::classifyWord("__kernel"), OpenClLexer::Keyword);
    QCOMPARE(OpenClLexer::classifyWord("float16"), OpenClLexer::TypeName);
    QCOMPARE(OpenClLexer::classifyWord("uchar3"), OpenClLexer::TypeName);
    QCOMPARE(OpenClLexer::classifyWord("get_global_id"), OpenClLexer::Builtin);
    QCOMPARE(OpenClLexer::classifyWord("convert_int4_sat"), OpenClLexer::Builtin);
    QCOMPARE(OpenClLexer::classifyWord("atomic_add"), OpenClLexer::Builtin);
    QCOMPARE(OpenClLexer::classifyWord("partial"), OpenClLexer::Default);
}

void TestCodeEditor::stylesText() {
    CodeEditor e;
    e.resize(600, 400);
    e.show();
    e.setText(QString::fromLatin1(kKernel));
    e.SendScintilla(QsciScintillaBase::SCI_COLOURISE, 0, -1);
    QCOMPARE(styleAt(e, 0, "comment"), int(OpenClLexer::LineComment));
    QCOMPARE(styleAt(e, 1, "__kernel"), int(OpenClLexer::Keyword));
    QCOMPARE(styleAt(e, 1, "__global"), int(OpenClLexer::GlobalSpace));
    QCOMPARE(styleAt(e, 1, "float4"), int(OpenClLexer::TypeName));
    QCOMPARE(styleAt(e, 1, "__local"), int(OpenClLexer::LocalSpace));
    QCOMPARE(styleAt(e, 1, "__constant"), int(OpenClLexer::ConstantSpace));
    QCOMPARE(styleAt(e, 2, "__private"), int(OpenClLexer::PrivateSpace));
    QCOMPARE(styleAt(e, 2, "get_local_id"), int(OpenClLexer::Builtin));
    QCOMPARE(styleAt(e, 2, "42"), int(OpenClLexer::Number));
    QCOMPARE(styleAt(e, 4, "comment"), int(OpenClLexer::BlockComment)); // continues from line 3
    QCOMPARE(styleAt(e, 4, "barrier"), int(OpenClLexer::Builtin));
}

void TestCodeEditor::addressSpacesHaveDistinctColours() {
    OpenClLexer lexer;
    QSet<QRgb> colours;
    for (int s : {OpenClLexer::GlobalSpace, OpenClLexer::LocalSpace, OpenClLexer::ConstantSpace,
                  OpenClLexer::PrivateSpace}) {
        colours.insert(lexer.color(s).rgb());
    }
    QCOMPARE(colours.size(), 4);
    QCOMPARE(lexer.color(OpenClLexer::LocalSpace), Theme::addressSpace(AddressSpace::Local));
    Theme::setDark(true);
    lexer.refreshTheme();
    QCOMPARE(lexer.color(OpenClLexer::GlobalSpace), Theme::addressSpace(AddressSpace::Global));
    Theme::setDark(false);
}

void TestCodeEditor::breakpointMargin() {
    CodeEditor e;
    e.resize(600, 400);
    e.show();
    e.setText(QString::fromLatin1(kKernel));
    QSignalSpy spy(&e, &CodeEditor::breakpointsEdited);
    // Click the symbol margin (x = a few pixels) on line 3.
    const int y = static_cast<int>(e.SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0,
                                                   e.positionFromLineIndex(2, 0))) +
                  3;
    QTest::mouseClick(e.viewport(), Qt::LeftButton, {}, QPoint(5, y));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(e.breakpointLines(), QList<int>{3});
    QTest::mouseClick(e.viewport(), Qt::LeftButton, {}, QPoint(5, y));
    QCOMPARE(e.breakpointLines(), QList<int>{});
    e.setBreakpointLines({2, 5});
    QCOMPARE(e.breakpointLines(), (QList<int>{2, 5}));
    e.setCondition(5, QStringLiteral("x > 3"));
    QCOMPARE(e.conditionAt(5), QStringLiteral("x > 3"));
    // Markers and conditions follow edits: inserting a line above moves them down.
    e.insertAt(QStringLiteral("\n"), 0, 0);
    QCOMPARE(e.breakpointLines(), (QList<int>{3, 6}));
    QCOMPARE(e.conditionAt(6), QStringLiteral("x > 3"));
    QCOMPARE(e.conditionAt(5), QString());
    e.setCondition(6, QString()); // unconditional again, still a breakpoint
    QCOMPARE(e.conditionAt(6), QString());
    QCOMPARE(e.breakpointLines(), (QList<int>{3, 6}));
}

void TestCodeEditor::executionMarkers() {
    CodeEditor e;
    e.setText(QString::fromLatin1(kKernel));
    QMap<int, int> others{{3, 5}, {5, 2}};
    e.setExecutionLines(2, others);
    // markers are bit masks per line: the current line has two, the others one
    QVERIFY(e.markersAtLine(1) != 0);
    QVERIFY(e.markersAtLine(2) != 0);
    QVERIFY(e.markersAtLine(4) != 0);
    QCOMPARE(e.markersAtLine(0), 0u);
    QCOMPARE(e.othersAt(3), 5);
    e.setExecutionLines(0, {});
    QCOMPARE(e.markersAtLine(1), 0u);
}

void TestCodeEditor::diagnosticsSquigglesAndAnnotations() {
    CodeEditor e;
    e.setText(QString::fromLatin1(kKernel));
    Diagnostic err;
    err.kind = DiagnosticKind::SyntaxError;
    err.message = "expected ';'";
    err.range.begin = {1, 3, 5};
    err.range.end = {1, 3, 10};
    Diagnostic race;
    race.kind = DiagnosticKind::DataRace;
    race.message = "Read-write data race";
    race.range.begin = {1, 5, 19};
    race.notes.push_back({SourceRange{{1, 2, 1}, {1, 2, 9}}, "second access"});
    Diagnostic other; // another file: ignored by the editor
    other.range.begin = {2, 1, 1};
    e.setDiagnostics({err, race, other}, 1);
    QCOMPARE(e.diagnosticLines(), (QList<int>{3, 5, 2}));
    QVERIFY(e.annotationAt(3).contains(QStringLiteral("expected ';'")));
    QVERIFY(e.annotationAt(2).contains(QStringLiteral("second access")));
    const long pos = e.positionFromLineIndex(2, 6);
    const long mask = e.SendScintilla(QsciScintillaBase::SCI_INDICATORALLONFOR, pos);
    QVERIFY(mask != 0);
    e.setDiagnostics({}, 1);
    QVERIFY(e.diagnosticLines().isEmpty());
    QVERIFY(e.annotationAt(3).isEmpty());
}

namespace {
/// WCAG 2 relative luminance of `c` (sRGB).
double luminance(const QColor& c) {
    auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}
/// `fg` drawn with `alpha` (0-255) over `bg`.
QColor blend(const QColor& fg, int alpha, const QColor& bg) {
    const double a = alpha / 255.0;
    return QColor::fromRgbF(static_cast<float>(a * fg.redF() + (1 - a) * bg.redF()),
                            static_cast<float>(a * fg.greenF() + (1 - a) * bg.greenF()),
                            static_cast<float>(a * fg.blueF() + (1 - a) * bg.blueF()));
}
double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}
} // namespace

void TestCodeEditor::benignRacesHaveTheirOwnQuieterColour() {
    for (bool dark : {false, true}) {
        Theme::setDark(dark);
        CodeEditor e;
        e.setText(QString::fromLatin1(kKernel));
        Diagnostic race;
        race.kind = DiagnosticKind::DataRace;
        race.severity = Severity::Error;
        race.range = {{1, 5, 19}, {1, 5, 20}};
        Diagnostic benign;
        benign.kind = DiagnosticKind::BenignRace;
        benign.severity = Severity::Warning;
        benign.range = {{1, 3, 5}, {1, 3, 12}};
        e.setDiagnostics({race, benign}, 1);
        const long racePos = e.positionFromLineIndex(4, 18);
        const long benignPos = e.positionFromLineIndex(2, 6);
        const long raceMask = e.SendScintilla(QsciScintillaBase::SCI_INDICATORALLONFOR, racePos);
        const long benignMask =
            e.SendScintilla(QsciScintillaBase::SCI_INDICATORALLONFOR, benignPos);
        QVERIFY(raceMask != 0);
        QVERIFY(benignMask != 0);
        QVERIFY(raceMask != benignMask); // another indicator, hence another colour
        int indicator = 0;
        while (!(benignMask & (1L << indicator)))
            ++indicator;
        const long rgb = e.SendScintilla(QsciScintillaBase::SCI_INDICGETFORE, indicator);
        const QColor fore(rgb & 0xff, (rgb >> 8) & 0xff, (rgb >> 16) & 0xff);
        QCOMPARE(fore, Theme::benignRace());
        QVERIFY(Theme::benignRace() != Theme::race());
        const int alpha =
            static_cast<int>(e.SendScintilla(QsciScintillaBase::SCI_INDICGETALPHA, indicator));
        const double c = contrast(Theme::editorText(),
                                  blend(Theme::benignRace(), alpha, Theme::editorBackground()));
        QVERIFY2(c >= 4.5, qPrintable(QStringLiteral("contrast %1").arg(c)));
        // The race line marker (a red line background) is for real races only.
        QVERIFY(e.markersAtLine(2) == 0);
    }
    Theme::setDark(false);
}

void TestCodeEditor::documentResolveAndAutosave() {
    const QString samples = QStringLiteral(CLSTEP_SOURCE_DIR "/samples/");
    KernelDocument::Target t =
        KernelDocument::resolve(samples + QStringLiteral("reduction_race.cl"));
    QCOMPARE(t.simPath, samples + QStringLiteral("reduction_race.sim"));
    t = KernelDocument::resolve(samples + QStringLiteral("2d_blur.sim"));
    QCOMPARE(t.kernelPath, samples + QStringLiteral("2d_blur.cl"));
    t = KernelDocument::resolve(QStringLiteral("/nonexistent.cl"));
    QVERIFY(t.kernelPath.isEmpty());
    QVERIFY(!t.error.isEmpty());

    QTemporaryDir dir;
    qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
    const QString path = dir.filePath(QStringLiteral("k.cl"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kKernel);
    f.close();
    CodeEditor e;
    KernelDocument doc(&e);
    doc.setInteractive(false);
    QSignalSpy rebuild(&doc, &KernelDocument::rebuildRequested);
    doc.setRebuildDelay(10);
    QVERIFY(doc.load(path));
    QVERIFY(!doc.modified());
    e.append(QStringLiteral("// edit\n"));
    QVERIFY(doc.modified());
    QTRY_COMPARE(rebuild.count(), 1);
    doc.autosave();
    QVERIFY(QFile::exists(doc.autosavePath()));
    QVERIFY(doc.maybeSave(nullptr)); // non-interactive: keeps the autosave, never asks
    QVERIFY(doc.save());
    QVERIFY(!doc.modified());
    QVERIFY(!QFile::exists(doc.autosavePath()));
    QFile back(path);
    QVERIFY(back.open(QIODevice::ReadOnly));
    QVERIFY(back.readAll().endsWith("// edit\n"));
}

// Regression (issue #16): an autosave equal to the saved file stayed, and answering No to
// "Restore unsaved changes?" kept asking at every start.
void TestCodeEditor::autosaveEqualToTheFileOrDeclinedIsDeleted() {
    QTemporaryDir dir;
    qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
    const QString path = dir.filePath(QStringLiteral("k.cl"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kKernel);
    f.close();
    CodeEditor e;
    KernelDocument doc(&e);
    doc.setInteractive(false);
    QVERIFY(doc.load(path));
    // edited back to the saved text: autosave() keeps nothing
    e.append(QStringLiteral("// x"));
    doc.autosave();
    QVERIFY(QFile::exists(doc.autosavePath()));
    e.setText(QString::fromUtf8(kKernel));
    QVERIFY(doc.modified());
    doc.autosave();
    QVERIFY(!QFile::exists(doc.autosavePath()));
    // an autosave equal to the file is deleted on load, without a question
    auto writeAutosave = [&](const QByteArray& text) {
        QDir().mkpath(QFileInfo(doc.autosavePath()).path());
        QFile a(doc.autosavePath());
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write(text);
        a.close();
        QFile(doc.autosavePath())
            .setFileTime(QDateTime::currentDateTime().addSecs(60),
                         QFileDevice::FileModificationTime);
    };
    int asked = 0;
    doc.setRestorePrompt([&](const QString&) {
        ++asked;
        return false;
    });
    writeAutosave(kKernel);
    QVERIFY(doc.load(path));
    QCOMPARE(asked, 0);
    QVERIFY(!QFile::exists(doc.autosavePath()));
    // answering No discards it
    writeAutosave(QByteArray(kKernel) + "// unsaved\n");
    QVERIFY(doc.load(path));
    QCOMPARE(asked, 1);
    QVERIFY(!doc.modified());
    QVERIFY(!e.text().contains(QStringLiteral("unsaved")));
    QVERIFY(!QFile::exists(doc.autosavePath()));
    QVERIFY(doc.load(path));
    QCOMPARE(asked, 1); // not asked again
    // answering Yes restores it
    writeAutosave(QByteArray(kKernel) + "// unsaved\n");
    doc.setRestorePrompt([](const QString&) { return true; });
    QVERIFY(doc.load(path));
    QVERIFY(doc.modified());
    QVERIFY(e.text().contains(QStringLiteral("// unsaved")));
}

// Regression (issue #16): a NUL byte cut the file silently; invalid UTF-8 was replaced
// without a word.
void TestCodeEditor::nulBytesAndInvalidUtf8AreWarnedAbout() {
    QTemporaryDir dir;
    qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
    const QString path = dir.filePath(QStringLiteral("n.cl"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray("// a\0b\n// \xff\xfe\n__kernel void k() {}\n", 34));
    f.close();
    CodeEditor e;
    KernelDocument doc(&e);
    doc.setInteractive(false);
    QString error, warning;
    QVERIFY(doc.load(path, &error, &warning));
    QVERIFY2(warning.contains(QStringLiteral("1 NUL byte")), qPrintable(warning));
    QVERIFY2(warning.contains(QStringLiteral("not UTF-8")), qPrintable(warning));
    QVERIFY(e.text().contains(QStringLiteral("__kernel void k() {}"))); // not cut at the NUL
    QVERIFY(e.text().contains(QChar::ReplacementCharacter));
    // a clean file: no warning
    warning.clear();
    QFile g(path);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(kKernel);
    g.close();
    QVERIFY(doc.load(path, &error, &warning));
    QVERIFY(warning.isEmpty());
}

// Regression (issue #16): the menu said one Redo key, the editor answered another.
void TestCodeEditor::redoHasOneKey() {
    CodeEditor e;
    e.show();
    e.setText(QStringLiteral("abc"));
    e.setCursorPosition(0, 3);
    QTest::keyClicks(&e, QStringLiteral("d"));
    QCOMPARE(e.text(), QStringLiteral("abcd"));
    e.undo();
    QCOMPARE(e.text(), QStringLiteral("abc"));
    QTest::keyClick(&e, Qt::Key_Y, Qt::ControlModifier); // not a Redo key
    QCOMPARE(e.text(), QStringLiteral("abc"));
    QTest::keyClick(&e, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(e.text(), QStringLiteral("abcd"));
    QCOMPARE(CodeEditor::redoKey(), QKeySequence(QStringLiteral("Ctrl+Shift+Z")));
}

QTEST_MAIN(TestCodeEditor)
#include "tst_codeeditor.moc"
