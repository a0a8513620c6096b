// RaceDetector: the release sequences that order accesses (C11 5.1.2.4) and the proof that
// the work-groups of a parallel run are independent (order-free atomics); the detection is
// RaceDetector.cpp, the reports RaceDetectorReport.cpp.
#include "checks/OrderFreeAtomics.h"
#include "checks/RaceDetector.h"

#include "core/Address.h"
#include "core/MemoryFence.h"
#include "core/MemorySemantics.h"
#include "runtime/GroupOrder.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <unordered_map>

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

/// The narrower of two memory_scopes: the one that reaches fewer work-items (a fence and the
/// atomic operation it orders synchronize only as far as both reach).
uint8_t narrower(uint8_t a, uint8_t b) {
    auto reach = [](uint8_t s) {
        return s == memory_scope::kDevice || s == memory_scope::kAllSvmDevices ? 2
               : s == memory_scope::kWorkGroup                                 ? 1
                                                                               : 0;
    };
    return reach(a) <= reach(b) ? a : b;
}

bool acquires(uint8_t order) {
    using namespace memory_order;
    return order == kAcquire || order == kAcqRel || order == kSeqCst;
}

bool releases(uint8_t order) {
    using namespace memory_order;
    return order == kRelease || order == kAcqRel || order == kSeqCst;
}

} // namespace

void RaceDetector::onFence(const MemoryAccess& ma) {
    const auto item = static_cast<uint16_t>(ma.workItem->localLinearId());
    const uint32_t flags = fence::flags(ma.order);
    const uint8_t order = fence::order(ma.order), scope = ma.scope;
    if (flags & 1) // CLK_LOCAL_MEM_FENCE
        fence(m_local, item, order, scope);
    if ((flags & 3) == 3) m_localOrdersGlobal = true;
    if (!(flags & 2)) // CLK_GLOBAL_MEM_FENCE
        return;
    if (!m_parent) {
        fence(m_global, item, order, scope);
    } else if (groupIsHead()) {
        fence(m_parent->m_global, item, order, scope);
    } else {
        RaceDetector* p = m_parent;
        m_run->inGroupOrder([p, item, order, scope] { fence(p->m_global, item, order, scope); });
    }
}

void RaceDetector::acquire(Space& sp, uint64_t entity, Space::Acquisition q) {
    Space::Acquired& mine = sp.acquired[entity];
    std::vector<Space::Acquisition>& list = mine.list;
    // A spin loop acquires the same sequence again and again: one entry, the latest read,
    // as long as nobody released anything in between (`since` unchanged).
    if (!list.empty() && list.back().sequence == q.sequence && list.back().scope == q.scope &&
        list.back().since == q.since) {
        list.back().stamp = std::max(list.back().stamp, q.stamp);
        return;
    }
    if (list.size() >= kMaxAcquired) return;
    list.push_back(q);
    uint32_t& own = mine.known[(uint64_t(q.sequence) << 8) | q.scope];
    own = std::max(own, q.stamp);
    for (const Space::Release& rel : sp.sequences[q.sequence].releases) {
        if (rel.stamp >= q.stamp) break; // made after the read (releases are in stamp order)
        if (rel.entity == entity) continue;
        auto it = sp.acquired.find(rel.entity); // finds: no insertion, `mine` stays valid
        if (it == sp.acquired.end()) continue;
        const std::vector<Space::Acquisition>& theirs = it->second.list;
        // Their acquisitions are in `since` order: those made before the release are a
        // prefix, of which the first `done` were looked at by an earlier acquisition.
        uint32_t& done = mine.inherited[rel.entity];
        const uint8_t link = narrower(q.scope, rel.scope);
        for (; done < theirs.size() && theirs[done].since <= rel.stamp; ++done) {
            const Space::Acquisition& p = theirs[done];
            const uint8_t scope = narrower(p.scope, link);
            uint32_t& k = mine.known[(uint64_t(p.sequence) << 8) | scope];
            if (k >= p.stamp) continue; // already acquired as far
            if (list.size() >= kMaxAcquired) return;
            k = p.stamp;
            list.push_back({p.sequence, p.stamp, scope, q.since});
        }
    }
}

