// DapVariables: scopes per address space, variables, memory, expressions, data breakpoints.
#include "DapVariables.h"

#include "DapError.h"
#include "DapSession.h"
#include "core/Address.h"

namespace clstep::cli::dap {

using nlohmann::json;
using namespace clstep::debug;

namespace {

constexpr size_t kBufferElementsMax = 4096; ///< elements one `variables` page lists at most

uint64_t parseAddress(const json& v) {
    if (!v.is_string()) throw DapError("a memoryReference is a string such as \"0x6000...\"");
    std::string s = v.get<std::string>();
    try {
        size_t used = 0;
        uint64_t a = std::stoull(s, &used, 0);
        if (used != s.size()) throw std::invalid_argument(s);
        return a;
    } catch (...) {
        throw DapError("'" + s + "' is not a memory reference of this adapter");
    }
}

} // namespace

std::string DapVariables::hex(uint64_t address) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(address));
    return buf;
}

std::string DapVariables::base64(const uint8_t* b, size_t n) {
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((n + 2) / 3 * 4);
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = uint32_t(b[i]) << 16;
        if (i + 1 < n) v |= uint32_t(b[i + 1]) << 8;
        if (i + 2 < n) v |= b[i + 2];
        out += k[(v >> 18) & 63];
        out += k[(v >> 12) & 63];
        out += i + 1 < n ? k[(v >> 6) & 63] : '=';
        out += i + 2 < n ? k[v & 63] : '=';
    }
    return out;
}

void DapVariables::refresh() {
    if (m_epoch == m_dap.stopCount() && !m_handles.empty()) return;
    m_epoch = m_dap.stopCount();
    m_handles.clear();
    m_snap = m_dap.session().snapshot();
}

int DapVariables::addHandle(Handle h) {
    m_handles.push_back(std::move(h));
    return static_cast<int>(m_handles.size());
}

json DapVariables::scopes(const json& args) {
    int frameId = args.value("frameId", 0);
    int threadId = frameId / DapSession::kFramesPerThread;
    int depth = frameId % DapSession::kFramesPerThread;
    m_dap.selectThread(threadId);
    m_epoch = ~uint64_t(0); // the selection may have changed
    refresh();
    json list = json::array();
    const std::pair<AddressSpace, const char*> spaces[] = {{AddressSpace::Private, "__private"},
                                                           {AddressSpace::Local, "__local"},
                                                           {AddressSpace::Global, "__global"},
                                                           {AddressSpace::Constant, "__constant"}};
    for (const auto& [space, name] : spaces) {
        Handle h;
        h.kind = Handle::Kind::Scope;
        h.space = space;
        json scope = {{"name", name},
                      {"variablesReference", addHandle(h)},
                      {"expensive", space == AddressSpace::Global}};
        if (space == AddressSpace::Private) {
            scope["presentationHint"] = "locals";
            // Session snapshots hold the variables of the innermost frame only.
            if (depth != 0) scope["name"] = "__private (innermost frame)";
        }
        list.push_back(scope);
    }
    return {{"scopes", list}};
}

json DapVariables::variableJson(const VariableSnapshot& v, const std::string& evaluateName) {
    json j = {{"name", v.name},
              {"value", v.value},
              {"type", v.type},
              {"evaluateName", evaluateName},
              {"variablesReference", 0}};
    if (v.address) j["memoryReference"] = hex(v.address);
    if (!v.children.empty()) {
        Handle h;
        h.kind = Handle::Kind::Children;
        h.variable = v;
        h.evaluateName = evaluateName;
        j["variablesReference"] = addHandle(std::move(h));
        bool indexed = v.children.front().name.rfind('[', 0) == 0;
        j[indexed ? "indexedVariables" : "namedVariables"] = v.children.size();
    }
    return j;
}

