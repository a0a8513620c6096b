#pragma once

#include "repl/ReplResult.h"
#include "repl/ReplSession.h"

#include <string>

namespace clstep::repl {

/// `:mem [private|local|constant|global]`: the bytes behind the current context, in device
/// byte order. `__private` and `__local` list the kept variables with their offsets in the
/// state the next entry loads; `__constant` (and `__global` in OpenCL C 2.0) the program-scope
/// variables as a run initializes them; `__global` also the buffers of the last `:run`.
class MemoryPrinter {
public:
    explicit MemoryPrinter(const ReplSession& session) : m_session(session) {}

    /// Prints one address space, or every non-empty one when `space` is "".
    ReplResult print(const std::string& space) const;

private:
    std::string variables(AddressSpace space) const;
    std::string programScope(AddressSpace space) const;
    std::string runBuffers() const;
    const ReplSession& m_session;
};

} // namespace clstep::repl
