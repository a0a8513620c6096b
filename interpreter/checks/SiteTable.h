#pragma once

#include "common/SourceRange.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
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
    /// Inline when the direct-mapped cache holds it (every access of a check asks).
    uint16_t intern(const SourceRange& range) {
        CacheSlot& slot = m_cache[slotOf(range)];
        // A slot holds valid ranges only: a hit needs no validity test.
        if (slot.id && same(slot.range, range)) [[likely]]
            return slot.id;
        if (!range.valid()) return 0;
        return internSlow(range, slot);
    }
    /// The range of `id` (an invalid range for 0 or an unknown id).
    const SourceRange& range(uint16_t id) const;
    /// Forgets every id.
    void clear();

private:
    static constexpr size_t kCacheSize = 1024; ///< cache slots (a power of two)
    struct Hash {
        size_t operator()(const SourceRange& r) const {
            uint64_t h = r.begin.file;
            h = h * 0x9E3779B97F4A7C15ull + r.begin.line;
            h = h * 0x9E3779B97F4A7C15ull + r.begin.column;
            h = h * 0x9E3779B97F4A7C15ull + r.end.line;
            h = h * 0x9E3779B97F4A7C15ull + r.end.column;
            return static_cast<size_t>(h ^ (h >> 29));
        }
    };
    /// The cache slot of `r`: from its begin line and column and end column, which tell the
    /// access sites of one program apart (the slot's compare decides; a collision only costs
    /// a map lookup).
    static size_t slotOf(const SourceRange& r) {
        const uint32_t h = (r.begin.line * 0x9E3779B1u) ^ (r.begin.column * 0x85EBCA6Bu) ^
                           (r.end.column * 0xC2B2AE35u);
        return (h ^ (h >> 16)) & (kCacheSize - 1);
    }
    /// `a == b`, as three 8-byte compares (SourceRange is six 4-byte fields, no padding).
    static bool same(const SourceRange& a, const SourceRange& b) {
        static_assert(sizeof(SourceRange) == 24);
        uint64_t x[3], y[3];
        std::memcpy(x, &a, 24);
        std::memcpy(y, &b, 24);
        return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2])) == 0;
    }
    struct CacheSlot {
        SourceRange range;
        uint16_t id = 0;
    };
    /// intern() past the cache: the map, then the cache slot `slot` filled.
    uint16_t internSlow(const SourceRange& range, CacheSlot& slot);
    std::vector<CacheSlot> m_cache;
    std::unordered_map<SourceRange, uint16_t, Hash> m_ids;
    std::vector<SourceRange> m_ranges;
};

} // namespace clstep
