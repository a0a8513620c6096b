#pragma once

#include "checks/AccessStats.h"
#include "checks/CheckSet.h"
#include "debug/Command.h"
#include "debug/Scheduler.h"
#include "debug/Snapshot.h"
#include "debug/Stop.h"
#include "debug/Watchpoint.h"
#include "frontend/Program.h"
#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"
#include "runtime/RunOptions.h"

#include <array>
#include <atomic>
#include <bitset>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clstep {
class ExecutionObserver;
class KernelRun;
class Memory;
class RunDriver;
class WorkGroup;
class WorkItem;
namespace ast {
struct Expr;
struct Stmt;
} // namespace ast
} // namespace clstep

namespace clstep::debug {

class SessionController;
class AccessTracer;
class SnapshotPager;
class WatchTracker;

/// A line breakpoint (1-based line of the kernel's main file), optionally conditional.
struct Breakpoint {
    int id = 0;
    uint32_t line = 0;
    bool enabled = true;
    std::string condition; ///< OpenCL C expression; empty: unconditional
    uint64_t hits = 0;     ///< times it stopped the run since reset
    /// Stop only from the hitCount-th time a work-item reaches the line (with the condition
    /// true), counted over all work-items since reset; 0 and 1: every time.
    uint64_t hitCount = 0;
    uint64_t reached = 0; ///< times the line was reached with the condition true since reset
};

/// Result of Session::evaluate(): an expression's value in the selected work-item's scope,
/// or why it has none.
struct EvalResult {
    bool ok = false;
    std::string expression; ///< the text evaluated
    std::string type;       ///< its type as OpenCL C writes it ("__local int[16]")
    std::string value; ///< formatted like the variables pane ("{1, 2, 3}", "(float4)(1, 2, 3, 4)")
    VariableSnapshot variable; ///< the value with children for vectors, structs and arrays
    uint64_t address = 0;      ///< encoded address of the object for lvalues, else 0
    uint64_t size = 0;         ///< bytes of the value
    std::string error;         ///< what went wrong (compile or runtime)
    std::string hint;          ///< how to fix it (may be empty)
    uint32_t column = 0;       ///< 1-based column of the problem in the expression, 0 if none
};

/// Result of `explore(N)`: whether the N schedules produced different results.
struct ExploreResult {
    int schedules = 0;
    bool outputsDiffer = false; ///< some __global buffer ended different
    bool localsDiffer = false;  ///< some work-group's __local memory ended different
    /// At most 20 lines: typed elements of buffers with a typed pointee,
    /// "group_sums[0] = 20 (in-order) vs 136 (reverse)"; bytes for untyped memory,
    /// "buffer 'out' byte 4: 0x0a (in-order) vs 0x07 (random seed 3)" (ExploreReport prints them).
    std::vector<std::string> differences;
    std::vector<std::string> scheduleNames;
    /// Runtime diagnostics (data races, out-of-bounds...) of every schedule, each distinct
    /// report once (in the order found; ranges in the program's files). The runtime checks
    /// of Session::checkOptions() observe every schedule.
    std::vector<Diagnostic> diagnostics;
    /// For each entry of `diagnostics`, the name of the first schedule that reported it.
    std::vector<std::string> diagnosticSchedules;
};

/// The one Qt-free API front ends use to debug a kernel: load, configure, step work-items
/// and work-groups under a schedule policy, break, step back (by deterministic replay from
/// the start), and inspect immutable snapshots. Exceptions never escape; problems come back
/// as diagnostics or a false return with `lastError()`.
///
/// Execution model: work-groups run one at a time in linear id order; selecting a later
/// group runs the groups before it to completion first; earlier groups show final state.
/// Inside the selected group each work-item runs on its own fiber and pauses at statement
/// boundaries chosen by the step operation.
class Session {
public:
    Session();
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // ---- load and configure ----
    /// Builds `text` as the program (path for messages and #include). Returns false if the
    /// program has errors (they are in diagnostics()).
    bool loadSource(const std::string& path, const std::string& text,
                    const CompileOptions& options = {});
    /// Reads and builds a .cl file.
    bool loadFile(const std::string& path, const CompileOptions& options = {});
    /// Reads an Oclgrind .sim launch file: builds its kernel file and takes its kernel name,
    /// NDRange and arguments. Launch-file errors go to diagnostics(). The file's
    /// `# clstep: build-options` apply on top of `options` (see compileOptions()).
    bool loadSim(const std::string& path, const CompileOptions& options = {});
    /// The options the current program was built with (for a .sim: with its build options),
    /// to rebuild an edited kernel the same way.
    const CompileOptions& compileOptions() const { return m_compileOptions; }
    void setKernel(const std::string& name) { m_kernelName = name; }
    void setNDRange(const NDRange& r) { m_range = r; }
    /// Arguments of the next reset; `simTypes` (parallel, may be shorter) are the element
    /// types the .sim wrote ("int", "" for none), which the memory panes show.
    void setArguments(std::vector<KernelArgument> args, std::vector<std::string> simTypes = {}) {
        m_args = std::move(args);
        m_argTypeNames = std::move(simTypes);
    }
    void setRunOptions(const RunOptions& o) { m_runOptions = o; }
    const Program* program() const { return m_program.get(); }
    const std::string& kernelName() const { return m_kernelName; }
    /// The names of the program's kernels in source order (none without a program).
    std::vector<std::string> kernelNames() const;
    const NDRange& ndRange() const { return m_range; }
    const std::vector<KernelArgument>& arguments() const { return m_args; }
    /// For each argument, whether the launch file marked it `dump`.
    const std::vector<bool>& dumpFlags() const { return m_dumpArgs; }
    /// Final bytes (host order) of argument `index` (buffers only; empty otherwise).
    std::vector<uint8_t> argumentBytes(size_t index) const;
    const RunOptions& runOptions() const { return m_runOptions; }
    /// Build, launch and runtime diagnostics (program errors, argument mismatches, then the
    /// reports of the current run: out-of-bounds, data races, ...), in that order.
    std::vector<Diagnostic> diagnostics() const;

