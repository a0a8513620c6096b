#pragma once

#include "runtime/MemoryPort.h"

namespace clstep {

class GroupFootprint;
struct Buffer;

/// The checked memory path (see MemoryPort): every access is checked for null, dangling and
/// out-of-bounds pointers, read-only/write-only buffers, writes to `__constant` memory and
/// alignment (OpenCL C 6.2.5: "misaligned-access"), converted to the device byte order
/// (RunOptions::deviceBigEndian; `endian(host)` pointers keep the host's, spec 6.11.4) and
/// shown to `observers` (which may be empty): to those that observe memory accesses
/// (ExecutionObserver::observesMemoryAccesses()), `__private` ones only to those that want
/// them (ExecutionObserver::observesPrivateMemory()). With a GroupFootprint, every `__global`
/// access it performs is recorded there too (a parallel run that no observer proves
/// independent).
class CheckedPort : public MemoryPort {
public:
    /// `observers` must outlive the port. `directInitialized`: no observer needs the accesses
    /// to private variables initialized at their declaration (ExecutionObserver::
    /// observesInitializedPrivateVariables), which may then be accessed in place.
    /// `footprint` (null: none), which must outlive the port, records the `__global`
    /// accesses performed.
    CheckedPort(const std::vector<ExecutionObserver*>& observers, bool bigEndian,
                bool directInitialized, GroupFootprint* footprint = nullptr);

    Component loadScalar(WorkItem& wi, uint64_t address, const QualType& type,
                         const SourceRange& site, uint64_t align) override;
    void storeScalar(WorkItem& wi, uint64_t address, const QualType& type, Component v,
                     const SourceRange& site, uint64_t align) override;
    Value load(WorkItem& wi, uint64_t address, const QualType& type, const SourceRange& site,
               uint64_t align) override;
    void store(WorkItem& wi, uint64_t address, const QualType& type, const Value& v,
               const SourceRange& site, uint64_t align) override;
    uint8_t* access(WorkItem& wi, uint64_t address, uint64_t size, bool write,
                    const SourceRange& site) override;
    void copy(WorkItem& wi, uint64_t dst, uint64_t src, uint64_t bytes,
              const SourceRange& site) override;
    void notifyAccess(WorkItem& wi, uint64_t address, uint64_t size, bool write, const uint8_t* p,
                      const SourceRange& site, bool copy = false) override;
    /// notifyAccess() when the caller already has the buffer `b` that `address` lies in (a
    /// DirectPort after an access in place): the same MemoryAccess, without looking it up.
    void notifyAccessIn(WorkItem& wi, uint64_t address, uint64_t size, bool write, const uint8_t* p,
                        const SourceRange& site, const Buffer& b, bool copy = false);
    /// The observers that see an access outside `__private` memory (those that observe memory
    /// accesses, ExecutionObserver::observesMemoryAccesses()), in the run's order.
    const std::vector<ExecutionObserver*>& accessObservers() const { return m_accessObservers; }
    bool directSlot(bool initializedNow) const override {
        return initializedNow && m_directInitialized;
    }
    void reportError(WorkItem& wi, DiagnosticKind kind, const std::string& message,
                     const SourceRange& site) override;

private:
    /// access() for an object of type `t` (`size` bytes), then "misaligned-access" when the
    /// address is not a multiple of `align` bytes (0: the type's; records and arrays are
    /// never misaligned as a whole). Null when the access was refused (already reported).
    uint8_t* accessTyped(WorkItem& wi, uint64_t address, const Type* t, uint64_t size,
                         uint64_t align, bool write, const SourceRange& site);
    /// Tells the observers that an endian(host) access converted bytes (spec 6.11.4).
    void notifyEndianConversion(WorkItem& wi, uint64_t address, const Type* t, bool write,
                                const uint8_t* p, const SourceRange& site);

    const std::vector<ExecutionObserver*>& m_observers;
    /// The observers whose onMemoryAccess() is called (ExecutionObserver::
    /// observesMemoryAccesses()), and those of them that want `__private` accesses
    /// (ExecutionObserver::observesPrivateMemory()): notifyAccess() shows an access only to
    /// these, in the run's order.
    std::vector<ExecutionObserver*> m_accessObservers;
    std::vector<ExecutionObserver*> m_privateObservers;
    bool m_bigEndian;
    bool m_directInitialized;
    GroupFootprint* m_footprint; ///< the `__global` accesses' record, or null
};

} // namespace clstep
