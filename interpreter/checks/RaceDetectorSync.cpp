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

void RaceDetector::acquire(Space& sp, uint64_t entity, const SyncClock& clock, uint8_t scope) {
    const SyncClock::Reach reach = reachIn(sp, scope);
    if (clock.empty() || reach == SyncClock::kNone) return; // no entry: nothing acquired
    sp.acquired[entity].join(clock, reach, sp.scratch);
}

void RaceDetector::eraseObject(Space& sp, uint64_t address) {
    auto it = sp.objects.find(address);
    if (it == sp.objects.end()) return;
    if (it->second.clock) sp.objectTicks -= it->second.clock->size();
    sp.objects.erase(it);
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
            std::vector<Space::PendingRead> reads = std::move(it->second);
            sp.pending.erase(it);
            for (const Space::PendingRead& q : reads)
                acquire(sp, entity, *q.clock, narrower(q.scope, scope));
        }
    }
    if (releases(order)) {
        // C11 7.17.4p2-3: the work-item's later atomic writes are releases made here, of what
        // it has acquired so far; its later accesses come after the fence.
        auto it = sp.acquired.find(entity);
        Space::FenceRelease& f = sp.fences[entity];
        if (it == sp.acquired.end()) {
            f.clock.reset();
        } else if (f.clock && f.clock.use_count() == 1) {
            f.clock->assign(it->second, SyncClock::kDevice); // the last fence's storage
        } else {
            f.clock = std::make_shared<SyncClock>(it->second);
        }
        f.stamp = sp.stamp;
        f.scope = scope;
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
            eraseObject(sp, x);
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
        if (it == sp.objects.end() || !it->second.clock) return;
        const Space::ObjectSync& object = it->second;
        if (acquires(order)) {
            acquire(sp, entity, *object.clock, a.scope);
            return;
        }
        std::vector<Space::PendingRead>& pending = sp.pending[entity];
        if (!pending.empty() && pending.back().sequence == object.sequence &&
            pending.back().scope == a.scope) {
            // A spin loop: the latest read of the sequence sees every release of the earlier.
            pending.back().clock = object.clock;
            return;
        }
        if (pending.size() == kMaxPending) pending.erase(pending.begin());
        pending.push_back({object.sequence, a.scope, object.clock});
        return;
    }
    const bool rmw = sp.rmwEntity == entity && sp.rmwAddress == a.address && sp.rmwSite == site;
    sp.rmwEntity = kNoEntity;
    uint32_t stamp = sp.stamp;
    uint8_t scope = a.scope;
    const SyncClock* known = nullptr; // what the work-item releases besides its own accesses
    bool release = releases(order), byFence = false;
    if (!release && sp.fenced) {
        // A write after a release fence of the work-item: a release made at the fence.
        auto f = sp.fences.find(entity);
        if (f != sp.fences.end()) {
            stamp = f->second.stamp;
            scope = narrower(a.scope, f->second.scope);
            known = f->second.clock.get();
            release = byFence = true;
        }
    }
    if (!release) {
        // A relaxed read-modify-write continues the sequence; a relaxed store ends it.
        if (!rmw && !sp.objects.empty()) eraseObject(sp, a.address);
        return;
    }
    if (!byFence) {
        auto it = sp.acquired.find(entity);
        if (it != sp.acquired.end()) known = &it->second;
    }
    const uint32_t index = address::buffer(a.address);
    if (index >= sp.objectBuffers.size()) sp.objectBuffers.resize(index + 1, 0);
    sp.objectBuffers[index] = 1;
    const SyncClock::Reach reach = reachIn(sp, scope);
    Space::ObjectSync& object = sp.objects[a.address];
    const size_t before = object.clock ? object.clock->size() : 0;
    if (!rmw || !object.clock) {
        // A release store, or a release RMW after a store: a new sequence (in the storage of
        // the object's last one unless acquire fences still to come read that one).
        if (!object.clock || object.clock.use_count() > 1)
            object.clock = std::make_shared<SyncClock>();
        if (known)
            object.clock->assign(*known, reach);
        else
            object.clock->clear();
        object.sequence = ++sp.sequences;
    } else {
        // Acquire fences still to come read the sequence as it was, unless the only one is
        // this work-item's own, of this read-modify-write's read: what the write adds (what
        // the work-item had acquired, its own release) gives its fence nothing new.
        if (object.clock.use_count() > 1) {
            auto p = sp.pending.find(entity);
            const bool own = object.clock.use_count() == 2 && p != sp.pending.end() &&
                             !p->second.empty() && p->second.back().clock == object.clock;
            if (!own) object.clock = std::make_shared<SyncClock>(*object.clock);
        }
        if (known) object.clock->join(*known, reach, sp.scratch);
    }
    object.clock->release(entity, stamp, reach);
    sp.objectTicks = sp.objectTicks - before + object.clock->size();
    if (sp.objectTicks > kMaxObjectTicks) eraseObject(sp, a.address); // memory bound
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
    // Within a work-group links of work_group scope order; across groups only device ones.
    const SyncClock::Reach need =
        sp.local || ordinal == sp.ordinal ? SyncClock::kGroup : SyncClock::kDevice;
    // A release of r's work-item at a stamp at least r's came after r.
    return it->second.stampOf(entityKey(ordinal, false, r.item), need) >= r.stamp;
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
