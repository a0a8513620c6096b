// GUI tests of issue #31 items 5, 6 and 7 on a real X server with a 1024x768 screen (a
// projector; CTest runs this file under xvfb-run): the window's frame stays inside the screen
// in the normal, presentation and teaching layouts and after ten simt steps; presentation
// mode shows at least 60 editor columns, 12 editor lines and 8 memory rows; the View menu
// fits the screen; the diagnostic notes under a line are broken to the editor's width;
// dock tabs, toolbar buttons and status texts are readable (not cut, or with a tooltip), and
// so is every label of every dock, each dock raised in turn; the Diagnostics table's narrow
// cells (severity, line, kind, work-items, count) are whole in both layouts.
#include "CodeEditor.h"
#include "DebugActions.h"
#include "DebugController.h"
#include "DiagnosticsModel.h"
#include "ElidedLabel.h"
#include "MainWindow.h"
#include "MemoryPane.h"
#include "MemoryTableModel.h"
#include "ScriptRunner.h"
#include "TestWindow.h"
#include "Theme.h"
#include "WorkItemGrid.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocumentFragment>
#include <QToolBar>
#include <QToolButton>

using namespace clstep;
using namespace clstep::ui;

class TestScreenFit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void normalLayoutFits();
    void presentationFits();
    void teachingLayoutFits();
    void viewMenuFitsTheScreen();
    void simtStepsKeepTheWindowOnScreen();
    void imagePaneKeepsTheWindowOnScreen();
    void presentationNotesFitTheEditor();
    void tabsAndStatusReadable();
    void toolbarFitsTheScreen();
    void dockLabelsReadable();
    void efficiencyRowsAndTabsWhole();
    void diagnosticCellsWhole();
    void memoryTitlesWhole();

private:
    /// Fails unless the window's frame is inside the screen's available area.
    void checkOnScreen(const char* when);
    /// Why the window is not inside the screen, or empty.
    QString offScreen(const char* when) const;
    int editorColumns() const;
    /// Whole lines of text the editor shows.
    int editorLines() const;
    int visibleRows(AddressSpace space) const;
    bool script(const QStringList& commands);

    MainWindow* m_window = nullptr;
};

void TestScreenFit::initTestCase() {
    test::quietDockWarnings();
    if (const QString why = test::projectorScreenMissing(); !why.isEmpty()) QSKIP(qPrintable(why));
}

void TestScreenFit::init() {
    // a first start on the projector: the window opens at the screen's size
    m_window = test::newProjectorWindow("reduction_race.sim");
    QVERIFY(m_window);
}

void TestScreenFit::cleanup() {
    delete m_window;
    m_window = nullptr;
    Theme::setFontScale(100);
}

bool TestScreenFit::script(const QStringList& commands) {
    ScriptRunner runner(m_window);
    const bool ok = runner.run(commands);
    if (!ok) qWarning() << runner.error();
    return ok;
}

QString TestScreenFit::offScreen(const char* when) const {
    const QRect screen = m_window->screen()->availableGeometry();
    const QRect frame = m_window->frameGeometry();
    if (screen.contains(frame) && m_window->minimumSizeHint().width() <= screen.width() &&
        m_window->minimumSize().width() <= screen.width())
        return {};
    return QStringLiteral("%1: frame %2x%3+%4+%5 outside the screen %6x%7")
        .arg(QLatin1String(when))
        .arg(frame.width())
        .arg(frame.height())
        .arg(frame.x())
        .arg(frame.y())
        .arg(screen.width())
        .arg(screen.height());
}

