// DapSession: execution requests and the events that report their outcome.
#include "DapError.h"
#include "DapSession.h"
#include "DiagnosticPrinter.h"

#include <optional>
#include <sstream>

namespace clstep::cli::dap {

using nlohmann::json;
using namespace clstep::debug;

namespace {

bool startsWith(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

/// The id after "breakpoint " or "watchpoint " in a stop reason, 0 if none.
int idAfter(const std::string& reason, size_t prefix) {
    try {
        return std::stoi(reason.substr(prefix));
    } catch (...) {
        return 0;
    }
}

} // namespace

bool DapSession::runOp(Op op) {
    switch (op) {
    case Op::Entry:
        return true;
    case Op::Continue:
        while (true) {
            if (!m_session.continueRun()) return false;
            const std::string reason = m_session.snapshot().stopReason;
            if (startsWith(reason, "error: ")) {
                // A suppressed report does not stop the run.
                const std::optional<Diagnostic> d = stopDiagnostic(reason);
                if (d && suppressed(*d)) continue;
                return true;
            }
            if (!startsWith(reason, "breakpoint ")) return true;
            if (hitConditionAllows(idAfter(reason, 11))) return true;
        }
    case Op::Next:
        return m_session.next();
    case Op::StepIn:
        return m_session.step();
    case Op::StepOut:
        return m_session.finish();
    case Op::StepBack: {
        size_t undo = 0;
        size_t i = m_actions.size();
        while (i > 0 && m_actions[i - 1]) {
            --i;
            ++undo;
        }
        if (i == 0) throw DapError("nothing to step back to: this is the start of the kernel");
        for (size_t k = 0; k <= undo; ++k)
            if (!m_session.stepBack()) return false;
        return true;
    }
    case Op::ReverseContinue:
        return m_session.reverseContinue();
    }
    return false;
}

std::vector<json> DapSession::execute(Op op, int threadId) {
    if (!m_launched) throw DapError("no kernel is launched: send 'launch' first");
    if (op == Op::Next || op == Op::StepIn || op == Op::StepOut) selectThread(threadId);
    bool ok = runOp(op);
    std::vector<json> events;
    if (!ok) {
        Snapshot snap = m_session.snapshot();
        m_actions.resize(m_session.actionCount(), true);
        std::string why = m_session.lastError();
        if (why.empty()) why = snap.stopReason;
        throw DapError(why);
    }
    stoppedEvent(events, ok, op);
    return events;
}

void DapSession::stoppedEvent(std::vector<json>& events, bool, Op op) {
    Snapshot snap = m_session.snapshot();
    m_actions.resize(m_session.actionCount(), false);
    ++m_stops;
    if (snap.output.size() < m_outputShown) m_outputShown = 0; // stepped back before it
    if (snap.output.size() > m_outputShown) {
        events.push_back(
            {{"event", "output"},
             {"body", {{"category", "stdout"}, {"output", snap.output.substr(m_outputShown)}}}});
        m_outputShown = snap.output.size();
    }
    if (snap.runFinished && op != Op::StepBack && op != Op::ReverseContinue) {
        bool errors = false;
        if (m_suppressions) m_suppressions->resetCounts();
        for (const Diagnostic& d : snap.diagnostics) {
            const bool counted = !m_suppressions || !m_session.program() ||
                                 !m_suppressions->suppresses(d, m_session.program()->sources,
                                                             m_session.kernelName());
            errors = errors || (counted && d.severity == Severity::Error);
        }
        std::string finished = std::string("kernel finished") + (errors ? " with errors\n" : "\n");
        if (m_suppressions && !m_suppressions->empty())
            finished += m_suppressions->summaryLine() + "\n";
        events.push_back(
            {{"event", "output"}, {"body", {{"category", "console"}, {"output", finished}}}});
        events.push_back({{"event", "exited"}, {"body", {{"exitCode", errors ? 1 : 0}}}});
        events.push_back({{"event", "terminated"}, {"body", json::object()}});
        return;
    }
    const std::string& reason = snap.stopReason;
    json body = {
        {"threadId", snap.selected + 1}, {"allThreadsStopped", true}, {"description", reason}};
    m_exception = nullptr;
    if (op == Op::Entry) {
        body["reason"] = "entry";
    } else if (startsWith(reason, "breakpoint ")) {
        body["reason"] = "breakpoint";
        body["hitBreakpointIds"] = json::array({idAfter(reason, 11)});
    } else if (startsWith(reason, "watchpoint ")) {
        body["reason"] = "data breakpoint";
        body["hitBreakpointIds"] = json::array({idAfter(reason, 11)});
    } else if (startsWith(reason, "error: ")) {
        body["reason"] = "exception";
        body["text"] = exceptionText(reason);
        events.push_back({{"event", "output"},
                          {"body",
                           {{"category", "stderr"},
                            {"output", m_exception["details"]["message"].get<std::string>()}}}});
    } else if (reason == "paused") {
        body["reason"] = "pause";
    } else {
        body["reason"] = "step";
    }
    events.push_back({{"event", "stopped"}, {"body", body}});
}

std::optional<Diagnostic> DapSession::stopDiagnostic(const std::string& reason) {
    const std::vector<Diagnostic> diags = m_session.snapshot().diagnostics;
    for (size_t i = diags.size(); i-- > 0;)
        if (startsWith(reason, ("error: " + diags[i].message + " [" + diags[i].kind + "]").c_str()))
            return diags[i];
    return std::nullopt;
}

bool DapSession::suppressed(const Diagnostic& d) const {
    return m_suppressions && m_session.program() &&
           m_suppressions->match(d, m_session.program()->sources, m_session.kernelName());
}

std::string DapSession::exceptionText(const std::string& reason) {
    Snapshot snap = m_session.snapshot();
    const Program* program = m_session.program();
    for (size_t i = snap.diagnostics.size(); i-- > 0;) {
        const Diagnostic& d = snap.diagnostics[i];
        if (!startsWith(reason, ("error: " + d.message + " [" + d.kind + "]").c_str())) continue;
        std::ostringstream text;
        if (program) {
            DiagnosticPrinter printer(program->sources);
            printer.setDetailsLookup(
                [this](const Diagnostic& x) { return m_session.checkDetails(x); });
            printer.setKernelName(m_session.kernelName());
            printer.printText(text, d,
                              i < snap.diagnosticCounts.size() ? snap.diagnosticCounts[i] : 1);
        }
        json details = {{"message", text.str()}, {"typeName", d.kind}};
        if (i < snap.diagnosticDetails.size() && snap.diagnosticDetails[i])
            details["facts"] = *snap.diagnosticDetails[i];
        m_exception = {{"exceptionId", d.kind},
                       {"description", d.message},
                       {"breakMode", "always"},
                       {"details", details}};
        return d.message;
    }
    m_exception = {{"exceptionId", "runtime-error"},
                   {"description", reason},
                   {"breakMode", "always"},
                   {"details", {{"message", reason}}}};
    return reason;
}

} // namespace clstep::cli::dap
