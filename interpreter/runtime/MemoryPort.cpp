// MemoryPort: the choice of a run's port, and the inspection port.
#include "runtime/MemoryPort.h"

#include "runtime/DirectPort.h"
#include "runtime/ExecutionObserver.h"
#include "runtime/InspectPort.h"
#include "runtime/PortChoice.h"
#include "runtime/WorkItemAbort.h"

namespace clstep {

MemoryPort::~MemoryPort() = default;

std::unique_ptr<MemoryPort> MemoryPort::choose(const std::vector<ExecutionObserver*>& observers,
                                               bool bigEndian) {
    return choosePort(observers, bigEndian, nullptr);
}

std::unique_ptr<MemoryPort> choosePort(const std::vector<ExecutionObserver*>& observers,
                                       bool bigEndian, GroupFootprint* footprint) {
    bool initialized = !bigEndian, privateSpace = !bigEndian;
    // The one observer of `__private` accesses whose shadow the port may keep itself.
    PrivateWrites* writes = nullptr;
    // Only the observers of accesses count: the port never calls the others (their events,
    // e.g. async copy calls, come from elsewhere; endian conversions only from a big-endian
    // device's CheckedPort).
    ExecutionObserver* lone = nullptr; // the observer of accesses, if there is one
    size_t accessObservers = 0;
    for (ExecutionObserver* o : observers) {
        if (!o->observesMemoryAccesses()) continue;
        ++accessObservers;
        lone = o;
        if (o->observesInitializedPrivateVariables()) initialized = false;
        if (!o->observesPrivateMemory()) continue;
        if (!writes && !o->observesInitializedPrivateVariables())
            if ((writes = o->privateWrites())) continue;
        privateSpace = false;
    }
    if (!bigEndian && accessObservers == 0) {
        if (footprint)
            return std::make_unique<DirectPort<true, true>>(observers, nullptr, nullptr, footprint);
        return std::make_unique<DirectPort<true>>(observers);
    }
    if (privateSpace) {
        // a lone observer with an event log gets its in-place accesses appended directly
        AccessEventLog* log = accessObservers == 1 && !writes ? lone->accessEventLog() : nullptr;
        if (footprint)
            return std::make_unique<DirectPort<false, true>>(observers, log, writes, footprint);
        return std::make_unique<DirectPort<false>>(observers, log, writes);
    }
    return std::make_unique<CheckedPort>(observers, bigEndian, initialized, footprint);
}

const std::vector<ExecutionObserver*> InspectPort::m_none;

void InspectPort::reportError(WorkItem&, DiagnosticKind kind, const std::string& message,
                              const SourceRange& site) {
    m_error.message = message;
    m_error.kind = kind;
    m_error.site = site;
    throw WorkItemAbort{};
}

} // namespace clstep
