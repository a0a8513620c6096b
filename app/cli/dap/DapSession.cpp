// DapSession: launch, threads, stack frames, breakpoints and stops of the debug adapter.
#include "DapSession.h"

#include "DapError.h"
#include "DiagnosticPrinter.h"
#include "ExceptionFilters.h"
#include "LaunchPreparation.h"
#include "SweepCommand.h"

#include <filesystem>
#include <sstream>

namespace clstep::cli::dap {

using nlohmann::json;
using namespace clstep::debug;

namespace {

/// A size option given as "16,4", 16 or [16, 4].
std::string sizeText(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_unsigned() || v.is_number_integer()) return std::to_string(v.get<int64_t>());
    if (v.is_array()) {
        std::string s;
        for (const json& x : v) {
            if (!x.is_number_integer()) throw DapError("sizes are numbers: " + v.dump());
            s += (s.empty() ? "" : ",") + std::to_string(x.get<int64_t>());
        }
        return s;
    }
    throw DapError("a size is a number, a list of numbers or \"X,Y,Z\": " + v.dump());
}

std::string stringOf(const json& args, const char* name, const std::string& fallback) {
    if (!args.contains(name)) return fallback;
    if (!args[name].is_string()) throw DapError(std::string("'") + name + "' must be a string");
    return args[name].get<std::string>();
}

bool flagOf(const json& args, const char* name) {
    if (!args.contains(name)) return false;
    if (!args[name].is_boolean())
        throw DapError(std::string("'") + name + "' must be true or false");
    return args[name].get<bool>();
}

std::vector<std::string> listOf(const json& args, const char* name) {
    std::vector<std::string> out;
    if (!args.contains(name)) return out;
    const json& v = args[name];
    if (v.is_string()) return {v.get<std::string>()};
    if (!v.is_array()) throw DapError(std::string("'") + name + "' must be a list of strings");
    for (const json& x : v) {
        if (!x.is_string()) throw DapError(std::string("'") + name + "' must be a list of strings");
        out.push_back(x.get<std::string>());
    }
    return out;
}

std::string canonical(const std::string& path) {
    std::error_code ec;
    std::filesystem::path p = std::filesystem::weakly_canonical(path, ec);
    return ec ? path : p.string();
}

std::string idText(const std::array<uint64_t, 3>& id) {
    return "(" + std::to_string(id[0]) + "," + std::to_string(id[1]) + "," + std::to_string(id[2]) +
           ")";
}

std::array<uint64_t, 3> idOf(const json& v) {
    std::array<uint64_t, 3> id{0, 0, 0};
    if (!v.is_array() || v.empty() || v.size() > 3)
        throw DapError("an id is a list of 1 to 3 numbers: " + v.dump());
    for (size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_number_unsigned()) throw DapError("ids are non-negative numbers: " + v.dump());
        id[i] = v[i].get<uint64_t>();
    }
    return id;
}

/// `run`'s options from DAP launch arguments (docs/editors.md): the launch and its checks,
/// not the schedule, suppressions or stopOnEntry. Throws DapError for a field of the wrong type.
RunOptionsCli runOptionsOf(const json& args) {
    RunOptionsCli o;
    o.file = stringOf(args, "program", "");
    if (o.file.empty()) throw DapError("launch needs 'program': a .sim launch file or a .cl file");
    o.kernel = stringOf(args, "kernel", "");
    if (args.contains("global")) o.global = sizeText(args["global"]);
    if (args.contains("local")) o.local = sizeText(args["local"]);
    if (args.contains("global-offset")) o.globalOffset = sizeText(args["global-offset"]);
    o.args = listOf(args, "arg");
    for (const std::string& a : listOf(args, "args"))
        o.args.push_back(a);
    o.clStd = stringOf(args, "cl-std", o.clStd);
    o.defines = listOf(args, "define");
    o.includeDirs = listOf(args, "include");
    o.deviceEndian = stringOf(args, "device-endian", o.deviceEndian);
    if (!o.deviceEndian.empty() && o.deviceEndian != "little" && o.deviceEndian != "big")
        throw DapError("'device-endian' is \"little\" or \"big\"");
    if (args.contains("max-steps")) {
        if (!args["max-steps"].is_number_unsigned())
            throw DapError("'max-steps' must be a positive number");
        o.maxSteps = args["max-steps"].get<uint64_t>();
    }
    o.noChecks = flagOf(args, "no-checks");
    o.noDataRaces = flagOf(args, "no-data-races");
    o.noUninitialized = flagOf(args, "no-uninitialized");
    o.noEndianEvents = flagOf(args, "no-endian-events");
    o.uniformWrites = flagOf(args, "uniform-writes");
    o.strictRaces = flagOf(args, "strict-races");
    return o;
}

