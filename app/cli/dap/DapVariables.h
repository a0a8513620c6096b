#pragma once

#include "debug/Snapshot.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace clstep::cli::dap {

class DapSession;

/// Variables, memory and expressions of the debug adapter: `scopes` (one per address space:
/// __private, __local, __global, __constant), `variables` (with a `memoryReference` per
/// variable and per buffer, children of vectors, structs and arrays, and a buffer's elements
/// when a pointer of that name is in scope), `readMemory` (device bytes of one buffer,
/// base64), `evaluate` (hover, watch, repl: Session::evaluate), `dataBreakpointInfo` and
/// `setDataBreakpoints` (the session's watchpoints). Variable references are valid until
/// the next stop. Failing requests throw DapError.
class DapVariables {
public:
    explicit DapVariables(DapSession& session) : m_dap(session) {}

    nlohmann::json scopes(const nlohmann::json& args);
    nlohmann::json variables(const nlohmann::json& args);
    nlohmann::json readMemory(const nlohmann::json& args);
    nlohmann::json evaluate(const nlohmann::json& args);
    nlohmann::json dataBreakpointInfo(const nlohmann::json& args);
    /// Replaces every data breakpoint with `args.breakpoints` (dataId: an lvalue expression;
    /// accessType read, write or readWrite).
    nlohmann::json setDataBreakpoints(const nlohmann::json& args);
    /// Sets the data breakpoints of the last setDataBreakpoints again (after a restart).
    void reapply();

    /// "0x6000010000000000": how addresses appear in memory references.
    static std::string hex(uint64_t address);
    /// RFC 4648 base64 of `bytes` (readMemory's `data`).
    static std::string base64(const uint8_t* bytes, size_t size);

private:
    /// What a variables reference stands for.
    struct Handle {
        enum class Kind { Scope, Children, Buffer } kind = Kind::Scope;
        AddressSpace space = AddressSpace::Private;
        debug::VariableSnapshot variable; ///< Children: the parent
        std::string evaluateName;         ///< Children, Buffer: expression of the parent
        debug::MemoryRegion region;       ///< Buffer
    };
    void refresh();
    int addHandle(Handle h);
    nlohmann::json variableJson(const debug::VariableSnapshot& v, const std::string& evaluateName);
    nlohmann::json scopeVariables(AddressSpace space);
    nlohmann::json bufferElements(const Handle& h, size_t start, size_t count);
    const debug::MemoryRegion* findRegion(uint64_t address) const;

    DapSession& m_dap;
    uint64_t m_epoch = ~uint64_t(0);
    debug::Snapshot m_snap;
    std::vector<Handle> m_handles; ///< reference N is m_handles[N - 1]
    nlohmann::json m_dataBreakpoints = nlohmann::json::array();
    std::vector<int> m_watchIds;
};

} // namespace clstep::cli::dap
