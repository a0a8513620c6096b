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
    for (ExecutionObserver* o : observers) {
        if (o->observesInitializedPrivateVariables()) initialized = false;
        if (!o->observesPrivateMemory()) continue;
        if (!writes && !o->observesInitializedPrivateVariables())
            if ((writes = o->privateWrites())) continue;
        privateSpace = false;
    }
    if (!bigEndian && observers.empty()) {
        if (footprint)
            return std::make_unique<DirectPort<true, true>>(observers, nullptr, nullptr, footprint);
        return std::make_unique<DirectPort<true>>(observers);
    }
    if (privateSpace) {
        // a lone observer with an event log gets its in-place accesses appended directly
        AccessEventLog* log =
            observers.size() == 1 && !writes ? observers[0]->accessEventLog() : nullptr;
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
