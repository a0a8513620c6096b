#pragma once

#include "debug/Sweep.h" // exports SweepConfiguration, SweepReport and CheckOptions to the ui

#include <QColor>
#include <QDialog>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QThread;

namespace clstep::ui {

class DebugController;

/// *Debug › Check across launches…* (docs/sweep.md, "In the GUI"): runs the open launch under
/// a sweep matrix (the fields at the top, read as `clstep-cli sweep`'s --local,
/// --sub-group-size, --schedules, --random and --device-endian by debug::Sweep::parseMatrix;
/// empty fields take the defaults: every work-group size that divides the global size, the
/// in-order, reverse and round-robin schedules, the sub-group sizes when the kernel uses
/// sub-group functions), leaving out the reports the suppression files match (the
/// *Suppressions* field, `:`-separated, filled from CLSTEP_SUPPRESSIONS; `sweep
/// --suppressions`), with debug::Sweep on a worker thread, then shows
/// one row per configuration with its verdict in a coloured cell, the deduplicated
/// diagnostics, and the overall verdict. A double-click on a row (or *Open in debugger*)
/// gives that configuration to the debugger (work-group size with the `__local` argument
/// sizes scaled, sub-group size, schedule, byte order) and runs it to its first runtime
/// error (breaking on errors), as *Continue* does.
class SweepDialog : public QDialog {
    Q_OBJECT
public:
    /// The verdict of one configuration, in the order a row shows the first that applies.
    enum class RowVerdict {
        NotLaunched,  ///< the launch is refused under it (a `launch` diagnostic only)
        Errors,       ///< an error diagnostic, or the interpreter failed
        OtherResults, ///< results differ from those of the first class
        Warnings,     ///< warnings only (uninitialized reads)
        Clean,        ///< no diagnostic, the first class's results
    };

    /// `controller` is the debugger a row opens in (may be null: rows do not open).
    explicit SweepDialog(DebugController* controller, QWidget* parent = nullptr);
    ~SweepDialog() override;

    /// Starts the sweep of the launch `simText` (.sim text, relative names against
    /// `simPath`'s directory) with the kernel file `kernelPath` whose text is `kernelText`
    /// (the editor's, maybe unsaved), runtime checks `checks` and `maxSteps` statements per
    /// work-item (0: the default), on a worker thread; emits finished() when the table is
    /// filled. A launch that does not parse or bind, or a kernel that does not build, shows
    /// its diagnostics in the summary instead of a table.
    void start(const QString& simText, const QString& simPath, const QString& kernelPath,
               const QString& kernelText, const CheckOptions& checks, quint64 maxSteps);
    /// True while the worker thread runs the sweep.
    bool running() const;
    /// The matrix the fields give now (as written; not checked).
    debug::SweepMatrixText matrixText() const;

    /// The configurations of the last sweep (rows, in matrix order).
    const std::vector<launch::SweepConfiguration>& configurations() const;
    /// The report of the last sweep (findings, result classes, verdict).
    const launch::SweepReport& report() const;
    /// The verdict shown in row `row`.
    RowVerdict rowVerdict(int row) const;
    /// The first error configuration `row` reported (where opening it stops; else its first
    /// warning), or null.
    const Diagnostic* firstDiagnostic(int row) const;
    /// "data-race at reduction_race.cl:21:31": how the table shows firstDiagnostic(row)
    /// ("" when none).
    QString firstDiagnosticText(int row) const;

    /// The text of a row verdict: "not launched", "errors", "other results", "warnings",
    /// "clean".
    static QString verdictText(RowVerdict v);
    /// Background and text colours of a verdict cell (light colours with dark text, contrast
    /// ratio at least 4.5:1 as WCAG 2.1 asks of normal text).
    static QColor verdictBackground(RowVerdict v);
    static QColor verdictForeground(RowVerdict v);

    /// The launch text of configuration `index` of the last sweep: the launch's text with the
    /// work-group size of the configuration and each `__local` argument's `size=` scaled to
    /// keep its bytes per work-item (unless pinned), as debug::Sweep runs it.
    QString launchTextFor(size_t index) const;

public slots:
    /// Runs the sweep of the last start() again with the matrix and suppression files the
    /// fields give now (the *Run* button). Does nothing while a sweep runs or before start().
    void rerun();

    /// Opens configuration `row` in the debugger: applies launchTextFor(row) with its byte
    /// order, sets its sub-group size and schedule, turns breaking on errors on and
    /// continues to the first stop. Does nothing for a row that did not launch.
    void openConfiguration(int row);

signals:
    /// The sweep ended and the dialog shows its outcome.
    void finished();

private:
    struct Outcome;
    /// Runs the sweep `o` describes and fills its outcome (on the worker thread).
    static void compute(Outcome& o);
    void showOutcome();

    DebugController* m_controller = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    QListWidget* m_findings = nullptr;
    QPushButton* m_open = nullptr;
    QLineEdit* m_local = nullptr;
    QLineEdit* m_subGroups = nullptr;
    QLineEdit* m_schedules = nullptr;
    QSpinBox* m_random = nullptr;
    QLineEdit* m_endians = nullptr;
    QLineEdit* m_suppressions = nullptr;
    QPushButton* m_run = nullptr;
    std::shared_ptr<Outcome> m_input; ///< the inputs of the last start() (for rerun())
    QThread* m_thread = nullptr;
    std::shared_ptr<Outcome> m_outcome;
};

} // namespace clstep::ui
