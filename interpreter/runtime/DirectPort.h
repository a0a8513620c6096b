#pragma once

#include "runtime/AccessEventLog.h"
#include "runtime/CheckedPort.h"
#include "runtime/ComponentMemory.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/GroupFootprint.h"
#include "runtime/InPlaceBytes.h"
#include "runtime/PrivateWrites.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>

namespace clstep {

/// The direct memory path (see MemoryPort) of a little-endian device: an access that nothing
/// observes, to a live buffer that allows it, in bounds and aligned, reads or writes the
/// buffer's bytes in place. Anything else (a null, dangling or out-of-bounds pointer, a
/// misaligned access, a read-only buffer, a `__constant` write, a byte copy) goes to the
/// CheckedPort it holds, which reports the error exactly as the checked path does.
///
/// `AllSpaces`: nothing observes the run's memory accesses, every address space is accessed
/// in place;
/// otherwise no observer wants private accesses (ExecutionObserver::observesPrivateMemory):
/// `__private` memory is accessed in place unobserved, and an access to another space that
/// passes the checks is done in place and then shown to the observers exactly as the
/// checked path shows it (little-endian: no byte-order conversion to report). When the only
/// observer keeps an AccessEventLog (ExecutionObserver::accessEventLog(), the access
/// statistics), such an access is appended to that log directly instead: the same event,
/// without a MemoryAccess and a virtual call per access. When one observer wants the
/// `__private` accesses only to know which bytes were written (ExecutionObserver::
/// privateWrites(), the uninitialized-read check), the port keeps that observer's shadow
/// itself for the `__private` loads and stores it performs in place, and shows the observer
/// only a load of never-written bytes (which it reports) and the ends of a byte copy that
/// leaves `__private` memory; a copy within `__private` memory carries the written state
/// itself (PrivateWrites::copied()). Variables declared without an initializer then go
/// through the port (directSlot(false) is false), so that their stores are seen.
///
/// `Records`: the port of a thread of a parallel run that no observer proves independent;
/// every `__global` access it does in place is recorded in its GroupFootprint, and so is every
/// one its CheckedPort performs (the other ports carry no trace of it).
template <bool AllSpaces, bool Records = false>
class DirectPort final : public MemoryPort {
public:
    /// `observers` (empty when AllSpaces) must outlive the port, and so must `log` (the lone
    /// observer's event log, or null; only without AllSpaces) and `writes` (the `__private`
    /// shadow of one of the observers, or null; only without AllSpaces and without `log`) and
    /// `footprint` (the record of `__global` accesses; only with Records).
    explicit DirectPort(const std::vector<ExecutionObserver*>& observers,
                        AccessEventLog* log = nullptr, PrivateWrites* writes = nullptr,
                        GroupFootprint* footprint = nullptr)
        : m_checked(observers, false, true, footprint), m_log(log), m_writes(writes),
          m_footprint(footprint) {
        m_eventLog = log;
        m_privateShadow = writes;
    }

