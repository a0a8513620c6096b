#pragma once

#include "runtime/AccessEventLog.h"
#include "runtime/ExecutionObserver.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace clstep {

/// Hardware model of the memory-efficiency statistics (`clstep-cli run --access-stats`).
struct AccessStatsOptions {
    uint32_t subGroupSize = 32;  ///< work-items per sub-group (a power of two; RunOptions)
    uint32_t banks = 32;         ///< `__local` memory banks
    uint32_t bankWidth = 4;      ///< bytes per bank word
    uint32_t segmentBytes = 128; ///< `__global`/`__constant` transaction segment (32/64/128)
    /// Also keep, per accessed byte, the worst cost of a sub-group access that touched it
    /// (AccessStats::byteCosts; the debugger's memory panes). Off for `run --access-stats`.
    bool byteCosts = false;
};

/// Memory-efficiency figures of one source line, address space and buffer, summed over the
/// run. A "sub-group access" is one execution of a memory access expression by the lanes
/// of one sub-group together (lanes are matched by the how-many-th time each executes that
/// expression since the last barrier, which is what SIMT hardware does for reconverged code).
struct AccessStatsRecord {
    uint32_t file = 0;
    uint32_t line = 0;
    AddressSpace space = AddressSpace::Global;
    std::string buffer;        ///< the accessed variable or argument
    uint64_t accesses = 0;     ///< sub-group accesses
    uint64_t laneAccesses = 0; ///< work-item accesses they contain
    /// `__local`: the bank conflict degree of each sub-group access (the largest number of
    /// distinct words one bank serves; 1 = conflict-free; equal words are a broadcast).
    /// `__global`/`__constant`: the number of aligned segments it touches.
    uint64_t worst = 0;
    uint64_t sum = 0;            ///< sum of the degrees / segment counts (mean = sum/accesses)
    uint64_t bytesRequested = 0; ///< distinct bytes the lanes asked for (global/constant)
    uint64_t bytesMoved = 0;     ///< segments × segment size (global/constant)
    double mean() const { return accesses ? double(sum) / double(accesses) : 0; }
    /// bytesRequested / bytesMoved (1 = perfectly coalesced), 0 without global traffic.
    double efficiency() const { return bytesMoved ? double(bytesRequested) / bytesMoved : 0; }
};

/// Divergence of one source line: sub-groups that evaluated a branch condition there and
/// split (some lanes one way, some the other), and the lane-slots spent masked on the line:
/// for each time a sub-group executed a statement starting on this line, the lanes of the
/// sub-group that did not execute it (masked by a branch, or already finished).
struct DivergenceRecord {
    uint32_t file = 0;
    uint32_t line = 0;
    uint64_t branches = 0;    ///< sub-group evaluations of a branch condition on the line
    uint64_t splits = 0;      ///< of those, the ones where the lanes disagreed
    uint64_t executions = 0;  ///< sub-group executions of statements on the line
    uint64_t maskedSlots = 0; ///< lane-slots masked during those executions
};

/// ExecutionObserver collecting per-sub-group memory efficiency (`__local` bank conflicts,
/// `__global` coalescing) and divergence statistics, per line and per buffer. Works under
/// any schedule: the work-items of a sub-group are matched by dynamic occurrence (a lane's
/// k-th execution of an access or branch since the last barrier goes with the other lanes'
/// k-th). Each work-item appends its accesses and branch outcomes to its own event log, and
/// statements are counted per (work-item, statement); the logs are turned into sub-group
/// accesses at each barrier and at the end of each work-group (and, without changing them,
/// whenever the figures are read). Sub-groups are consecutive local linear ids (spec 3.2.1,
/// cl_khr_subgroups).
///
/// Parallel runs: forThread() gives each thread its own AccessStats, whose figures are added
/// to this one's when the thread's copy ends (sums and maxima of integers: the result does
/// not depend on which thread ran which work-group). The statistics need no proof that the
/// work-groups are independent (parallelWithoutProof()), so `run --no-checks --access-stats`
/// runs on every core like `run --no-checks`.
class AccessStats final : public ExecutionObserver {
public:
    explicit AccessStats(const AccessStatsOptions& options);

