#include "debug/WatchTracker.h"

#include "core/Address.h"
#include "runtime/KernelRun.h"
#include "runtime/Memory.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>

namespace clstep::debug {

const char* watchKindName(WatchKind k) {
    switch (k) {
    case WatchKind::Read:
        return "read";
    case WatchKind::Write:
        return "write";
    case WatchKind::Change:
        return "change";
    case WatchKind::Access:
        return "access";
    }
    return "write";
}

namespace {

std::vector<uint8_t> rangeOf(const Buffer& b, uint64_t offset, uint64_t size) {
    if (offset >= b.bytes.size()) return {};
    uint64_t end = std::min<uint64_t>(offset + size, b.bytes.size());
    return std::vector<uint8_t>(b.bytes.begin() + static_cast<long>(offset),
                                b.bytes.begin() + static_cast<long>(end));
}

void captureFrom(const Memory& mem, const Watchpoint& w,
                 std::map<int, std::vector<uint8_t>>& last) {
    const auto& buffers = mem.buffers();
    if (w.buffer < buffers.size() && buffers[w.buffer].alive)
        last[w.id] = rangeOf(buffers[w.buffer], w.offset, w.size);
}

int64_t linearGlobal(const WorkItem& wi) {
    const NDRange& r = wi.kernelRun().range();
    WorkItemId id = wi.ids();
    return static_cast<int64_t>(
        id.global[0] - r.offset[0] +
        r.global[0] * ((id.global[1] - r.offset[1]) + r.global[1] * (id.global[2] - r.offset[2])));
}

} // namespace

void WatchTracker::clear() {
    m_last.clear();
    m_pending.reset();
}

void WatchTracker::capture(int id, const uint8_t* bytes, uint64_t size) {
    if (bytes)
        m_last[id].assign(bytes, bytes + size);
    else
        m_last.erase(id);
}

std::optional<WatchTracker::Hit> WatchTracker::take() {
    std::optional<Hit> h = std::move(m_pending);
    m_pending.reset();
    return h;
}

void WatchTracker::onRunBegin(KernelRun& run) {
    if (!m_list) return;
    for (const Watchpoint& w : *m_list) {
        if (w.space == AddressSpace::Global) captureFrom(run.globalMemory(), w, m_last);
        if (w.space == AddressSpace::Constant) captureFrom(run.constantMemory(), w, m_last);
    }
}

void WatchTracker::onWorkGroupBegin(WorkGroup& group) {
    if (!m_list) return;
    for (const Watchpoint& w : *m_list)
        if (w.space == AddressSpace::Local) captureFrom(group.localMemory(), w, m_last);
}

bool WatchTracker::matches(const Watchpoint& w, const MemoryAccess& a) const {
    if (!w.enabled || address::space(a.address) != w.space ||
        address::buffer(a.address) != w.buffer)
        return false;
    uint64_t off = address::offset(a.address);
    if (off + a.size <= w.offset || off >= w.offset + w.size) return false;
    if (w.space == AddressSpace::Private &&
        (!a.workItem || linearGlobal(*a.workItem) != w.workItem))
        return false;
    return true;
}

void WatchTracker::onMemoryAccess(const MemoryAccess& a) {
    if (!m_list || m_list->empty() || !a.buffer) return;
    for (const Watchpoint& w : *m_list) {
        if (!matches(w, a)) continue;
        std::vector<uint8_t> now = rangeOf(*a.buffer, w.offset, w.size);
        auto it = m_last.find(w.id);
        bool known = it != m_last.end() && it->second.size() == now.size();
        bool changed = !known || it->second != now;
        bool hit = false;
        switch (w.kind) {
        case WatchKind::Read:
            hit = !a.write;
            break;
        case WatchKind::Write:
            hit = a.write;
            break;
        case WatchKind::Change:
            hit = a.write && changed;
            break;
        case WatchKind::Access:
            hit = true;
            break;
        }
        if (hit && !m_pending) {
            Hit h;
            h.id = w.id;
            h.write = a.write;
            h.address = a.address;
            h.size = a.size;
            h.bufferName = a.buffer->name();
            if (a.workItem) h.workItem = a.workItem->ids();
            h.item = a.workItem;
            h.site = a.site;
            if (known) h.before = it->second;
            h.after = now;
            m_pending = std::move(h);
        }
        m_last[w.id] = std::move(now);
    }
}

} // namespace clstep::debug
