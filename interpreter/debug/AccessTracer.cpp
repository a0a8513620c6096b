#include "debug/AccessTracer.h"

#include "runtime/Address.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"

#include <algorithm>

namespace clstep::debug {

AccessTracer::Shadow& AccessTracer::get(const Key& k, uint64_t size) {
    Shadow& s = m_shadows[k];
    if (s.written.size() < size) {
        s.written.resize(size, 0);
        s.lastWrite.resize(size, 0);
        s.accessor.resize(size, -1);
        s.step.resize(size, 0);
        s.count.resize(size, 0);
    }
    return s;
}

void AccessTracer::markWritten(int space, uint64_t owner, uint32_t buffer, uint64_t size) {
    Shadow& s = get(Key{space, owner, buffer}, size);
    std::fill(s.written.begin(), s.written.begin() + static_cast<long>(size), 1);
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
        if (a.write)
            std::fill(s.written.begin() + static_cast<long>(off),
                      s.written.begin() + static_cast<long>(end), 1);
        std::fill(s.lastWrite.begin() + static_cast<long>(off),
                  s.lastWrite.begin() + static_cast<long>(end), a.write);
        std::fill(s.accessor.begin() + static_cast<long>(off),
                  s.accessor.begin() + static_cast<long>(end), linear);
        std::fill(s.step.begin() + static_cast<long>(off), s.step.begin() + static_cast<long>(end),
                  m_step);
        for (uint64_t k = off; k < end; ++k)
            s.count[k] += s.count[k] != UINT32_MAX;
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
    for (uint64_t k = off; k < end; ++k)
        s.endian[k] = 1;
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
    e.message += ": " + d.message + " [" + d.kind + "]";
    if (reports > 1) e.message += " (" + std::to_string(reports) + " reports)";
    m_log.append(std::move(e));
}

} // namespace clstep::debug
