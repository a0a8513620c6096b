#pragma once

#include "debug/AccessTracer.h"
#include "debug/PagedArray.h"

#include <cstdint>
#include <map>
#include <vector>

namespace clstep::debug {

/// Builds the per-byte arrays of a snapshot's memory regions (MemoryRegion::bytes and
/// ::flags) so that every page a step did not change is the very page of the previous
/// snapshot (shared, copy-on-write: PagedArray). Bytes pages are compared with the previous
/// snapshot's (memcmp, so any writer of the memory is seen); flags pages are recomputed only
/// where the AccessTracer's page stamp changed or last-access marks appear or disappear.
/// A 64 MiB buffer thus costs one copy in total, not one per snapshot (issue 16 item 7).
class SnapshotPager {
public:
    using Key = AccessTracer::Key;

    /// Call before the regions of a new snapshot; endSnapshot() after them forgets the
    /// buffers this snapshot did not show (their pages are freed with the old snapshots).
    void beginSnapshot();
    void endSnapshot();
    /// Forgets everything (a new run; a closed document returns its memory).
    void clear() { m_entries.clear(); }

    /// The bytes of buffer `key` (`now`: its current contents, device order).
    PagedArray<uint8_t> bytes(const Key& key, const std::vector<uint8_t>& now);
    /// The ByteFlag bits of buffer `key` of `n` bytes: ByteWritten where the shadow says
    /// written (every byte when `initialised`), ByteLastAccessWrite, ByteEndian, and
    /// ByteLastWrite / ByteLastRead on bytes last accessed at session step `step` on the pages
    /// `markPages` says (index = page; empty: none). `shadow` may be null (never accessed).
    PagedArray<uint8_t> flags(const Key& key, size_t n, const AccessTracer::Shadow* shadow,
                              bool initialised, uint64_t step, const std::vector<bool>& markPages);

private:
    struct Entry {
        PagedArray<uint8_t> bytes;
        PagedArray<uint8_t> flags;
        std::vector<uint64_t> versions; ///< shadow page stamps the flags were computed from
        std::vector<bool> marked;       ///< pages whose flags hold last-step marks
        bool initialised = false;
        bool hasShadow = false;
        bool used = false;
    };
    std::map<Key, Entry> m_entries;
};

} // namespace clstep::debug