json DapVariables::scopeVariables(AddressSpace space) {
    json list = json::array();
    std::vector<std::string> shown;
    for (const VariableSnapshot& v : m_snap.variables)
        if (v.space == space) {
            list.push_back(variableJson(v, v.name));
            shown.push_back(v.name);
        }
    // `__private` memory is shown as the variables above, not as buffers
    if (space == AddressSpace::Private) return list;
    for (const MemoryRegion& r : m_snap.memory[space]) {
        if (std::find(shown.begin(), shown.end(), r.name) != shown.end()) continue;
        Handle h;
        h.kind = Handle::Kind::Buffer;
        h.space = space;
        h.region = r;
        h.evaluateName = r.name;
        json j = {{"name", r.name.empty() ? "(buffer)" : r.name},
                  {"value", std::to_string(r.bytes.size()) + " bytes at " + hex(r.address)},
                  {"type", std::string(addressSpaceName(space)) + " buffer"},
                  {"memoryReference", hex(r.address)}};
        j["variablesReference"] = addHandle(std::move(h));
        list.push_back(j);
    }
    return list;
}

json DapVariables::bufferElements(const Handle& h, size_t start, size_t count) {
    json list = json::array();
    // Typed elements when a pointer of the buffer's name is in scope (`in[3]`), else rows of
    // 16 bytes.
    EvalResult element = m_dap.session().evaluate("*" + h.region.name);
    uint64_t size = h.region.bytes.size();
    if (!h.region.name.empty() && element.ok && element.size > 0) {
        uint64_t n = size / element.size;
        for (uint64_t i = start; i < n && i < start + count; ++i) {
            std::string expr = h.region.name + "[" + std::to_string(i) + "]";
            EvalResult r = m_dap.session().evaluate(expr);
            if (!r.ok) break;
            r.variable.name = "[" + std::to_string(i) + "]";
            list.push_back(variableJson(r.variable, expr));
        }
        return list;
    }
    for (uint64_t row = start; row * 16 < size && row < start + count; ++row) {
        std::string text;
        for (uint64_t b = row * 16; b < size && b < row * 16 + 16; ++b) {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%02x ", h.region.bytes[b]);
            text += buf;
        }
        text.pop_back();
        list.push_back({{"name", "+" + std::to_string(row * 16)},
                        {"value", text},
                        {"memoryReference", hex(h.region.address + row * 16)},
                        {"variablesReference", 0}});
    }
    return list;
}

json DapVariables::variables(const json& args) {
    refresh();
    int ref = args.value("variablesReference", 0);
    if (ref <= 0 || static_cast<size_t>(ref) > m_handles.size())
        throw DapError("variablesReference " + std::to_string(ref) +
                       " is unknown (references are valid until the next stop)");
    Handle h = m_handles[static_cast<size_t>(ref - 1)];
    size_t start = args.value("start", 0u);
    size_t count = args.value("count", 0u);
    if (count == 0) count = kBufferElementsMax;
    json list = json::array();
    switch (h.kind) {
    case Handle::Kind::Scope:
        list = scopeVariables(h.space);
        break;
    case Handle::Kind::Children:
        for (size_t i = start; i < h.variable.children.size() && i < start + count; ++i) {
            const VariableSnapshot& c = h.variable.children[i];
            std::string name =
                c.name.rfind('[', 0) == 0 ? h.evaluateName + c.name : h.evaluateName + "." + c.name;
            list.push_back(variableJson(c, name));
        }
        break;
    case Handle::Kind::Buffer:
        list = bufferElements(h, start, count);
        break;
    }
    return {{"variables", list}};
}

const MemoryRegion* DapVariables::findRegion(uint64_t a) const {
    for (const MemoryRegion& r : m_snap.memory[address::space(a)])
        if (address::buffer(r.address) == address::buffer(a) && a >= r.address &&
            a - r.address < r.bytes.size())
            return &r;
    return nullptr;
}

