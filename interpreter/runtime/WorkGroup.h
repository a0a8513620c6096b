#pragma once

#include "runtime/Memory.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace clstep {

class KernelRun;
class WorkItem;
namespace ast {
struct VarDecl;
}

/// One work-group (spec 3.2): its `__local` memory (the kernel's `__local` variables and
/// `__local` pointer arguments, allocated when the group starts) and its work-items. Runs
/// its work-items in local-id order; each runs until it reaches a barrier or finishes, then
/// the group checks that every work-item reached the same barrier (otherwise it reports
/// "barrier-divergence") and releases them.
class WorkGroup {
public:
    /// Prepares group `groupId` (0-based per dimension) of `run`.
    WorkGroup(KernelRun& run, const std::array<uint64_t, 3>& groupId);
    ~WorkGroup();

    /// Runs every work-item of the group to completion.
    void run();

    const std::array<uint64_t, 3>& groupId() const { return m_groupId; }
    /// Actual size of this group per dimension (smaller for a trailing non-uniform group).
    const std::array<uint64_t, 3>& size() const { return m_size; }
    Memory& localMemory() { return m_local; }
    /// Address of the kernel's `__local` variable `v` in this group.
    uint64_t localVariable(const ast::VarDecl* v) const;
    /// Address of the `__local` buffer bound to kernel parameter `index` (0 if none).
    uint64_t localArgument(size_t index) const;
    KernelRun& kernelRun() { return m_run; }

private:
    void allocateLocals();
    void runWorkItems();
    KernelRun& m_run;
    std::array<uint64_t, 3> m_groupId;
    std::array<uint64_t, 3> m_size{1, 1, 1};
    Memory m_local{AddressSpace::Local};
    std::map<const ast::VarDecl*, uint64_t> m_localVars;
    std::vector<uint64_t> m_localArgs;
};

} // namespace clstep
