#pragma once

#include "debug/Snapshot.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace clstep::debug {

/// A bounded log of the latest trace entries: a ring buffer of `capacity` entries (the
/// oldest are dropped). Hands out immutable copies in order, cached until the next append.
class TraceLog {
public:
    explicit TraceLog(size_t capacity = 10000) : m_capacity(capacity ? capacity : 1) {}

    /// Appends `e`, numbering it (TraceEntry::sequence).
    void append(TraceEntry e);
    /// Drops every entry and restarts the numbering.
    void clear();
    /// Changes the capacity (at least 1), keeping the newest entries.
    void setCapacity(size_t capacity);
    size_t capacity() const { return m_capacity; }
    /// Entries recorded since the last clear() (including dropped ones).
    uint64_t total() const { return m_total; }
    /// Entries held now.
    size_t size() const { return m_ring.size(); }
    /// The held entries, oldest first, as a shared immutable vector (the same object until
    /// the log changes).
    std::shared_ptr<const std::vector<TraceEntry>> entries() const;

private:
    size_t m_capacity;
    std::vector<TraceEntry> m_ring;
    size_t m_head = 0; ///< index of the oldest entry once the ring is full
    uint64_t m_total = 0;
    mutable std::shared_ptr<const std::vector<TraceEntry>> m_cache;
};

} // namespace clstep::debug
