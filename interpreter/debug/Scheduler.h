#pragma once

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
};

/// "in-order", "round-robin", "reverse", "random".
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
        return m_policy == SchedulePolicy::RoundRobin || m_policy == SchedulePolicy::Random;
    }
    /// Index of the next runnable work-item (Ready state) in `items`, or -1 if none is.
    long pick(const std::vector<std::unique_ptr<WorkItem>>& items);
    /// Restarts the policy's sequence (new work-group, or replay from the start).
    void restart();

private:
    SchedulePolicy m_policy;
    uint64_t m_seed;
    size_t m_cursor = 0;
    std::mt19937_64 m_rng;
};

} // namespace clstep::debug
