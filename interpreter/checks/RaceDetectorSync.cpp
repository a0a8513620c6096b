// RaceDetector: the release sequences that order accesses (C11 5.1.2.4) and the proof that
// the work-groups of a parallel run are independent (order-free atomics); the detection is
// RaceDetector.cpp, the reports RaceDetectorReport.cpp.
#include "checks/OrderFreeAtomics.h"
#include "checks/RaceDetector.h"

#include "core/Address.h"
#include "core/MemorySemantics.h"
#include "runtime/KernelRun.h"

#include <algorithm>

namespace clstep {

bool RaceDetector::orderFree(Space& sp, const Access& a, uint16_t site) {
    if (!a.atomic || !site || !m_orderFreeAllowed || memory_scope::insideWorkGroup(a.scope))
        return false;
    const uint32_t index = address::buffer(a.address);
    if (index < m_noInitBuffers.size() && m_noInitBuffers[index] == a.buffer->serial) return false;
    if (site >= sp.siteOrderFree.size()) sp.siteOrderFree.resize(site + 1, 0);
    if (!sp.siteOrderFree[site]) {
        if (!m_orderFreeKnown) {
            m_orderFreeSites = orderFreeAtomicSites(m_run->program());
            m_orderFreeKnown = true;
        }
        sp.siteOrderFree[site] = containsSite(m_orderFreeSites, sp.sites.range(site)) ? 1 : 2;
    }
    return sp.siteOrderFree[site] == 1;
}

uint32_t RaceDetector::ordinalOf(const Space& sp, uint32_t stamp) {
    auto it = std::upper_bound(
        sp.groupStamps.begin(), sp.groupStamps.end(), stamp,
        [](uint32_t s, const std::pair<uint32_t, uint64_t>& g) { return s < g.first; });
    return static_cast<uint32_t>(it - sp.groupStamps.begin()) & kOwnGroup;
}

namespace {

/// True when an atomic of scope `scope` orders work-items of one work-group (`sameGroup`)
/// or of different ones (OpenCL C 2.0 6.13.11.5; sub-group scope is not followed).
bool scopeReaches(uint8_t scope, bool sameGroup) {
    if (scope == memory_scope::kDevice || scope == memory_scope::kAllSvmDevices) return true;
    return sameGroup && scope == memory_scope::kWorkGroup;
}

} // namespace

void RaceDetector::synchronize(Space& sp, const Access& a) {
    if (sp.exhausted) return;
    if (!a.atomic) {
        // A plain write over atomic objects ends their release sequences.
        sp.rmwEntity = kNoEntity;
        const uint32_t index = address::buffer(a.address);
        if (index >= sp.objectBuffers.size() || !sp.objectBuffers[index]) return;
        // Objects are at most 8 bytes: one that starts up to 7 bytes before the write overlaps.
        const uint64_t first = a.address - std::min<uint64_t>(address::offset(a.address), 7);
        for (uint64_t x = first; x < a.address + a.size; ++x)
            sp.objects.erase(x);
        return;
    }
    const uint64_t entity = entityKey(sp.ordinal, a.asyncCopy, a.item);
    const uint16_t site = sp.sites.intern(a.site);
    using namespace memory_order;
    const uint8_t order = a.order == MemoryAccess::kNoOrder ? kRelaxed : a.order;
    if (!a.write) {
        sp.rmwAddress = a.address;
        sp.rmwEntity = entity;
        sp.rmwSite = site;
        if (order != kAcquire && order != kAcqRel && order != kSeqCst) return;
        // An acquire reads the last value of the object's modification order, which every
        // release of its current sequence heads or continues: it synchronizes with them.
        auto it = sp.objects.find(a.address);
        if (it != sp.objects.end() && it->second)
            sp.acquired[entity].push_back({it->second - 1, sp.stamp, a.scope});
        return;
    }
    const bool rmw = sp.rmwEntity == entity && sp.rmwAddress == a.address && sp.rmwSite == site;
    sp.rmwEntity = kNoEntity;
    const bool release = order == kRelease || order == kAcqRel || order == kSeqCst;
    if (!release) {
        // A relaxed read-modify-write continues the sequence; a relaxed store ends it.
        if (!rmw && !sp.objects.empty()) sp.objects.erase(a.address);
        return;
    }
    const uint32_t index = address::buffer(a.address);
    if (index >= sp.objectBuffers.size()) sp.objectBuffers.resize(index + 1, 0);
    sp.objectBuffers[index] = 1;
    uint32_t& object = sp.objects[a.address];
    if (!rmw || !object) { // a release store, or a release RMW after a store: a new sequence
        sp.sequences.emplace_back();
        object = static_cast<uint32_t>(sp.sequences.size());
    }
    if (sp.releases < kMaxReleases) {
        sp.sequences[object - 1].releases.push_back({entity, sp.stamp, a.scope});
        ++sp.releases;
    }
    // The work-item's later accesses come after its release.
    sp.stamp = sp.newStamp();
}

bool RaceDetector::synchronizedBefore(const Space& sp, const BufferShadow& sh, const Record& r,
                                      const Record& e, bool write) const {
    if (sp.acquired.empty() || ((r.site | e.site) & kGroup)) return false;
    // An access the records left out might race with `e` unordered.
    const uint32_t dropped = write ? std::max(sh.droppedRead, sh.droppedWrite) : sh.droppedWrite;
    if (dropped && (!sp.local || dropped >= sp.intervalStart)) return false;
    auto it = sp.acquired.find(entityKey(sp.ordinal, false, e.item));
    if (it == sp.acquired.end()) return false;
    const uint32_t ordinal = ordinalOf(sp, r.stamp);
    const bool sameGroup = ordinal == sp.ordinal;
    const uint64_t first = entityKey(ordinal, false, r.item);
    size_t budget = kMaxSearch; // releases looked at; past it, not found (a race is reported)
    for (const Space::Acquisition& q : it->second) {
        if (!sp.local && !scopeReaches(q.scope, sameGroup)) continue;
        // The releases made after `r` and before the acquire, by `r`'s work-item.
        const auto& releases = sp.sequences[q.sequence].releases;
        auto rel = std::lower_bound(
            releases.begin(), releases.end(), r.stamp,
            [](const Space::Release& x, uint32_t stamp) { return x.stamp < stamp; });
        for (; rel != releases.end() && rel->stamp < q.stamp; ++rel) {
            if (!budget--) return false;
            if (rel->entity == first && (sp.local || scopeReaches(rel->scope, sameGroup)))
                return true;
        }
    }
    return false;
}

} // namespace clstep