void TestScreenFit::checkOnScreen(const char* when) {
    const QString why = offScreen(when);
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

int TestScreenFit::editorColumns() const {
    CodeEditor* e = m_window->editor();
    int margins = 0;
    for (int m = 0; m < 5; ++m)
        margins += e->marginWidth(m);
    const int column = QFontMetrics(Theme::codeFont()).horizontalAdvance(QLatin1Char('M'));
    return (e->viewport()->width() - margins) / column;
}

int TestScreenFit::editorLines() const {
    CodeEditor* e = m_window->editor();
    const int line = e->textHeight(0);
    return line > 0 ? e->viewport()->height() / line : 0;
}

int TestScreenFit::visibleRows(AddressSpace space) const {
    MemoryPane* p = m_window->memoryPane(space);
    if (!p || !p->isVisible()) return 0;
    QTableView* v = p->view();
    const int row = v->verticalHeader()->defaultSectionSize();
    return row > 0 ? v->viewport()->height() / row : 0;
}

void TestScreenFit::normalLayoutFits() {
    checkOnScreen("normal layout");
}

void TestScreenFit::presentationFits() {
    m_window->setPresentationMode(true);
    QTest::qWait(1500);
    QStringList problems;
    problems << offScreen("presentation mode");
    if (editorColumns() < 60) problems << QStringLiteral("%1 editor columns").arg(editorColumns());
    // the loop and its neighbours at once: 12 lines (was 10), with 8 rows of __local below
    if (editorLines() < 12) problems << QStringLiteral("%1 editor lines").arg(editorLines());
    if (visibleRows(AddressSpace::Local) < 8)
        problems << QStringLiteral("%1 __local rows").arg(visibleRows(AddressSpace::Local));
    problems.removeAll(QString());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
}

void TestScreenFit::teachingLayoutFits() {
    m_window->teachingLayout();
    QTest::qWait(1500);
    QStringList problems;
    problems << offScreen("teaching layout");
    if (editorColumns() < 60) problems << QStringLiteral("%1 editor columns").arg(editorColumns());
    if (visibleRows(AddressSpace::Local) < 8)
        problems << QStringLiteral("%1 __local rows").arg(visibleRows(AddressSpace::Local));
    problems.removeAll(QString());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
}

void TestScreenFit::viewMenuFitsTheScreen() {
    QMenu* view = nullptr;
    for (QAction* a : m_window->menuBar()->actions())
        if (a->menu() && a->text().remove(QLatin1Char('&')) == QLatin1String("View"))
            view = a->menu();
    QVERIFY(view);
    for (bool present : {false, true}) {
        m_window->setPresentationMode(present);
        QTest::qWait(300);
        const int h = view->sizeHint().height();
        QVERIFY2(h <= m_window->screen()->availableGeometry().height(),
                 qPrintable(
                     QStringLiteral("View menu %1 px high (presentation %2)").arg(h).arg(present)));
    }
}

void TestScreenFit::simtStepsKeepTheWindowOnScreen() {
    QVERIFY(script({"schedule simt", "subgroup:8"}));
    for (int i = 0; i < 10; ++i)
        QVERIFY(script({"step"}));
    QTest::qWait(1200);
    QStringList problems;
    problems << offScreen("ten simt steps, SIMD 8");
    // 8 rows of the lesson's __local pane; __global shares its column with the __constant
    // tab bar
    for (auto [space, least] : {std::pair{AddressSpace::Local, 8}, {AddressSpace::Global, 8}})
        if (visibleRows(space) < least)
            problems << QStringLiteral("%1 %2 rows")
                            .arg(visibleRows(space))
                            .arg(QLatin1String(addressSpaceName(space)));
    // the grid shows every row of tiles of the group (16 work-items: two rows of 8), each
    // whole
    auto* grid = m_window->findChild<QTableView*>(QStringLiteral("workItemGrid"));
    QVERIFY(grid);
    const int tileRows = grid->viewport()->height() / grid->verticalHeader()->defaultSectionSize();
    const int groupRows = grid->model()->rowCount();
    QVERIFY(groupRows >= 2);
    if (tileRows < groupRows)
        problems << QStringLiteral("%1 of %2 rows of tiles").arg(tileRows).arg(groupRows);
    problems.removeAll(QString());
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
}

void TestScreenFit::imagePaneKeepsTheWindowOnScreen() {
    // image_blur: the __global pane draws src and dst as pictures with a line of information
    // above them ("8x8 image2d_t CL_RGBA/CL_UNORM_INT8 · outlines: ..."), which once widened
    // the window to 1232 px
    QVERIFY(m_window->openPath(test::sample("image_blur.sim")));
    QVERIFY(m_window->waitIdle());
    QVERIFY(script({"step*14"}));
    QTest::qWait(1200);
    checkOnScreen("image_blur after 14 steps");
    QLabel* info = nullptr; // the shown image's (src; dst's pane is another tab)
    for (QLabel* l : m_window->findChildren<QLabel*>(QStringLiteral("imageInfo")))
        if (l->isVisible()) info = l;
    QVERIFY(info);
    // the whole information is still readable: shown, or in the tooltip when elided
    const QString shown = info->text();
    QVERIFY2(shown.contains(QStringLiteral("image2d_t")) ||
                 info->toolTip().contains(QStringLiteral("outlines: read / written")),
             qPrintable(shown + QStringLiteral(" | ") + info->toolTip()));
}

void TestScreenFit::tabsAndStatusReadable() {
    for (bool present : {false, true}) {
        m_window->setPresentationMode(present);
        QTest::qWait(1200);
        // dock tabs: the whole title, or a tooltip with it
        for (QTabBar* bar : m_window->findChildren<QTabBar*>()) {
            if (!bar->isVisible() || !qobject_cast<QMainWindow*>(bar->parent())) continue;
            for (int i = 0; i < bar->count(); ++i) {
                const QRect r = bar->tabRect(i);
                const QString text = bar->tabText(i).remove(QLatin1Char('&'));
                const bool cut = bar->fontMetrics().horizontalAdvance(text) > r.width() - 8 ||
                                 !bar->rect().contains(r);
                QVERIFY2(!cut || bar->tabToolTip(i).contains(text),
                         qPrintable(QStringLiteral("tab '%1' cut to %2 px (presentation %3)")
                                        .arg(text)
                                        .arg(r.width())
                                        .arg(present)));
            }
        }
        // status texts: elided only with the whole text in a tooltip
        for (ElidedLabel* l : m_window->findChildren<ElidedLabel*>())
            if (l->elided()) QCOMPARE(l->toolTip(), l->fullText());
        for (QLabel* l : m_window->statusBar()->findChildren<QLabel*>()) {
            if (!l->isVisible() || qobject_cast<ElidedLabel*>(l)) continue;
            const bool cut =
                l->fontMetrics().horizontalAdvance(l->text()) > l->contentsRect().width() + 1;
            QVERIFY2(!cut || !l->toolTip().isEmpty(), qPrintable(l->text()));
        }
    }
}

void TestScreenFit::toolbarFitsTheScreen() {
    // every toolbar button and widget on the bar, none behind the extension "»"
    QStringList hidden;
    for (bool present : {false, true}) {
        m_window->setPresentationMode(present);
        QTest::qWait(1200);
        QToolBar* tools = m_window->actions()->toolBar();
        for (QAction* a : tools->actions()) {
            if (!a->isVisible() || a->isSeparator()) continue;
            QWidget* w = tools->widgetForAction(a);
            if (!w || !w->isVisible())
                hidden << QStringLiteral("%1 (presentation %2)")
                              .arg(a->text().isEmpty() ? QStringLiteral("a widget") : a->text())
                              .arg(present);
        }
    }
    QVERIFY2(hidden.isEmpty(), qPrintable(hidden.join(QStringLiteral(", "))));
}

void TestScreenFit::dockLabelsReadable() {
    // Each dock raised in turn, after a run that fills them (the race of reduction_race), in
    // the normal and presentation layouts: every visible label of every visible dock shows its
    // whole text, on one line or word-wrapped in its height, or is elided with the whole text
    // in its tooltip. (The Efficiency pane's hardware line was clipped mid-word before.)
    QVERIFY(script({"continue"}));
    QVERIFY(m_window->waitIdle());
    QStringList problems;
    for (bool present : {false, true}) {
        m_window->setPresentationMode(present);
        QTest::qWait(1200);
        for (QDockWidget* raised : m_window->findChildren<QDockWidget*>()) {
            if (raised->isFloating()) continue;
            raised->show();
            raised->raise();
            QTest::qWait(150);
            for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
                if (!dock->isVisible() || dock->visibleRegion().isEmpty()) continue;
                for (QLabel* l : dock->findChildren<QLabel*>()) {
                    if (!l->isVisible() || l->text().isEmpty() || l->visibleRegion().isEmpty())
                        continue;
                    if (auto* e = qobject_cast<ElidedLabel*>(l)) {
                        if (e->elided() && e->toolTip() != e->fullText())
                            problems << QStringLiteral("'%1' elided without its tooltip")
                                            .arg(e->fullText());
                        continue;
                    }
                    const QString text =
                        l->textFormat() == Qt::RichText ||
                                (l->textFormat() == Qt::AutoText && Qt::mightBeRichText(l->text()))
                            ? QTextDocumentFragment::fromHtml(l->text()).toPlainText()
                            : l->text();
                    const QRect r = l->contentsRect();
                    const bool fits =
                        l->wordWrap() ? l->heightForWidth(l->width()) <= l->height() + 1
                                      : l->fontMetrics().horizontalAdvance(text) <= r.width() + 1;
                    if (!fits)
                        problems << QStringLiteral("'%1' cut to %2x%3 px in %4 (%5 raised, "
                                                   "presentation %6)")
                                        .arg(text)
                                        .arg(r.width())
                                        .arg(r.height())
                                        .arg(dock->windowTitle(), raised->windowTitle())
                                        .arg(present);
                }
            }
        }
    }
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("\n"))));
}

