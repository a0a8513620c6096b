// RaceDetector: the detection (shadow memory, conflicts); the run's and work-groups'
// lifecycle is RaceDetectorRun.cpp, its reports RaceDetectorReport.cpp, release sequences
// and the independence proof RaceDetectorSync.cpp, a thread's accesses posted in group order
// RaceDetectorPosting.cpp.
#include "checks/RaceDetector.h"

#include "checks/ReadOnlyImages.h"
#include "core/Address.h"
#include "core/MemoryFence.h"
#include "core/MemorySemantics.h"
#include "runtime/GroupOrder.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <memory>

namespace clstep {

namespace {

constexpr size_t kMaxConflictsPerAccess = 4;

} // namespace

// Inlined into process(): most accesses find the shadow of their buffer's last access.
[[gnu::always_inline]] inline RaceDetector::BufferShadow*
RaceDetector::shadowFor(Space& sp, const MemoryAccess& a) {
    const uint32_t index = address::buffer(a.address);
    if (index < sp.shadows.size() && sp.shadows[index].serial == a.buffer->serial) [[likely]]
        return &sp.shadows[index];
    return shadowForNew(sp, a);
}

RaceDetector::BufferShadow* RaceDetector::shadowForNew(Space& sp, const MemoryAccess& a) {
    uint32_t index = address::buffer(a.address);
    if (index >= sp.shadows.size()) sp.shadows.resize(index + 1);
    BufferShadow& s = sp.shadows[index];
    if (s.serial != a.buffer->serial) {
        // A new group's __local buffer of the same size keeps its records: their stamps
        // are older than the group, hence stale. Anything else starts from scratch.
        if (!sp.local || s.size != a.buffer->size()) {
            s.size = a.buffer->size();
            s.granules.assign((s.size + 3) / 4, Granule{});
            s.split.clear();
            s.splitOwners.clear();
            s.values.assign(s.size, 0);
            s.mirror.assign(s.size, 0);
            s.mirrorSerial.assign((s.size + SparseArray<uint16_t>::kPageElements - 1) /
                                      SparseArray<uint16_t>::kPageElements,
                                  a.buffer->serial);
        }
        s.serial = a.buffer->serial;
    }
    return &s;
}

bool RaceDetector::conflicts(Space& sp, const Record& r, const Record& e) const {
    if (!r.stamp) return false;
    if ((r.site & kAtomic) && (e.site & kAtomic)) {
        // Atomics do not race atomics, unless they come from different work-groups and one
        // has a scope that does not reach the other group (2.0 6.13.11.5).
        if (sp.local || r.stamp >= sp.groupStart || !((r.site | e.site) & kGroupScope))
            return false;
    }
    if (r.stamp < sp.groupStart) return !sp.local; // another work-group
    if (r.stamp < sp.intervalStart) return false;  // ordered by a barrier
    bool sameEntity =
        (r.site & kGroup) == (e.site & kGroup) && ((r.site & kGroup) || r.item == e.item);
    return !sameEntity;
}

[[gnu::always_inline]] inline bool RaceDetector::updateWrite(const Space& sp, ByteState& b,
                                                             const Record& e) {
    const Record& w = b.write;
    // An atomic write does not replace a write that can still race with later accesses
    // (same interval, or __global memory, which later groups see unordered): not a
    // non-atomic one, which races with later atomics, and not another entity's atomic one,
    // which races with a later plain access of the entity writing now (a plain read after
    // atomic_inc by every work-item races with the other work-items' increments).
    const bool live = w.stamp && (!sp.local || w.stamp >= sp.intervalStart);
    const bool sameEntity =
        (w.site & kGroup) == (e.site & kGroup) && ((w.site & kGroup) || w.item == e.item);
    if ((e.site & kAtomic) && live && (!(w.site & kAtomic) || !sameEntity))
        return false; // not recorded
    const bool kept = !live || sameEntity;
    b.write = e;
    return kept;
}

[[gnu::always_inline]] inline bool RaceDetector::updateRead(const Space& sp, ByteState& b,
                                                            const Record& e) {
    const uint32_t interval = sp.intervalStart;
    for (Record& r : b.read) {
        if (r.stamp < interval || (r.site & kGroup) != (e.site & kGroup) ||
            (!(r.site & kGroup) && r.item != e.item))
            continue;
        if ((r.site & kAtomic) && !(e.site & kAtomic))
            r = e; // non-atomic reads matter more
        else
            r.stamp = e.stamp; // the latest read, unordered with more (release sequences)
        return true;
    }
    auto stale = [&](const Record& r) {
        return sp.local ? r.stamp < interval : (r.stamp >= sp.groupStart && r.stamp < interval);
    };
    Record* victim = nullptr;
    for (Record& r : b.read)
        if (!r.stamp) {
            victim = &r;
            break;
        }
    if (!victim)
        for (Record& r : b.read)
            if (stale(r)) {
                victim = &r;
                break;
            }
    bool kept = true;
    if (!victim && !(e.site & kAtomic))
        for (Record& r : b.read)
            if (r.site & kAtomic) {
                victim = &r;
                kept = false; // a live atomic read of another entity
                break;
            }
    // Otherwise both slots hold reads by other entities that any later write by another
    // entity races with already.
    if (!victim) return false;
    *victim = e;
    return kept;
}

void RaceDetector::renewMirrorPage(BufferShadow& sh, uint64_t p) {
    // A new group's __local buffer: nothing of this page is known yet.
    constexpr uint64_t kBits = SparseArray<uint16_t>::kPageBits;
    const uint64_t lo = p << kBits;
    const uint64_t hi = std::min<uint64_t>(sh.size, lo + (uint64_t(1) << kBits));
    uint16_t* page = &sh.mirror[lo];
    std::fill(page, page + (hi - lo), uint16_t(0));
    sh.mirrorSerial[p] = sh.serial;
}

namespace {
/// The mirror entries `m` of an aligned 4-byte access (little-endian hosts), as the 16-bit
/// lanes of one word: a read gives the entries not known yet the bytes read (`data`); a write
/// sets `unchanged[i]` to 1 where it stores the byte already known there (a benign race's
/// test), and the entries to the bytes written (kept "same" only when not atomic).
[[gnu::always_inline]] inline void updateMirror4(uint16_t* m, const uint8_t* data, bool write,
                                                 bool atomic, uint8_t* unchanged) {
    constexpr uint64_t kKnown4 = 0x0100010001000100ull;
    constexpr uint64_t kSame4 = 0x0200020002000200ull;
    constexpr uint64_t kLow4 = 0x00FF00FF00FF00FFull;
    uint64_t w;
    std::memcpy(&w, m, 8);
    if (!write && (w & kKnown4) == kKnown4) return; // read again
    uint32_t d32;
    std::memcpy(&d32, data, 4);
    uint64_t d = d32; // byte i to lane i
    d = (d | (d << 16)) & 0x0000FFFF0000FFFFull;
    d = (d | (d << 8)) & kLow4;
    if (!write) { // the entries not known yet take the bytes read
        const uint64_t known = ((w >> 8) & 0x0001000100010001ull) * 0xFFFF;
        w = (w & known) | (((w & kSame4) | kKnown4 | d) & ~known);
        std::memcpy(m, &w, 8);
        return;
    }
    // kKnown bit of each lane that stores the byte already there, a known one
    // (a lane of (w ^ d) & kLow4 is 0..255: adding 255 sets bit 8 unless it is 0).
    const uint64_t same = ~(((w ^ d) & kLow4) + kLow4) & w & kKnown4;
    const uint64_t lanes = same >> 8;
    const uint32_t un32 = uint32_t(lanes & 1) | uint32_t((lanes >> 8) & 0x100) |
                          uint32_t((lanes >> 16) & 0x10000) | uint32_t((lanes >> 24) & 0x1000000);
    std::memcpy(unchanged, &un32, 4);
    w = (atomic ? (w & kSame4) : (same << 1)) | kKnown4 | d;
    std::memcpy(m, &w, 8);
}
} // namespace

// Inlined into process(): a call costs as much as the few bytes of a typical access.
[[gnu::always_inline]] inline uint16_t*
RaceDetector::mirrorAccess(Space& sp, BufferShadow& sh, const MemoryAccess& a, uint64_t off) {
    const uint64_t end = off + a.size;
    constexpr uint64_t kBits = SparseArray<uint16_t>::kPageBits;
    const uint64_t p0 = off >> kBits, p1 = (end - 1) >> kBits;
    for (uint64_t p = p0; sp.local && p <= p1; ++p) // __global pages keep their serial
        if (sh.mirrorSerial[p] != sh.serial) [[unlikely]]
            renewMirrorPage(sh, p);
    if (a.write && a.data && sp.unchanged.size() < a.size) sp.unchanged.resize(a.size);
    uint16_t* const base = p0 == p1 ? &sh.mirror[off] : nullptr;
    if (!a.data) return base;
    // Local restrict pointers: the byte stores below would otherwise make the compiler reload
    // every pointer after each of them (uint8_t aliases everything).
    const uint8_t* __restrict data = a.data;
    const uint64_t n = a.size;
    const bool atomic = a.atomic;
    if (base) { // the common case: one page, whose entries are contiguous
        uint16_t* __restrict m = base;
        if constexpr (std::endian::native == std::endian::little)
            if (n == 4) { // 4-byte scalars: the four entries as 16-bit lanes of one word
                updateMirror4(m, data, a.write, atomic, sp.unchanged.data());
                return base;
            }
        if (!a.write) {
            if ((n & 3) == 0) { // words read again: every entry already known (4 at a time)
                constexpr uint64_t kKnown4 = 0x0100010001000100ull;
                uint64_t i = 0;
                for (; i < n; i += 4) {
                    uint64_t w;
                    std::memcpy(&w, m + i, 8);
                    if ((w & kKnown4) != kKnown4) break;
                }
                if (i == n) return base;
            }
            for (uint64_t i = 0; i < n; ++i)
                if (!(m[i] & kKnown)) m[i] = uint16_t((m[i] & kSame) | kKnown | data[i]);
            return base;
        }
        uint8_t* __restrict un = sp.unchanged.data();
        for (uint64_t i = 0; i < n; ++i) {
            const uint16_t old = m[i];
            const bool same = (old & kKnown) && uint8_t(old) == data[i];
            un[i] = same;
            // A plain write always becomes the byte's write record (updateWrite): its kSame
            // bit is set here; an atomic one's in process(), once the record is decided.
            m[i] = uint16_t((atomic ? (old & kSame) : (same ? kSame : 0)) | kKnown | data[i]);
        }
        return base;
    }
    for (uint64_t i = 0; i < n; ++i) {
        uint16_t& m = sh.mirror[off + i];
        if (!a.write) {
            if (!(m & kKnown)) m = uint16_t((m & kSame) | kKnown | data[i]);
            continue;
        }
        const bool same = (m & kKnown) && uint8_t(m) == data[i];
        sp.unchanged[i] = same;
        m = uint16_t((atomic ? (m & kSame) : (same ? kSame : 0)) | kKnown | data[i]);
    }
    return nullptr;
}

// Inlined into processWord(): mirrorAccess() of one aligned word (in one page of the mirror).
[[gnu::always_inline]] inline uint16_t*
RaceDetector::mirrorWord(Space& sp, BufferShadow& sh, const MemoryAccess& a, uint64_t off) {
    if constexpr (std::endian::native != std::endian::little) {
        return mirrorAccess(sp, sh, a, off);
    } else {
        const uint64_t p = off >> SparseArray<uint16_t>::kPageBits;
        if (sp.local && sh.mirrorSerial[p] != sh.serial) [[unlikely]] // __global: kept
            renewMirrorPage(sh, p);
        if (a.write && a.data && sp.unchanged.size() < 4) [[unlikely]]
            sp.unchanged.resize(4);
        uint16_t* const m = &sh.mirror[off];
        if (!a.data) return m;
        updateMirror4(m, a.data, a.write, a.atomic, sp.unchanged.data());
        return m;
    }
}

void RaceDetector::check(Space& sp, const ByteState& state, const BufferShadow& sh, uint64_t lo,
                         uint64_t hi, const Record& e, const uint8_t* data,
                         const uint8_t* unchanged) {
    auto add = [&](uint64_t o, const Record& first, Hazard h, bool benign) {
        for (Conflict& c : sp.conflicts)
            if (c.first == first && c.hazard == h) {
                c.benign = c.benign && benign;
                return;
            }
        if (sp.conflicts.size() < kMaxConflictsPerAccess)
            sp.conflicts.push_back({o, first, h, benign});
    };
    if (conflicts(sp, state.write, e) && !synchronizedBefore(sp, sh, state.write, e, data)) {
        if (!data) {
            // Benign when the write read here stored the bytes that were already there.
            bool benign = true;
            for (uint64_t o = lo; o < hi && benign; ++o)
                benign = sh.mirror[o] & kSame;
            add(lo, state.write, Hazard::RAW, benign);
        } else {
            // A write-write race storing the same bytes is benign, and only reported when
            // asked for (--uniform-writes).
            uint64_t o = lo;
            while (o < hi && sh.values[o] == data[o - lo])
                ++o;
            if (o < hi)
                add(o, state.write, Hazard::WAW, false);
            else if (m_uniformWrites)
                add(lo, state.write, Hazard::WAW, true);
        }
    }
    if (data)
        for (const Record& r : state.read)
            if (conflicts(sp, r, e) && !synchronizedBefore(sp, sh, r, e, true)) {
                bool benign = unchanged != nullptr;
                for (uint64_t o = lo; o < hi && benign; ++o)
                    benign = unchanged[o - lo];
                add(lo, r, Hazard::WAR, benign);
            }
}

// Inlined into processWord(): orderFree() without its call once the site's verdict is known.
[[gnu::always_inline]] inline bool RaceDetector::orderFreeWord(Space& sp, const MemoryAccess& a,
                                                               uint16_t item, uint16_t site,
                                                               bool groupScope) {
    if (!site || !m_orderFreeAllowed || groupScope) return false;
    const uint8_t verdict = site < sp.siteOrderFree.size() ? sp.siteOrderFree[site] : 0;
    if (verdict == 2) return false;
    if (verdict == 0) [[unlikely]]
        return orderFree(sp, Access::of(a, item), site);
    const uint32_t index = address::buffer(a.address);
    return index >= m_noInitBuffers.size() || m_noInitBuffers[index] != a.buffer->serial;
}

// Inlined into processRecords(), whose frame then holds no state of the generic path.
[[gnu::always_inline]] inline void RaceDetector::processWord(Space& sp, BufferShadow* sh,
                                                             Granule& gr, const MemoryAccess& a,
                                                             uint16_t item, uint64_t off, Record e,
                                                             uint16_t site) {
    e.site = site;
    e.item = item;
    uint32_t ownBits = kOwnOrdered | (a.write ? kOwnWritten : 0);
    if (a.atomic) [[unlikely]] {
        e.site |= kAtomic;
        // memory_scope_work_item, work_group and sub_group stay inside the group.
        if (memory_scope::insideWorkGroup(a.scope)) e.site |= kGroupScope;
        if (site && a.order != MemoryAccess::kNoOrder) sp.siteSemantics[site] = {a.order, a.scope};
        if (!sp.local && orderFreeWord(sp, a, item, site, e.site & kGroupScope))
            ownBits = ownBits & ~kOwnOrdered;
    }
    const uint8_t* data = a.write ? a.data : nullptr;
    uint16_t* const mirror = mirrorWord(sp, *sh, a, off); // one page: not null
    const bool clean = quiet(sp, gr.state, e, data);
    if (!clean) [[unlikely]] {
        sp.conflicts.clear();
        check(sp, gr.state, *sh, off, off + 4, e, data, data ? sp.unchanged.data() : nullptr);
        const Access full = Access::of(a, item);
        for (const Conflict& c : sp.conflicts)
            report(sp, full, *sh, c, e);
    }
    ByteState& b = gr.state;
    if (!a.write) {
        if (!updateRead(sp, b, e)) [[unlikely]]
            sh->droppedRead = e.stamp;
        // The same read again next finds these records (its own read among them).
        if (clean && !a.atomic) sp.lastRead = {a.address, sh->serial, e.stamp, item};
    } else {
        if (!a.atomic && !sp.acquired.empty()) [[unlikely]]
            forgetOrdered(sp, *sh, b, e);
        if (!updateWrite(sp, b, e)) [[unlikely]]
            sh->droppedWrite = e.stamp;
        if (data) {
            const uint8_t* un = sp.unchanged.data();
            const bool recorded = b.write == e; // always for a plain write
            if (recorded) std::memcpy(&sh->values[off], data, 4);
            if (a.atomic) { // a plain write's kSame bits were set by mirrorWord()
                // Recorded: the kSame bits waited for the record's decision. Not recorded (an
                // atomic write beside a live write) where it changed the bytes: the recorded
                // write no longer stands for writes that all left them.
                if constexpr (std::endian::native == std::endian::little) {
                    constexpr uint64_t kSame4 = 0x0200020002000200ull;
                    uint32_t u32;
                    std::memcpy(&u32, un, 4); // bytes 0 or 1
                    uint64_t u = u32;         // byte i to lane i
                    u = (u | (u << 16)) & 0x0000FFFF0000FFFFull;
                    u = (u | (u << 8)) & 0x00FF00FF00FF00FFull;
                    const uint64_t same = u * kSame; // kSame in the lanes stored unchanged
                    uint64_t w;
                    std::memcpy(&w, mirror, 8);
                    w = recorded ? (w & ~kSame4) | same : w & (~kSame4 | same);
                    std::memcpy(mirror, &w, 8);
                } else {
                    for (int i = 0; i < 4; ++i)
                        if (recorded || !un[i])
                            mirror[i] =
                                uint16_t(un[i] ? (mirror[i] | kSame) : (mirror[i] & ~kSame));
                }
            } else if (!recorded) {
                for (int i = 0; i < 4; ++i)
                    if (!un[i]) mirror[i] &= uint16_t(~kSame);
            }
        }
    }
    if (!sp.local) own(sp, gr.owner, ownBits);
}

[[gnu::always_inline]] inline void
RaceDetector::processRecordsInline(Space& sp, const MemoryAccess& a, uint16_t item) {
    if (sp.exhausted) return;
    BufferShadow* sh = shadowFor(sp, a);
    const uint64_t off = address::offset(a.address), end = off + a.size;
    if (end > sh->size || a.size == 0) return;

    Record e;
    e.stamp = sp.stamp;
    const uint16_t site = sp.sites.intern(a.site);
    if (sp.lastRead.matches(a, item, sh->serial, e.stamp))
        return; // changes nothing (Space::lastRead)
    sp.lastRead.address = 0;
    ++sp.processed;
    if (!a.asyncCopy && a.size == 4 && (off & 3) == 0) [[likely]] {
        // The most common case, with as little state as possible: a 4-byte scalar, one
        // granule, which is not split.
        Granule& gr = sh->granules[off / 4];
        if (!gr.split) [[likely]] {
            processWord(sp, sh, gr, a, item, off, e, site);
            return;
        }
    }
    processBytes(sp, sh, Access::of(a, item), off, e, site);
}

void RaceDetector::processRecords(Space& sp, const MemoryAccess& a, uint16_t item) {
    processRecordsInline(sp, a, item);
}

void RaceDetector::onMemoryAccess(const MemoryAccess& ma) {
    AddressSpace space = address::space(ma.address);
    bool local = space == AddressSpace::Local;
    if (!ma.buffer) [[unlikely]] {
        if (ma.atomic && fence::is(ma.order) && ma.workItem && m_run) onFence(ma);
        return;
    }
    if ((!local && space != AddressSpace::Global) || !ma.workItem || !m_run) return;
    if (!ma.write && !ma.atomic && !local && !m_unwritten.empty()) {
        const uint32_t index = address::buffer(ma.address);
        if (index < m_unwritten.size() && m_unwritten[index] == ma.buffer->serial)
            return; // a byte that nothing writes in this run (m_unwritten)
    }
    if (!local && !m_ownTexels.empty()) {
        const uint32_t index = address::buffer(ma.address);
        if (index < m_ownTexels.size() && m_ownTexels[index] == ma.buffer->serial)
            return; // a texel of an image each work-item writes only at its own texel
                    // (ownTexelImageBuffers): no two work-items access a common byte
    }
    // No copy of the access (an Access) but where one is needed (process()).
    const auto item = static_cast<uint16_t>(ma.workItem->localLinearId());
    if (local && ma.atomic && m_localOrdersGlobal) [[unlikely]]
        mirrorLocalAtomic(Access::of(ma, item));
    // The run's detector checks a __global access of a parallel run once every earlier group
    // is done: now when the group is the head (without copying it), else later.
    RaceDetector* d = local || !m_parent ? this : groupIsHead() ? m_parent : nullptr;
    if (d) [[likely]]
        d->process<true>(local ? d->m_local : d->m_global, ma, item);
    else
        processInGroupOrder(ma, item);
}

[[gnu::noinline]] void RaceDetector::processBytes(Space& sp, BufferShadow* sh, const Access& a,
                                                  uint64_t off, Record e, uint16_t site) {
    const uint64_t end = off + a.size;
    e.site = site | (a.atomic ? kAtomic : 0);
    if (a.atomic) {
        // memory_scope_work_item, work_group and sub_group stay inside the group.
        if (memory_scope::insideWorkGroup(a.scope)) e.site |= kGroupScope;
        if (site && a.order != MemoryAccess::kNoOrder) sp.siteSemantics[site] = {a.order, a.scope};
    }
    if (a.asyncCopy)
        e.site |= kGroup;
    else
        e.item = a.item;
    // `__global`: the independence proof's bits for the bytes accessed (Granule::owner).
    const bool proof = !sp.local;
    const uint32_t ownBits = (a.write ? kOwnWritten : 0) |
                             (a.atomic && proof && orderFree(sp, a, site) ? 0 : kOwnOrdered);
    const uint8_t* data = a.write ? a.data : nullptr;
    uint16_t* const mirror = mirrorAccess(sp, *sh, a, off);
    const uint8_t* unchanged = data ? sp.unchanged.data() : nullptr;

    // The last bytes written (uniform writes, reports): contiguous when the access lies in
    // one page of the mirror, whose pages cover the same bytes.
    uint8_t* const values = mirror && data ? &sh->values[off] : nullptr;
    auto update = [&](ByteState & b, uint64_t lo, uint64_t hi) __attribute__((always_inline)) {
        if (!a.write) {
            if (!updateRead(sp, b, e)) [[unlikely]]
                sh->droppedRead = e.stamp;
            return;
        }
        if (!a.atomic && !sp.acquired.empty()) [[unlikely]]
            forgetOrdered(sp, *sh, b, e);
        if (!updateWrite(sp, b, e)) [[unlikely]]
            sh->droppedWrite = e.stamp;
        if (!a.data) return;
        if (b.write == e) {
            if (values)
                std::memcpy(values + (lo - off), a.data + (lo - off), hi - lo);
            else
                for (uint64_t o = lo; o < hi; ++o)
                    sh->values[o] = a.data[o - off];
            if (a.atomic) // a plain write's kSame was set by mirrorAccess()
                for (uint64_t o = lo; o < hi; ++o) {
                    uint16_t& m = mirror ? mirror[o - off] : sh->mirror[o];
                    m = uint16_t(unchanged[o - off] ? (m | kSame) : (m & ~kSame));
                }
        } else {
            // A write the record does not keep (an atomic one beside a live write) that
            // changed the bytes: a later read races with it, so the recorded write no longer
            // stands for writes that all left the bytes as they were.
            for (uint64_t o = lo; o < hi; ++o)
                if (!unchanged[o - off])
                    (mirror ? mirror[o - off] : sh->mirror[o]) &= uint16_t(~kSame);
        }
    };
    sp.conflicts.clear();
    if ((off & 3) == 0 && a.size == 4) {
        // The most common case: one whole granule, not split (4-byte scalars).
        Granule& gr = sh->granules[off / 4];
        if (!gr.split) [[likely]] {
            if (!quiet(sp, gr.state, e, data)) [[unlikely]] {
                check(sp, gr.state, *sh, off, end, e, data, unchanged);
                for (const Conflict& c : sp.conflicts)
                    report(sp, a, *sh, c, e);
            }
            update(gr.state, off, end);
            if (proof) own(sp, gr.owner, ownBits);
            return;
        }
    } else if (((off | a.size) & 3) == 0) {
        // Whole granules, none split (vectors of 4-byte scalars, 8-byte scalars).
        const uint64_t g0 = off / 4, g1 = end / 4;
        uint64_t g = g0;
        while (g < g1 && !sh->granules[g].split)
            ++g;
        if (g == g1) [[likely]] {
            for (g = g0; g < g1; ++g)
                if (!quiet(sp, sh->granules[g].state, e, data))
                    check(sp, sh->granules[g].state, *sh, g * 4, g * 4 + 4, e,
                          data ? data + (g * 4 - off) : nullptr,
                          unchanged ? unchanged + (g * 4 - off) : nullptr);
            for (const Conflict& c : sp.conflicts)
                report(sp, a, *sh, c, e);
            for (g = g0; g < g1; ++g) {
                Granule& gr = sh->granules[g];
                update(gr.state, g * 4, g * 4 + 4);
                if (proof) own(sp, gr.owner, ownBits);
            }
            return;
        }
    }

    // Split the granules this access covers only partly, then check granule by granule.
    for (uint64_t g = off / 4; g <= (end - 1) / 4; ++g) {
        Granule& gr = sh->granules[g];
        uint64_t gs = g * 4, ge = std::min(gs + 4, sh->size);
        if (!gr.split && (std::max(off, gs) != gs || std::min(end, ge) != ge)) {
            sh->split.push_back({gr.state, gr.state, gr.state, gr.state});
            sh->splitOwners.push_back({gr.owner, gr.owner, gr.owner, gr.owner});
            gr.split = static_cast<uint32_t>(sh->split.size());
        }
    }
    for (uint64_t g = off / 4; g <= (end - 1) / 4; ++g) {
        const Granule& gr = sh->granules[g];
        uint64_t lo = std::max(off, g * 4), hi = std::min(end, g * 4 + 4);
        if (!gr.split) {
            check(sp, gr.state, *sh, lo, hi, e, data ? data + (lo - off) : nullptr,
                  unchanged ? unchanged + (lo - off) : nullptr);
        } else {
            for (uint64_t o = lo; o < hi; ++o)
                check(sp, sh->split[gr.split - 1][o % 4], *sh, o, o + 1, e,
                      data ? data + (o - off) : nullptr,
                      unchanged ? unchanged + (o - off) : nullptr);
        }
    }
    for (const Conflict& c : sp.conflicts)
        report(sp, a, *sh, c, e);
    for (uint64_t g = off / 4; g <= (end - 1) / 4; ++g) {
        Granule& gr = sh->granules[g];
        uint64_t lo = std::max(off, g * 4), hi = std::min(end, g * 4 + 4);
        if (!gr.split) {
            update(gr.state, lo, hi);
            if (proof) own(sp, gr.owner, ownBits);
        } else {
            for (uint64_t o = lo; o < hi; ++o) {
                update(sh->split[gr.split - 1][o % 4], o, o + 1);
                if (proof) own(sp, sh->splitOwners[gr.split - 1][o % 4], ownBits);
            }
        }
    }
}

} // namespace clstep
