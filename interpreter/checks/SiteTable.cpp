#include "checks/SiteTable.h"

namespace clstep {

namespace {
constexpr size_t kCacheSize = 1024; // power of two
} // namespace

size_t SiteTable::Hash::operator()(const SourceRange& r) const {
    uint64_t h = r.begin.file;
    h = h * 0x9E3779B97F4A7C15ull + r.begin.line;
    h = h * 0x9E3779B97F4A7C15ull + r.begin.column;
    h = h * 0x9E3779B97F4A7C15ull + r.end.line;
    h = h * 0x9E3779B97F4A7C15ull + r.end.column;
    return static_cast<size_t>(h ^ (h >> 29));
}

SiteTable::SiteTable() {
    clear();
}

void SiteTable::clear() {
    m_cache.assign(kCacheSize, CacheSlot{});
    m_ids.clear();
    m_ranges.assign(1, SourceRange{});
}

uint16_t SiteTable::intern(const SourceRange& range) {
    if (!range.valid()) return 0;
    CacheSlot& slot = m_cache[Hash{}(range) & (kCacheSize - 1)];
    if (slot.id && slot.range == range) return slot.id;
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