/// A matrix list given as "a,b", a number, or a list of strings and numbers: "a,b".
std::string matrixList(const json& matrix, const char* name) {
    if (!matrix.contains(name)) return "";
    const json& v = matrix[name];
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_unsigned()) return std::to_string(v.get<uint64_t>());
    if (!v.is_array())
        throw DapError(std::string("'matrix.") + name + "' must be a list or \"a,b,...\"");
    std::string s;
    for (const json& x : v) {
        if (!x.is_string() && !x.is_number_unsigned())
            throw DapError(std::string("'matrix.") + name +
                           "' lists strings or numbers: " + v.dump());
        s += (s.empty() ? "" : ",") +
             (x.is_string() ? x.get<std::string>() : std::to_string(x.get<uint64_t>()));
    }
    if (s.empty()) throw DapError(std::string("'matrix.") + name + "' is empty");
    return s;
}

} // namespace

void DapSession::launch(const json& args) {
    if (!args.is_object()) throw DapError("launch arguments must be an object");
    RunOptionsCli o = runOptionsOf(args);
    SchedulePolicy policy = SchedulePolicy::InOrder;
    std::string schedule = stringOf(args, "schedule", "in-order");
    if (!parseSchedulePolicy(schedule, policy))
        throw DapError("unknown schedule '" + schedule +
                       "' (in-order, round-robin, reverse or random)");
    uint64_t seed = 1;
    if (args.contains("seed")) {
        if (!args["seed"].is_number_unsigned()) throw DapError("'seed' must be a number");
        seed = args["seed"].get<uint64_t>();
    }
    bool stopOnEntry = flagOf(args, "stopOnEntry");
    auto suppressions = std::make_unique<launch::Suppressions>();
    for (const std::string& path : listOf(args, "suppressions")) {
        const std::vector<Diagnostic> errors = suppressions->load(path);
        if (errors.empty()) continue;
        std::ostringstream text;
        const DiagnosticPrinter printer(suppressions->sources());
        for (const Diagnostic& d : errors)
            printer.printText(text, d);
        throw DapError("invalid launch:\n" + text.str());
    }

    PreparedLaunch prepared;
    std::ostringstream diagnostics;
    if (int rc = prepareLaunch(o, prepared, diagnostics); rc != 0)
        throw DapError(std::string(rc == 2 ? "invalid launch" : "the launch failed to build") +
                       ":\n" + diagnostics.str());
    std::string why;
    if (!startSession(m_session, prepared.config.kernelFile, prepared.config.kernelName,
                      prepared.range, prepared.args, prepared.compile, prepared.run,
                      prepared.checks, why))
        throw DapError(why + "\n" + diagnostics.str());
    if (policy != SchedulePolicy::InOrder || seed != 1) m_session.setSchedule(policy, seed);
    m_launchArgs = args;
    m_suppressions = std::move(suppressions);
    m_launched = true;
    m_stopOnEntry = stopOnEntry;
    m_mainPath = canonical(prepared.config.kernelFile);
    m_outputShown = 0;
    m_actions.assign(m_session.actionCount(), true);
    m_hits.clear();
    m_breakpointIds.clear();
    m_hitConditions.clear();
    std::vector<Breakpoint> kept = m_session.breakpoints();
    for (const Breakpoint& b : kept)
        m_session.removeBreakpoint(b.id);
    for (const auto& [path, list] : m_sourceBreakpoints)
        applyBreakpoints(path, list, nullptr);
    ++m_stops;
}

