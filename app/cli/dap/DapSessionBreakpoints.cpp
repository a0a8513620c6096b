// DapSession: line breakpoints with conditions and hit conditions.
#include "DapError.h"
#include "DapSession.h"

#include <filesystem>

namespace clstep::cli::dap {

using nlohmann::json;

namespace {

std::string canonical(const std::string& path) {
    std::error_code ec;
    std::filesystem::path p = std::filesystem::weakly_canonical(path, ec);
    return ec ? path : p.string();
}

/// Parses a DAP hit condition: "N" or ">=N" (from the N-th hit on), ">N", "==N" or "=N",
/// "<N", "<=N", "%N" (every N-th hit). False if it is none of these.
bool parseHitCondition(std::string text, std::string& op, uint64_t& n) {
    text.erase(std::remove_if(text.begin(), text.end(), ::isspace), text.end());
    op = ">=";
    for (const char* candidate : {">=", "<=", "==", ">", "<", "=", "%"}) {
        std::string c = candidate;
        if (text.rfind(c, 0) == 0) {
            op = c == "=" ? "==" : c;
            text = text.substr(c.size());
            break;
        }
    }
    if (text.empty() || !std::all_of(text.begin(), text.end(), ::isdigit)) return false;
    try {
        n = std::stoull(text);
    } catch (...) {
        return false;
    }
    return !(op == "%" && n == 0);
}

} // namespace

json DapSession::setBreakpoints(const json& args) {
    if (!args.contains("source") || !args["source"].is_object())
        throw DapError("setBreakpoints needs a 'source'");
    std::string path = canonical(args["source"].value("path", std::string()));
    json list = args.value("breakpoints", json::array());
    if (!list.is_array()) throw DapError("'breakpoints' must be a list");
    if (list.empty() && args.contains("lines") && args["lines"].is_array())
        for (const json& l : args["lines"])
            list.push_back({{"line", l}});
    m_sourceBreakpoints[path] = list;
    json results = json::array();
    applyBreakpoints(path, list, &results);
    return {{"breakpoints", results}};
}

void DapSession::applyBreakpoints(const std::string& path, const json& list, json* results) {
    for (int id : m_breakpointIds[path]) {
        m_session.removeBreakpoint(id);
        m_hitConditions.erase(id);
    }
    m_breakpointIds[path].clear();
    for (const json& b : list) {
        json result = {{"verified", false}};
        uint32_t line = b.is_object() && b.contains("line") && b["line"].is_number_unsigned()
                            ? b["line"].get<uint32_t>()
                            : 0;
        if (line) result["line"] = line;
        std::string condition = b.is_object() ? b.value("condition", std::string()) : "";
        std::string hit = b.is_object() ? b.value("hitCondition", std::string()) : "";
        HitCondition hc;
        if (!line) {
            result["message"] = "a breakpoint needs a line (1-based)";
        } else if (path != m_mainPath) {
            result["message"] =
                "clstep sets breakpoints in the kernel's file (" + m_mainPath + ") only";
        } else if (!hit.empty() && !parseHitCondition(hit, hc.op, hc.n)) {
            result["message"] =
                "hit condition '" + hit + "' is not N, >=N, >N, ==N, <N, <=N or %N (N a number)";
        } else {
            int id = m_session.addBreakpoint(line, condition);
            if (!id) {
                result["message"] = m_session.lastError();
            } else {
                result["verified"] = true;
                result["id"] = id;
                m_breakpointIds[path].push_back(id);
                if (!hit.empty()) m_hitConditions[id] = hc;
            }
        }
        if (results) results->push_back(result);
    }
}

bool DapSession::hitConditionAllows(int id) {
    uint64_t hits = ++m_hits[id];
    auto it = m_hitConditions.find(id);
    if (it == m_hitConditions.end()) return true;
    const HitCondition& c = it->second;
    if (c.op == ">=") return hits >= c.n;
    if (c.op == ">") return hits > c.n;
    if (c.op == "==") return hits == c.n;
    if (c.op == "<") return hits < c.n;
    if (c.op == "<=") return hits <= c.n;
    return hits % c.n == 0;
}

} // namespace clstep::cli::dap
