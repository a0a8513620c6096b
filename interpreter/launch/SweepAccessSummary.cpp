// SweepAccessSummary: a configuration's SIMT statistics (bank conflicts, coalescing,
// divergence) summed over the kernel, for `sweep --access-stats`.
#include "launch/SweepAccessSummary.h"

#include "checks/AccessStats.h"

#include <algorithm>
#include <cstdio>

namespace clstep::launch {

SweepAccessSummary SweepAccessSummary::of(const AccessStats& stats) {
    SweepAccessSummary s;
    s.subGroupSize = stats.options().subGroupSize;
    for (const AccessStatsRecord& r : stats.accessRecords()) {
        if (r.space == AddressSpace::Local) {
            s.localAccesses += r.accesses;
            s.worstConflict = std::max(s.worstConflict, r.worst);
            s.conflictSum += r.sum;
        } else {
            s.globalAccesses += r.accesses;
            s.worstSegments = std::max(s.worstSegments, r.worst);
            s.bytesRequested += r.bytesRequested;
            s.bytesMoved += r.bytesMoved;
        }
    }
    for (const DivergenceRecord& d : stats.divergenceRecords()) {
        s.branches += d.branches;
        s.splits += d.splits;
        s.maskedLaneSlots += d.maskedSlots;
    }
    return s;
}

double SweepAccessSummary::meanConflict() const {
    return localAccesses ? double(conflictSum) / double(localAccesses) : 0;
}

double SweepAccessSummary::efficiency() const {
    return bytesMoved ? double(bytesRequested) / double(bytesMoved) : 0;
}

std::string SweepAccessSummary::text() const {
    char buffer[160];
    std::string s;
    if (localAccesses) {
        std::snprintf(buffer, sizeof buffer, "__local conflicts worst %llu, mean %.2f",
                      static_cast<unsigned long long>(worstConflict), meanConflict());
        s += buffer;
        s += " (" + std::to_string(localAccesses) +
             (localAccesses == 1 ? " access); " : " accesses); ");
    } else {
        s += "no __local access; ";
    }
    if (bytesMoved) {
        std::snprintf(buffer, sizeof buffer, "__global efficiency %.0f%%", efficiency() * 100);
        s += buffer;
        s += " (" + std::to_string(bytesRequested) + " of " + std::to_string(bytesMoved) +
             " bytes, worst " + std::to_string(worstSegments) +
             (worstSegments == 1 ? " segment); " : " segments); ");
    } else {
        s += "no __global access; ";
    }
    s += "branches split " + std::to_string(splits) + " of " + std::to_string(branches) + "; " +
         std::to_string(maskedLaneSlots) + " masked lane-slots";
    return s;
}

nlohmann::json SweepAccessSummary::toJson() const {
    return {{"sub_group_size", subGroupSize},
            {"local_accesses", localAccesses},
            {"worst_conflict_degree", worstConflict},
            {"mean_conflict_degree", meanConflict()},
            {"global_accesses", globalAccesses},
            {"worst_segments", worstSegments},
            {"bytes_requested", bytesRequested},
            {"bytes_moved", bytesMoved},
            {"efficiency", efficiency()},
            {"branches", branches},
            {"splits", splits},
            {"masked_lane_slots", maskedLaneSlots}};
}

} // namespace clstep::launch