    // ---- runtime checks ----
    /// Which runtime checks observe the run (data races, uninitialized reads, endian
    /// conversions, async copies; all on by default, as in `clstep-cli run`). Takes effect
    /// at the next reset(), and so in every replay of step back and in explore(). Errors the
    /// checks report stop execution like other runtime errors while breakOnError() is on.
    /// Out-of-bounds, null, misaligned accesses and barrier divergence are reported by the
    /// runtime whatever the options.
    void setCheckOptions(const CheckOptions& options) { m_checkOptions = options; }
    const CheckOptions& checkOptions() const { return m_checkOptions; }
    /// The structured facts a runtime check recorded for diagnostic `d` of the current run
    /// (kinds data-race, uninitialized-read, endian-conversion and the async copy kinds;
    /// fields as in docs/diagnostics.md: "address", "offset", "first", "second", ...), or
    /// nullptr (another kind, checks off, no run). Valid until the next reset() or load.
    const nlohmann::json* checkDetails(const Diagnostic& d) const;
    /// Adds a passive observer (not owned) to every run the session starts from the next
    /// reset() on: the debugger's own runs (step back's replays included) after the
    /// session's tracer, watchpoints, checks and statistics, and explore()'s runs after their
    /// checks. It gets the events of a KernelRun (runtime/ExecutionObserver.h) in the same
    /// order as KernelRun::runAll gives them (RunDriver), on the thread that runs the
    /// command. A run abandoned by a reset, a load or step back gets no onRunEnd.
    void addObserver(ExecutionObserver* observer) { m_observers.push_back(observer); }

