#pragma once

#include "common/Diagnostic.h"
#include "frontend/Ast.h"
#include "frontend/Program.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/GroupAction.h"
#include "runtime/KernelArgument.h"
#include "runtime/Memory.h"
#include "runtime/MemoryPort.h"
#include "runtime/NDRange.h"
#include "runtime/RunOptions.h"

#include <array>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace clstep {
namespace exec {
class LoweredProgram;
}

class GroupSequencer;
class RunDriver;
class WorkGroup;

/// One execution of a kernel over an NDRange: owns `__global` and `__constant` memory, the
/// program-scope variables, the argument bindings, the printf output and the runtime
/// diagnostics. runAll() runs the work-groups through a RunDriver (linear work-group order,
/// the observers' lifecycle) in parallel on RunOptions::threads cores (each with its own
/// `__local` memory and its own work-items, one group at a time per thread, so memory stays
/// bounded by one work-group per thread); their side effects (output, diagnostics, checks'
/// facts) come out in linear work-group order (GroupSequencer). A run whose groups share a
/// written `__global` byte, or whose observers have no per-thread copy or can neither prove
/// the groups independent nor do without that proof, runs them one after another in linear
/// order on one thread (docs/architecture.md, Execution). The debugger drives a run a group
/// at a time with its own RunDriver instead of runAll().
class KernelRun {
public:
    /// Prepares a run. Problems with the launch (argument count or kinds that do not match
    /// the kernel, a local size that does not divide the global size before OpenCL 2.0, a
    /// program with errors) are reported in `diagnostics()` with kind "launch" and make
    /// `ready()` false.
    KernelRun(const Program& program, const std::string& kernelName, NDRange range,
              std::vector<KernelArgument> args, RunOptions options);
    ~KernelRun();

    /// Adds a passive observer (checks, trace). Must be called before the run begins
    /// (runAll(), RunDriver::beginRun()); the run does not own it.
    void addObserver(ExecutionObserver* o) {
        m_observers.push_back(o);
        if (o->observesControlFlow()) m_flowObservers.push_back(o);
    }
    const std::vector<ExecutionObserver*>& observers() const { return m_observers; }
    /// The observers whose observesControlFlow() is true (a subset of observers()); on a
    /// thread running work-groups of this run in parallel, that thread's copies of them
    /// (ExecutionObserver::forThread).
    const std::vector<ExecutionObserver*>& flowObservers() const {
        return t_flow.run == this ? *t_flow.observers : m_flowObservers;
    }

    /// True when the run can start.
    bool ready() const { return m_ready; }
    /// Runs every work-group to completion (RunDriver: observers told of the run's begin and
    /// end and of each group's). Returns false, running nothing, when the run is not ready().
    bool runAll();

