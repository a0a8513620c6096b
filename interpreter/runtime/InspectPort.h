#pragma once

#include "runtime/CheckedPort.h"

#include <optional>

namespace clstep {

/// The memory port of a debugger expression (WorkItem::inspect, spec-free): the checked path
/// without observers (the inspection has no effect on the run's checks), and the first
/// runtime error stops the evaluation: it is recorded in the caller's error fields and
/// WorkItemAbort is thrown instead of a diagnostic being reported.
class InspectPort final : public CheckedPort {
public:
    /// Where the first error is recorded: its message, diagnostic kind and site.
    struct Error {
        std::string message;
        std::optional<DiagnosticKind> kind;
        SourceRange site;
    };
    InspectPort(bool bigEndian, Error& error)
        : CheckedPort(m_none, bigEndian, false), m_error(error) {}

    /// Records the error and throws WorkItemAbort.
    void reportError(WorkItem& wi, DiagnosticKind kind, const std::string& message,
                     const SourceRange& site) override;

private:
    static const std::vector<ExecutionObserver*> m_none;
    Error& m_error;
};

} // namespace clstep