    // ---- execution ----
    /// Carries out one debugger command and says how it ended: the one place where a verb
    /// of debug::Command is interpreted (the console, the GUI's worker and script runner and
    /// the debug adapter map their input to a Command and the Stop to their output). A
    /// command built in code is checked by Command::parse like a typed one. Execution verbs
    /// (step [N], next [N], finish, lockstep [N], tobarrier, barrier, rungroup, continue,
    /// runall), back [N], rcontinue, run, the selections (workitem, group, select; without
    /// ids: StopKind::None and the selection), schedule [POLICY [SEED]], errors [on|off] and
    /// explore [N] are done here; a repeat count stops early at any stop other than a plain
    /// step (back N: at a failure) and at a pause request. Wrong arguments (explore 0,
    /// schedule bogus, errors maybe) give StopKind::Invalid with a hint and change nothing;
    /// verbs that are no action on the session (help, quit, print, list, backtrace, info,
    /// trace, break, delete, watch, gmem, lmem, pmem, mem) give StopKind::FrontEnd. Never
    /// throws. The result of an action is also lastStop().
    Stop execute(const Command& command);
    /// The Stop of the last action (reset, execution, selection, schedule change, or a
    /// failed one); its text is stopReason().
    const Stop& lastStop() const { return m_stop; }
    /// Called by `runall` after each finished work-group with (groups finished, total
    /// groups), on the thread that runs the command (a GUI shows progress); empty: none.
    void setProgress(std::function<void(uint64_t done, uint64_t total)> progress) {
        m_progress = std::move(progress);
    }
    /// (Re)starts the run from the beginning with the current configuration: fresh
    /// memories, group 0 selected, every work-item before its first statement. Clears the
    /// step-back history. False (see diagnostics()) if the launch is invalid.
    bool reset();
    /// Selected work-item: run one statement, entering calls.
    bool step();
    /// Selected work-item: run one statement, stepping over calls.
    bool next();
    /// Selected work-item: run until the current function returns.
    bool finish();
    /// Every work-item of the selected group runs one statement, in local-id order (SIMT view).
    bool stepLockstep();
    /// Run the selected work-item (`wholeGroup` false) or every work-item of the group to the
    /// next barrier (or to its end).
    bool runToBarrier(bool wholeGroup);
    /// Run the selected group under the schedule policy until a breakpoint or its end.
    bool runGroupToEnd();
    /// Run under the schedule policy until a breakpoint or the end of the whole NDRange.
    bool continueRun();
    /// Run the whole NDRange to the end, ignoring breakpoints.
    bool runAll();
    /// Asks a running operation to stop at the next statement boundary (any thread).
    void requestPause() { m_pauseRequested = true; }
    /// Step back one debugger action (replays all actions but the last from the start).
    bool stepBack();
    /// Debugger actions recorded since reset(), selections included: what stepBack() undoes
    /// one at a time (Snapshot::step counts only the actions that ran work-items).
    size_t actionCount() const { return m_history.size(); }
    /// Step back to the previous time a breakpoint was hit (replay).
    bool reverseContinue();
    /// Changes the schedule policy; takes effect at the next operation.
    void setSchedule(SchedulePolicy policy, uint64_t seed = 1);
    const Scheduler& scheduler() const { return m_scheduler; }
    /// Memory-efficiency and divergence statistics of the current run so far (sub-group
    /// size from runOptions(), `__local` 32 banks of 4 bytes, 128-byte segments; null
    /// before a run). Recreated at each reset, so step back does not count twice.
    const AccessStats* accessStats() const { return m_stats.get(); }
    /// Runs the whole kernel under `n` schedules (in-order, reverse, round-robin, then random
    /// seeds) on fresh copies of the inputs and compares final __global buffers and each
    /// group's final __local memory.
    ExploreResult explore(int n);

    // ---- selection ----
    /// Selects a work-group (starting it on demand). False if out of range.
    bool selectGroup(const std::array<uint64_t, 3>& group);
    /// Selects a work-item of the selected group by local id.
    bool selectLocal(const std::array<uint64_t, 3>& local);
    /// Selects a work-item by global id (selecting its group too).
    bool selectGlobal(const std::array<uint64_t, 3>& global);

    // ---- breakpoints ----
    /// Adds an unconditional breakpoint at a line of the main file (returns the id of an
    /// existing breakpoint on that line, which becomes unconditional).
    int addBreakpoint(uint32_t line);
    /// Adds a breakpoint that stops a work-item reaching `line` only when `condition` (an
    /// OpenCL C expression, e.g. "get_local_id(0) == 3", "i > 10") is true in its scope there.
    /// An existing breakpoint on the line takes the condition. Returns its id, or 0 when the
    /// condition does not compile at any statement starting on the line (or there is none, or
    /// no program): lastError() then says why, with a hint. A condition that fails at run time
    /// (out-of-bounds read...) stops with the error in the stop reason. An empty condition is
    /// the same as addBreakpoint(line).
    int addBreakpoint(uint32_t line, const std::string& condition);
    bool removeBreakpoint(int id);
    /// Enables or disables breakpoint `id` (a disabled one never stops). False: no such id.
    bool setBreakpointEnabled(int id, bool enabled);
    /// Makes breakpoint `id` stop only from the `hitCount`-th time it is reached (0 or 1:
    /// every time; Breakpoint::hitCount). False: no such id.
    bool setBreakpointHitCount(int id, uint64_t hitCount);
    const std::vector<Breakpoint>& breakpoints() const { return m_breakpoints; }