void TestScreenFit::efficiencyRowsAndTabsWhole() {
    // The transpose lesson (docs/classroom.md) in the normal layout on the projector: the
    // Efficiency pane raised shows all 4 rows of the run, the 32-way conflict on line 26
    // among them (it showed 1 row, in the Variables/Watch tab group), and every dock tab shows
    // its whole title (a sixth tab in that group elided all six).
    QVERIFY(m_window->openPath(test::sample("transpose_conflicts.sim")));
    QVERIFY(m_window->waitIdle());
    QVERIFY(script({"raise:efficiency", "barrier", "lockstep*2"}));
    QVERIFY(m_window->waitIdle());
    QTest::qWait(800);
    auto* table = m_window->findChild<QTableView*>(QStringLiteral("efficiencyTable"));
    QVERIFY(table && table->isVisible());
    QCOMPARE(table->model()->rowCount(), 4);
    for (int r = 0; r < 4; ++r)
        QVERIFY2(table->rowViewportPosition(r) + table->rowHeight(r) <= table->viewport()->height(),
                 qPrintable(QStringLiteral("row %1 (line %2) below the %3 px table")
                                .arg(r)
                                .arg(table->model()->index(r, 0).data().toString())
                                .arg(table->viewport()->height())));
    QStringList cut;
    for (QTabBar* bar : m_window->findChildren<QTabBar*>()) {
        if (!bar->isVisible() || !qobject_cast<QMainWindow*>(bar->parent())) continue;
        for (int i = 0; i < bar->count(); ++i) {
            const QString text = bar->tabText(i).remove(QLatin1Char('&'));
            if (bar->fontMetrics().horizontalAdvance(text) > bar->tabRect(i).width() - 8 ||
                !bar->rect().contains(bar->tabRect(i)))
                cut << QStringLiteral("'%1' in %2 px").arg(text).arg(bar->tabRect(i).width());
        }
    }
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral(", "))));
}