    Component loadScalar(WorkItem& wi, uint64_t address, const QualType& type,
                         const SourceRange& site, uint64_t align) override {
        const Type* t = type->canonical();
        if (!align) align = t->align;
        const Buffer* b = nullptr;
        if (const uint8_t* p = direct(wi, address, t->size, false, align, b)) {
            Component l;
            componentmem::readComponent(p, t->kind, false, l);
            observed(wi, address, t->size, false, p, site, *b);
            return l;
        }
        return m_checked.loadScalar(wi, address, type, site, align);
    }
    void storeScalar(WorkItem& wi, uint64_t address, const QualType& type, Component v,
                     const SourceRange& site, uint64_t align) override {
        const Type* t = type->canonical();
        if (!align) align = t->align;
        const Buffer* b = nullptr;
        if (uint8_t* p = direct(wi, address, t->size, true, align, b)) {
            componentmem::writeComponent(p, t->kind, false, v);
            observed(wi, address, t->size, true, p, site, *b);
            return;
        }
        m_checked.storeScalar(wi, address, type, v, site, align);
    }
    Value load(WorkItem& wi, uint64_t address, const QualType& type, const SourceRange& site,
               uint64_t align) override {
        const Type* t = type->canonical();
        if (!align) align = t->align;
        const bool vector = t->kind == TypeKind::Vector;
        const uint64_t size = vector ? t->element->size * t->count : t->size;
        const Buffer* b = nullptr;
        if (const uint8_t* d = direct(wi, address, size, false, align, b)) {
            Value v;
            if (vector)
                componentmem::readComponents(d, t->element->kind, t->element->size, t->count,
                                             v.components);
            else
                componentmem::readComponent(d, t->kind, false, v.components[0]);
            observed(wi, address, size, false, d, site, *b);
            return v;
        }
        return m_checked.load(wi, address, type, site, align);
    }
    void loadComponents(WorkItem& wi, uint64_t address, const QualType& type,
                        const SourceRange& site, uint64_t align, Component* out,
                        uint32_t count) override {
        // load()'s components, read straight into `out`
        const Type* t = type->canonical();
        if (t->kind != TypeKind::Vector || count != t->count)
            return MemoryPort::loadComponents(wi, address, type, site, align, out, count);
        if (!align) align = t->align;
        const uint64_t size = t->element->size * t->count;
        const Buffer* b = nullptr;
        if (const uint8_t* d = direct(wi, address, size, false, align, b)) {
            componentmem::readComponents(d, t->element->kind, t->element->size, t->count, out);
            observed(wi, address, size, false, d, site, *b);
            return;
        }
        const Value v = m_checked.load(wi, address, type, site, align);
        std::copy_n(v.components, count, out);
    }
    void store(WorkItem& wi, uint64_t address, const QualType& type, const Value& v,
               const SourceRange& site, uint64_t align) override {
        const Type* t = type->canonical();
        if (!align) align = t->align;
        const bool vector = t->kind == TypeKind::Vector;
        const uint64_t size = vector ? t->element->size * t->count : t->size;
        const Buffer* b = nullptr;
        if (uint8_t* d = direct(wi, address, size, true, align, b)) {
            if (vector)
                componentmem::writeComponents(d, t->element->kind, t->element->size, t->count,
                                              v.components);
            else
                componentmem::writeComponent(d, t->kind, false, v.components[0]);
            observed(wi, address, size, true, d, site, *b);
            return;
        }
        m_checked.store(wi, address, type, v, site, align);
    }
    uint8_t* access(WorkItem& wi, uint64_t address, uint64_t size, bool write,
                    const SourceRange& site) override {
        // in place when every check passes (as the checked path would return these bytes)
        const Buffer* b = nullptr;
        if (address && size)
            if (uint8_t* p = direct(wi, address, size, write, 1, b)) return p;
        return m_checked.access(wi, address, size, write, site);
    }
    void copy(WorkItem& wi, uint64_t dst, uint64_t src, uint64_t bytes,
              const SourceRange& site) override {
        // Both ends valid means the checked copy would just move the bytes (struct
        // assignment, by-value arguments and results). Nothing observes (AllSpaces), or the
        // observers see the ends outside `__private` as the checked copy shows them: the
        // source read before the bytes move, then the destination written.
        const Buffer *sb = nullptr, *db = nullptr;
        if (bytes && src && dst)
            if (uint8_t* s = direct(wi, src, bytes, false, 1, sb))
                if (uint8_t* d = direct(wi, dst, bytes, true, 1, db)) {
                    if constexpr (!AllSpaces)
                        if (m_writes && address::space(src) == AddressSpace::Private &&
                            address::space(dst) == AddressSpace::Private) {
                            // the observer keeping the shadow sees no `__private` copy
                            m_writes->copied(wi.localLinearId(), dst, *db, src, *sb, bytes);
                            std::memmove(d, s, bytes);
                            return;
                        }
                    copied(wi, src, bytes, false, s, site);
                    std::memmove(d, s, bytes);
                    copied(wi, dst, bytes, true, d, site);
                    return;
                }
        m_checked.copy(wi, dst, src, bytes, site);
    }
    void notifyAccess(WorkItem& wi, uint64_t address, uint64_t size, bool write, const uint8_t* p,
                      const SourceRange& site, bool copy = false) override {
        // The event log's owner, when it is the lone observer, takes no `__private` access
        // (ExecutionObserver::accessEventLog()): those need no MemoryAccess built for it.
        // With the `__private` shadow kept here, a load or store there (bytes the caller got
        // from access(), in a live buffer: an initializer's zeroed bytes) is seen as one
        // done in place (observed()): the same marks, the same report of a never-written
        // byte, without a MemoryAccess for the bytes written.
        if constexpr (!AllSpaces) {
            if (address::space(address) == AddressSpace::Private) {
                if (m_log) return;
                if (m_writes && !copy) {
                    if (const Buffer* b = wi.memoryOf(address)->buffer(address); b && b->alive) {
                        observed(wi, address, size, write, p, site, *b);
                        return;
                    }
                }
            }
            m_checked.notifyAccess(wi, address, size, write, p, site, copy);
        }
    }
    /// Always, but for a variable declared without an initializer when the port keeps an
    /// observer's `__private` shadow (its stores must mark the bytes written).
    bool directSlot(bool initializedNow) const override {
        return AllSpaces || initializedNow || !m_writes;
    }
    bool unobserved() const override { return AllSpaces; }
    bool privateUnobserved() const override { return AllSpaces || m_log; }
    void reportError(WorkItem& wi, DiagnosticKind kind, const std::string& message,
                     const SourceRange& site) override {
        m_checked.reportError(wi, kind, message, site);
    }

private:
    /// The bytes of the access when it may be done in place (it passes every check of the
    /// checked path), else null; `buffer` is then set to the buffer they lie in. A `__global`
    /// access is recorded in the footprint, if any.
    uint8_t* direct(WorkItem& wi, uint64_t address, uint64_t size, bool write, uint64_t align,
                    const Buffer*& buffer) {
        Memory* mem = wi.memoryOf(address);
        if (!mem || (write && mem->space() == AddressSpace::Constant)) return nullptr;
        Buffer* b = mem->buffer(address);
        uint8_t* p;
        if (!inPlaceBytes(b, address, size, write, align, p)) return nullptr;
        buffer = b;
        if constexpr (Records)
            if (mem->space() == AddressSpace::Global) m_footprint->record(address, size, write);
        return p;
    }
    /// After an access done in place (to buffer `b`): the observers see it as the checked
    /// path shows it. A `__private` access is not observed, but for the shadow of written
    /// bytes when the port keeps one: a store marks its bytes, and only a load of a byte never
    /// written reaches the observers (to be reported).
    [[gnu::always_inline]] void observed(WorkItem& wi, uint64_t address, uint64_t size, bool write,
                                         const uint8_t* p, const SourceRange& site,
                                         const Buffer& b) {
        if constexpr (!AllSpaces) {
            if (address::space(address) != AddressSpace::Private) {
                if (m_log)
                    m_log->appendAccess(wi.localLinearId(), address, size, site);
                else
                    notifyShared(wi, address, size, write, p, site, b);
            } else if (m_writes) {
                if (write)
                    m_writes->written(wi.localLinearId(), address, size, b);
                else if (!m_writes->allWritten(wi.localLinearId(), address, size, b)) [[unlikely]]
                    m_checked.notifyAccessIn(wi, address, size, false, p, site, b);
            }
        }
    }