json DapVariables::readMemory(const json& args) {
    refresh();
    uint64_t base = parseAddress(args.value("memoryReference", json()));
    int64_t offset = args.value("offset", int64_t{0});
    uint64_t count = args.value("count", uint64_t{0});
    if (count > (64u << 20)) throw DapError("readMemory reads at most 64 MiB at once");
    uint64_t a = base + static_cast<uint64_t>(offset);
    json body = {{"address", hex(a)}};
    const MemoryRegion* r = findRegion(a);
    if (!r) {
        body["unreadableBytes"] = count;
        return body;
    }
    uint64_t from = a - r->address;
    uint64_t n = std::min<uint64_t>(count, r->bytes.size() - from);
    body["data"] = base64(r->bytes.slice(from, n).data(), n);
    if (n < count) body["unreadableBytes"] = count - n;
    return body;
}

json DapVariables::evaluate(const json& args) {
    if (!args.contains("expression") || !args["expression"].is_string())
        throw DapError("evaluate needs an 'expression'");
    if (args.contains("frameId") && args["frameId"].is_number_integer()) {
        m_dap.selectThread(args["frameId"].get<int>() / DapSession::kFramesPerThread);
        m_epoch = ~uint64_t(0);
    }
    refresh();
    EvalResult r = m_dap.session().evaluate(args["expression"].get<std::string>());
    if (!r.ok)
        throw DapError(r.error + (r.hint.empty() ? std::string() : " (hint: " + r.hint + ")"));
    json v = variableJson(r.variable, r.expression);
    json body = {
        {"result", r.value}, {"type", r.type}, {"variablesReference", v["variablesReference"]}};
    for (const char* k : {"indexedVariables", "namedVariables"})
        if (v.contains(k)) body[k] = v[k];
    if (r.address) body["memoryReference"] = hex(r.address);
    return body;
}

json DapVariables::dataBreakpointInfo(const json& args) {
    if (args.contains("frameId") && args["frameId"].is_number_integer()) {
        m_dap.selectThread(args["frameId"].get<int>() / DapSession::kFramesPerThread);
        m_epoch = ~uint64_t(0);
    }
    refresh();
    std::string name = args.value("name", std::string());
    int ref = args.value("variablesReference", 0);
    std::string expr = name;
    if (ref > 0 && static_cast<size_t>(ref) <= m_handles.size()) {
        const Handle& h = m_handles[static_cast<size_t>(ref - 1)];
        if (h.kind == Handle::Kind::Children || h.kind == Handle::Kind::Buffer)
            expr = name.rfind('[', 0) == 0 ? h.evaluateName + name : h.evaluateName + "." + name;
    }
    EvalResult r = m_dap.session().evaluate(expr);
    if (!r.ok || !r.address)
        return {{"dataId", nullptr},
                {"description", r.ok ? "'" + expr + "' is not an object in memory" : r.error}};
    return {{"dataId", expr},
            {"description", expr + " (" + std::to_string(r.size) + " bytes, " + r.type + ")"},
            {"accessTypes", {"read", "write", "readWrite"}},
            {"canPersist", false}};
}

json DapVariables::setDataBreakpoints(const json& args) {
    json list = args.value("breakpoints", json::array());
    if (!list.is_array()) throw DapError("'breakpoints' must be a list");
    for (int id : m_watchIds)
        m_dap.session().removeWatchpoint(id);
    m_watchIds.clear();
    m_dataBreakpoints = list;
    json results = json::array();
    for (const json& b : list) {
        json result = {{"verified", false}};
        std::string expr = b.is_object() ? b.value("dataId", std::string()) : "";
        std::string access = b.is_object() ? b.value("accessType", std::string("write")) : "";
        WatchKind kind = access == "read"        ? WatchKind::Read
                         : access == "readWrite" ? WatchKind::Access
                                                 : WatchKind::Write;
        int id = expr.empty() ? 0 : m_dap.session().addWatchpoint(expr, kind);
        if (id) {
            result["verified"] = true;
            result["id"] = id;
            m_watchIds.push_back(id);
        } else {
            result["message"] =
                expr.empty() ? "a data breakpoint needs a dataId" : m_dap.session().lastError();
        }
        results.push_back(result);
    }
    return {{"breakpoints", results}};
}

void DapVariables::reapply() {
    setDataBreakpoints({{"breakpoints", m_dataBreakpoints}});
}

} // namespace clstep::cli::dap