void TestScreenFit::diagnosticCellsWhole() {
    // The Diagnostics table, raised, in the normal layout and in presentation mode: a race
    // between two accesses of one line (reduction_race: line 21, shown "21 …" in presentation
    // before) and one between two lines (12 and 14) show their severity, line(s), kind,
    // work-items and count whole; only the message may be elided (the row's tooltip has it).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    {
        QFile cl(dir.filePath(QStringLiteral("two_lines.cl")));
        QVERIFY(cl.open(QIODevice::WriteOnly));
        cl.write("// a write on line 12 and a read on line 14 race\n\n\n\n\n\n\n\n\n"
                 "__kernel void k(__global int* p) {\n" // 10
                 "    if (get_global_id(0) == 0)\n"
                 "        p[0] = 1;\n" // 12
                 "    else\n"
                 "        p[1] = p[0];\n" // 14
                 "}\n");
        QFile sim(dir.filePath(QStringLiteral("two_lines.sim")));
        QVERIFY(sim.open(QIODevice::WriteOnly));
        sim.write("two_lines.cl\nk\n2 1 1\n2 1 1\n<size=8 int fill=0 dump>\n");
    }
    const QList<QPair<QString, QString>> runs = {
        {test::sample("reduction_race.sim"), QStringLiteral("21")},
        {dir.filePath(QStringLiteral("two_lines.sim")), QStringLiteral("12 ↔ 14")}};
    QTableView* view = m_window->diagnosticsView();
    QVERIFY(view);
    QStringList problems;
    for (const auto& [path, lineText] : runs) {
        QVERIFY(m_window->openPath(path));
        QVERIFY(m_window->waitIdle());
        for (bool present : {false, true}) {
            m_window->setPresentationMode(present);
            QTest::qWait(1200);
            QVERIFY(script({"continue", "raise:diagnostics"}));
            QVERIFY(m_window->waitIdle());
            QTest::qWait(800);
            QVERIFY(view->isVisible());
            QAbstractItemModel* model = view->model();
            QVERIFY2(model->rowCount() >= 1, qPrintable(path));
            QCOMPARE(model->index(0, DiagnosticsModel::LineColumn).data().toString(), lineText);
            const int margins =
                2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
            for (int c : {DiagnosticsModel::SeverityColumn, DiagnosticsModel::LineColumn,
                          DiagnosticsModel::KindColumn, DiagnosticsModel::WorkItemsColumn,
                          DiagnosticsModel::CountColumn}) {
                const QString text = model->index(0, c).data().toString();
                const int need = view->fontMetrics().horizontalAdvance(text) + margins;
                const QRect cell = view->visualRect(model->index(0, c));
                if (need > view->columnWidth(c) || cell.right() > view->viewport()->width())
                    problems << QStringLiteral("%1 %2: '%3' needs %4 px, column %5 px at x %6 "
                                               "of a %7 px table")
                                    .arg(QFileInfo(path).fileName(),
                                         present ? QStringLiteral("presentation")
                                                 : QStringLiteral("normal"),
                                         text)
                                    .arg(need)
                                    .arg(view->columnWidth(c))
                                    .arg(cell.x())
                                    .arg(view->viewport()->width());
            }
        }
        m_window->setPresentationMode(false);
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("\n"))));
}

