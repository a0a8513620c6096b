// WorkItem: typed memory access (device byte order, endian(host) pointers), the BuiltinEnv
// interface, and runtime error reporting.
#include "core/LaneOps.h"
#include "runtime/KernelRun.h"
#include "runtime/LaneMemory.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>

namespace clstep {

using lanemem::readLane;
using lanemem::writeLane;

namespace {} // namespace

Memory* WorkItem::memoryOf(uint64_t address) {
    switch (address::space(address)) {
    case AddressSpace::Private:
        return &m_private;
    case AddressSpace::Local:
        return &m_group->localMemory();
    case AddressSpace::Global:
        return &m_run.globalMemory();
    case AddressSpace::Constant:
        return &m_run.constantMemory();
    default:
        return nullptr;
    }
}

uint8_t* WorkItem::access(uint64_t address, uint64_t size, bool write, const SourceRange& site) {
    if (address == 0) {
        reportError("null-dereference",
                    std::string(write ? "write" : "read") + " of " + std::to_string(size) +
                        " bytes through a null pointer",
                    site);
        return nullptr;
    }
    Memory* mem = memoryOf(address);
    uint8_t* p = mem ? mem->bytes(address, size) : nullptr;
    if (!p) {
        const Buffer* b = mem ? mem->buffer(address) : nullptr;
        std::string space = mem ? addressSpaceShortName(mem->space()) : "unknown";
        if (b && !b->alive) {
            reportError("dangling-pointer",
                        std::string("Invalid ") + (write ? "write" : "read") + " of size " +
                            std::to_string(size) + " at " + space +
                            " memory: the object it points to no longer exists",
                        site);
        } else {
            std::string where = b ? " (buffer '" + b->name + "' of " + std::to_string(b->size()) +
                                        " bytes, offset " +
                                        std::to_string(address::offset(address)) + ")"
                                  : "";
            reportError("out-of-bounds",
                        std::string("Invalid ") + (write ? "write" : "read") + " of size " +
                            std::to_string(size) + " at " + space + " memory address" + where,
                        site);
        }
        return nullptr;
    }
    Buffer* b = mem->buffer(address);
    if (write && mem->space() == AddressSpace::Constant && !m_initializingProgram) {
        reportError("constant-write", "write to __constant memory", site);
        return nullptr;
    }
    if ((write && b->readOnly) || (!write && b->writeOnly)) {
        // an image's buffer takes the flags from the kernel's access qualifier (KernelRun)
        const bool image = m_run.imageAt(address & ~address::kOffsetMask) != nullptr;
        if (write)
            reportError("read-only-write",
                        image ? "write to image '" + b->name +
                                    "', which the kernel declares read_only (OpenCL C 6.6)"
                              : "write to buffer '" + b->name + "', which the host marked read-only",
                        site);
        else
            reportError("write-only-read",
                        image ? "read from image '" + b->name +
                                    "', which the kernel declares write_only (OpenCL C 6.6)"
                              : "read from buffer '" + b->name +
                                    "', which the host marked write-only",
                        site);
    }
    return p;
}

void WorkItem::notifyAccess(uint64_t address, uint64_t size, bool write, const uint8_t* p,
                            const SourceRange& site, bool copy) {
    const auto& observers = m_group->observers();
    if (observers.empty() || m_quiet) return;
    MemoryAccess a;
    a.address = address;
    a.size = size;
    a.write = write;
    a.atomic = m_atomicLocked;
    a.order = m_atomicOrder;
    a.scope = m_atomicScope;
    a.asyncCopy = m_inAsyncCopy;
    a.copy = copy;
    a.data = p;
    a.buffer = memoryOf(address)->buffer(address);
    a.site = site;
    a.workItem = this;
    for (ExecutionObserver* o : observers)
        o->onMemoryAccess(a);
}

void WorkItem::notifyEndianConversion(uint64_t address, const Type* t, bool write, const uint8_t* p,
                                      const SourceRange& site) {
    const auto& observers = m_group->observers();
    if (observers.empty() || m_quiet) return;
    uint64_t es = t->isVector() ? t->element->size : t->size;
    uint64_t n = t->isVector() ? t->count : 1;
    uint64_t size = es * n;
    std::vector<uint8_t> before(p, p + size), after(before);
    for (uint64_t i = 0; i < n; ++i)
        std::reverse(after.begin() + i * es, after.begin() + (i + 1) * es);
    MemoryAccess a;
    a.address = address;
    a.size = size;
    a.write = write;
    a.data = p;
    a.buffer = memoryOf(address)->buffer(address);
    a.site = site;
    a.workItem = this;
    for (ExecutionObserver* o : observers)
        o->onEndianConversion(a, before.data(), after.data());
}

Value WorkItem::load(uint64_t address, const QualType& type, const SourceRange& site) {
    return loadAt(address, type, site, 0);
}

Value WorkItem::loadAt(uint64_t address, const QualType& type, const SourceRange& site,
                       uint64_t align) {
    Value v;
    const Type* t = type->canonical();
    if (!align) align = t->align;
    const bool vector = t->kind == TypeKind::Vector;
    const uint64_t size = vector ? t->element->size * t->count : t->size;
    if (const uint8_t* d = directMemory(address, size, false, align)) {
        if (vector)
            lanemem::readLanes(d, t->element->kind, t->element->size, t->count, v.lanes);
        else
            readLane(d, t->kind, false, v.lanes[0]);
        return v;
    }
    uint8_t* p = access(address, size, false, site);
    if (!p) return v;
    if ((address::offset(address) & (align - 1)) != 0 && !t->isRecord() && !t->isArray())
        reportError("misaligned-access",
                    "misaligned read of '" + t->name + "' (offset " +
                        std::to_string(address::offset(address)) + ")",
                    site);
    const bool swap = m_bigEndian && type.endian != Endian::Host;
    if (vector) {
        const uint64_t es = t->element->size;
        for (uint32_t i = 0; i < t->count; ++i)
            readLane(p + i * es, t->element->kind, swap, v.lanes[i]);
    } else {
        readLane(p, t->kind, swap, v.lanes[0]);
    }
    if (m_observed) {
        notifyAccess(address, size, false, p, site);
        if (type.endian == Endian::Host && m_bigEndian && size > 1)
            notifyEndianConversion(address, t, false, p, site);
    }
    return v;
}

void WorkItem::store(uint64_t address, const QualType& type, const Value& v,
                     const SourceRange& site) {
    storeAt(address, type, v, site, 0);
}

void WorkItem::storeAt(uint64_t address, const QualType& type, const Value& v,
                       const SourceRange& site, uint64_t align) {
    const Type* t = type->canonical();
    if (!align) align = t->align;
    const bool vector = t->kind == TypeKind::Vector;
    const uint64_t size = vector ? t->element->size * t->count : t->size;
    if (uint8_t* d = directMemory(address, size, true, align)) {
        if (vector)
            lanemem::writeLanes(d, t->element->kind, t->element->size, t->count, v.lanes);
        else
            writeLane(d, t->kind, false, v.lanes[0]);
        return;
    }
    uint8_t* p = access(address, size, true, site);
    if (!p) return;
    if ((address::offset(address) & (align - 1)) != 0 && !t->isRecord() && !t->isArray())
        reportError("misaligned-access",
                    "misaligned write of '" + t->name + "' (offset " +
                        std::to_string(address::offset(address)) + ")",
                    site);
    const bool swap = m_bigEndian && type.endian != Endian::Host;
    if (vector) {
        const uint64_t es = t->element->size;
        for (uint32_t i = 0; i < t->count; ++i)
            writeLane(p + i * es, t->element->kind, swap, v.lanes[i]);
    } else {
        writeLane(p, t->kind, swap, v.lanes[0]);
    }
    if (m_observed) {
        notifyAccess(address, size, true, p, site);
        if (type.endian == Endian::Host && m_bigEndian && size > 1)
            notifyEndianConversion(address, t, true, p, site);
    }
}

void WorkItem::copyBytes(uint64_t dst, uint64_t src, uint64_t bytes, const SourceRange& site) {
    if (bytes == 0) return;
    uint8_t* s = access(src, bytes, false, site);
    if (!s) return;
    std::vector<uint8_t> tmp(s, s + bytes);
    notifyAccess(src, bytes, false, s, site, true);
    uint8_t* d = access(dst, bytes, true, site);
    if (!d) return;
    std::memcpy(d, tmp.data(), bytes);
    notifyAccess(dst, bytes, true, d, site, true);
}

void WorkItem::atomicBegin(uint64_t address, const SourceRange&) {
    // Only __global memory is shared with work-groups running on other threads. __local
    // memory belongs to this work-group, whose work-items run one at a time on this thread
    // and never switch in the middle of an atomic function: it needs no lock.
    m_atomicHoldsLock = address::space(address) == AddressSpace::Global;
    if (m_atomicHoldsLock) m_run.atomicMutex().lock();
    m_atomicLocked = true;
}

void WorkItem::atomicEnd() {
    if (m_atomicHoldsLock) m_run.atomicMutex().unlock();
    m_atomicHoldsLock = false;
    m_atomicLocked = false;
    m_atomicOrder = MemoryAccess::kNoOrder;
    m_atomicScope = 2;
}

void WorkItem::atomicSemantics(uint8_t order, uint8_t scope) {
    m_atomicOrder = order;
    m_atomicScope = scope;
}

uint64_t WorkItem::asyncCopy(uint64_t dst, uint64_t src, uint64_t elementBytes, uint64_t count,
                             uint64_t srcStride, uint64_t dstStride, uint64_t event,
                             const SourceRange& site) {
    // The copy is performed by the work-group; every work-item encounters the call with the
    // same arguments (spec 6.12.10). The first work-item of the group performs it.
    bool first = m_localId[0] == 0 && m_localId[1] == 0 && m_localId[2] == 0;
    // Each copy returns its own event (the k-th copy of every work-item gets the same id),
    // unless it was given one to add to.
    uint64_t result = event ? event : ++m_asyncCopies;
    if (!m_group->observers().empty()) {
        AsyncCopyCall call{dst,       src,   elementBytes, count, srcStride,
                           dstStride, event, result,       site,  this};
        for (ExecutionObserver* o : m_group->observers())
            o->onAsyncCopy(call);
    }
    if (first) {
        m_inAsyncCopy = true;
        for (uint64_t i = 0; i < count; ++i)
            copyBytes(dst + i * dstStride * elementBytes, src + i * srcStride * elementBytes,
                      elementBytes, site);
        m_inAsyncCopy = false;
    }
    return result;
}

void WorkItem::waitEvents(uint64_t count, uint64_t eventList, const SourceRange& site) {
    if (!m_group->observers().empty()) {
        // The event values (event_t is 8 bytes, stored in device byte order).
        Memory* mem = eventList ? memoryOf(eventList) : nullptr;
        const uint8_t* p =
            mem && count <= (uint64_t(1) << 20) ? mem->bytes(eventList, count * 8) : nullptr;
        std::vector<uint64_t> events(p ? count : 0);
        for (uint64_t i = 0; p && i < count; ++i) {
            uint8_t b[8];
            std::memcpy(b, p + i * 8, 8);
            if (m_run.options().deviceBigEndian) std::reverse(b, b + 8);
            std::memcpy(&events[i], b, 8);
        }
        for (ExecutionObserver* o : m_group->observers())
            o->onWaitEvents(*this, count, p ? events.data() : nullptr, site);
    }
    barrier(1 | 2, site); // the copies are complete for the group once every work-item waits
}

void WorkItem::print(const std::string& text) {
    m_run.appendOutput(text);
}

bool WorkItem::deviceBigEndian() const {
    return m_bigEndian;
}

void WorkItem::reportError(const std::string& kind, const std::string& message,
                           const SourceRange& site) {
    if (m_quiet) { // a debugger expression (inspect()): stop it, report nothing
        m_inspection->error = message;
        m_inspection->errorKind = kind;
        m_inspection->errorSite = site;
        throw Abort{};
    }
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = kind;
    d.message = message;
    d.range = site;
    d.workItems.push_back(ids());
    m_run.report(std::move(d));
}

WorkItemId WorkItem::ids() const {
    WorkItemId id;
    id.global = m_globalId;
    id.local = m_localId;
    id.group = m_group->groupId();
    return id;
}

uint32_t WorkItem::workDim() const {
    return m_run.range().dims;
}
uint64_t WorkItem::globalSize(uint32_t d) const {
    return d < 3 ? m_run.range().global[d] : 1;
}
uint64_t WorkItem::globalId(uint32_t d) const {
    return d < 3 ? m_globalId[d] : 0;
}
uint64_t WorkItem::localSize(uint32_t d) const {
    return d < 3 ? m_group->size()[d] : 1;
}
uint64_t WorkItem::enqueuedLocalSize(uint32_t d) const {
    return d < 3 ? m_run.range().local[d] : 1;
}
uint64_t WorkItem::localId(uint32_t d) const {
    return d < 3 ? m_localId[d] : 0;
}
uint64_t WorkItem::numGroups(uint32_t d) const {
    return d < 3 ? m_run.range().groups(static_cast<int>(d)) : 1;
}
uint64_t WorkItem::groupId(uint32_t d) const {
    return d < 3 ? m_group->groupId()[d] : 0;
}
uint64_t WorkItem::globalOffset(uint32_t d) const {
    return d < 3 ? m_run.range().offset[d] : 0;
}

} // namespace clstep