json DapSession::sweep(const json& request) {
    if (!request.is_null() && !request.is_object())
        throw DapError("'clstep/sweep' arguments must be an object");
    json args = request.is_object() ? request : json::object();
    if (!args.contains("program")) {
        if (!m_launched)
            throw DapError("'clstep/sweep' needs 'program' (a .sim or .cl file) or a launched "
                           "kernel");
        json merged = m_launchArgs;
        for (const auto& [key, value] : args.items())
            merged[key] = value;
        args = std::move(merged);
    }
    SweepOptionsCli o;
    o.run = runOptionsOf(args);
    o.run.suppressions = listOf(args, "suppressions");
    o.run.kernelFileOverride = stringOf(args, "kernel-file", "");
    if (args.contains("matrix")) {
        const json& m = args["matrix"];
        if (!m.is_object()) throw DapError("'matrix' must be an object");
        o.matrix.local = matrixList(m, "local");
        o.matrix.subGroups = matrixList(m, "sub_group_sizes");
        o.matrix.schedules = matrixList(m, "schedules");
        o.matrix.endians = matrixList(m, "device_endian");
        if (m.contains("random")) {
            if (!m["random"].is_number_unsigned() || m["random"].get<uint64_t>() > 10000)
                throw DapError("'matrix.random' must be a number from 0 to 10000");
            o.matrix.random = m["random"].get<unsigned>();
        }
    }
    if (args.contains("ulp")) {
        if (!args["ulp"].is_number_unsigned()) throw DapError("'ulp' must be a number");
        o.ulp = args["ulp"].get<uint64_t>();
    }
    o.pinLocal = listOf(args, "pin-local");
    o.quiet = true;
    std::ostringstream text, errors;
    json report;
    const int rc = clstep::cli::sweep(o, text, errors, &report);
    if (rc == 2 || report.is_null()) throw DapError("invalid sweep:\n" + errors.str());
    return report;
}

std::string DapSession::sourcePath(uint32_t file) const {
    const Program* p = m_session.program();
    if (!p) return "";
    return canonical(p->sources.path(file));
}

void DapSession::selectThread(int threadId) {
    if (threadId <= 0) return;
    Snapshot snap = m_session.snapshot();
    size_t index = static_cast<size_t>(threadId - 1);
    if (index >= snap.workItems.size())
        throw DapError("no thread " + std::to_string(threadId) + " in the selected work-group");
    if (index == snap.selected) return;
    if (!m_session.selectLocal(snap.workItems[index].id.local))
        throw DapError(m_session.lastError());
    m_actions.resize(m_session.actionCount(), true);
}

json DapSession::threads() {
    Snapshot snap = m_session.snapshot();
    json list = json::array();
    for (const WorkItemSnapshot& w : snap.workItems)
        list.push_back(
            {{"id", w.linearLocalId + 1},
             {"name", "work-item " + idText(w.id.global) + " local " + idText(w.id.local) + " [" +
                          workItemStateName(w.state) + "]"}});
    return {{"threads", list}};
}