void TestScreenFit::memoryTitlesWhole() {
    // Every shown column of every memory pane's table ("[row] offset", the value's type,
    // "bytes", "variable · last access") is inside the table with its whole title, in the
    // normal layout and in presentation mode, after a run that fills the panes
    // (reduction_race). The last column was 100 px wide behind the right edge, its title cut
    // on both sides, and the __private pane's bytes ran past the edge: now the last column is
    // whole or hidden (its text in each row's tooltip), and the bytes take what is left.
    QVERIFY(script({"continue"}));
    QVERIFY(m_window->waitIdle());
    QStringList problems;
    for (bool present : {false, true}) {
        m_window->setPresentationMode(present);
        QTest::qWait(1200);
        for (const char* dock : {"local", "global", "private"}) {
            QVERIFY(script({QStringLiteral("raise:dockMemory_%1").arg(QLatin1String(dock))}));
            QTest::qWait(600);
            for (auto* pane : m_window->findChildren<MemoryPane*>()) {
                auto* view = pane->findChild<QTableView*>();
                if (!pane->isVisible() || !view || !view->isVisible()) continue;
                const QString where =
                    (present ? QStringLiteral("presentation ") : QStringLiteral("normal ")) +
                    pane->objectName();
                QHeaderView* header = view->horizontalHeader();
                const int pad =
                    2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
                for (int c = 0; c < header->count(); ++c) {
                    if (view->isColumnHidden(c)) continue;
                    const QString title = view->model()->headerData(c, Qt::Horizontal).toString();
                    const int x = header->sectionViewportPosition(c);
                    const int w = header->sectionSize(c);
                    const int need = header->fontMetrics().horizontalAdvance(title) + pad;
                    if (need > w || x < 0 || x + w > header->viewport()->width())
                        problems << QStringLiteral("%1: '%2' needs %3 px, section %4 px at x %5 "
                                                   "of %6 px")
                                        .arg(where, title)
                                        .arg(need)
                                        .arg(w)
                                        .arg(x)
                                        .arg(header->viewport()->width());
                }
                if (view->isColumnHidden(MemoryTableModel::InfoColumn) &&
                    view->model()->rowCount() > 0) {
                    const QModelIndex first = view->model()->index(0, 0);
                    const QString info =
                        first.siblingAtColumn(MemoryTableModel::InfoColumn).data().toString();
                    const QString name = info.section(QStringLiteral(" · "), 0, 0)
                                             .section(QLatin1Char('['), 0, 0)
                                             .remove(QStringLiteral("RACE"));
                    if (!name.isEmpty() && !first.data(Qt::ToolTipRole).toString().contains(name))
                        problems << QStringLiteral("%1: '%2' hidden and not in the tooltip")
                                        .arg(where, info);
                }
            }
        }
    }
    m_window->setPresentationMode(false);
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("\n"))));
}