    /// Final bytes of argument `index` (Buffer arguments) in HOST byte order; for an alias
    /// (KernelArgument::aliasOf) the `size` bytes it covers of the shared buffer.
    std::vector<uint8_t> argumentBytes(size_t index) const;
    const std::vector<KernelArgument>& arguments() const { return m_args; }
    const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }
    /// How many times each diagnostic in diagnostics() occurred (merged duplicates).
    const std::vector<uint64_t>& diagnosticCounts() const { return m_counts; }
    /// The latest occurrence of diagnostics()[index]: a merged duplicate's own work-items,
    /// ranges and message (a debugger stopping at the third report of one race shows that
    /// report's pair), or diagnostics()[index] itself when it occurred once.
    const Diagnostic& latestOccurrence(size_t index) const;
    const std::string& output() const { return m_output; }
    /// Number of report() calls so far, merged duplicates included (the debugger compares it
    /// to notice a new runtime diagnostic).
    uint64_t reportCount() const { return m_reportCount.load(std::memory_order_relaxed); }
    /// Index in diagnostics() of the latest report (-1 before any, or when it was dropped past
    /// RunOptions::maxDiagnostics).
    long lastReportIndex() const { return m_lastReport; }

    // ---- used by WorkGroup / WorkItem ----
    const Program& program() const { return m_program; }
    const ast::FunctionDecl& kernel() const { return *m_kernel; }
    const NDRange& range() const { return m_range; }
    const RunOptions& options() const { return m_options; }
    Memory& globalMemory() { return m_global; }
    Memory& constantMemory() { return m_constant; }
    /// Address of program-scope variable `slot` (Program::programVars).
    uint64_t programVarAddress(uint32_t slot) const { return m_programVars[slot]; }
    /// Value bytes (device order) the kernel parameter `index` starts with.
    const std::vector<uint8_t>& parameterBytes(size_t index) const { return m_paramBytes[index]; }
    /// `__local` sizes requested for `__local` pointer parameters (0 for others).
    uint64_t localArgumentSize(size_t index) const;
    /// Records a runtime diagnostic (thread-safe). Duplicates are merged (counted) by kind,
    /// range start, the first note's start (a race's second access) and message prefix.
    /// When work-groups run in parallel, diagnostics are recorded in work-group order (see
    /// inGroupOrder()), so diagnostics() is the same as in a sequential run.
    void report(Diagnostic d);
    /// The merge key of `d` as a small id (thread-safe): the same id for every diagnostic that
    /// report() merges with `d` (same kind, range start, first note's start and first 40
    /// characters of the message). For reportRepeats().
    uint32_t mergeKey(const Diagnostic& d);
    /// Counts `count` more occurrences of the diagnostic whose merge key is `key` (mergeKey()),
    /// as `count` report() calls of it would in a batch run (RunOptions::repeatDetails off,
    /// which keeps the first occurrence's details): its diagnosticCounts() entry and
    /// reportCount() grow by `count`, and lastReportIndex() becomes its index (-1 when it was
    /// dropped past RunOptions::maxDiagnostics). The diagnostic must have been report()ed
    /// before by the same thread. Thread-safe, in work-group order like report(). Checks call
    /// it for a repeated report without building the repeat's Diagnostic.
    void reportRepeats(uint32_t key, uint64_t count);
    /// Appends printf output (thread-safe; in work-group order like report()).
    void appendOutput(const std::string& text);
    /// Runs `action` in work-group order: at once in a sequential run (or outside a
    /// work-group), otherwise when every work-group with a smaller linear id has finished
    /// and its own actions ran (runtime/GroupSequencer.h). Actions run one at a time; one that
    /// calls inGroupOrder() or report() again has it run at once. Checks use it for their
    /// run-wide state and to record their facts (CheckDetails) with their reports. A
    /// callable of up to GroupAction::kInlineBytes is queued without allocating.
    void inGroupOrder(GroupAction action);
    /// A lock that serialises the atomic operations on the `__global` bytes at `address`:
    /// one of kAtomicStripes, chosen by the 64-byte line, so that atomics of work-groups
    /// running on other threads on other lines rarely wait for each other. An atomic function
    /// (4 or 8 bytes, aligned or not) that starts in the last 7 bytes of a line also takes the
    /// next line's lock (WorkItem::atomicBegin), so any two atomics on a common byte share one.
    std::mutex& atomicMutex(uint64_t address) {
        const uint64_t line = address >> 6;
        return m_atomicStripes[(line ^ (line >> 34)) % kAtomicStripes].mutex;
    }
    /// Address (in `__constant` memory) of the bytes of string literal `s`, allocated on
    /// first use (spec 6.5.3: string literals are in the constant address space).
    uint64_t stringLiteral(const ast::StringLiteralExpr* s);
    /// The image whose texels live in the `__global` buffer of `handle` (an image
    /// parameter's value: the buffer's address), or nullptr when `handle` is no image.
    const image::Object* imageAt(uint64_t handle) const;
    /// The memory port of work-items observed by observers() (MemoryPort::choose), chosen
    /// again when observers were added since the last call. Not thread-safe: parallel runs
    /// choose one port per thread.
    MemoryPort& memoryPort();
    /// True when the kernel (or a function it calls) may reach a barrier.
    bool usesBarriers() const { return m_usesBarriers; }
    /// The program's functions lowered (exec::LoweredProgram: built by the program's first launch
    /// and kept with the Program, Program::derived(), so every launch of it reuses them;
    /// read-only, shared by every thread), or null when the launch failed before.
    const exec::LoweredProgram* loweredProgram() const { return m_lowered; }

