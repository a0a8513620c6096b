// DapSession: execution requests and the events that report their outcome.
#include "DapError.h"
#include "DapSession.h"
#include "DiagnosticPrinter.h"

#include <optional>
#include <sstream>

namespace clstep::cli::dap {

using nlohmann::json;
using namespace clstep::debug;

Stop DapSession::runOp(Op op) {
    switch (op) {
    case Op::Entry:
        return m_session.lastStop();
    case Op::Continue:
        while (true) {
            const Stop stop = m_session.execute(Command::Continue);
            if (stop.ok && stop.kind == StopKind::Error) {
                // A suppressed report does not stop the run.
                if (suppressed(stop)) continue;
                return stop;
            }
            if (!stop.ok || stop.kind != StopKind::Breakpoint) return stop;
            if (hitConditionAllows(stop.id)) return stop;
        }
    case Op::Next:
        return m_session.execute(Command::Next);
    case Op::StepIn:
        return m_session.execute(Command::Step);
    case Op::StepOut:
        return m_session.execute(Command::Finish);
    case Op::StepBack: {
        // back over the selections made since the last stop too (threads, stack frames)
        size_t undo = 0;
        size_t i = m_actions.size();
        while (i > 0 && m_actions[i - 1]) {
            --i;
            ++undo;
        }
        if (i == 0) throw DapError("nothing to step back to: this is the start of the kernel");
        return m_session.execute(Command(Command::StepBack, {std::to_string(undo + 1)}));
    }
    case Op::ReverseContinue:
        return m_session.execute(Command::ReverseContinue);
    }
    return m_session.lastStop();
}

std::vector<json> DapSession::execute(Op op, int threadId) {
    if (!m_launched) throw DapError("no kernel is launched: send 'launch' first");
    if (op == Op::Next || op == Op::StepIn || op == Op::StepOut) selectThread(threadId);
    const Stop stop = runOp(op);
    std::vector<json> events;
    if (!stop.ok) {
        m_actions.resize(m_session.actionCount(), true);
        throw DapError(stop.message());
    }
    stoppedEvent(events, stop, op);
    return events;
}

void DapSession::stoppedEvent(std::vector<json>& events, const Stop& stop, Op op) {
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
    json body = {
        {"threadId", snap.selected + 1}, {"allThreadsStopped", true}, {"description", stop.text}};
    m_exception = nullptr;
    if (op == Op::Entry) {
        body["reason"] = "entry";
    } else if (stop.kind == StopKind::Breakpoint) {
        body["reason"] = "breakpoint";
        body["hitBreakpointIds"] = json::array({stop.id});
    } else if (stop.kind == StopKind::Watchpoint) {
        body["reason"] = "data breakpoint";
        body["hitBreakpointIds"] = json::array({stop.id});
    } else if (stop.kind == StopKind::Error) {
        body["reason"] = "exception";
        body["text"] = exceptionText(stop);
        events.push_back({{"event", "output"},
                          {"body",
                           {{"category", "stderr"},
                            {"output", m_exception["details"]["message"].get<std::string>()}}}});
    } else if (stop.kind == StopKind::Paused) {
        body["reason"] = "pause";
    } else {
        body["reason"] = "step";
    }
    events.push_back({{"event", "stopped"}, {"body", body}});
}

bool DapSession::suppressed(const Stop& stop) const {
    if (!m_suppressions || !m_session.program() || stop.diagnostic < 0) return false;
    const std::vector<Diagnostic> diags = m_session.diagnostics();
    const size_t i = static_cast<size_t>(stop.diagnostic);
    return i < diags.size() && m_suppressions->match(diags[i], m_session.program()->sources,
                                                     m_session.kernelName());
}

std::string DapSession::exceptionText(const Stop& stop) {
    Snapshot snap = m_session.snapshot();
    const Program* program = m_session.program();
    if (stop.diagnostic >= 0 && static_cast<size_t>(stop.diagnostic) < snap.diagnostics.size()) {
        const size_t i = static_cast<size_t>(stop.diagnostic);
        const Diagnostic& d = snap.diagnostics[i];
        std::ostringstream text;
        if (program) {
            DiagnosticPrinter printer(program->sources);
            printer.setDetailsLookup(
                [this](const Diagnostic& x) { return m_session.checkDetails(x); });
            printer.setKernelName(m_session.kernelName());
            printer.printText(text, d,
                              i < snap.diagnosticCounts.size() ? snap.diagnosticCounts[i] : 1);
        }
        json details = {{"message", text.str()}, {"typeName", DiagnosticKinds::name(d.kind)}};
        if (i < snap.diagnosticDetails.size() && snap.diagnosticDetails[i])
            details["facts"] = *snap.diagnosticDetails[i];
        m_exception = {{"exceptionId", DiagnosticKinds::name(d.kind)},
                       {"description", d.message},
                       {"breakMode", "always"},
                       {"details", details}};
        return d.message;
    }
    m_exception = {{"exceptionId", "runtime-error"},
                   {"description", stop.text},
                   {"breakMode", "always"},
                   {"details", {{"message", stop.text}}}};
    return stop.text;
}

} // namespace clstep::cli::dap