void RaceDetector::mirrorLocalAtomic(Access a) {
    a.data = nullptr;
    a.buffer = nullptr;
    RaceDetector* d = m_parent && !groupIsHead() ? nullptr : m_parent ? m_parent : this;
    if (d) {
        d->m_global.localObjects = true;
        d->synchronize(d->m_global, a);
        return;
    }
    RaceDetector* p = m_parent;
    m_run->inGroupOrder([p, a] {
        p->m_global.localObjects = true;
        p->synchronize(p->m_global, a);
    });
}

void RaceDetector::fence(Space& sp, uint16_t item, uint8_t order, uint8_t scope) {
    if (sp.exhausted) return;
    const uint64_t entity = entityKey(sp.ordinal, false, item);
    if (acquires(order)) {
        // C11 7.17.4p4: a relaxed read before the fence that read a value of a release
        // sequence synchronizes the release with the fence.
        auto it = sp.pending.find(entity);
        if (it != sp.pending.end()) {
            std::vector<Space::Acquisition> reads = std::move(it->second);
            sp.pending.erase(it);
            for (Space::Acquisition q : reads) {
                q.scope = narrower(q.scope, scope);
                q.since = sp.stamp;
                acquire(sp, entity, q);
            }
        }
    }
    if (releases(order)) {
        // C11 7.17.4p2-3: the work-item's later atomic writes are releases made here; its
        // later accesses come after the fence.
        sp.fences[entity] = {entity, sp.stamp, scope};
        sp.fenced = true;
        sp.stamp = sp.newStamp();
    }
}

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
        // An acquire reads the last value of the object's modification order, which every
        // release of its current sequence heads or continues: it synchronizes with them. A
        // relaxed read does when the work-item makes an acquire fence later (fence()).
        auto it = sp.objects.find(a.address);
        if (it == sp.objects.end() || !it->second) return;
        const Space::Acquisition q{it->second - 1, sp.stamp, a.scope, sp.stamp};
        if (acquires(order)) {
            acquire(sp, entity, q);
            return;
        }
        std::vector<Space::Acquisition>& pending = sp.pending[entity];
        if (!pending.empty() && pending.back().sequence == q.sequence &&
            pending.back().scope == q.scope) {
            pending.back().stamp = q.stamp; // a spin loop: the latest read sees the most
            return;
        }
        if (pending.size() == kMaxPending) pending.erase(pending.begin());
        pending.push_back(q);
        return;
    }
    const bool rmw = sp.rmwEntity == entity && sp.rmwAddress == a.address && sp.rmwSite == site;
    sp.rmwEntity = kNoEntity;
    Space::Release made{entity, sp.stamp, a.scope};
    bool release = releases(order), byFence = false;
    if (!release && sp.fenced) {
        // A write after a release fence of the work-item: a release made at the fence.
        auto f = sp.fences.find(entity);
        if (f != sp.fences.end()) {
            made = {entity, f->second.stamp, narrower(a.scope, f->second.scope)};
            release = byFence = true;
        }
    }
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
        std::vector<Space::Release>& list = sp.sequences[object - 1].releases;
        // A fence's stamp may be older than releases made since: kept in stamp order.
        auto at = std::upper_bound(
            list.begin(), list.end(), made.stamp,
            [](uint32_t stamp, const Space::Release& x) { return stamp < x.stamp; });
        list.insert(byFence ? at : list.end(), made);
        ++sp.releases;
    }
    // The work-item's later accesses come after its release (after a fence: already).
    if (!byFence) sp.stamp = sp.newStamp();
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
    for (const Space::Acquisition& q : it->second.list) {
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

void RaceDetector::forgetOrdered(Space& sp, const BufferShadow& sh, ByteState& b,
                                 const Record& e) const {
    if (quiet(sp, b, e, true)) return; // no record that could conflict
    if (b.write.stamp && conflicts(sp, b.write, e) && synchronizedBefore(sp, sh, b.write, e, true))
        b.write = Record{};
    for (Record& r : b.read)
        if (r.stamp && conflicts(sp, r, e) && synchronizedBefore(sp, sh, r, e, true)) r = Record{};
}

} // namespace clstep
