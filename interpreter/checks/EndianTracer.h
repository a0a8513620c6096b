#pragma once

#include "checks/CheckDetails.h"
#include "checks/MemoryNames.h"
#include "checks/SiteTable.h"
#include "runtime/ExecutionObserver.h"

#include <cstdint>
#include <unordered_set>

namespace clstep {

/// Reports each byte-order conversion made by a load or store through an
/// `__attribute__((endian(host)))` pointer on a device whose byte order differs from the
/// host's (OpenCL C 1.1 spec 6.10.3), as kind "endian-conversion" notes: the source range,
/// the address and the bytes before and after the conversion. Conversions at the same
/// site, in the same direction and of the same size merge into one note with a count.
/// The bytes recorded are those of the first occurrence.
class EndianTracer final : public ExecutionObserver {
public:
    /// `details` receives the facts of each distinct event; it must outlive the tracer.
    explicit EndianTracer(CheckDetails& details);

    void onRunBegin(KernelRun& run) override;
    /// Only endian(host) conversions matter here, never plain private accesses.
    bool observesInitializedPrivateVariables() const override { return false; }
    /// Conversions come through onEndianConversion(): no onMemoryAccess().
    bool observesMemoryAccesses() const override { return false; }
    void onWorkGroupBegin(WorkGroup& group) override;
    void onEndianConversion(const MemoryAccess& access, const uint8_t* before,
                            const uint8_t* after) override;
    /// Its state is per work-group and per work-item: each thread of a parallel run gets
    /// its own tracer.
    std::unique_ptr<ExecutionObserver> forThread() override;
    void onRunDiscarded(KernelRun& run) override;

private:
    CheckDetails& m_details;
    KernelRun* m_run = nullptr;
    MemoryNames m_names;
    SiteTable m_sites;
    std::unordered_set<uint64_t> m_reported; ///< (site, direction, size) already detailed
};

} // namespace clstep
