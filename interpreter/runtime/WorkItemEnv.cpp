// WorkItemEnv: the BuiltinEnv of a work-item (NDRange queries, memory through the port,
// synchronisation, asynchronous copies, output and errors).
#include "runtime/WorkItemEnv.h"

#include "core/MemoryFence.h"
#include "runtime/BarrierFlags.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>

namespace clstep {

uint32_t WorkItemEnv::workDim() const {
    return m_wi.kernelRun().range().dims;
}
uint64_t WorkItemEnv::globalSize(uint32_t d) const {
    return d < 3 ? m_wi.kernelRun().range().global[d] : 1;
}
uint64_t WorkItemEnv::globalId(uint32_t d) const {
    return m_wi.globalId(d);
}
uint64_t WorkItemEnv::localSize(uint32_t d) const {
    return m_wi.localSize(d);
}
uint64_t WorkItemEnv::enqueuedLocalSize(uint32_t d) const {
    return d < 3 ? m_wi.kernelRun().range().local[d] : 1;
}
uint64_t WorkItemEnv::localId(uint32_t d) const {
    return m_wi.localId(d);
}
uint64_t WorkItemEnv::numGroups(uint32_t d) const {
    return d < 3 ? m_wi.kernelRun().range().groups(static_cast<int>(d)) : 1;
}
uint64_t WorkItemEnv::groupId(uint32_t d) const {
    return m_wi.groupId(d);
}
uint64_t WorkItemEnv::globalOffset(uint32_t d) const {
    return d < 3 ? m_wi.kernelRun().range().offset[d] : 0;
}

Component WorkItemEnv::loadScalar(uint64_t address, const QualType& type, const SourceRange& site) {
    return m_wi.memoryPort().loadScalar(m_wi, address, type, site, 0);
}

void WorkItemEnv::storeScalar(uint64_t address, const QualType& type, Component v,
                              const SourceRange& site) {
    m_wi.memoryPort().storeScalar(m_wi, address, type, v, site, 0);
}

Value WorkItemEnv::load(uint64_t address, const QualType& type, const SourceRange& site) {
    return m_wi.memoryPort().load(m_wi, address, type, site, 0);
}

void WorkItemEnv::store(uint64_t address, const QualType& type, const Value& v,
                        const SourceRange& site) {
    m_wi.memoryPort().store(m_wi, address, type, v, site, 0);
}

void WorkItemEnv::copyBytes(uint64_t dst, uint64_t src, uint64_t bytes, const SourceRange& site) {
    m_wi.memoryPort().copy(m_wi, dst, src, bytes, site);
}

void WorkItemEnv::atomicBegin(uint64_t address, const SourceRange&) {
    m_wi.atomicBegin(address);
}

void WorkItemEnv::atomicEnd() {
    m_wi.atomicEnd();
}

void WorkItemEnv::atomicSemantics(uint8_t order, uint8_t scope) {
    if (!fence::is(order)) {
        m_wi.atomicSemantics(order, scope);
        return;
    }
    // atomic_work_item_fence (core/MemoryFence.h): one access without buffer or bytes.
    MemoryAccess a;
    a.atomic = true;
    a.order = order;
    a.scope = scope;
    a.workItem = &m_wi;
    for (ExecutionObserver* o : m_wi.workGroup().observers())
        if (o->observesMemoryAccesses()) o->onMemoryAccess(a);
}

void WorkItemEnv::barrier(uint32_t flags, const SourceRange& site) {
    m_wi.barrier(flags, site);
}

std::span<const Value> WorkItemEnv::collective(const Value& mine, bool subGroup, const char* what,
                                               const SourceRange& site) {
    return m_wi.collective(mine, subGroup, what, site);
}

uint32_t WorkItemEnv::maxSubGroupSize() const {
    return m_wi.maxSubGroupSize();
}

uint64_t WorkItemEnv::asyncCopy(uint64_t dst, uint64_t src, uint64_t elementBytes, uint64_t count,
                                uint64_t srcStride, uint64_t dstStride, uint64_t event,
                                const SourceRange& site) {
    // The copy is performed by the work-group; every work-item encounters the call with the
    // same arguments (spec 6.12.10). The first work-item of the group performs it.
    bool first = m_wi.localId(0) == 0 && m_wi.localId(1) == 0 && m_wi.localId(2) == 0;
    // Each copy returns its own event (the k-th copy of every work-item gets the same id),
    // unless it was given one to add to.
    uint64_t result = event ? event : m_wi.nextAsyncCopyEvent();
    const auto& observers = m_wi.workGroup().observers();
    if (!observers.empty()) {
        AsyncCopyCall call{dst,       src,   elementBytes, count, srcStride,
                           dstStride, event, result,       site,  &m_wi};
        for (ExecutionObserver* o : observers)
            o->onAsyncCopy(call);
    }
    if (first) {
        m_wi.setInAsyncCopy(true);
        for (uint64_t i = 0; i < count; ++i)
            copyBytes(dst + i * dstStride * elementBytes, src + i * srcStride * elementBytes,
                      elementBytes, site);
        m_wi.setInAsyncCopy(false);
    }
    return result;
}

void WorkItemEnv::waitEvents(uint64_t count, uint64_t eventList, const SourceRange& site) {
    const auto& observers = m_wi.workGroup().observers();
    if (!observers.empty()) {
        // The event values (event_t is 8 bytes, stored in device byte order).
        Memory* mem = eventList ? m_wi.memoryOf(eventList) : nullptr;
        const uint8_t* p =
            mem && count <= (uint64_t(1) << 20) ? mem->bytes(eventList, count * 8) : nullptr;
        std::vector<uint64_t> events(p ? count : 0);
        for (uint64_t i = 0; p && i < count; ++i) {
            uint8_t b[8];
            std::memcpy(b, p + i * 8, 8);
            if (deviceBigEndian()) std::reverse(b, b + 8);
            std::memcpy(&events[i], b, 8);
        }
        for (ExecutionObserver* o : observers)
            o->onWaitEvents(m_wi, count, p ? events.data() : nullptr, site);
    }
    // The copies are complete for the group once every work-item waits: a barrier with both
    // fences, marked so that a divergence names the call.
    barrier(1 | 2 | kWaitGroupEventsBarrier, site);
}

const image::Object* WorkItemEnv::imageAt(uint64_t handle) const {
    return m_wi.kernelRun().imageAt(handle);
}

void WorkItemEnv::print(const std::string& text) {
    m_wi.kernelRun().appendOutput(text);
}

void WorkItemEnv::reportError(DiagnosticKind kind, const std::string& message,
                              const SourceRange& site) {
    m_wi.reportError(kind, message, site);
}

bool WorkItemEnv::deviceBigEndian() const {
    return m_wi.kernelRun().options().deviceBigEndian;
}

} // namespace clstep
