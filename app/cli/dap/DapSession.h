#pragma once

#include "debug/Session.h"
#include "launch/Suppressions.h"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clstep::cli::dap {

/// The debug::Session behind the adapter and its mapping onto DAP terms: the launch
/// (`program` .sim or .cl with `run`'s options under their long names), threads (the
/// work-items of the selected work-group, thread id = linear local id + 1), stack frames,
/// line breakpoints with conditions and hit conditions, execution requests and the events
/// they end with (`stopped` with reason breakpoint, step, data breakpoint, exception,
/// pause or entry; `output`; `exited` and `terminated` when the NDRange has finished), and
/// `exceptionInfo` for runtime errors and data races. Failing requests throw DapError.
/// Not thread-safe: the dispatcher runs one operation at a time (pause() excepted).
class DapSession {
public:
    /// An execution request.
    enum class Op { Entry, Continue, Next, StepIn, StepOut, StepBack, ReverseContinue };

    DapSession() = default;

    /// Prepares and starts the launch `args` describes (DAP `launch` arguments, see
    /// docs/editors.md). Throws DapError with the diagnostics (`FILE:LINE:COL: error: ...`
    /// blocks) when the launch file, a `suppressions` file or the program has errors. Breakpoints
    /// and data breakpoints set before are set again in the new program (restart).
    void launch(const nlohmann::json& args);
    /// The launch arguments of the last launch (restart reuses them).
    const nlohmann::json& launchArguments() const { return m_launchArgs; }
    bool launched() const { return m_launched; }
    bool stopOnEntry() const { return m_stopOnEntry; }

    /// Runs `op` for work-item `threadId` (0: the selected one) and returns the events that
    /// report its outcome, in order (output, then stopped, or exited and terminated).
    std::vector<nlohmann::json> execute(Op op, int threadId);
    /// Asks a running operation to stop at the next statement boundary (any thread).
    void pause() { m_session.requestPause(); }

    /// `setBreakpoints`: replaces the breakpoints of one source (the kernel's main file;
    /// others get unverified breakpoints with a message). Returns the response body.
    nlohmann::json setBreakpoints(const nlohmann::json& args);
    /// `setExceptionBreakpoints`: the exception filters to enable (ExceptionFilters: one per
    /// runtime diagnostic kind; "errors", of earlier versions, still means every error).
    nlohmann::json setExceptionBreakpoints(const nlohmann::json& args);
    /// `threads`: the work-items of the selected work-group.
    nlohmann::json threads();
    /// `stackTrace` of one work-item; frame ids are threadId * kFramesPerThread + depth
    /// (0 = innermost).
    nlohmann::json stackTrace(const nlohmann::json& args);
    /// `exceptionInfo` of the last exception stop: the diagnostic's kind, message and full
    /// text (for a data race both accesses with their work-items and source lines).
    nlohmann::json exceptionInfo(const nlohmann::json& args);
    /// The custom `clstep` request: `group: [x,y,z]` selects a work-group, `workItem:
    /// [x,y,z]` a work-item by global id, `schedule` ("in-order", "round-robin", "reverse",
    /// "random") with `seed` the schedule policy. Returns the body and appends to `events`
    /// the stopped event that makes the client refresh its threads.
    nlohmann::json custom(const nlohmann::json& args, std::vector<nlohmann::json>& events);

    /// The custom `clstep/sweep` request (docs/editors.md): the launch `args` describes (its
    /// launch fields; without `program`, the current launch's arguments with `args`'
    /// fields over them) under the matrix `args.matrix` (`local`, `sub_group_sizes`,
    /// `schedules`, `random`, `device_endian` as the report's "matrix" object writes them;
    /// absent: sweep's defaults), with `suppressions`, `ulp` and `pin-local`. Returns the
    /// report `clstep-cli sweep --json` writes (docs/sweep.schema.json); the debug session
    /// is not changed. Throws DapError with the messages for a usage error (a malformed
    /// matrix or suppressions file).
    nlohmann::json sweep(const nlohmann::json& args);

    /// Selects work-item `threadId` of the selected group unless it is selected already
    /// (0: keep). Throws DapError for an unknown thread.
    void selectThread(int threadId);
    /// An absolute path for a file of the program (what clients compare breakpoints with).
    std::string sourcePath(uint32_t file) const;
    /// Counts stops: variable references of an older count are no longer valid.
    uint64_t stopCount() const { return m_stops; }
    debug::Session& session() { return m_session; }

    static constexpr int kFramesPerThread = 1024;

private:
    struct HitCondition {
        std::string op; ///< ">=", ">", "==", "<", "<=", "%"
        uint64_t n = 0;
    };
    void applyBreakpoints(const std::string& path, const nlohmann::json& list,
                          nlohmann::json* results);
    bool hitConditionAllows(int id);
    /// Runs `op` as debugger commands (Session::execute; continue goes on past breakpoints
    /// whose hit condition says no) and returns how it ended.
    debug::Stop runOp(Op op);
    /// The events of `stop`: output, then stopped with the DAP reason of the stop's kind, or
    /// exited and terminated when the NDRange has finished.
    void stoppedEvent(std::vector<nlohmann::json>& events, const debug::Stop& stop, Op op);
    /// The exceptionInfo body (m_exception) of an error stop, from the diagnostic it names;
    /// returns the stopped event's text.
    std::string exceptionText(const debug::Stop& stop);
    /// True when a `suppressions` rule matches the diagnostic of the error stop `stop` (the run
    /// goes on past it, and it counts for no exit code).
    bool suppressed(const debug::Stop& stop) const;

    debug::Session m_session;
    nlohmann::json m_launchArgs;
    bool m_launched = false;
    bool m_stopOnEntry = false;
    std::string m_mainPath;
    /// DAP breakpoints per source path, as the client last sent them.
    std::map<std::string, nlohmann::json> m_sourceBreakpoints;
    std::map<std::string, std::vector<int>> m_breakpointIds; ///< session ids per source path
    std::map<int, HitCondition> m_hitConditions;             ///< by session breakpoint id
    std::map<int, uint64_t> m_hits;                          ///< by session breakpoint id
    /// Actions the adapter recorded, true for selections (stepBack undoes selections with
    /// the step before them).
    std::vector<bool> m_actions;
    size_t m_outputShown = 0;
    uint64_t m_stops = 0;
    nlohmann::json m_exception; ///< exceptionInfo body of the last exception stop
    /// The launch's `suppressions` rules (docs/diagnostics.md); empty when none.
    std::unique_ptr<launch::Suppressions> m_suppressions;
};

} // namespace clstep::cli::dap
