#include "debug/TraceLog.h"

#include <algorithm>

namespace clstep::debug {

void TraceLog::append(TraceEntry e) {
    e.sequence = m_total++;
    m_cache.reset();
    if (m_ring.size() < m_capacity) {
        m_ring.push_back(std::move(e));
        return;
    }
    m_ring[m_head] = std::move(e);
    m_head = (m_head + 1) % m_capacity;
}

void TraceLog::clear() {
    m_ring.clear();
    m_head = 0;
    m_total = 0;
    m_cache.reset();
}

void TraceLog::setCapacity(size_t capacity) {
    std::vector<TraceEntry> ordered = *entries();
    m_capacity = capacity ? capacity : 1;
    if (ordered.size() > m_capacity)
        ordered.erase(ordered.begin(), ordered.end() - static_cast<long>(m_capacity));
    m_ring = std::move(ordered);
    m_head = 0;
    m_cache.reset();
}

std::shared_ptr<const std::vector<TraceEntry>> TraceLog::entries() const {
    if (m_cache) return m_cache;
    auto v = std::make_shared<std::vector<TraceEntry>>();
    v->reserve(m_ring.size());
    v->insert(v->end(), m_ring.begin() + static_cast<long>(m_head), m_ring.end());
    v->insert(v->end(), m_ring.begin(), m_ring.begin() + static_cast<long>(m_head));
    m_cache = std::move(v);
    return m_cache;
}

TracePage tracePage(const Snapshot& snapshot, size_t page, size_t pageSize) {
    TracePage p;
    p.total = snapshot.traceTotal;
    p.page = page;
    if (!snapshot.trace || pageSize == 0) return p;
    const std::vector<TraceEntry>& all = *snapshot.trace;
    p.retained = all.size();
    p.pages = (all.size() + pageSize - 1) / pageSize;
    size_t skip = page * pageSize;
    for (size_t i = skip; i < all.size() && i < skip + pageSize; ++i)
        p.entries.push_back(all[all.size() - 1 - i]);
    return p;
}

} // namespace clstep::debug
