#pragma once

#include "common/Diagnostic.h"
#include "frontend/Ast.h"
#include "runtime/StepController.h"
#include "runtime/WorkItem.h"
#include "runtime/exec/LoweredExpr.h"

#include <array>
#include <atomic>
#include <bitset>
#include <map>
#include <memory>
#include <set>
#include <vector>

namespace clstep {
class KernelRun;
}

namespace clstep::debug {

class AccessTracer;
class WatchTracker;

/// The Session's StepController: pauses the running work-item at the statement boundary the
/// current debugger operation asks for (next statement, same or outer call depth, a line
/// breakpoint whose condition holds, a data watchpoint hit, a new runtime error, or an
/// asynchronous pause request). Block statements `{` are not stopping points. It also copies
/// new runtime diagnostics into the trace.
class SessionController final : public StepController {
public:
    enum class Mode { Never, AnyStatement, DepthAtMost, DepthBelow };
    /// Why the last pause (or the end of a resume) happened, for the Session.
    enum class Event { None, Breakpoint, Watchpoint, Error };
    /// Compiled condition of a breakpoint for each statement on its line (null: the condition
    /// does not compile there, so the breakpoint never stops at that statement).
    using Conditions = std::map<const ast::Stmt*, std::unique_ptr<ast::Expr>>;
    /// A breakpoint as the controller checks it.
    struct Armed {
        int id = 0;
        uint32_t line = 0;
        const Conditions* conditions = nullptr; ///< null: unconditional
        uint64_t hitCount = 0;                  ///< Breakpoint::hitCount
        uint64_t* reached = nullptr;            ///< Breakpoint::reached, counted here
    };

    Mode mode = Mode::Never;
    size_t depth = 0;
    bool breakpointsOn = false; ///< stop at line breakpoints
    bool eventsOn = false;      ///< stop at watchpoint hits and (with breakOnError) errors
    bool breakOnError = true;
    /// Kinds whose reports stop like errors whatever their severity (bit = DiagnosticKind
    /// value; Session::setBreakOnKinds).
    std::bitset<256> breakKinds;
    std::vector<Armed> breakpoints;
    /// The armed breakpoints' conditions lowered once (exec::LoweredExpr), by expression; built
    /// by the Session when it arms the controller (lowerConditions()), read-only while the run
    /// goes on.
    std::map<const ast::Expr*, std::unique_ptr<exec::LoweredExpr>> loweredConditions;
    uint32_t mainFile = 0;
    std::atomic<bool>* pauseFlag = nullptr;
    const KernelRun* run = nullptr; ///< polled for new diagnostics
    AccessTracer* tracer = nullptr; ///< receives new diagnostics
    WatchTracker* watch = nullptr;  ///< pending watchpoint hits
    bool bigEndian = false;

    // ---- results, reset by the Session before each operation ----
    WorkItem* hitBreakpoint = nullptr; ///< set when a breakpoint caused the last pause
    int hitBreakpointId = 0;
    std::string conditionError;    ///< the condition could not be evaluated (it stopped)
    bool errorPending = false;     ///< a new error diagnostic was seen (breakOnError, breakKinds)
    long errorIndex = -1;          ///< its index in KernelRun::diagnostics()
    WorkItem* errorItem = nullptr; ///< the work-item running when it was seen (may be null)
    uint64_t seenReports = 0;      ///< KernelRun::reportCount() already looked at
    /// The occurrence of a report the last operation stopped at (Snapshot::diagnosticShown):
    /// its index in KernelRun::diagnostics() (-1 for none), its number among the report's
    /// occurrences (1-based) and the diagnostic itself. Cleared when an operation starts.
    long shownIndex = -1;
    uint64_t shownNumber = 0;
    Diagnostic shown;
    /// Work-items (global ids) that reported a runtime error
    /// other than a data race since the run started: their tiles show the error state.
    /// Cleared by the Session at reset.
    std::set<std::array<uint64_t, 3>> erred;

    bool shouldPause(WorkItem& wi, const ast::Stmt& s) override;
    /// Lowers the conditions of the armed breakpoints (loweredConditions), forgetting those of
    /// earlier operations (their expressions may have been recompiled since).
    void lowerConditions();
    /// Copies diagnostics reported since the last call into the trace and notes a new error
    /// (errorPending), made by `current` (the work-item that ran since; null if unknown).
    /// Called at every statement and by the Session after each resume.
    void pollReports(WorkItem* current);
};

} // namespace clstep::debug
