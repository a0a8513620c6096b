#pragma once

#include "debug/Snapshot.h"

#include <QColor>
#include <QString>

namespace clstep::ui {

/// What a memory pane's colours show: the last accesses (the default: last read/write, fading,
/// races, uninitialized bytes), each byte's access count, or the cost of the sub-group
/// accesses that touched it (`__local` bank conflict degree, `__global` segments).
enum class MemoryColourMode { Accesses, AccessCount, Conflict };

/// Colours and words of the memory panes' access-count and conflict modes, computed from
/// MemoryRegion::accessCount and MemoryRegion::accessCost over a row's bytes. Both use an
/// absolute scale (log 2), so colours mean the same in every buffer and step.
class MemoryHeat {
public:
    /// Largest access count / access cost of bytes [offset, offset + size) (0: none).
    static uint32_t maxCount(const debug::MemoryRegion& r, uint64_t offset, uint64_t size);
    static uint32_t maxCost(const debug::MemoryRegion& r, uint64_t offset, uint64_t size);
    /// Background of a row in `mode` (invalid for Accesses, or for untouched bytes): counts
    /// from pale to deep blue (1, 2–3, 4–7, ... 128+ accesses); costs green for 1 (no
    /// conflict, one segment) and from pale to deep red for 2, 3–4, 5–8, ... 32+.
    static QColor colour(MemoryColourMode mode, const debug::MemoryRegion& r, uint64_t offset,
                         uint64_t size);
    /// "accessed 12 times" / "worst bank conflict: 4-way" / "worst access: 32 segments";
    /// "" for Accesses.
    static QString describe(MemoryColourMode mode, const debug::MemoryRegion& r, uint64_t offset,
                            uint64_t size);
};

} // namespace clstep::ui
