#pragma once

#include "common/SourceRange.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace clstep {

/// Interns source ranges of memory accesses as small ids so that shadow memory can record
/// "which expression made this access" in 13 bits. Id 0 means "unknown" (an invalid range,
/// or a program with more than kMaxSites distinct access sites). A direct-mapped cache
/// makes the common lookup a hash and one compare.
class SiteTable {
public:
    /// Largest id handed out (ids fit in 13 bits).
    static constexpr uint16_t kMaxSites = 0x1FFF;

    SiteTable();
    /// The id of `range` (allocated on first use); 0 if `range` is invalid or ids ran out.
    uint16_t intern(const SourceRange& range);
    /// The range of `id` (an invalid range for 0 or an unknown id).
    const SourceRange& range(uint16_t id) const;
    /// Forgets every id.
    void clear();

private:
    struct Hash {
        size_t operator()(const SourceRange& r) const;
    };
    struct CacheSlot {
        SourceRange range;
        uint16_t id = 0;
    };
    std::vector<CacheSlot> m_cache;
    std::unordered_map<SourceRange, uint16_t, Hash> m_ids;
    std::vector<SourceRange> m_ranges;
};

} // namespace clstep
