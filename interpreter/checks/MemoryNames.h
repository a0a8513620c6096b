#pragma once

#include "common/Diagnostic.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace clstep {

class KernelRun;
class WorkGroup;
struct Buffer;

/// Describes simulated memory locations for check reports: which buffer an address is in,
/// its byte offset and, when the element size is known, its element index. Element sizes
/// come from the launch (KernelArgument::elementBytes) for `__global`/`__constant` buffer
/// arguments, and from the declared types for the kernel's `__local` variables (innermost
/// array element) and `__local` pointer arguments (pointee); other buffers have none.
class MemoryNames {
public:
    /// Learns the element sizes of the run's buffer arguments.
    void onRunBegin(KernelRun& run);
    /// Learns the element sizes of the group's `__local` buffers.
    void onWorkGroupBegin(WorkGroup& group);
    /// Element size in bytes of the buffer containing `address`, 0 when unknown.
    unsigned elementBytes(uint64_t address) const;

    /// "0x..." (encoded device address, core/Address.h): printf's "0x%llx".
    static std::string hexAddress(uint64_t address);
    /// Appends hexAddress(address) to `out` (no temporary string).
    static void appendHexAddress(std::string& out, uint64_t address);
    /// {"global_id": [..], "local_id": [..], "group_id": [..]}.
    static nlohmann::json idsJson(const WorkItemId& id);

    /// The location of `address` in `buffer` for messages: "buffer 'x', byte offset 8,
    /// element 2" (the element part only when known).
    std::string describe(uint64_t address, const Buffer* buffer) const;
    /// The same as JSON fields: space, buffer, address, offset and, when known, element.
    nlohmann::json locationJson(uint64_t address, const Buffer* buffer) const;

private:
    std::vector<unsigned> m_global;   ///< by buffer index
    std::vector<unsigned> m_constant; ///< by buffer index
    std::vector<unsigned> m_local;    ///< by buffer index (current group)
};

} // namespace clstep
