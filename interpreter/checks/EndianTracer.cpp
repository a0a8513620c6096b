#include "checks/EndianTracer.h"
#include "common/TextFormat.h"

#include "core/Address.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"

namespace clstep {

EndianTracer::EndianTracer(CheckDetails& details) : m_details(details) {}

void EndianTracer::onRunBegin(KernelRun& run) {
    m_run = &run;
    m_names.onRunBegin(run);
    m_sites.clear();
    m_reported.clear();
}

void EndianTracer::onWorkGroupBegin(WorkGroup& group) {
    m_names.onWorkGroupBegin(group);
}

void EndianTracer::onEndianConversion(const MemoryAccess& a, const uint8_t* before,
                                      const uint8_t* after) {
    if (!m_run) return;
    // `before` are the bytes in memory (host order), `after` the same value in device order.
    const AddressSpace space = address::space(a.address);
    Diagnostic d;
    d.severity = Severity::Note;
    d.kind = DiagnosticKind::EndianConversion;
    d.range = a.site;
    d.message = std::string("Endian conversion on ") + (a.write ? "write" : "read") + " of " +
                std::to_string(a.size) + " bytes at " + addressSpaceShortName(space) +
                " memory address " + MemoryNames::hexAddress(a.address);
    uint64_t key = uint64_t(m_sites.intern(a.site)) | (uint64_t(a.write) << 16) | (a.size << 17);
    if (!m_reported.insert(key).second) {
        m_run->report(std::move(d));
        return;
    }
    const std::string memory = hexBytes(before, a.size);
    const std::string device = hexBytes(after, a.size);
    if (a.write)
        d.message += " (" + m_names.describe(a.address, a.buffer) + "): value " + device +
                     " (device order) stored as " + memory + " (host order)";
    else
        d.message += " (" + m_names.describe(a.address, a.buffer) + "): bytes " + memory +
                     " (host order) read as " + device + " (device order)";
    if (a.workItem) d.workItems.push_back(a.workItem->ids());
    nlohmann::json fields = m_names.locationJson(a.address, a.buffer);
    fields["access"] = a.write ? "write" : "read";
    fields["size"] = a.size;
    fields["before"] = a.write ? device : memory;
    fields["after"] = a.write ? memory : device;
    fields["memory_bytes"] = memory;
    fields["device_bytes"] = device;
    m_details.recordAndReport(*m_run, std::move(d), std::move(fields));
}

std::unique_ptr<ExecutionObserver> EndianTracer::forThread() {
    return std::make_unique<EndianTracer>(m_details);
}

void EndianTracer::onRunDiscarded(KernelRun&) {
    m_details.clear();
}

} // namespace clstep