    // ---- watchpoints ----
    /// Adds a data watchpoint on `size` bytes at byte `offset` of a buffer of `space`:
    /// `buffer` is its name (kernel argument or variable), "#N" for buffer index N, or "" for
    /// the first buffer of that space. `__local` watchpoints apply in every work-group;
    /// `__private` ones to the selected work-item. The run must have been reset(). Stops with
    /// the reason "watchpoint N: write of ... by work-item (x,y,z) ...". Returns the id (shared
    /// numbering with breakpoints) or 0 with lastError().
    int addWatchpoint(AddressSpace space, const std::string& buffer, uint64_t offset, uint64_t size,
                      WatchKind kind);
    /// Adds a watchpoint on the object an lvalue expression names in the selected work-item's
    /// scope (`partial[3]`, `s.f`, `*p`): its address and size. Returns the id or 0.
    int addWatchpoint(const std::string& expression, WatchKind kind);
    bool removeWatchpoint(int id);
    /// Enables or disables watchpoint `id` (a disabled one never stops). False: no such id.
    bool setWatchpointEnabled(int id, bool enabled);
    const std::vector<Watchpoint>& watchpoints() const { return m_watchpoints; }

    // ---- errors and trace ----
    /// Whether execution stops when a runtime error diagnostic is reported (default on):
    /// the reporting work-item pauses at its next statement and becomes the selection.
    void setBreakOnError(bool on);
    /// A set of diagnostic kinds: bit k is the kind whose DiagnosticKind value is k.
    using KindSet = std::bitset<256>;
    /// The diagnostic kinds whose reports stop execution whatever their severity, as an error
    /// does while breakOnError() is on (default none): the debug adapter's exception filters
    /// (a warning such as `uninitialized-read` can stop too). Like breakOnError(), each
    /// action runs with the setting of its time, and step back replays it the same.
    void setBreakOnKinds(const KindSet& kinds) { m_breakKinds = kinds; }
    const KindSet& breakOnKinds() const { return m_breakKinds; }
    /// Whether snapshots carry each byte's access count and access cost
    /// (MemoryRegion::accessCount, accessCost; default off: they cost 8 bytes per byte of
    /// every accessed buffer per snapshot). The memory panes turn it on for their colour modes.
    void setByteStatistics(bool on) { m_byteStatistics = on; }
    bool byteStatistics() const { return m_byteStatistics; }
    bool breakOnError() const { return m_breakOnError; }
    /// How many trace entries (memory accesses to __global, __constant and __local memory,
    /// and runtime diagnostics) the session keeps (default 10,000; at least 1).
    void setTraceCapacity(size_t entries);
    /// Page `page` (0 = newest) of `pageSize` trace entries, newest first.
    TracePage tracePage(size_t page, size_t pageSize = 100) const;

    // ---- expressions ----
    /// Evaluates an OpenCL C expression (`a[i]`, `s.f`, `p->x`, `*ptr`,
    /// `scratch[get_local_id(0)+1]`, `get_global_id(0)`) in the selected work-item's scope:
    /// its innermost frame at its current statement (parameters and the locals declared so far),
    /// plus program-scope variables. Nothing of the run changes: assignments, ++/--, calls to
    /// program functions and builtins that write, synchronise or print are rejected. Errors
    /// (syntax, unknown names, out-of-bounds reads...) come back in the result with a column
    /// and a hint; never throws.
    EvalResult evaluate(const std::string& expression);
    /// Multi-watch: evaluate() in the scope of every work-item of the viewed work-group, one
    /// result per work-item in Snapshot::workItems order (local linear id). Where the scope
    /// declares no such name, `lid`, `gid` and `grp` stand for the work-item's ids
    /// (IdShorthand: `lid.x + lid.y * 16`, `partial[lid]`). Without a viewed group (or a
    /// program, or a run) a single failed result says why. Never throws.
    std::vector<EvalResult> evaluateEach(const std::string& expression);

