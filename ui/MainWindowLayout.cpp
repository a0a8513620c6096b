// MainWindow: window and dock sizes, the teaching layout, presentation mode, zoom and theme
// (a projector: docs/classroom.md). The rest of the class is in MainWindow.cpp and
// MainWindowDocks.cpp.
#include "MainWindow.h"

#include "BreakpointsPane.h"
#include "CodeEditor.h"
#include "DebugActions.h"
#include "DebugController.h"
#include "DiagnosticsModel.h"
#include "KernelDocument.h"
#include "LaunchPanel.h"
#include "MainMenus.h"
#include "MemoryPane.h"
#include "ScratchpadPane.h"
#include "Theme.h"
#include "TraceModel.h"
#include "VariablesModel.h"
#include "WatchPane.h"
#include "WorkItemGrid.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QResizeEvent>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QTreeWidget>

#include <algorithm>

#include <functional>

namespace clstep::ui {

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (m_sized) return;
    m_sized = true;
    if (!m_restored) QTimer::singleShot(0, this, [this] { applyDockSizes(); }); // once laid out
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    if (event->size().width() != event->oldSize().width()) fitToolBar();
    // a dock shown, moved or grown (the teaching layout, simt lane bars, larger fonts) can
    // push the window past the screen for a moment: give it back the screen's size once the
    // layout has settled (as far as the docks' minimum sizes allow)
    // (not on the offscreen platform: its screen is a placeholder, and tests size the window
    // as a given screen's)
    if (!m_fitPending && !isMaximized() && !isFullScreen() &&
        QGuiApplication::platformName() != QLatin1String("offscreen") && !fitsScreen()) {
        m_fitPending = true;
        QTimer::singleShot(0, this, [this] {
            m_fitPending = false;
            fitScreen();
        });
    }
}

void MainWindow::fitToolBar() {
    QToolBar* tools = m_actions->toolBar();
    const int room = width() - 2 * style()->pixelMetric(QStyle::PM_ToolBarHandleExtent) - 16;
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    if (tools->sizeHint().width() > room) tools->setToolButtonStyle(Qt::ToolButtonIconOnly);
}

QRect MainWindow::screenRoom() const {
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    if (!s) return {};
    // the room for the window without its frame (title bar, borders)
    const QRect avail = s->availableGeometry();
    const QRect frame = frameGeometry(), inner = geometry();
    return avail.adjusted(inner.left() - frame.left(), inner.top() - frame.top(),
                          inner.right() - frame.right(), inner.bottom() - frame.bottom());
}

bool MainWindow::fitsScreen() const {
    const QRect room = screenRoom();
    return room.isEmpty() || (width() <= room.width() && height() <= room.height());
}

void MainWindow::fitScreen() {
    if (isMaximized() || isFullScreen() || fitsScreen()) return;
    const QRect room = screenRoom();
    resize(std::min(width(), room.width()), std::min(height(), room.height()));
    // and inside it: the frame's top left corner on the screen
    const QRect g = geometry();
    const int x = std::clamp(g.x(), room.left(), std::max(room.left(), room.right() - width() + 1));
    const int y = std::clamp(g.y(), room.top(), std::max(room.top(), room.bottom() - height() + 1));
    if (x != g.x() || y != g.y()) move(pos() + QPoint(x - g.x(), y - g.y()));
}

QSize MainWindow::sizeHint() const {
    // 1400x900, or the screen's available area when that is smaller (a 1024x768 projector)
    const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
    const QSize avail = s ? s->availableGeometry().size() : QSize(1400, 900);
    return {std::min(1400, avail.width()), std::min(900, avail.height())};
}

QSize MainWindow::minimumSizeHint() const {
    return {800, 560}; // every pane still usable; the docks shrink or scroll
}

int MainWindow::editorColumnsWidth(int columns) const {
    const QFontMetrics fm(Theme::codeFont());
    int margins = 0;
    for (int m = 0; m < 3; ++m)
        margins += m_editor->marginWidth(m);
    return columns * fm.horizontalAdvance(QLatin1Char('M')) + margins +
           style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
}

void MainWindow::teachingLayout() {
    // The editor, the work-item grid and the __local memory pane, nothing else on screen.
    for (QDockWidget* d : findChildren<QDockWidget*>())
        d->hide();
    QDockWidget* grid = dock(QStringLiteral("dockWorkItems"));
    QDockWidget* memory = dock(QStringLiteral("dockMemory_local"));
    for (QDockWidget* d : {grid, memory}) {
        d->setFloating(false);
        d->show();
    }
    addDockWidget(Qt::RightDockWidgetArea, grid);
    addDockWidget(Qt::BottomDockWidgetArea, memory);
    const int w = width(), h = height();
    const int right = std::clamp(w - editorColumnsWidth(60), w * 22 / 100, w * 40 / 100);
    resizeDocks({grid}, {right}, Qt::Horizontal);
    resizeDocks({memory}, {h * 42 / 100}, Qt::Vertical); // 8 rows of memory
}

