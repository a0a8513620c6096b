#pragma once

#include "common/SourceRange.h"

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace clstep {
class WorkItem;
}

namespace clstep::debug {

/// Named, reproducible work-item interleavings within a work-group.
enum class SchedulePolicy {
    InOrder,    ///< run each work-item to its next barrier (or end), in local-id order
    RoundRobin, ///< one statement per work-item in turn, in local-id order
    Reverse,    ///< run each work-item to its next barrier, in reverse local-id order
    Random,     ///< one statement of a randomly chosen work-item at a time (seeded)
    /// SIMT lockstep: the lanes of one sub-group execute each statement together, one lane
    /// at a time in lane order; after a branch the lanes at the earliest program position
    /// (MinPC: the current statement's source position, call sites first) run while the
    /// others wait masked, so the two paths run one after the other and the lanes reconverge
    /// after the branch. Sub-groups run in turn, each to its next barrier or end.
    Simt,
};

/// "in-order", "round-robin", "reverse", "random", "simt".
const char* schedulePolicyName(SchedulePolicy p);
/// Parses a policy name; returns false for an unknown name.
bool parseSchedulePolicy(const std::string& name, SchedulePolicy& out);

/// Picks which work-item of a group runs next under a policy. Deterministic for a given
/// (policy, seed) and sequence of group states, which is what makes replay (step back) and
/// `explore` reproducible.
class Scheduler {
public:
    explicit Scheduler(SchedulePolicy policy = SchedulePolicy::InOrder, uint64_t seed = 1);

    SchedulePolicy policy() const { return m_policy; }
    uint64_t seed() const { return m_seed; }
    /// True when a pick runs one statement (round-robin, random) rather than to a barrier.
    bool perStatement() const {
        return m_policy == SchedulePolicy::RoundRobin || m_policy == SchedulePolicy::Random ||
               m_policy == SchedulePolicy::Simt;
    }
    /// Work-items per sub-group for the `simt` policy (a power of two; RunOptions).
    void setSubGroupSize(uint32_t n) { m_subGroupSize = n ? n : 1; }
    uint32_t subGroupSize() const { return m_subGroupSize; }
    /// Lane states of a sub-group under SIMT execution (`info lanes`, the GUI's grid).
    enum class LaneState { Active, Masked, AtBarrier, Finished };
    /// The state of each work-item of `items` (local linear id order): Active when it is
    /// ready and at its sub-group's earliest program position, Masked when it is ready
    /// elsewhere (waiting for the other path), AtBarrier, or Finished (also Error).
    static std::vector<LaneState> laneStates(const std::vector<std::unique_ptr<WorkItem>>& items,
                                             uint32_t subGroupSize);
    /// Index of the next runnable work-item (Ready state) in `items`, or -1 if none is.
    long pick(const std::vector<std::unique_ptr<WorkItem>>& items);
    /// Restarts the policy's sequence (new work-group, or replay from the start).
    void restart();

private:
    SchedulePolicy m_policy;
    uint64_t m_seed;
    size_t m_cursor = 0;
    std::mt19937_64 m_rng;
    uint32_t m_subGroupSize = 32;
    std::vector<SourceLocation> m_lastPosition; ///< program position of the last simt pick
    long pickSimt(const std::vector<std::unique_ptr<WorkItem>>& items);
};

} // namespace clstep::debug
