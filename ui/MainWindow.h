#pragma once

#include "SessionState.h"

#include <QMainWindow>

#include <array>

class QDockWidget;
class QLabel;
class QPlainTextEdit;
class QTableView;
class QTreeView;
class QTreeWidget;

namespace clstep::ui {

class CodeEditor;
class ElidedLabel;
class DebugActions;
class DebugController;
class DiagnosticsModel;
class KernelDocument;
class LaunchPanel;
class MemoryPane;
class ScratchpadPane;
class TraceModel;
class WatchPane;
class BreakpointsPane;
class VariablesModel;
class WorkItemGrid;
class SimtViews;

/// clstep's main window: the kernel editor in the centre; docks for the work-item grid, the
/// four memory panes, variables, call stack, diagnostics, launch configuration, printf
/// output, watches, the trace and the OpenCL C scratchpad; File/Edit/Debug/View menus. Every view
/// is fed from the SessionState the DebugController delivers.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool persistSettings = true; ///< restore/save dock layout, theme and zoom (QSettings)
        bool interactive = true;     ///< dialogs allowed
    };

    explicit MainWindow(const Options& options, QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens a .cl or .sim file (a .cl with a .sim beside it uses the .sim). On failure the
    /// window and the current text stay, and the reason is shown.
    bool openPath(const QString& path);
    /// Processes events until the controller has no request queued or running (false on timeout).
    bool waitIdle(int timeoutMs = 30000);

    DebugController* controller() const { return m_controller; }
    CodeEditor* editor() const { return m_editor; }
    KernelDocument* document() const { return m_document; }
    DebugActions* actions() const { return m_actions; }
    WorkItemGrid* workItemGrid() const { return m_grid; }
    /// The Efficiency and Multi-watch panes and the editor's heat marks.
    SimtViews* simtViews() const { return m_simt; }
    MemoryPane* memoryPane(AddressSpace space) const;
    DiagnosticsModel* diagnosticsModel() const { return m_diagModel; }
    QTableView* diagnosticsView() const { return m_diagView; }
    VariablesModel* variablesModel() const { return m_varModel; }
    LaunchPanel* launchPanel() const { return m_launch; }
    WatchPane* watchPane() const { return m_watch; }
    BreakpointsPane* breakpointsPane() const { return m_breakpoints; }
    TraceModel* traceModel() const { return m_traceModel; }
    ScratchpadPane* scratchpad() const { return m_scratchpad; }
    QDockWidget* dock(const QString& name) const;

    void setPresentationMode(bool on);
    bool presentationMode() const { return m_presentation; }
    void setDarkTheme(bool on);
    /// Changes the font scale by `steps` of 10% (0 resets to 100%).
    void zoom(int steps);
    /// Selects diagnostic `row`: the editor jumps to its line (for a race activated again: the
    /// other access's line) and its first work-item is selected.
    void activateDiagnostic(int row);
    /// Shows and raises the Scratchpad dock (OpenCL C REPL) and focuses its input.
    void showScratchpad();
    /// *Debug › Check across launches…*: sweeps the open launch (SweepDialog, docs/sweep.md).
    void checkAcrossLaunches();
    /// Shows and raises the dock named `name` (QObject name, e.g. "dockBreakpoints").
    void showDock(const QString& name);
    /// "little-endian · in-order · checks: races,uninit,endian": the settings the status
    /// bar shows (device byte order, schedule, checks; sub-group size once a setting exists).
    static QString settingsSummary(const SessionState& st);
    /// Asks for a file and opens it.
    void openWithDialog();
    /// Saves the kernel (asking for a name when `as` or untitled).
    void saveFile(bool as);
    /// Restores the default dock layout.
    void resetLayout();
    /// Directory holding the bundled samples (*.sim).
    static QString samplesDir();
    /// 1400x900, or less to fit the screen's available area.
    QSize sizeHint() const override;
    /// 800x560: the window works on a 1024x768 projector with room to spare.
    QSize minimumSizeHint() const override;
    /// View › Teaching layout: only the editor, the work-item grid and the __local memory pane,
    /// the editor at least 60 columns wide.
    void teachingLayout();
    /// Pixels the editor needs to show `columns` columns of code (margins and scroll bar
    /// included) in the current font.
    int editorColumnsWidth(int columns) const;

    /// The editor's breakpoints (lines, conditions, enabled, hit counts).
    BreakpointList breakpointLines() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    /// Keeps the toolbar inside the window's width (fitToolBar()).
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildDocks();
    /// Default dock proportions for the window size (and presentation mode).
    /// Presentation mode on a narrow window (under 1280 pixels, a projector): the editor
    /// takes the whole width, the grid and the memory panes go below it.
    bool presentationStacked() const;
    /// Sizes the docks for the window's size; `keep` (default: the current size) is the size
    /// the window returns to if the layout grew it.
    void applyDockSizes(QSize keep = QSize());
    /// The dock areas' tab bars: elided titles with the whole title as the tab's tooltip
    /// (issue #31 item 7).
    void refreshDockTabs();
    QDockWidget* addDock(const QString& name, const QString& title, QWidget* w,
                         Qt::DockWidgetArea area);
    void onState(const SessionState& state);
    void onRebuild();
    void followAddress(quint64 address);
    void applyTheme();
    /// The debug toolbar's buttons with their text when the window is wide enough for it,
    /// else icons only (the tooltips keep the names). With its short labels and unscaled
    /// font (applyTheme()) the bar fits 1024 px with the auto-play mode and speed.
    void fitToolBar();
    /// The screen's available area minus the window's frame (title bar, borders): the room
    /// for geometry(); empty when there is no screen.
    QRect screenRoom() const;
    /// Whether the window (with its frame) is inside the screen's available area.
    bool fitsScreen() const;
    /// Shrinks the window into the screen's available area (issue #31 item 6), as far as the
    /// docks' minimum sizes allow, and moves it onto the screen; nothing when maximised.
    void fitScreen();
    void updateTitle();

    void restoreSettings();
    void saveSettings();

    Options m_options;
    DebugController* m_controller = nullptr;
    CodeEditor* m_editor = nullptr;
    KernelDocument* m_document = nullptr;
    DebugActions* m_actions = nullptr;
    WorkItemGrid* m_grid = nullptr;
    SimtViews* m_simt = nullptr;
    std::array<MemoryPane*, 4> m_panes{}; ///< global, local, constant, private
    DiagnosticsModel* m_diagModel = nullptr;
    QTableView* m_diagView = nullptr;
    VariablesModel* m_varModel = nullptr;
    QTreeView* m_varView = nullptr;
    QTreeWidget* m_stack = nullptr;
    QPlainTextEdit* m_output = nullptr;
    LaunchPanel* m_launch = nullptr;
    WatchPane* m_watch = nullptr;
    BreakpointsPane* m_breakpoints = nullptr;
    QString m_openMessage;
    QLabel* m_settingsLabel =
        nullptr; ///< the launch's settings, right of the status bar ///< shown once the opened
                 ///< file's state arrives (warning, note)
    TraceModel* m_traceModel = nullptr;
    ScratchpadPane* m_scratchpad = nullptr;
    QTableView* m_traceView = nullptr;
    ElidedLabel* m_status = nullptr; ///< the stop reason and selection (elided, tooltip)
    QByteArray m_defaultState;
    QString m_simPath;
    bool m_presentation = false;
    bool m_fitPending = false;      ///< a fitScreen() is queued
    bool m_sized = false;           ///< initial dock sizes applied
    bool m_restored = false;        ///< a saved layout was restored
    uint64_t m_lastReportCount = 0; ///< race and error reports seen (raises Diagnostics)
    int m_lastDiagnosticRow = -1;   ///< last diagnostic activated (a second activation of a race
    int m_lastDiagnosticLine = 0;   ///< jumps to its other line)
};

} // namespace clstep::ui
