#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace clstep {

/// A sparse vector clock of the RaceDetector's synchronization through atomics (C11
/// 5.1.2.4 happens-before; OpenCL C 2.0 6.13.11 and OpenCL 3.0 3.3.6 memory scopes), as
/// ThreadSanitizer and FastTrack keep one per thread and per lock: for each entity (a
/// work-item, by the RaceDetector's entity key) whose releases are known, the interval stamp
/// of the latest such release, that is of the latest access of that entity ordered before
/// (every access of an entity at a stamp at most its release's happens before the release).
///
/// Each component has two stamps, by the narrowest memory_scope of the chain of
/// release-acquire links that made it known: `group` for chains whose every link reaches at
/// least the work-group (memory_scope_work_group or wider), `device` for chains that all
/// reach the device (memory_scope_device, memory_scope_all_svm_devices); so `device` <=
/// `group`. A chain with a narrower link (work_item, sub_group) orders nothing across
/// work-items and is not kept. A work-item's clock (what it has acquired), an atomic object's
/// (what its current release sequence releases) and a release fence's (what the work-item
/// had acquired at the fence) are SyncClocks; a hand-off is a join(), O(size of the clocks),
/// however long the chain of earlier hand-offs.
///
/// At most kMaxSize components (memory bound: join() drops the smallest entity keys, those
/// of the earliest work-groups, beyond it; fewer accesses are then ordered, so more races
/// may be reported, never fewer).
class SyncClock {
public:
    /// How far a link reaches: kNone (work_item, sub_group scope), kGroup (work_group),
    /// kDevice (device, all_svm_devices).
    enum Reach : uint8_t { kNone = 0, kGroup = 1, kDevice = 2 };
    /// Components kept at most (16 bytes each: 128 KiB per clock).
    static constexpr size_t kMaxSize = 8192;

    /// The Reach of an OpenCL C memory_scope value (core/MemorySemantics.h).
    static Reach reachOf(uint8_t scope);

    bool empty() const { return m_ticks.empty(); }
    /// Components (entities known).
    size_t size() const { return m_ticks.size(); }
    void clear() { m_ticks.clear(); }
    /// The stamp of `entity`'s latest release known through chains that reach at least
    /// `reach` (kGroup: within a work-group; kDevice: across work-groups); 0 when none.
    uint32_t stampOf(uint64_t entity, Reach reach) const;
    /// Records a release of `entity` at interval stamp `stamp` that reaches `reach` (a later
    /// stamp of the same entity replaces an earlier one; kNone records nothing).
    void release(uint64_t entity, uint32_t stamp, Reach reach);
    /// Joins `other` (componentwise maximum) as known through one more link of reach
    /// `reach`: `other`'s `group` stamps count only when `reach` is at least kGroup, its
    /// `device` stamps only when it is kDevice. `scratch` is reused storage.
    void join(const SyncClock& other, Reach reach, SyncClock& scratch);
    /// Becomes `other` as known through one more link of reach `reach` (join() into an empty
    /// clock), reusing this clock's storage.
    void assign(const SyncClock& other, Reach reach);

private:
    struct Tick {
        uint64_t entity;
        uint32_t group;
        uint32_t device;
    };
    std::vector<Tick> m_ticks; ///< sorted by entity
};

} // namespace clstep
