#pragma once

#include "SessionState.h"
#include "SessionWorker.h"

#include <QObject>
#include <QThread>

#include <functional>

namespace clstep::ui {

/// The UI thread's handle on the debugger: starts a worker thread with a SessionWorker on
/// it, queues every request there, and re-emits the worker's results (queued, so they
/// arrive on the UI thread). Requests are executed in order; pause() acts at once.
class DebugController : public QObject {
    Q_OBJECT
public:
    /// Debugger commands (the console's vocabulary): `run(Command::Step)`,
    /// `run(Command(Command::Workitem, {"4"}))`.
    using Command = debug::Command;

    explicit DebugController(QObject* parent = nullptr);
    ~DebugController() override;

    void openSim(const QString& simPath, const QString& kernelText = QString(),
                 const BreakpointList& breakpoints = {});
    void openKernel(const QString& path, const QString& text,
                    const BreakpointList& breakpoints = {});
    void rebuild(const QString& path, const QString& text, const BreakpointList& breakpoints);
    /// Queues one debugger command (SessionWorker::run).
    void run(const Command& command);
    /// Shorthands that run the matching Command: `group GX GY GZ`, `select LX LY LZ`,
    /// `workitem GX GY GZ`.
    void selectGroup(const std::array<uint64_t, 3>& group);
    void selectLocal(const std::array<uint64_t, 3>& local);
    void selectGlobal(const std::array<uint64_t, 3>& global);
    void setBreakpoints(const BreakpointList& lines);
    /// Runs `schedule POLICY SEED`.
    void setSchedule(debug::SchedulePolicy policy, uint64_t seed);
    void setDeviceBigEndian(bool big, const QString& path, const QString& text);
    void setKernel(const QString& name);
    void explore(int n);
    void setWatches(const QStringList& expressions);
    /// Multi-watch expression, evaluated on every work-item of the viewed group ("" = none).
    void setMultiWatch(const QString& expression);
    /// Sub-group size in work-items (a power of two); restarts the run.
    void setSubGroupSize(quint32 workItems);
    /// Per-byte access counts and costs in the snapshots (memory panes' colour modes).
    void setByteStatistics(bool on);
    /// Adds a data watchpoint on the object `expression` names in the selected work-item's
    /// scope (Session::addWatchpoint); a failure shows as the state's lastError.
    void addWatchpoint(const QString& expression, debug::WatchKind kind);
    void removeWatchpoint(int id);
    void setWatchpointEnabled(int id, bool enabled);
    void setChecks(const CheckOptions& checks);
    /// Whether runtime errors (data races, out-of-bounds...) stop execution (default on):
    /// runs `errors on|off`.
    void setBreakOnError(bool on);
    void applyLaunch(const QString& text, const QString& simPath, const QString& saveTo,
                     bool deviceBigEndian, quint64 maxSteps);
    /// Stops a running operation at the next statement boundary (immediate, thread-safe).
    void pause();

    /// True while the worker executes a request.
    bool busy() const { return m_busy; }
    /// The most recent state received (empty snapshot before the first).
    const SessionState& state() const { return m_state; }
    /// Requests queued or running.
    int pending() const { return m_pending; }

signals:
    void stateChanged(const clstep::ui::SessionState& state);
    void busyChanged(bool busy);
    void progress(quint64 done, quint64 total);
    void exploreFinished(const clstep::debug::ExploreResult& result);
    void launchApplied(const clstep::ui::LaunchResult& result);

private:
    void post(std::function<void(SessionWorker&)> job);

    QThread m_thread;
    SessionWorker* m_worker = nullptr;
    SessionState m_state;
    bool m_busy = false;
    int m_pending = 0;
};

} // namespace clstep::ui
