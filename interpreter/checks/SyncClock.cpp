#include "checks/SyncClock.h"

#include "core/MemorySemantics.h"

#include <algorithm>

namespace clstep {

SyncClock::Reach SyncClock::reachOf(uint8_t scope) {
    if (scope == memory_scope::kDevice || scope == memory_scope::kAllSvmDevices) return kDevice;
    return scope == memory_scope::kWorkGroup ? kGroup : kNone;
}

uint32_t SyncClock::stampOf(uint64_t entity, Reach reach) const {
    auto it = std::lower_bound(m_ticks.begin(), m_ticks.end(), entity,
                               [](const Tick& t, uint64_t e) { return t.entity < e; });
    if (it == m_ticks.end() || it->entity != entity) return 0;
    return reach == kDevice ? it->device : reach == kGroup ? it->group : 0;
}

void SyncClock::release(uint64_t entity, uint32_t stamp, Reach reach) {
    if (reach == kNone) return;
    const uint32_t device = reach == kDevice ? stamp : 0;
    auto it = std::lower_bound(m_ticks.begin(), m_ticks.end(), entity,
                               [](const Tick& t, uint64_t e) { return t.entity < e; });
    if (it != m_ticks.end() && it->entity == entity) {
        it->group = std::max(it->group, stamp);
        it->device = std::max(it->device, device);
        return;
    }
    m_ticks.insert(it, {entity, stamp, device});
    if (m_ticks.size() > kMaxSize) m_ticks.erase(m_ticks.begin());
}

void SyncClock::assign(const SyncClock& other, Reach reach) {
    if (&other == this) return;
    m_ticks.clear();
    if (reach == kNone) return;
    m_ticks.assign(other.m_ticks.begin(), other.m_ticks.end());
    if (reach != kDevice)
        for (Tick& t : m_ticks)
            t.device = 0;
}

void SyncClock::join(const SyncClock& other, Reach reach, SyncClock& scratch) {
    if (reach == kNone || other.m_ticks.empty() || &other == this) return;
    const bool device = reach == kDevice;
    // Common in lock hand-offs: every entity of `other` is known here already; the stamps
    // are then raised in place.
    // Commonest of all: the same entities in the same order, compared pairwise (no search).
    const size_t n = std::min(m_ticks.size(), other.m_ticks.size());
    Tick* const x = m_ticks.data();
    const Tick* const y = other.m_ticks.data();
    size_t i = 0;
    if (device) {
        for (; i < n && x[i].entity == y[i].entity; ++i) {
            x[i].group = std::max(x[i].group, y[i].group);
            x[i].device = std::max(x[i].device, y[i].device);
        }
    } else {
        for (; i < n && x[i].entity == y[i].entity; ++i)
            x[i].group = std::max(x[i].group, y[i].group);
    }
    auto a = m_ticks.begin() + ptrdiff_t(i);
    auto b = other.m_ticks.begin() + ptrdiff_t(i);
    const auto ae = m_ticks.end();
    const auto be = other.m_ticks.end();
    for (; b != be; ++b) {
        while (a != ae && a->entity < b->entity)
            ++a;
        if (a == ae || a->entity != b->entity) break;
        a->group = std::max(a->group, b->group);
        if (device) a->device = std::max(a->device, b->device);
    }
    if (b == be) return;
    if (a == ae) {
        // Only entities after every known one (later work-items): appended.
        for (; b != be; ++b)
            m_ticks.push_back({b->entity, b->group, device ? b->device : 0});
        if (m_ticks.size() > kMaxSize) m_ticks.erase(m_ticks.begin(), m_ticks.end() - kMaxSize);
        return;
    }
    // A merge of the rest into `scratch`, then swapped in (no allocation once warm).
    std::vector<Tick>& out = scratch.m_ticks;
    out.clear();
    out.reserve(m_ticks.size() + size_t(be - b));
    a = std::lower_bound(m_ticks.begin(), m_ticks.end(), b->entity,
                         [](const Tick& t, uint64_t e) { return t.entity < e; });
    out.insert(out.end(), m_ticks.begin(), a);
    while (a != ae || b != be) {
        if (b == be || (a != ae && a->entity < b->entity)) {
            out.push_back(*a++);
        } else if (a == ae || b->entity < a->entity) {
            out.push_back({b->entity, b->group, device ? b->device : 0});
            ++b;
        } else {
            out.push_back({a->entity, std::max(a->group, b->group),
                           device ? std::max(a->device, b->device) : a->device});
            ++a;
            ++b;
        }
    }
    if (out.size() > kMaxSize) out.erase(out.begin(), out.end() - kMaxSize);
    m_ticks.swap(out);
}

} // namespace clstep