    // ---- inspection ----
    /// An immutable picture of the current state (memory contents copied).
    Snapshot snapshot() const;
    /// Why the last operation stopped, or why it failed.
    const std::string& lastError() const { return m_lastError; }
    bool running() const { return m_run != nullptr; }
    /// Why the last successful action stopped ("step", "lockstep step", "breakpoint 1 ..."),
    /// without taking a snapshot (Snapshot::stopReason shows lastError() instead when set).
    const std::string& stopReason() const { return m_stop.text; }
    bool finished() const;

private:
    /// A recorded action: the debugger command that replays it (step, next, finish,
    /// lockstep, tobarrier, barrier, rungroup, continue, runall, group, select, schedule;
    /// one step each, ids and seeds written out) and the break-on-error setting it ran with.
    struct Record {
        Command command;
        bool breakOnError = true; ///< the setting the action ran with (replayed the same)
        KindSet breakKinds;       ///< breakOnKinds() when the action ran
    };
    /// Performs `op` as the action `recorded` and records it; `executes`: it runs
    /// work-items of the running group (refused when the kernel or the viewed group has
    /// finished). Returns the action's stop (m_stop).
    Stop act(Command recorded, bool executes, const std::function<void()>& op);
    /// Sets m_stop to a successful stop of `kind`.
    void stopAt(StopKind kind, std::string text,
                std::optional<std::array<uint64_t, 3>> workItem = std::nullopt);
    void stepSelected(int mode);
    void lockstep();
    void toBarrier();
    void continueToEnd();
    void runAllGroups();
    void selectGroupNow(const std::array<uint64_t, 3>& group);
    void selectLocalNow(const std::array<uint64_t, 3>& local);
    /// `group GX GY GZ` and `select LX LY LZ` as recorded commands.
    Stop selectGroupStop(const std::array<uint64_t, 3>& group);
    Stop selectLocalStop(const std::array<uint64_t, 3>& local);
    Stop selectGlobalStop(const std::array<uint64_t, 3>& global);
    Stop stepBackStop();
    Stop reverseContinueStop();
    void armController(int mode, size_t depth, bool breakpoints);
    bool resumeItem(WorkItem& wi);
    void afterGroupProgress();
    /// Why the selected work-item `wi` cannot run (m_stop, failed).
    void failState(const WorkItem& wi);
    /// Runs the running group under the schedule until a stop, a barrier (`toBarrierOnly`)
    /// or its end; false (m_stop failed) when the kernel has finished.
    bool runGroup(bool stopAtBreakpoints, bool toBarrierOnly);
    /// After a resume: turns a breakpoint, watchpoint or error event into m_stop and
    /// selects the work-item concerned; true when there was one.
    bool takeEvent(WorkItem& resumed);
    std::string describeWorkItem(const WorkItemId& id) const;
    EvalResult evaluateTyped(const std::string& expression, QualType* type);
    struct EvalCache;
    EvalResult evaluateOn(WorkItem* wi, const std::string& expression, QualType* type,
                          EvalCache* cache = nullptr);
    bool compileConditions(Breakpoint& b);
    void recompileConditions();
    int64_t linearGlobalId(const WorkItemId& id) const;
    /// Starts the next work-group in linear order (m_driver) as the running and viewed one.
    void startNextGroup();
    /// Runs the current work-group to its end (no stops) and ends it (after the last group
    /// the run ends too: RunDriver::endGroup); false, with the group left unfinished, when a
    /// pause was requested meanwhile.
    bool finishCurrentGroup();
    /// Ends the running group, whose work-items have finished, and keeps it for final-state
    /// views (at most kKeepFinishedGroups).
    void endCurrentGroup();
    void clearRun();
    bool replay(size_t count);
    uint64_t linearGroupId(const std::array<uint64_t, 3>& g) const;
    std::array<uint64_t, 3> groupIdOf(uint64_t linear) const;
    const WorkGroup* viewedGroup() const;
    WorkItem* selectedItem() const;
    /// The memory of `space` as the selection sees it (selected group's __local, selected
    /// work-item's __private); null when there is none.
    const Memory* memoryIn(AddressSpace space) const;
    /// Sets lastError() and m_stop to a failure of `kind` saying `message`; false.
    bool fail(const std::string& message, StopKind kind = StopKind::Refused);
    void fillVariables(Snapshot& s) const;
    void fillMemory(Snapshot& s) const;
    /// Snapshot::diagnosticDetails, and the ByteRace (and, for __private memory, ByteEndian)
    /// flags of the memory regions from the checks' facts (SessionChecks.cpp).
    void fillCheckResults(Snapshot& s) const;

