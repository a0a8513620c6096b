#include "debug/Scheduler.h"

#include "frontend/Ast.h"
#include "runtime/WorkItem.h"

#include <algorithm>

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
    case SchedulePolicy::Simt:
        return "simt";
    }
    return "in-order";
}

bool parseSchedulePolicy(const std::string& name, SchedulePolicy& out) {
    for (SchedulePolicy p : {SchedulePolicy::InOrder, SchedulePolicy::RoundRobin,
                             SchedulePolicy::Reverse, SchedulePolicy::Random, SchedulePolicy::Simt})
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
    m_lastPosition.clear();
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
    case SchedulePolicy::Simt:
        return pickSimt(items);
    }
    return -1;
}

namespace {

/// The program position of a work-item: the source start of the statement of each call
/// frame, outermost first (a work-item not started yet has the empty, smallest position).
std::vector<SourceLocation> positionOf(const WorkItem& wi) {
    std::vector<SourceLocation> pos;
    for (size_t f = 0; f < wi.callDepth(); ++f) {
        const ast::Stmt* s = wi.frameStatement(f);
        pos.push_back(s ? s->range.begin : SourceLocation{});
    }
    return pos;
}

/// Index range [first, last) of the sub-group `sg`.
std::pair<size_t, size_t> laneRange(size_t sg, uint32_t size, size_t n) {
    return {sg * size, std::min(n, (sg + 1) * size)};
}

/// The lanes of [first, last) that are ready and at the earliest position (MinPC), and
/// that position.
std::vector<size_t> activeLanes(const std::vector<std::unique_ptr<WorkItem>>& items, size_t first,
                                size_t last, std::vector<SourceLocation>* position = nullptr) {
    std::vector<size_t> best;
    std::vector<SourceLocation> bestPos;
    for (size_t i = first; i < last; ++i) {
        if (items[i]->state() != WorkItem::State::Ready) continue;
        std::vector<SourceLocation> pos = positionOf(*items[i]);
        if (best.empty() || pos < bestPos) {
            best.assign(1, i);
            bestPos = std::move(pos);
        } else if (pos == bestPos) {
            best.push_back(i);
        }
    }
    if (position) *position = std::move(bestPos);
    return best;
}

} // namespace

long Scheduler::pickSimt(const std::vector<std::unique_ptr<WorkItem>>& items) {
    const size_t n = items.size();
    if (n == 0) return -1;
    const size_t groups = (n + m_subGroupSize - 1) / m_subGroupSize;
    // m_cursor = the next lane to run; it stays in its sub-group while that one has a ready
    // lane (lockstep), and moves to the next sub-group after it.
    for (size_t k = 0; k <= groups; ++k) {
        const size_t sg = (m_cursor / m_subGroupSize + k) % groups;
        auto [first, last] = laneRange(sg, m_subGroupSize, n);
        std::vector<SourceLocation> position;
        const std::vector<size_t> active = activeLanes(items, first, last, &position);
        if (active.empty()) continue;
        // one statement per lane in lane order, so all active lanes finish a statement before
        // the next: the next active lane after the previous pick while the sub-group stays at
        // the same statement, else the lowest active lane
        size_t pick = active.front();
        if (k == 0 && position == m_lastPosition)
            for (size_t i : active)
                if (i >= m_cursor) {
                    pick = i;
                    break;
                }
        m_lastPosition = std::move(position);
        m_cursor = pick + 1 < last ? pick + 1 : first; // wrap within the sub-group
        return static_cast<long>(pick);
    }
    return -1;
}

std::vector<Scheduler::LaneState>
Scheduler::laneStates(const std::vector<std::unique_ptr<WorkItem>>& items, uint32_t size) {
    std::vector<LaneState> out(items.size(), LaneState::Finished);
    if (!size) size = 1;
    for (size_t first = 0; first < items.size(); first += size) {
        const size_t last = std::min(items.size(), first + size);
        for (size_t i : activeLanes(items, first, last))
            out[i] = LaneState::Active;
        for (size_t i = first; i < last; ++i) {
            const WorkItem::State s = items[i]->state();
            if (s == WorkItem::State::Ready && out[i] != LaneState::Active)
                out[i] = LaneState::Masked;
            else if (s == WorkItem::State::AtBarrier)
                out[i] = LaneState::AtBarrier;
        }
    }
    return out;
}

} // namespace clstep::debug
