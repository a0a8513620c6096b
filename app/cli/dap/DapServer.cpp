// DapServer: DAP request dispatch, ordering rules and the reader thread.
#include "DapServer.h"

#include "DapError.h"
#include "ExceptionFilters.h"

#include <iostream>
#include <thread>

namespace clstep::cli::dap {

using nlohmann::json;

namespace {

/// Requests that need a launched kernel.
bool needsLaunch(const std::string& c) {
    static const char* const kNames[] = {"configurationDone",
                                         "setBreakpoints",
                                         "setExceptionBreakpoints",
                                         "setDataBreakpoints",
                                         "dataBreakpointInfo",
                                         "stackTrace",
                                         "scopes",
                                         "variables",
                                         "evaluate",
                                         "readMemory",
                                         "exceptionInfo",
                                         "continue",
                                         "next",
                                         "stepIn",
                                         "stepOut",
                                         "stepBack",
                                         "reverseContinue",
                                         "restart",
                                         "clstep"};
    for (const char* n : kNames)
        if (c == n) return true;
    return false;
}

} // namespace

DapServer::DapServer(std::istream& in, std::ostream& out) : m_transport(in, out) {}

json DapServer::capabilities() {
    return {{"supportsConfigurationDoneRequest", true},
            {"supportsConditionalBreakpoints", true},
            {"supportsHitConditionalBreakpoints", true},
            {"supportsEvaluateForHovers", true},
            {"supportsStepBack", true},
            {"supportsRestartRequest", true},
            {"supportsExceptionInfoRequest", true},
            {"supportsDataBreakpoints", true},
            {"supportsReadMemoryRequest", true},
            {"supportsTerminateRequest", true},
            {"exceptionBreakpointFilters", ExceptionFilters::capability()}};
}

void DapServer::respond(const json& request, bool success, const json& body,
                        const std::string& message) {
    json r = {{"type", "response"},
              {"request_seq",
               request.is_object() && request.contains("seq") && request["seq"].is_number_integer()
                   ? request["seq"].get<int64_t>()
                   : 0},
              {"success", success},
              {"command",
               request.is_object() && request.contains("command") && request["command"].is_string()
                   ? request["command"].get<std::string>()
                   : std::string()}};
    if (!success) {
        r["message"] = message;
        r["body"] = {{"error", {{"id", 1}, {"format", message}, {"showUser", true}}}};
    } else if (!body.is_null()) {
        r["body"] = body;
    }
    {
        std::lock_guard<std::mutex> lock(m_seqMutex);
        r["seq"] = m_seq++;
    }
    m_transport.send(r);
}

void DapServer::sendEvent(const std::string& event, const json& body) {
    json e = {{"type", "event"}, {"event", event}, {"body", body}};
    {
        std::lock_guard<std::mutex> lock(m_seqMutex);
        e["seq"] = m_seq++;
    }
    m_transport.send(e);
}

void DapServer::sendEvents(const std::vector<json>& events) {
    for (const json& e : events)
        sendEvent(e["event"].get<std::string>(), e.value("body", json::object()));
}

void DapServer::readerLoop() {
    while (true) {
        DapTransport::Incoming in = m_transport.read();
        if (!in.error.empty()) respond(json(), false, json(), "malformed message: " + in.error);
        if (in.eof) break;
        if (!in.error.empty()) continue;
        json msg = json::parse(in.body, nullptr, false);
        if (msg.is_discarded()) {
            respond(json(), false, json(),
                    "malformed JSON in a message of " + std::to_string(in.body.size()) + " bytes");
            continue;
        }
        if (!msg.is_object() || msg.value("type", json()) != "request" ||
            !msg.contains("command") || !msg["command"].is_string()) {
            respond(msg, false, json(),
                    "not a DAP request: a request is an object with \"type\": \"request\", "
                    "\"seq\" and a \"command\" string");
            continue;
        }
        std::string command = msg["command"].get<std::string>();
        if (command == "pause") {
            if (!m_session.launched())
                respond(msg, false, json(), "no kernel is launched: send 'launch' first");
            else {
                m_session.pause();
                respond(msg, true, json());
            }
            continue;
        }
        if (command == "disconnect" || command == "terminate") m_session.pause();
        std::lock_guard<std::mutex> lock(m_queueMutex);
        m_queue.push_back(std::move(msg));
        m_queueReady.notify_one();
    }
    std::lock_guard<std::mutex> lock(m_queueMutex);
    m_inputEnded = true;
    m_queueReady.notify_one();
}

int DapServer::run() {
    std::thread reader(&DapServer::readerLoop, this);
    reader.detach(); // it may stay blocked reading the input after `disconnect`
    while (true) {
        json request;
        {
            std::unique_lock<std::mutex> lock(m_queueMutex);
            m_queueReady.wait(lock, [this] { return !m_queue.empty() || m_inputEnded; });
            if (m_queue.empty()) return 0;
            request = std::move(m_queue.front());
            m_queue.pop_front();
        }
        bool stop = false;
        std::vector<json> events;
        std::string command = request["command"].get<std::string>();
        json args = request.value("arguments", json::object());
        try {
            json body = dispatch(command, args, events, stop);
            respond(request, true, body);
        } catch (const DapError& e) {
            respond(request, false, json(), e.what());
        } catch (const std::exception& e) {
            respond(request, false, json(),
                    std::string("internal error in '") + command + "': " + e.what());
        }
        sendEvents(events);
        if (stop) return 0;
    }
}

json DapServer::dispatch(const std::string& command, const json& args, std::vector<json>& events,
                         bool& stop) {
    if (command == "initialize") {
        if (m_initialized) throw DapError("'initialize' was already sent");
        m_initialized = true;
        return capabilities();
    }
    if (!m_initialized)
        throw DapError("the first request must be 'initialize', not '" + command + "'");
    if (command == "disconnect" || command == "terminate") {
        stop = command == "disconnect";
        if (command == "terminate")
            events.push_back({{"event", "terminated"}, {"body", json::object()}});
        return json();
    }
    if (command == "launch") {
        if (m_session.launched()) throw DapError("a kernel is already launched (use 'restart')");
        m_session.launch(args);
        events.push_back({{"event", "initialized"}, {"body", json::object()}});
        return json();
    }
    if (command == "threads" && !m_session.launched()) return {{"threads", json::array()}};
    if (command == "clstep/sweep") return m_session.sweep(args);
    if (needsLaunch(command) && !m_session.launched())
        throw DapError("'" + command + "' needs a launched kernel: send 'launch' first");
    using Op = DapSession::Op;
    int thread = args.value("threadId", 0);
    auto run = [&](Op op) {
        std::vector<json> e = m_session.execute(op, thread);
        events.insert(events.end(), e.begin(), e.end());
    };
    if (command == "configurationDone") {
        if (m_configured) throw DapError("'configurationDone' was already sent");
        m_configured = true;
        run(m_session.stopOnEntry() ? Op::Entry : Op::Continue);
        return json();
    }
    if (command == "restart") {
        json launchArgs = m_session.launchArguments();
        if (args.contains("arguments") && args["arguments"].is_object())
            launchArgs = args["arguments"];
        m_session.launch(launchArgs);
        m_variables.reapply();
        run(m_session.stopOnEntry() ? Op::Entry : Op::Continue);
        return json();
    }
    if (command == "continue") {
        run(Op::Continue);
        return {{"allThreadsContinued", true}};
    }
    if (command == "next") return run(Op::Next), json();
    if (command == "stepIn") return run(Op::StepIn), json();
    if (command == "stepOut") return run(Op::StepOut), json();
    if (command == "stepBack") return run(Op::StepBack), json();
    if (command == "reverseContinue") return run(Op::ReverseContinue), json();
    if (command == "threads") return m_session.threads();
    if (command == "stackTrace") return m_session.stackTrace(args);
    if (command == "setBreakpoints") return m_session.setBreakpoints(args);
    if (command == "setExceptionBreakpoints") return m_session.setExceptionBreakpoints(args);
    if (command == "exceptionInfo") return m_session.exceptionInfo(args);
    if (command == "clstep") return m_session.custom(args, events);
    if (command == "scopes") return m_variables.scopes(args);
    if (command == "variables") return m_variables.variables(args);
    if (command == "readMemory") return m_variables.readMemory(args);
    if (command == "evaluate") return m_variables.evaluate(args);
    if (command == "dataBreakpointInfo") return m_variables.dataBreakpointInfo(args);
    if (command == "setDataBreakpoints") return m_variables.setDataBreakpoints(args);
    throw DapError("unknown request '" + command + "'");
}

int runDap() {
    std::ios::sync_with_stdio(false);
    DapServer server(std::cin, std::cout);
    return server.run();
}

} // namespace clstep::cli::dap
