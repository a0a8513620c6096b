#include "debug/AccessTracer.h"

#include "core/Address.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <atomic>

namespace clstep::debug {

void AccessTracer::Shadow::touch(uint64_t begin, uint64_t end) {
    // one clock for every tracer of the process: a stamp never repeats after a reset
    static std::atomic<uint64_t> clock{0};
    constexpr uint64_t kPage = PagedArray<uint8_t>::kPageElements;
    const uint64_t stamp = ++clock;
    for (uint64_t p = begin / kPage; p < version.size() && p * kPage < end; ++p)
        version[p] = stamp;
}

AccessTracer::Shadow& AccessTracer::get(const Key& k, uint64_t size) {
    Shadow& s = m_shadows[k];
    if (s.written.size() < size) {
        s.written.resize(size, 0);
        s.lastWrite.resize(size, 0);
        s.accessor.resize(size, -1);
        s.step.resize(size, 0);
        s.count.resize(size, 0);
        s.version.resize(s.written.pageCount(), 0);
    }
    return s;
}

void AccessTracer::markWritten(int space, uint64_t owner, uint32_t buffer, uint64_t size) {
    Shadow& s = get(Key{space, owner, buffer}, size);
    s.written.fillRange(0, size, 1);
    s.touch(0, size);
}

const AccessTracer::Shadow* AccessTracer::shadow(const Key& k) const {
    auto it = m_shadows.find(k);
    return it == m_shadows.end() ? nullptr : &it->second;
}

void AccessTracer::onMemoryAccess(const MemoryAccess& a) {
    AddressSpace space = address::space(a.address);
    if (!a.buffer || !a.workItem) return;
    WorkItemId id = a.workItem->ids();
    const NDRange& r = a.workItem->kernelRun().range();
    if (space == AddressSpace::Private) {
        // only the latest step's, for the selected work-item's marks (no per-byte shadow)
        beginTouches();
        if (m_private.size() < 65536) {
            const int64_t who =
                static_cast<int64_t>(id.global[0] - r.offset[0] +
                                     r.global[0] * ((id.global[1] - r.offset[1]) +
                                                    r.global[1] * (id.global[2] - r.offset[2])));
            const uint64_t off = address::offset(a.address);
            m_private.push_back(
                PrivateTouch{who, address::buffer(a.address), off, off + a.size, a.write});
        }
        return;
    }
    uint64_t owner = 0;
    if (space == AddressSpace::Local)
        owner = id.group[0] + r.groups(0) * (id.group[1] + r.groups(1) * id.group[2]);
    int64_t linear = static_cast<int64_t>(
        id.global[0] - r.offset[0] +
        r.global[0] * ((id.global[1] - r.offset[1]) + r.global[1] * (id.global[2] - r.offset[2])));
    Shadow& s =
        get(Key{static_cast<int>(space), owner, address::buffer(a.address)}, a.buffer->size());
    uint64_t off = address::offset(a.address);
    const uint64_t end = std::min<uint64_t>(off + a.size, s.written.size());
    if (off < end) beginTouches();
    if (off < end && !m_touchedOverflow) {
        Key key{static_cast<int>(space), owner, address::buffer(a.address)};
        if (!m_touched.empty() && m_touched.back().key == key && m_touched.back().end == off)
            m_touched.back().end = end;
        else if (m_touched.size() < 65536)
            m_touched.push_back(Touch{key, off, end});
        else
            m_touchedOverflow = true;
    }
    if (off < end) {
        if (a.write) s.written.fillRange(off, end, 1);
        s.lastWrite.fillRange(off, end, a.write ? 1 : 0);
        s.accessor.fillRange(off, end, linear);
        s.step.fillRange(off, end, m_step);
        for (uint64_t k = off; k < end; ++k)
            if (s.count[k] != UINT32_MAX) ++s.count[k];
        s.touch(off, end);
    }
    TraceEntry e;
    e.kind = a.write ? TraceEntry::Kind::Write : TraceEntry::Kind::Read;
    e.atomic = a.atomic;
    e.step = m_step;
    e.workItem = linear;
    e.globalId = id.global;
    e.address = a.address;
    e.size = a.size;
    if (a.data) std::copy(a.data, a.data + std::min<uint64_t>(a.size, 8), e.value.begin());
    e.site = a.site;
    m_log.append(std::move(e));
}

void AccessTracer::onEndianConversion(const MemoryAccess& a, const uint8_t*, const uint8_t*) {
    const AddressSpace space = address::space(a.address);
    if (!m_markEndian || space == AddressSpace::Private || !a.buffer || !a.workItem) return;
    uint64_t owner = 0;
    if (space == AddressSpace::Local) {
        const WorkItemId id = a.workItem->ids();
        const NDRange& r = a.workItem->kernelRun().range();
        owner = id.group[0] + r.groups(0) * (id.group[1] + r.groups(1) * id.group[2]);
    }
    Shadow& s =
        get(Key{static_cast<int>(space), owner, address::buffer(a.address)}, a.buffer->size());
    if (s.endian.size() < s.written.size()) s.endian.resize(s.written.size(), 0);
    const uint64_t off = address::offset(a.address);
    const uint64_t end = std::min<uint64_t>(off + a.size, s.endian.size());
    s.endian.fillRange(off, end, 1);
    s.touch(off, end);
}

void AccessTracer::addDiagnostic(const Diagnostic& d, int64_t workItem,
                                 const std::array<uint64_t, 3>& globalId, uint64_t reports) {
    TraceEntry e;
    e.kind = TraceEntry::Kind::Diagnostic;
    e.step = m_step;
    e.workItem = workItem;
    e.globalId = globalId;
    e.site = d.range;
    e.message = severityName(d.severity);
    e.message += ": " + d.message + " [" + DiagnosticKinds::name(d.kind) + "]";
    if (reports > 1) e.message += " (" + std::to_string(reports) + " reports)";
    m_log.append(std::move(e));
}

} // namespace clstep::debug
