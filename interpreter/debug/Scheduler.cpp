#include "debug/Scheduler.h"

#include "runtime/WorkItem.h"

namespace clstep::debug {

const char* schedulePolicyName(SchedulePolicy p) {
    switch (p) {
    case SchedulePolicy::InOrder:
        return "in-order";
    case SchedulePolicy::RoundRobin:
        return "round-robin";
    case SchedulePolicy::Reverse:
        return "reverse";
    case SchedulePolicy::Random:
        return "random";
    }
    return "in-order";
}

bool parseSchedulePolicy(const std::string& name, SchedulePolicy& out) {
    for (SchedulePolicy p : {SchedulePolicy::InOrder, SchedulePolicy::RoundRobin,
                             SchedulePolicy::Reverse, SchedulePolicy::Random})
        if (name == schedulePolicyName(p)) {
            out = p;
            return true;
        }
    return false;
}

Scheduler::Scheduler(SchedulePolicy policy, uint64_t seed)
    : m_policy(policy), m_seed(seed), m_rng(seed) {}

void Scheduler::restart() {
    m_cursor = 0;
    m_rng.seed(m_seed);
}

long Scheduler::pick(const std::vector<std::unique_ptr<WorkItem>>& items) {
    const size_t n = items.size();
    auto ready = [&](size_t i) { return items[i]->state() == WorkItem::State::Ready; };
    switch (m_policy) {
    case SchedulePolicy::InOrder:
        for (size_t i = 0; i < n; ++i)
            if (ready(i)) return static_cast<long>(i);
        return -1;
    case SchedulePolicy::Reverse:
        for (size_t i = n; i-- > 0;)
            if (ready(i)) return static_cast<long>(i);
        return -1;
    case SchedulePolicy::RoundRobin:
        for (size_t k = 0; k < n; ++k) {
            size_t i = (m_cursor + k) % n;
            if (ready(i)) {
                m_cursor = i + 1;
                return static_cast<long>(i);
            }
        }
        return -1;
    case SchedulePolicy::Random: {
        std::vector<size_t> candidates;
        for (size_t i = 0; i < n; ++i)
            if (ready(i)) candidates.push_back(i);
        if (candidates.empty()) return -1;
        return static_cast<long>(candidates[m_rng() % candidates.size()]);
    }
    }
    return -1;
}

} // namespace clstep::debug
