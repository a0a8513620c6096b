#include "debug/AccessTracer.h"

#include "runtime/Address.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"

namespace clstep::debug {

AccessTracer::Shadow& AccessTracer::get(const Key& k, uint64_t size) {
    Shadow& s = m_shadows[k];
    if (s.written.size() < size) {
        s.written.resize(size, 0);
        s.lastWrite.resize(size, 0);
        s.accessor.resize(size, -1);
        s.step.resize(size, 0);
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
    if (space == AddressSpace::Private || !a.buffer) return;
    WorkItemId id = a.workItem->ids();
    const NDRange& r = a.workItem->kernelRun().range();
    uint64_t owner = 0;
    if (space == AddressSpace::Local)
        owner = id.group[0] + r.groups(0) * (id.group[1] + r.groups(1) * id.group[2]);
    int64_t linear = static_cast<int64_t>(id.global[0] - r.offset[0] +
                                          r.global[0] * ((id.global[1] - r.offset[1]) + r.global[1] * (id.global[2] - r.offset[2])));
    Shadow& s = get(Key{static_cast<int>(space), owner, address::buffer(a.address)}, a.buffer->size());
    uint64_t off = address::offset(a.address);
    for (uint64_t i = off; i < off + a.size && i < s.written.size(); ++i) {
        if (a.write) s.written[i] = 1;
        s.lastWrite[i] = a.write;
        s.accessor[i] = linear;
        s.step[i] = m_step;
    }
}

} // namespace clstep::debug
