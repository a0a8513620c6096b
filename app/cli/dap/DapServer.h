#pragma once

#include "DapSession.h"
#include "DapTransport.h"
#include "DapVariables.h"

#include <nlohmann/json.hpp>

#include <condition_variable>
#include <deque>
#include <iosfwd>
#include <mutex>
#include <string>

namespace clstep::cli::dap {

/// The debug adapter of `clstep-cli dap`: reads DAP requests from `in`, answers on `out`
/// (DAP specification: requests, responses and events with Content-Length framing) and
/// dispatches each request to the DapSession (launch, execution, threads, stacks,
/// breakpoints) or DapVariables (scopes, variables, memory, expressions, data breakpoints).
///
/// A reader thread reads messages and answers `pause` at once (so that a long `continue`
/// can be interrupted); the other requests run one at a time, in order, on the calling
/// thread. Malformed messages (bad header, bad JSON, not a request), unknown commands and
/// requests out of order (anything before `initialize`, execution or inspection before a
/// successful `launch`) get an error response, and the adapter goes on.
class DapServer {
public:
    DapServer(std::istream& in, std::ostream& out);

    /// Serves until `disconnect` or `terminate` or the end of the input. Returns 0.
    int run();

private:
    void readerLoop();
    void handle(const nlohmann::json& request);
    /// Answers request `request` (success with `body`, or failure with `message`).
    void respond(const nlohmann::json& request, bool success, const nlohmann::json& body,
                 const std::string& message = std::string());
    void sendEvent(const std::string& event, const nlohmann::json& body = nlohmann::json::object());
    void sendEvents(const std::vector<nlohmann::json>& events);
    /// Runs `request`'s command; returns the response body, throws DapError.
    nlohmann::json dispatch(const std::string& command, const nlohmann::json& args,
                            std::vector<nlohmann::json>& events, bool& stop);
    static nlohmann::json capabilities();

    DapTransport m_transport;
    DapSession m_session;
    DapVariables m_variables{m_session};
    bool m_initialized = false;
    bool m_configured = false;
    int m_seq = 1;
    std::mutex m_seqMutex;

    std::mutex m_queueMutex;
    std::condition_variable m_queueReady;
    std::deque<nlohmann::json> m_queue; ///< requests waiting, in order
    bool m_inputEnded = false;
};

/// `clstep-cli dap`: serves the Debug Adapter Protocol on standard input and output.
int runDap();

} // namespace clstep::cli::dap
