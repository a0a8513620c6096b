// CheckedPort: bounds, liveness, access flags, alignment, device byte order and observers.
#include "runtime/CheckedPort.h"

#include "runtime/ComponentMemory.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/GroupFootprint.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>

namespace clstep {

CheckedPort::CheckedPort(const std::vector<ExecutionObserver*>& observers, bool bigEndian,
                         bool directInitialized, GroupFootprint* footprint)
    : m_observers(observers), m_bigEndian(bigEndian), m_directInitialized(directInitialized),
      m_footprint(footprint) {
    for (ExecutionObserver* o : observers) {
        if (!o->observesMemoryAccesses()) continue;
        m_accessObservers.push_back(o);
        if (o->observesPrivateMemory()) m_privateObservers.push_back(o);
    }
}

uint8_t* CheckedPort::access(WorkItem& wi, uint64_t address, uint64_t size, bool write,
                             const SourceRange& site) {
    if (address == 0) {
        reportError(wi, DiagnosticKind::NullDereference,
                    std::string(write ? "write" : "read") + " of " + std::to_string(size) +
                        " bytes through a null pointer",
                    site);
        return nullptr;
    }
    Memory* mem = wi.memoryOf(address);
    uint8_t* p = mem ? mem->bytes(address, size) : nullptr;
    if (!p) {
        const Buffer* b = mem ? mem->buffer(address) : nullptr;
        std::string space = mem ? addressSpaceShortName(mem->space()) : "unknown";
        if (b && !b->alive) {
            reportError(wi, DiagnosticKind::DanglingPointer,
                        std::string("Invalid ") + (write ? "write" : "read") + " of size " +
                            std::to_string(size) + " at " + space +
                            " memory: the object it points to no longer exists",
                        site);
        } else {
            std::string where = b ? " (buffer '" + b->name() + "' of " + std::to_string(b->size()) +
                                        " bytes, offset " +
                                        std::to_string(address::offset(address)) + ")"
                                  : "";
            reportError(wi, DiagnosticKind::OutOfBounds,
                        std::string("Invalid ") + (write ? "write" : "read") + " of size " +
                            std::to_string(size) + " at " + space + " memory address" + where,
                        site);
        }
        return nullptr;
    }
    Buffer* b = mem->buffer(address);
    if (write && mem->space() == AddressSpace::Constant && !wi.initializingProgram()) {
        reportError(wi, DiagnosticKind::ConstantWrite, "write to __constant memory", site);
        return nullptr;
    }
    if ((write && b->readOnly) || (!write && b->writeOnly)) {
        // an image's buffer takes the flags from the kernel's access qualifier (KernelRun)
        const bool image = wi.kernelRun().imageAt(address & ~address::kOffsetMask) != nullptr;
        if (write)
            reportError(wi, DiagnosticKind::ReadOnlyWrite,
                        image ? "write to image '" + b->name() +
                                    "', which the kernel declares read_only (OpenCL C 6.6)"
                              : "write to buffer '" + b->name() +
                                    "', which the host marked read-only",
                        site);
        else
            reportError(wi, DiagnosticKind::WriteOnlyRead,
                        image ? "read from image '" + b->name() +
                                    "', which the kernel declares write_only (OpenCL C 6.6)"
                              : "read from buffer '" + b->name() +
                                    "', which the host marked write-only",
                        site);
    }
    if (m_footprint && size && mem->space() == AddressSpace::Global)
        m_footprint->record(address, size, write);
    return p;
}

void CheckedPort::notifyAccess(WorkItem& wi, uint64_t address, uint64_t size, bool write,
                               const uint8_t* p, const SourceRange& site, bool copy) {
    if (m_accessObservers.empty()) return;
    notifyAccessIn(wi, address, size, write, p, site, *wi.memoryOf(address)->buffer(address), copy);
}

void CheckedPort::notifyAccessIn(WorkItem& wi, uint64_t address, uint64_t size, bool write,
                                 const uint8_t* p, const SourceRange& site, const Buffer& b,
                                 bool copy) {
    const std::vector<ExecutionObserver*>& observers =
        address::space(address) == AddressSpace::Private ? m_privateObservers : m_accessObservers;
    if (observers.empty()) return;
    // Each field written once (describeAccess() sets the atomic, order, scope, asyncCopy and
    // workItem fields).
    MemoryAccess a{.address = address,
                   .size = size,
                   .write = write,
                   .copy = copy,
                   .data = p,
                   .buffer = &b,
                   .site = site};
    wi.describeAccess(a);
    for (ExecutionObserver* o : observers)
        o->onMemoryAccess(a);
}

void CheckedPort::notifyEndianConversion(WorkItem& wi, uint64_t address, const Type* t, bool write,
                                         const uint8_t* p, const SourceRange& site) {
    if (m_observers.empty()) return;
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
    a.buffer = wi.memoryOf(address)->buffer(address);
    a.site = site;
    a.workItem = &wi;
    for (ExecutionObserver* o : m_observers)
        o->onEndianConversion(a, before.data(), after.data());
}

Component CheckedPort::loadScalar(WorkItem& wi, uint64_t address, const QualType& type,
                                  const SourceRange& site, uint64_t align) {
    return load(wi, address, type, site, align).components[0];
}

void CheckedPort::storeScalar(WorkItem& wi, uint64_t address, const QualType& type, Component v,
                              const SourceRange& site, uint64_t align) {
    Value value;
    value.components[0] = v;
    store(wi, address, type, value, site, align);
}

uint8_t* CheckedPort::accessTyped(WorkItem& wi, uint64_t address, const Type* t, uint64_t size,
                                  uint64_t align, bool write, const SourceRange& site) {
    uint8_t* p = access(wi, address, size, write, site);
    if (!p) return nullptr;
    if (!align) align = t->align;
    if ((address::offset(address) & (align - 1)) != 0 && !t->isRecord() && !t->isArray())
        reportError(wi, DiagnosticKind::MisalignedAccess,
                    std::string("misaligned ") + (write ? "write" : "read") + " of '" + t->name +
                        "' (offset " + std::to_string(address::offset(address)) + ")",
                    site);
    return p;
}

Value CheckedPort::load(WorkItem& wi, uint64_t address, const QualType& type,
                        const SourceRange& site, uint64_t align) {
    Value v;
    const Type* t = type->canonical();
    const bool vector = t->kind == TypeKind::Vector;
    const uint64_t size = vector ? t->element->size * t->count : t->size;
    uint8_t* p = accessTyped(wi, address, t, size, align, false, site);
    if (!p) return v;
    const bool swap = m_bigEndian && type.endian != Endian::Host;
    if (vector) {
        const uint64_t es = t->element->size;
        for (uint32_t i = 0; i < t->count; ++i)
            componentmem::readComponent(p + i * es, t->element->kind, swap, v.components[i]);
    } else {
        componentmem::readComponent(p, t->kind, swap, v.components[0]);
    }
    if (!m_observers.empty()) {
        notifyAccess(wi, address, size, false, p, site);
        if (type.endian == Endian::Host && m_bigEndian && size > 1)
            notifyEndianConversion(wi, address, t, false, p, site);
    }
    return v;
}

void CheckedPort::store(WorkItem& wi, uint64_t address, const QualType& type, const Value& v,
                        const SourceRange& site, uint64_t align) {
    const Type* t = type->canonical();
    const bool vector = t->kind == TypeKind::Vector;
    const uint64_t size = vector ? t->element->size * t->count : t->size;
    uint8_t* p = accessTyped(wi, address, t, size, align, true, site);
    if (!p) return;
    const bool swap = m_bigEndian && type.endian != Endian::Host;
    if (vector) {
        const uint64_t es = t->element->size;
        for (uint32_t i = 0; i < t->count; ++i)
            componentmem::writeComponent(p + i * es, t->element->kind, swap, v.components[i]);
    } else {
        componentmem::writeComponent(p, t->kind, swap, v.components[0]);
    }
    if (!m_observers.empty()) {
        notifyAccess(wi, address, size, true, p, site);
        if (type.endian == Endian::Host && m_bigEndian && size > 1)
            notifyEndianConversion(wi, address, t, true, p, site);
    }
}

void CheckedPort::copy(WorkItem& wi, uint64_t dst, uint64_t src, uint64_t bytes,
                       const SourceRange& site) {
    if (bytes == 0) return;
    uint8_t* s = access(wi, src, bytes, false, site);
    if (!s) return;
    std::vector<uint8_t> tmp(s, s + bytes);
    notifyAccess(wi, src, bytes, false, s, site, true);
    uint8_t* d = access(wi, dst, bytes, true, site);
    if (!d) return;
    std::memcpy(d, tmp.data(), bytes);
    notifyAccess(wi, dst, bytes, true, d, site, true);
}

void CheckedPort::reportError(WorkItem& wi, DiagnosticKind kind, const std::string& message,
                              const SourceRange& site) {
    wi.reportDiagnostic(kind, message, site);
}

} // namespace clstep