    void onRunBegin(KernelRun& run) override;
    void onRunEnd(KernelRun& run) override;
    void onRunDiscarded(KernelRun& run) override;
    void onWorkGroupBegin(WorkGroup&) override;
    void onWorkGroupEnd(WorkGroup&) override;
    void onBarrier(WorkGroup&, uint32_t flags) override;
    void onMemoryAccess(const MemoryAccess& a) override;
    bool observesInitializedPrivateVariables() const override { return false; }
    bool observesPrivateMemory() const override { return false; }
    bool observesControlFlow() const override { return true; }
    void onStatement(const WorkItem& wi, const ast::Stmt& stmt) override;
    void onBranch(const WorkItem& wi, const SourceRange& site, int64_t outcome) override;
    std::unique_ptr<ExecutionObserver> forThread() override;
    bool parallelWithoutProof() const override { return true; }
    /// The event logs (a lone AccessStats gets its in-place accesses appended by the port).
    AccessEventLog* accessEventLog() override { return &m_log; }

    /// Memory records sorted by file, line, address space, buffer (including the sub-group
    /// accesses still pending since the last barrier, as far as they have run).
    std::vector<AccessStatsRecord> accessRecords() const;
    /// The latest branch of the current work-group at which the lanes of `subGroup` took
    /// different ways (invalid range if none since the work-group began).
    SourceRange lastSplit(uint32_t subGroup) const;
    /// Divergence records (lines with a branch or a masked lane-slot), sorted by line.
    std::vector<DivergenceRecord> divergenceRecords() const;
    /// `{"options":{...},"accesses":[{line,space,buffer,accesses,laneAccesses,worst,mean,
    /// ...}],"divergence":[{line,branches,splits,executions,maskedLaneSlots}]}` (documented
    /// in docs/diagnostics.md, "Access statistics").
    nlohmann::json toJson() const;
    /// The per-line table `clstep-cli run --access-stats` prints.
    std::string table() const;
    const AccessStatsOptions& options() const { return m_options; }
    /// With AccessStatsOptions::byteCosts: for the `size` bytes from encoded address `base`
    /// (byte 0 of a buffer), the worst cost of a sub-group access that touched each byte so
    /// far: `__local` the bank conflict degree, `__global`/`__constant` the segment count;
    /// 0 where none did. Empty when no byte was touched (or byteCosts is off). `__local`
    /// buffers of every work-group share one record.
    std::vector<uint32_t> byteCosts(uint64_t base, uint64_t size) const;

private:
    using SiteKind = AccessEventLog::SiteKind;
    using Site = AccessEventLog::Site;
    /// One access or branch of one work-item, in its log (Branch: `size` is the event's
    /// number since the last flush, which tells which split was seen last: lastSplit()).
    using Event = AccessEventLog::Event;
    /// The lanes' parts of one sub-group execution, in lane order: accesses (Event::value the
    /// address, Event::size the bytes) or branches (the outcome, the event's number).
    using Lanes = std::span<const Event>;
    using RecordMap = std::map<std::tuple<uint32_t, uint32_t, int, std::string>, AccessStatsRecord>;
    using DivergenceMap = std::map<std::pair<uint32_t, uint32_t>, DivergenceRecord>;
    /// Per sub-group: the pending split seen last (sequence number, site), {0, 0} if none.
    using Splits = std::vector<std::pair<uint64_t, uint32_t>>;
    /// Scratch space and record lookups of one accumulate() pass.
    struct Pass;