void MainWindow::applyDockSizes(QSize keep) {
    const int h = height(), w = width();
    // the sizes (and minimums below) may grow the window past the screen (a 1024x768
    // projector): give it its size back once the layout has settled
    if (!keep.isValid()) keep = size();
    auto restore = [this, keep] {
        if (!isMaximized() && !isFullScreen() &&
            (width() > keep.width() || height() > keep.height()))
            resize(keep);
    };
    for (int ms : {400, 1000}) // after the held minimums below are released, and once more
        QTimer::singleShot(ms, this, restore);
    if (m_presentation && presentationStacked()) {
        // editor above, grid and memory below: the bottom row takes 55% of the height (at
        // least 8 rows of memory on a 768-pixel projector)
        resizeDocks(
            {dock(QStringLiteral("dockWorkItems")), dock(QStringLiteral("dockMemory_local"))},
            {h * 55 / 100, h * 55 / 100}, Qt::Vertical);
        resizeDocks({dock(QStringLiteral("dockWorkItems"))}, {w * 45 / 100}, Qt::Horizontal);
        return;
    }
    // the right column, but never so wide that the editor shows fewer than 60 columns
    const int right = std::clamp(w - editorColumnsWidth(60), w * 22 / 100,
                                 m_presentation ? w * 36 / 100 : w * 42 / 100);
    resizeDocks({dock(QStringLiteral("dockWorkItems")), dock(QStringLiteral("dockDiagnostics"))},
                {right, right}, Qt::Horizontal);
    // resizeDocks() does not reliably split the height of a column that holds a tab group:
    // hold the heights with minimums until the layout has settled, then let the user resize.
    QList<QWidget*> held{m_grid};
    m_grid->setMinimumHeight(h * (m_presentation ? 30 : 27) / 100);
    int memory = h * (m_presentation ? 28 : 38) / 100;
    for (MemoryPane* p : m_panes) {
        p->setMinimumHeight(memory);
        held << p;
    }

    QTimer::singleShot(300, this, [held] {
        for (QWidget* w : held)
            w->setMinimumHeight(0);
    });
}

void MainWindow::applyTheme() {
    if (auto* app = qobject_cast<QApplication*>(QCoreApplication::instance())) Theme::apply(*app);
    // the toolbar keeps the unscaled font and icons: the class reads the code and memory, the
    // teacher the buttons; scaled, the bar hid the auto-play mode and speed behind "»" on a
    // 1024-pixel projector (issue #31 item 9)
    const int icon = style()->pixelMetric(QStyle::PM_ToolBarIconSize);
    m_actions->toolBar()->setIconSize(QSize(icon, icon));
    QFont tools = QApplication::font();
    tools.setPointSizeF(Theme::uiPointSize() * 100 / Theme::fontScale());
    m_actions->toolBar()->setFont(tools);
    fitToolBar();
    m_editor->applyTheme();
    m_grid->applyTheme();
    m_scratchpad->input()->setFont(Theme::codeFont());
    // A dock paints its title in the font it cached when created, unless its own font differs
    // from the application's: give every dock the current (scaled) font, marked PreferQuality
    // so that it differs, and the titles follow presentation mode and zoom.
    QFont title = QApplication::font();
    title.setStyleStrategy(QFont::PreferQuality);
    for (QDockWidget* d : findChildren<QDockWidget*>())
        d->setFont(title);
    for (MemoryPane* p : m_panes)
        p->applyTheme();
    const SessionState st = m_controller->state();
    if (st.snapshot) onState(st);
}

void MainWindow::zoom(int steps) {
    Theme::setFontScale(steps == 0 ? (m_presentation ? 160 : 100)
                                   : Theme::fontScale() + 10 * steps);
    applyTheme();
}

void MainWindow::setDarkTheme(bool on) {
    Theme::setDark(on);
    applyTheme();
}

void MainWindow::setPresentationMode(bool on) {
    if (on == m_presentation) return;
    m_presentation = on;
    const QSize before = size();
    static QByteArray normalState;
    if (on) {
        normalState = saveState();
        for (const char* name :
             {"dockCallStack", "dockLaunch", "dockOutput", "dockMemory_constant", "dockVariables",
              "dockTrace", "dockWatch", "dockScratchpad", "dockEfficiency", "dockMultiWatch"})
            if (QDockWidget* d = dock(QString::fromLatin1(name))) d->hide();
        const bool stacked = presentationStacked();
        if (stacked) {
            // a projector (under 1280 wide): the grid's selector and legend at large fonts
            // leave the editor too few columns beside them, so the editor gets the whole
            // width, with the grid (diagnostics tabbed with it) and the memory panes (tabbed,
            // __local in front) below it
            QDockWidget* grid = dock(QStringLiteral("dockWorkItems"));
            QDockWidget* local = dock(QStringLiteral("dockMemory_local"));
            addDockWidget(Qt::BottomDockWidgetArea, grid);
            splitDockWidget(grid, local, Qt::Horizontal);
            for (const char* name : {"dockMemory_global", "dockMemory_private"})
                tabifyDockWidget(local, dock(QString::fromLatin1(name)));
            tabifyDockWidget(grid, dock(QStringLiteral("dockDiagnostics")));
            tabifyDockWidget(grid, dock(QStringLiteral("dockBreakpoints")));
            grid->raise();
            local->raise();
        }
        // large fonts, but at least 60 editor columns (beside a 22% right column)
        // stacked (a 768-pixel-high projector): 130% at most, for 8 rows of memory below
        int scale = stacked ? 130 : 160;
        for (; scale > 110; scale -= 10) {
            Theme::setFontScale(scale);
            if (editorColumnsWidth(60) <= width() * (stacked ? 96 : 78) / 100) break;
        }
        Theme::setFontScale(scale);
    } else {
        Theme::setFontScale(100);
        restoreState(normalState);
    }
    applyTheme();
    // larger fonts and moved docks can grow the window past the screen: keep its size
    if (!isMaximized() && !isFullScreen() &&
        (width() > before.width() || height() > before.height()))
        resize(before);
    if (on) applyDockSizes(before);
}

bool MainWindow::presentationStacked() const {
    return width() < 1280;
}

void MainWindow::resetLayout() {
    restoreState(m_defaultState);
    applyDockSizes();
}

} // namespace clstep::ui
