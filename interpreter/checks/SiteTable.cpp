#include "checks/SiteTable.h"

namespace clstep {

SiteTable::SiteTable() {
    clear();
}

void SiteTable::clear() {
    m_cache.assign(kCacheSize, CacheSlot{});
    m_ids.clear();
    m_ranges.assign(1, SourceRange{});
}

uint16_t SiteTable::internSlow(const SourceRange& range, CacheSlot& slot) {
    uint16_t id = 0;
    auto it = m_ids.find(range);
    if (it != m_ids.end()) {
        id = it->second;
    } else {
        if (m_ranges.size() > kMaxSites) return 0;
        id = static_cast<uint16_t>(m_ranges.size());
        m_ranges.push_back(range);
        m_ids.emplace(range, id);
    }
    slot.range = range;
    slot.id = id;
    return id;
}

const SourceRange& SiteTable::range(uint16_t id) const {
    return id < m_ranges.size() ? m_ranges[id] : m_ranges[0];
}

} // namespace clstep