    /// CheckedPort::notifyAccessIn() of an access outside `__private` memory done in place (a
    /// load or store, not a copy), inline: the same MemoryAccess shown to the same observers,
    /// without the call, the space test and the out-of-line function's frame.
    [[gnu::always_inline]] void notifyShared(WorkItem& wi, uint64_t address, uint64_t size,
                                             bool write, const uint8_t* p, const SourceRange& site,
                                             const Buffer& b) {
        const std::vector<ExecutionObserver*>& observers = m_checked.accessObservers();
        if (observers.empty()) return;
        MemoryAccess a{.address = address,
                       .size = size,
                       .write = write,
                       .data = p,
                       .buffer = &b,
                       .site = site};
        wi.describeAccess(a);
        for (ExecutionObserver* o : observers)
            o->onMemoryAccess(a);
    }

    /// After one end of a copy done in place: the observers see it as the checked copy shows
    /// it, unless it is `__private` (in place and unobserved, as loads and stores; when the
    /// port keeps an observer's shadow, that end is shown too, for the observer to carry the
    /// written state between the spaces).
    void copied(WorkItem& wi, uint64_t address, uint64_t size, bool write, const uint8_t* p,
                const SourceRange& site) {
        if constexpr (!AllSpaces)
            if (m_writes || address::space(address) != AddressSpace::Private)
                m_checked.notifyAccess(wi, address, size, write, p, site, true);
    }

    CheckedPort m_checked;
    AccessEventLog* m_log;       ///< the lone observer's event log, or null
    PrivateWrites* m_writes;     ///< the `__private` shadow the port keeps, or null
    GroupFootprint* m_footprint; ///< the record of `__global` accesses (Records)
};

} // namespace clstep