QTEST_MAIN(TestScreenFit)
#include "tst_screenfit.moc"

void TestScreenFit::presentationNotesFitTheEditor() {
    // The race's note under its line, in presentation mode on the projector: every row ends
    // inside the editor (it ran past the right edge, cut off mid-sentence, before), the text
    // is all there, and resizing the window breaks it again.
    m_window->setPresentationMode(true);
    QTest::qWait(1500);
    QVERIFY(script({"continue"}));
    QVERIFY(m_window->waitIdle());
    CodeEditor* e = m_window->editor();
    const QList<int> lines = e->diagnosticLines();
    QVERIFY(!lines.isEmpty());
    auto check = [&](const char* when) {
        const QFontMetrics fm(e->noteFont());
        QStringList problems;
        bool someNote = false;
        for (int line : lines) {
            const QString note = e->annotationAt(line);
            if (note.isEmpty()) continue;
            someNote = true;
            const QString shown = e->displayedNoteAt(line);
            // the box starts at the line's indentation (Scintilla's boxed annotations)
            const long indent = e->SendScintilla(QsciScintillaBase::SCI_GETLINEINDENTPOSITION,
                                                 static_cast<unsigned long>(line - 1));
            const int left = static_cast<int>(
                e->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL, indent) +
                e->SendScintilla(QsciScintillaBase::SCI_GETXOFFSET));
            for (const QString& row : shown.split(QLatin1Char('\n')))
                if (left + fm.horizontalAdvance(row) > e->viewport()->width())
                    problems << QStringLiteral("line %1: row '%2' is %3 px, the editor shows %4")
                                    .arg(line)
                                    .arg(row)
                                    .arg(left + fm.horizontalAdvance(row))
                                    .arg(e->viewport()->width());
            QString a = note, b = shown;
            a.remove(QRegularExpression(QStringLiteral("\\s")));
            b.remove(QRegularExpression(QStringLiteral("\\s")));
            if (a != b) problems << QStringLiteral("line %1: text lost: '%2'").arg(line).arg(shown);
        }
        QVERIFY2(someNote, when);
        QVERIFY2(problems.isEmpty(), qPrintable(QLatin1String(when) + QStringLiteral(": ") +
                                                problems.join(QStringLiteral("; "))));
    };
    check("presentation mode at 1024x768");
    QVERIFY(e->annotationAt(lines.first()).contains(QStringLiteral("data race")) ||
            e->annotationAt(lines.last()).contains(QStringLiteral("data race")));
    m_window->setPresentationMode(false);
    QTest::qWait(1500);
    check("normal layout after presentation mode");
}
