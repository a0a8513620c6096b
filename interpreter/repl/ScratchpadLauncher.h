#pragma once

#include "repl/ReplResult.h"
#include "repl/ReplSession.h"

#include <string>

namespace clstep::repl {

/// `:run KERNEL ARGS...`: runs a kernel defined in the scratchpad over the whole NDRange,
/// with the arguments written as in a .sim file (`<size=64 float range=0:1:16 dump>`,
/// `<local size=64>`, `<int> 4`, `<null>`; launch::ArgParser reads them). The runtime checks
/// (data races, uninitialized reads, ...) are on; their reports, the printf output and the
/// `dump` arguments are shown as `clstep-cli run` shows them. The final buffers are kept for
/// `:mem global`.
class ScratchpadLauncher {
public:
    explicit ScratchpadLauncher(ReplSession& session) : m_session(session) {}

    /// Runs `command` ("vadd <size=16 int> ...", without ":run").
    ReplResult run(const std::string& command);

private:
    ReplSession& m_session;
};

} // namespace clstep::repl