json DapSession::stackTrace(const json& args) {
    int threadId = args.value("threadId", 0);
    Snapshot snap = m_session.snapshot();
    if (threadId <= 0 || static_cast<size_t>(threadId) > snap.workItems.size())
        throw DapError("no thread " + std::to_string(threadId) + " in the selected work-group");
    const WorkItemSnapshot& w = snap.workItems[static_cast<size_t>(threadId - 1)];
    std::vector<StackFrame> frames(w.callStack.rbegin(), w.callStack.rend());
    if (frames.empty()) frames.push_back({m_session.kernelName(), w.position});
    json out = json::array();
    for (size_t i = 0; i < frames.size(); ++i) {
        const StackFrame& f = frames[i];
        json frame = {{"id", threadId * kFramesPerThread + static_cast<int>(i)},
                      {"name", f.function + (w.state == WorkItemState::Finished    ? " (finished)"
                                             : w.state == WorkItemState::AtBarrier ? " (at barrier)"
                                                                                   : "")},
                      {"line", f.position.begin.line},
                      {"column", std::max<uint32_t>(1, f.position.begin.column)}};
        if (f.position.valid()) {
            std::string path = sourcePath(f.position.begin.file);
            frame["source"] = {{"name", std::filesystem::path(path).filename().string()},
                               {"path", path}};
            frame["endLine"] = f.position.end.line;
            frame["endColumn"] = f.position.end.column;
        }
        out.push_back(frame);
    }
    size_t start = args.value("startFrame", 0u), levels = args.value("levels", 0u);
    json page = json::array();
    for (size_t i = start; i < out.size() && (levels == 0 || i < start + levels); ++i)
        page.push_back(out[i]);
    return {{"stackFrames", page}, {"totalFrames", out.size()}};
}

json DapSession::custom(const json& args, std::vector<json>& events) {
    if (!args.is_object()) throw DapError("'clstep' arguments must be an object");
    if (args.contains("schedule")) {
        SchedulePolicy p;
        std::string name = args["schedule"].is_string() ? args["schedule"].get<std::string>() : "";
        if (!parseSchedulePolicy(name, p))
            throw DapError("unknown schedule " + args["schedule"].dump() +
                           " (in-order, round-robin, reverse or random)");
        m_session.setSchedule(p, args.value("seed", uint64_t{1}));
    }
    if (args.contains("group") && !m_session.selectGroup(idOf(args["group"])))
        throw DapError("cannot select work-group " + args["group"].dump() + ": " +
                       m_session.lastError());
    if (args.contains("workItem") && !m_session.selectGlobal(idOf(args["workItem"])))
        throw DapError("cannot select work-item " + args["workItem"].dump() + ": " +
                       m_session.lastError());
    Snapshot snap = m_session.snapshot();
    m_actions.resize(m_session.actionCount(), true);
    ++m_stops;
    json body = {{"group", snap.group},
                 {"groupSize", snap.groupSize},
                 {"numGroups", snap.numGroups},
                 {"groupsFinished", snap.groupsFinished},
                 {"schedule", schedulePolicyName(m_session.scheduler().policy())},
                 {"selectedThread", snap.selected + 1}};
    events.push_back({{"event", "stopped"},
                      {"body",
                       {{"reason", "step"},
                        {"description", "work-group " + idText(snap.group) + " selected"},
                        {"threadId", snap.selected + 1},
                        {"allThreadsStopped", true}}}});
    return body;
}

json DapSession::setExceptionBreakpoints(const json& args) {
    bool errors = false;
    Session::KindSet kinds;
    json results = json::array();
    json filters = args.value("filters", json::array());
    if (!filters.is_array()) throw DapError("'filters' must be a list");
    for (const json& f : filters) {
        const std::optional<DiagnosticKind> kind =
            f.is_string() ? ExceptionFilters::kind(f.get<std::string>()) : std::nullopt;
        // "errors", the one filter of earlier versions: every runtime error
        const bool all = f == "errors";
        if (kind) kinds.set(static_cast<size_t>(*kind));
        errors = errors || all;
        json r = {{"verified", kind || all}};
        if (!kind && !all)
            r["message"] = "unknown filter " + f.dump() +
                           " (clstep's filters are the diagnostic kinds a running kernel "
                           "reports, such as \"data-race\": `clstep-cli kinds`)";
        results.push_back(r);
    }
    m_session.setBreakOnError(errors);
    m_session.setBreakOnKinds(kinds);
    return {{"breakpoints", results}};
}

json DapSession::exceptionInfo(const json&) {
    if (m_exception.is_null()) throw DapError("the last stop was not an exception");
    return m_exception;
}

} // namespace clstep::cli::dap