private:
    void launchError(const std::string& message);
    void record(Diagnostic d);
    /// reportRepeats() in work-group order.
    void recordRepeats(uint32_t key, uint64_t count);
    /// mergeKey() with m_reportMutex held.
    uint32_t mergeKeyLocked(const Diagnostic& d);
    /// True when some observer can prove the groups of a parallel run independent, or every
    /// observer needs no such proof (ExecutionObserver::parallelWithoutProof).
    bool parallelObservable() const;
    /// True when some observer can prove the groups of a parallel run independent.
    bool provesIndependence() const;
    /// Runs the groups of `driver` (begun) on `threads` threads (with per-thread copies of
    /// the observers when `observed`, each copy's lifecycle driven by a RunDriver of its
    /// thread). Returns false, with the run's state as before, when it was not possible (an
    /// observer has no per-thread copy) or the groups turned out to depend on each other
    /// (then `driver` has discarded the run and begun it again).
    bool runParallel(RunDriver& driver, unsigned threads, bool observed);
    /// True when the calling thread runs a work-group of this run in parallel mode.
    bool sequenced() const;
    void setupProgramVars();
    void setupArguments();
    void collectStringLiterals();
    bool validateRange();
    /// False (after a "launch" diagnostic) when the kernel's __local variables and __local
    /// arguments exceed RunOptions::localMemoryBytes, or its buffers and program-scope
    /// variables exceed RunOptions::globalMemoryBytes.
    bool checkMemoryBounds();

    const Program& m_program;
    const ast::FunctionDecl* m_kernel = nullptr;
    NDRange m_range;
    std::vector<KernelArgument> m_args;
    RunOptions m_options;
    bool m_ready = false;
    bool m_usesBarriers = true;
    Memory m_global{AddressSpace::Global};
    Memory m_constant{AddressSpace::Constant};
    std::vector<uint64_t> m_programVars;
    std::vector<uint64_t> m_argAddresses;
    /// setupArguments for a Buffer argument with KernelArgument::aliasOf: the address inside
    /// the earlier argument's buffer, or 0 after a launch error (`what` names the argument).
    uint64_t aliasAddress(size_t index, AddressSpace space, const std::string& what);
    std::map<uint64_t, image::Object> m_images; ///< image buffer address -> image object
    std::vector<std::vector<uint8_t>> m_paramBytes;
    std::vector<ExecutionObserver*> m_observers;
    /// Ports chosen by memoryPort(), the last one current (earlier ones stay alive for the
    /// work-items that may still hold them); m_portObservers: observers() when it was chosen.
    std::vector<std::unique_ptr<MemoryPort>> m_ports;
    size_t m_portObservers = 0;
    std::vector<ExecutionObserver*> m_flowObservers;
    std::vector<Diagnostic> m_diagnostics;
    std::vector<uint64_t> m_counts;
    std::map<size_t, Diagnostic> m_latest; ///< latest occurrence of merged duplicates
    /// Merge keys (report()) to their ids (mergeKey()); ids only grow, also over a discarded run.
    std::map<std::tuple<DiagnosticKind, SourceLocation, SourceLocation, std::string>, uint32_t>
        m_mergeKeys;
    /// By merge key id: the index in m_diagnostics, -1 (or past the end) when not recorded.
    std::vector<long> m_keyIndex;
    std::string m_output;
    std::atomic<uint64_t> m_reportCount{0};
    long m_lastReport = -1;
    std::map<const ast::StringLiteralExpr*, uint64_t> m_strings;
    std::mutex m_reportMutex;
    /// atomicMutex()'s locks, a cache line each.
    struct alignas(64) AtomicStripe {
        std::mutex mutex;
    };
    static constexpr size_t kAtomicStripes = 64;
    std::array<AtomicStripe, kAtomicStripes> m_atomicStripes;
    GroupSequencer* m_sequencer = nullptr;           ///< set while work-groups run in parallel
    const exec::LoweredProgram* m_lowered = nullptr; ///< owned by m_program (Program::derived())
    /// The flow observers of the work-groups the calling thread runs in parallel for `run`.
    struct ThreadFlow {
        const KernelRun* run;
        const std::vector<ExecutionObserver*>* observers;
    };
    static inline thread_local ThreadFlow t_flow{nullptr, nullptr};
};

} // namespace clstep
