#pragma once

#include "debug/Session.h"
#include "debug/Snapshot.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace clstep::ui {

/// Everything the UI thread learns after one Session operation: an immutable snapshot
/// (shared, never copied again) plus the configuration the views need. Built on the worker
/// thread, sent by a queued signal.
struct SessionState {
    std::shared_ptr<const debug::Snapshot> snapshot;
    bool built = false;    ///< the program built without errors
    bool launched = false; ///< reset() succeeded: a run exists
    QString kernelPath;    ///< path of the program's main file
    uint32_t mainFile = 0; ///< SourceManager id of the main file (diagnostic ranges)
    QString kernelName;
    QStringList kernels; ///< kernel functions of the program
    NDRange range;
    bool deviceBigEndian = false;
    CheckOptions checks;        ///< the runtime checks of the run (Session::checkOptions)
    uint32_t subGroupSize = 32; ///< RunOptions::subGroupSize of the run (work-items)
    std::vector<debug::Breakpoint> breakpoints;
    std::vector<debug::Watchpoint> watchpoints; ///< data watchpoints (Breakpoints pane)
    debug::SchedulePolicy policy = debug::SchedulePolicy::InOrder;
    uint64_t seed = 1;
    QString lastError;            ///< why the last operation stopped or failed
    QStringList breakpointErrors; ///< conditions that did not compile ("line 21: ...")
    QString operation;            ///< name of the operation that produced this state
    /// The debugger command that produced it, as debug::Command::format() writes it
    /// ("lockstep 3", "workitem 4 0 0"); "" for other operations (open, rebuild, ...).
    QString command;
    /// The command was not carried out (a bad argument: `schedule nosuch`, `errors maybe`);
    /// lastError says why. A command that ran and failed (the kernel has finished) is not.
    bool rejected = false;
    /// How the last debugger action ended (Session::execute's Stop, or the Session's
    /// lastStop() after other operations): its kind and ids, for views that react to stops.
    debug::Stop stop;
    std::vector<debug::EvalResult> watches; ///< the watch expressions, evaluated
    /// Parallel to `watches`: the expression names something the program does not declare
    /// anywhere (a watch from another kernel): set aside, not an error.
    std::vector<bool> watchAside;
    QString multiWatch; ///< the multi-watch expression ("" for none)
    /// The multi-watch expression on every work-item of the viewed group
    /// (Session::evaluateEach, Snapshot::workItems order); empty without an expression.
    std::vector<debug::EvalResult> multiWatchValues;
    bool breakOnError = true; ///< runtime errors stop execution (Session::breakOnError)
    bool ok = true;           ///< the operation returned true
};

/// What applying (or saving) a launch configuration gave: problems with their 1-based line
/// in the composed .sim text (0 when not tied to a line).
struct LaunchResult {
    bool ok = false;
    QString savedPath; ///< the .sim file written, if saving was asked and succeeded
    QList<int> lines;
    QStringList messages;
};

/// A line breakpoint as the editor holds it: 1-based line and an optional OpenCL C condition.
struct BreakpointSpec {
    uint32_t line = 0;
    std::string condition;
    bool enabled = true;   ///< a disabled breakpoint never stops
    uint64_t hitCount = 0; ///< stop from the N-th hit (debug::Breakpoint::hitCount)
};
using BreakpointList = std::vector<BreakpointSpec>;

/// Shorthand for the snapshot pointer the models hold.
using SnapshotPtr = std::shared_ptr<const debug::Snapshot>;

} // namespace clstep::ui

Q_DECLARE_METATYPE(clstep::ui::SessionState)
Q_DECLARE_METATYPE(clstep::debug::ExploreResult)
Q_DECLARE_METATYPE(clstep::ui::LaunchResult)
