#pragma once

#include "SessionState.h"

#include "debug/Session.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <array>
#include <atomic>
#include <vector>

namespace clstep::ui {

/// Owns the debug::Session and runs every operation on it. Lives on ONE worker thread
/// (DebugController moves it there and queues calls to it); after each operation it sends
/// an immutable SessionState back with stateReady(). Only requestPause() may be called
/// from another thread.
class SessionWorker : public QObject {
    Q_OBJECT
public:
    /// Debugger commands are debug::Command (the console's vocabulary).
    using Command = debug::Command;

    explicit SessionWorker(QObject* parent = nullptr);
    ~SessionWorker() override;

    /// Thread-safe: stops a running operation at the next statement boundary.
    void requestPause();

    // ---- worker-thread operations (queued by DebugController) ----
    /// Loads a .sim launch file; `kernelText`, when not null, replaces the kernel file's
    /// text (the editor's unsaved buffer). Then resets and sets `breakpoints`.
    void openSim(const QString& simPath, const QString& kernelText,
                 const BreakpointList& breakpoints);
    /// Builds kernel text without a launch file (first kernel, 1 work-item, no arguments
    /// unless a launch was configured before).
    void openKernel(const QString& path, const QString& text, const BreakpointList& breakpoints);
    /// Rebuilds after an edit, keeping the launch configuration, and resets.
    void rebuild(const QString& path, const QString& text, const BreakpointList& breakpoints);
    /// Runs one debugger command through Session::execute: an execution verb (step [N],
    /// next [N], finish, lockstep [N], tobarrier, barrier, rungroup, continue, runall,
    /// back [N], rcontinue, run), a selection (workitem, group, select), schedule POLICY
    /// [SEED], errors on|off or explore [N] (emits exploreFinished, then resets). Run all
    /// reports progress() between work-groups and pauses between them. Publishes the state
    /// with the verb's operation name ("lockstep step"), the command's text in
    /// SessionState::command and its Stop in SessionState::stop; wrong arguments and any
    /// other verb (breakpoints, memory dumps: the GUI shows those in its panes) are rejected
    /// (SessionState::rejected) with SessionState::lastError saying why.
    void run(const Command& command);
    /// Replaces every breakpoint (a condition that does not compile leaves an unconditional
    /// breakpoint and a message in SessionState::breakpointErrors).
    void setBreakpoints(const BreakpointList& breakpoints);
    /// Device byte order (rebuilds with __ENDIAN_LITTLE__ accordingly and resets).
    void setDeviceBigEndian(bool big, const QString& path, const QString& text);
    void setKernel(const QString& name);
    /// Reads .sim `text` (kernel file lines relative to `simPath`'s directory), binds it to
    /// the current program's kernel, and resets with it; with `saveTo` also writes it there
    /// (SimWriter). Emits launchApplied().
    void applyLaunch(const QString& text, const QString& simPath, const QString& saveTo,
                     bool deviceBigEndian, quint64 maxSteps);
    /// Runtime checks for the next runs (when the Session supports them); resets.
    void setChecks(const CheckOptions& checks);
    /// Expressions evaluated in the selected work-item's scope after every operation.
    void setWatches(const QStringList& expressions);
    /// Sets the multi-watch expression (evaluated on every work-item at each publish).
    void setMultiWatch(const QString& expression);
    /// Sets RunOptions::subGroupSize (work-items, a power of two) and restarts the run.
    void setSubGroupSize(quint32 workItems);
    /// Whether snapshots carry per-byte access counts and costs (Session::setByteStatistics).
    void setByteStatistics(bool on);
    /// Data watchpoints (Session::addWatchpoint(expression, kind), removeWatchpoint,
    /// setWatchpointEnabled); each publishes the state.
    void addWatchpoint(const QString& expression, debug::WatchKind kind);
    void removeWatchpoint(int id);
    void setWatchpointEnabled(int id, bool enabled);
    /// Runs `n` schedules and compares their results (`explore N` through run(): emits
    /// exploreFinished, then resets).
    void explore(int n);

    /// Direct access for the headless runner and tests on the worker's own thread.
    debug::Session& session() { return m_session; }

signals:
    void stateReady(const clstep::ui::SessionState& state);
    void busyChanged(bool busy);
    /// Work-groups finished of the total, during a long run.
    void progress(quint64 done, quint64 total);
    void exploreFinished(const clstep::debug::ExploreResult& result);
    void launchApplied(const clstep::ui::LaunchResult& result);

private:
    /// Sends the state after `operation`; `selectionOnly`: it only changed the selection.
    /// `command`: the debugger command's text (SessionState::command), if it was one;
    /// `error`: a message that replaces the Session's lastError(); `stop`: the command's
    /// Stop (SessionState::stop; default: the Session's lastStop()).
    void publish(const QString& operation, bool ok, bool selectionOnly = false,
                 const QString& command = QString(), const QString& error = QString(),
                 const std::optional<debug::Stop>& stop = std::nullopt);
    void carryLastAccess(debug::Snapshot& now) const;
    void applyBreakpoints(const BreakpointList& breakpoints);

    debug::Session m_session;
    CompileOptions m_compileOptions;
    std::atomic<bool> m_pause{false};
    QStringList m_watches;
    QString m_multiWatch;
    std::shared_ptr<const debug::Snapshot> m_last; ///< the snapshot published last
    QStringList m_breakpointErrors;
};

} // namespace clstep::ui
