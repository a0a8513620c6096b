#pragma once

#include "debug/Scheduler.h"
#include "debug/Snapshot.h"
#include "frontend/Program.h"
#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"
#include "runtime/RunOptions.h"

#include <array>
#include <atomic>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <vector>

namespace clstep {
class KernelRun;
class WorkGroup;
class WorkItem;
} // namespace clstep

namespace clstep::debug {

class SessionController;
class AccessTracer;

/// A line breakpoint (1-based line of the kernel's main file).
struct Breakpoint {
    int id = 0;
    uint32_t line = 0;
    bool enabled = true;
};

/// Result of `explore(N)`: whether the N schedules produced different results.
struct ExploreResult {
    int schedules = 0;
    bool outputsDiffer = false;   ///< some __global buffer ended different
    bool localsDiffer = false;    ///< some work-group's __local memory ended different
    /// "buffer 'out' byte 4: 0x0a (in-order) vs 0x07 (random seed 3)" lines, at most 20.
    std::vector<std::string> differences;
    std::vector<std::string> scheduleNames;
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
    bool loadSource(const std::string& path, const std::string& text, const CompileOptions& options = {});
    /// Reads and builds a .cl file.
    bool loadFile(const std::string& path, const CompileOptions& options = {});
    /// Reads an Oclgrind .sim launch file: builds its kernel file and takes its kernel name,
    /// NDRange and arguments. Launch-file errors go to diagnostics().
    bool loadSim(const std::string& path, const CompileOptions& options = {});
    void setKernel(const std::string& name) { m_kernelName = name; }
    void setNDRange(const NDRange& r) { m_range = r; }
    void setArguments(std::vector<KernelArgument> args) { m_args = std::move(args); }
    void setRunOptions(const RunOptions& o) { m_runOptions = o; }
    const Program* program() const { return m_program.get(); }
    const std::string& kernelName() const { return m_kernelName; }
    const NDRange& ndRange() const { return m_range; }
    const std::vector<KernelArgument>& arguments() const { return m_args; }
    /// For each argument, whether the launch file marked it `dump`.
    const std::vector<bool>& dumpFlags() const { return m_dumpArgs; }
    /// Final bytes (host order) of argument `index` (buffers only; empty otherwise).
    std::vector<uint8_t> argumentBytes(size_t index) const;
    const RunOptions& runOptions() const { return m_runOptions; }
    /// Build and launch diagnostics (program errors, argument mismatches).
    std::vector<Diagnostic> diagnostics() const;

    // ---- execution ----
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
    /// Step back to the previous time a breakpoint was hit (replay).
    bool reverseContinue();
    /// Changes the schedule policy; takes effect at the next operation.
    void setSchedule(SchedulePolicy policy, uint64_t seed = 1);
    const Scheduler& scheduler() const { return m_scheduler; }
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
    int addBreakpoint(uint32_t line);
    bool removeBreakpoint(int id);
    const std::vector<Breakpoint>& breakpoints() const { return m_breakpoints; }

    // ---- inspection ----
    /// An immutable picture of the current state (memory contents copied).
    Snapshot snapshot() const;
    /// Why the last operation stopped, or why it failed.
    const std::string& lastError() const { return m_lastError; }
    bool running() const { return m_run != nullptr; }
    bool finished() const;

private:
    enum class Action {
        Step, Next, Finish, Lockstep, ToBarrier, GroupToBarrier, GroupToEnd, Continue, All,
        SelectGroup, SelectLocal, Schedule
    };
    struct Record {
        Action action;
        std::array<uint64_t, 3> a{};
        uint64_t b = 0;
    };
    bool record(Action a, std::array<uint64_t, 3> arg = {}, uint64_t b = 0);
    bool perform(const Record& r);
    bool stepSelected(int mode);
    void armController(int mode, size_t depth, bool breakpoints);
    bool resumeItem(WorkItem& wi);
    void afterGroupProgress();
    std::string stateMessage(const WorkItem& wi) const;
    bool runGroup(bool stopAtBreakpoints, bool toBarrierOnly);
    bool startGroup(uint64_t linearGroup);
    void finishCurrentGroup();
    void clearRun();
    bool replay(size_t count);
    uint64_t linearGroupId(const std::array<uint64_t, 3>& g) const;
    std::array<uint64_t, 3> groupIdOf(uint64_t linear) const;
    const WorkGroup* viewedGroup() const;
    WorkItem* selectedItem() const;
    bool fail(const std::string& message);
    void fillVariables(Snapshot& s) const;
    void fillMemory(Snapshot& s) const;

    std::unique_ptr<Program> m_program;
    std::vector<Diagnostic> m_launchDiagnostics;
    std::string m_kernelName;
    NDRange m_range;
    std::vector<KernelArgument> m_args;
    RunOptions m_runOptions;
    std::unique_ptr<KernelRun> m_run;
    std::unique_ptr<WorkGroup> m_group;                        ///< the executing group
    std::map<uint64_t, std::unique_ptr<WorkGroup>> m_finished; ///< kept for final-state views
    uint64_t m_viewLinear = 0;                                 ///< the selected (viewed) group
    std::set<const WorkItem*> m_atBreakpoint;
    std::vector<bool> m_dumpArgs;
    SchedulePolicy m_initialPolicy = SchedulePolicy::InOrder;
    uint64_t m_initialSeed = 1;
    std::unique_ptr<SessionController> m_controller;
    std::unique_ptr<AccessTracer> m_tracer;
    uint64_t m_groupLinear = 0;
    uint64_t m_groupsFinished = 0;
    size_t m_selected = 0;
    Scheduler m_scheduler;
    std::vector<Breakpoint> m_breakpoints;
    int m_nextBreakpointId = 1;
    std::vector<Record> m_history;
    bool m_replaying = false;
    std::atomic<bool> m_pauseRequested{false};
    std::string m_lastError;
    std::string m_stopReason;
    uint64_t m_step = 0;
};

} // namespace clstep::debug