    /// Local linear id of `wi` in the running work-group (not cached per WorkItem: a WorkItem
    /// object that finished is reused for the next work-item).
    uint32_t linearId(const WorkItem& wi) const;
    /// Adds the pending sub-group accesses, branches and statements to `records`/`div`, and
    /// the pending splits to `splits` (sized to the sub-groups).
    void accumulate(RecordMap& records, DivergenceMap& div, Splits& splits) const;
    /// The events of the lanes of sub-group `sg` grouped into sub-group executions.
    void accumulateSubGroup(uint32_t sg, Pass& pass) const;
    /// One sub-group execution of access or branch `site` by `lanes`.
    void accumulateExecution(uint32_t sg, uint32_t site, Lanes lanes, Pass& pass) const;
    /// The name of the buffer holding encoded `address` (a `__local` one: of the current
    /// work-group).
    const std::string& bufferName(uint64_t address) const;
    /// The records with the pending events (cached until the next event).
    void updatePending() const;
    void flush();
    /// Adds `other`'s figures to this one's (a parallel run's thread copy).
    void merge(const AccessStats& other);
    /// Adds one sub-group execution of the `__local` access `site` to `r` (bank conflicts).
    void finishLocal(uint32_t site, Lanes lanes, AccessStatsRecord& r, Pass& pass) const;
    /// Adds one sub-group execution of the `__global`/`__constant` access `site` to `r`
    /// (segments and bytes).
    void finishGlobal(uint32_t site, Lanes lanes, AccessStatsRecord& r, Pass& pass) const;
    /// The bank conflict degree of `lanes` (`__local`).
    uint64_t localDegree(Lanes lanes, Pass& pass) const;
    /// {segments touched, distinct bytes requested} of `lanes` (`__global`/`__constant`).
    std::pair<uint64_t, uint64_t> globalCost(Lanes lanes, Pass& pass) const;
    /// The cost of a lane pattern only depends on the lanes' offsets from lane 0, their sizes
    /// and lane 0's offset modulo `period` bytes (the segment size, or banks × bank width):
    /// moving every lane by a multiple of `period` within one buffer moves each lane to the
    /// same segment or bank as before. For `lanes` (all in one buffer) this is the slot of
    /// that cost at `site`: {cost + 1, bytes requested}, {0, 0} when not known yet; null when
    /// the lanes span buffers or `period` is 0 or over kMaxPatternPeriod. A site keeps the
    /// latest pattern it saw (a new one forgets the costs of the old).
    std::array<uint64_t, 2>* costSlot(uint32_t site, Lanes lanes, uint64_t period) const;
    static constexpr uint64_t kMaxPatternPeriod = 4096; ///< bytes
    /// costSlot(): a site's lane pattern (Event::value: a lane's address minus lane 0's) and
    /// its known costs per phase (lane 0's offset modulo the period).
    struct Pattern {
        std::vector<Event> lanes;
        std::vector<std::array<uint64_t, 2>> byPhase;
    };
    mutable std::vector<Pattern> m_patterns; ///< [site]
    uint32_t subGroupLanes(uint32_t subGroup) const;
    /// Sub-group of local linear id `lid` (a shift for power-of-two sizes).
    uint32_t subGroupOf(uint32_t lid) const {
        return m_sgShift != kNoShift ? lid >> m_sgShift : lid / m_options.subGroupSize;
    }
    static constexpr uint32_t kNoShift = ~0u;
    uint32_t m_sgShift = 0;   ///< log2 of the sub-group size, kNoShift when not a power of 2
    uint32_t m_segShift = 0;  ///< log2 of the segment size, kNoShift when not a power of 2
    uint32_t m_bankShift = 0; ///< log2 of the bank width, kNoShift when not a power of 2
    uint32_t m_banksMask = 0; ///< banks - 1 when the bank count is a power of 2 (> 1), else 0

    AccessStatsOptions m_options;
    AccessStats* m_parent = nullptr; ///< the run's AccessStats, for a thread's copy
    KernelRun* m_run = nullptr;
    WorkGroup* m_group = nullptr; ///< the running work-group (its `__local` buffers)
    uint32_t m_groupItems = 0;
    uint32_t m_subGroups = 0; ///< sub-groups of a full work-group
    /// Sites, the work-items' logs and statement counts since the last barrier ([local linear
    /// id]); its version() changes with every event and flush.
    AccessEventLog m_log;
    uint32_t m_items = 0; ///< work-items of a full work-group
    RecordMap m_records;
    DivergenceMap m_divergence;
    std::map<uint32_t, SourceRange> m_lastSplit;
    /// Flushed figures plus the pending events, as of m_pendingVersion (m_log.version();
    /// const readers).
    mutable uint64_t m_pendingVersion = ~uint64_t(0);
    mutable RecordMap m_pendingRecords;
    mutable DivergenceMap m_pendingDivergence;
    mutable Splits m_pendingSplits;
    /// byteCosts: per encoded buffer address (byte 0), the worst cost per byte. Mutable:
    /// pending sub-group accesses are evaluated (idempotently, by max) from const readers.
    mutable std::unordered_map<uint64_t, std::vector<uint32_t>> m_byteCosts;
    void noteCost(Lanes lanes, uint64_t cost) const;
};

} // namespace clstep
