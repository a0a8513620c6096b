#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace clstep {
class AccessStats;
}

namespace clstep::launch {

/// The SIMT statistics of one sweep configuration (`clstep-cli sweep --access-stats`,
/// docs/sweep.md), summed over the kernel's lines: what checks/AccessStats counts per line
/// (`run --access-stats`, docs/diagnostics.md "Access statistics") for the configuration's
/// sub-group size. A sub-group access is one execution of an access expression by the lanes
/// of one sub-group together.
struct SweepAccessSummary {
    uint32_t subGroupSize = 0;    ///< work-items per sub-group the figures are for
    uint64_t localAccesses = 0;   ///< `__local` sub-group accesses
    uint64_t worstConflict = 0;   ///< largest bank conflict degree (1 = conflict-free)
    uint64_t conflictSum = 0;     ///< sum of the degrees (mean = conflictSum / localAccesses)
    uint64_t globalAccesses = 0;  ///< `__global`/`__constant` sub-group accesses
    uint64_t worstSegments = 0;   ///< most segments one of them touched
    uint64_t bytesRequested = 0;  ///< distinct bytes the lanes asked for
    uint64_t bytesMoved = 0;      ///< segments moved x segment size (bytes)
    uint64_t branches = 0;        ///< sub-group evaluations of a branch condition
    uint64_t splits = 0;          ///< of those, where the lanes went different ways
    uint64_t maskedLaneSlots = 0; ///< lane-slots masked while a sub-group ran a statement

    /// The totals of `stats` (its records of every line, address space and buffer).
    static SweepAccessSummary of(const AccessStats& stats);
    /// conflictSum / localAccesses (0 without `__local` accesses).
    double meanConflict() const;
    /// bytesRequested / bytesMoved (1 = perfectly coalesced; 0 without global traffic).
    double efficiency() const;
    /// One line: "__local conflicts worst 8, mean 8.00 (16 accesses); __global efficiency
    /// 25% (256 of 1024 bytes, worst 1 segment); branches split 0 of 8; 0 masked lane-slots".
    std::string text() const;
    /// {"sub_group_size", "local_accesses", "worst_conflict_degree", "mean_conflict_degree",
    /// "global_accesses", "worst_segments", "bytes_requested", "bytes_moved", "efficiency",
    /// "branches", "splits", "masked_lane_slots"} (docs/sweep.schema.json).
    nlohmann::json toJson() const;
};

} // namespace clstep::launch