    std::unique_ptr<Program> m_program;
    CompileOptions m_compileOptions;             ///< what m_program was built with
    std::vector<Diagnostic> m_launchDiagnostics; ///< about m_launchPath (file kLaunchFileId)
    std::string m_launchPath;
    std::string m_kernelName;
    NDRange m_range;
    std::vector<KernelArgument> m_args;
    RunOptions m_runOptions;
    CheckOptions m_checkOptions;
    std::unique_ptr<CheckSet> m_checks;   ///< the checks observing m_run (outlives it)
    std::unique_ptr<AccessStats> m_stats; ///< statistics observing m_run (outlives it)
    /// Shared copies of the checks' facts, by index in m_run->diagnostics() (facts never
    /// change once recorded, so snapshots share them).
    mutable std::vector<std::shared_ptr<const nlohmann::json>> m_detailCache;
    std::unique_ptr<KernelRun> m_run;
    /// Drives m_run: the work-group order and the observers' lifecycle (destroyed first).
    std::unique_ptr<RunDriver> m_driver;
    std::vector<ExecutionObserver*> m_observers;               ///< addObserver()'s
    std::unique_ptr<WorkGroup> m_group;                        ///< the executing group
    std::map<uint64_t, std::unique_ptr<WorkGroup>> m_finished; ///< kept for final-state views
    uint64_t m_viewLinear = 0;                                 ///< the selected (viewed) group
    std::set<const WorkItem*> m_atBreakpoint;
    std::vector<bool> m_dumpArgs;
    /// Per argument, the element type the .sim wrote ("int"; "" when it wrote none).
    std::vector<std::string> m_argTypeNames;
    /// Element layout of a region (`space`, name) for snapshots; null when unknown.
    std::shared_ptr<const ElementLayout> elementLayout(AddressSpace space,
                                                       const std::string& name) const;
    SchedulePolicy m_initialPolicy = SchedulePolicy::InOrder;
    uint64_t m_initialSeed = 1;
    std::unique_ptr<SessionController> m_controller;
    std::unique_ptr<AccessTracer> m_tracer;
    /// Shares unchanged pages of memory between consecutive snapshots (fillMemory).
    std::unique_ptr<SnapshotPager> m_pager;
    uint64_t m_groupLinear = 0;
    uint64_t m_groupsFinished = 0;
    size_t m_selected = 0;
    Scheduler m_scheduler;
    std::vector<Breakpoint> m_breakpoints;
    std::map<int, std::unique_ptr<std::map<const ast::Stmt*, std::unique_ptr<ast::Expr>>>>
        m_conditions;
    std::vector<Watchpoint> m_watchpoints;
    std::unique_ptr<WatchTracker> m_watch;
    bool m_breakOnError = true;
    bool m_byteStatistics = false;
    bool m_actionBreakOnError = true; ///< the setting of the action being performed
    KindSet m_breakKinds;             ///< breakOnKinds()
    KindSet m_actionBreakKinds;       ///< breakOnKinds() of the action being performed
    KindSet m_replayBreakKinds;       ///< the recorded breakOnKinds() of the action replayed
    int m_nextBreakpointId = 1;
    std::vector<Record> m_history;
    bool m_replaying = false;
    std::atomic<bool> m_pauseRequested{false};
    std::string m_lastError;
    Stop m_stop;                      ///< the last action's stop
    bool m_replayBreakOnError = true; ///< the recorded setting of the action being replayed
    std::function<void(uint64_t, uint64_t)> m_progress;
    uint64_t m_step = 0;
};

} // namespace clstep::debug
