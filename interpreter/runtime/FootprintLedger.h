#pragma once

#include "runtime/GroupFootprint.h"

#include <cstdint>
#include <mutex>
#include <vector>

namespace clstep {

/// The `__global` bytes that the work-groups of a parallel run read and wrote so far, added
/// one group at a time (GroupFootprint::take()), and whether two groups depend on each other:
/// one wrote a byte that another read or wrote (atomic or not, equal values or not). Groups
/// that share no written byte end as a sequential run ends, whatever their order, so the
/// parallel run is the sequential one; otherwise KernelRun discards it and runs the groups
/// again in linear work-group order (docs/architecture.md, Execution). The relation is
/// symmetric, so groups may be added in any order (the first group to complete a dependent
/// pair finds it). Thread-safe.
class FootprintLedger {
public:
    /// A ledger of the buffers of `global` (the run's `__global` memory, which must outlive
    /// it and allocates no buffer while it is used).
    explicit FootprintLedger(const Memory& global) : m_global(global) {}
    ~FootprintLedger();
    FootprintLedger(const FootprintLedger&) = delete;
    FootprintLedger& operator=(const FootprintLedger&) = delete;

    /// Adds the footprint of one work-group. Returns false once it depends on a group added
    /// before (its writes meet their reads or writes, or its reads their writes); the ledger
    /// then stays dependent().
    /// False too when the host's memory ran out for the ledger's shadows.
    bool add(const std::vector<GroupFootprint::Block>& blocks);
    /// True once two groups added depended on each other.
    bool dependent() const;

private:
    const Memory& m_global;
    mutable std::mutex m_mutex;
    struct Shadow {
        GroupFootprint::Bits* bits = nullptr; ///< GroupFootprint::newShadow
        uint64_t blocks = 0;                  ///< its length
    };
    std::vector<Shadow> m_shadows; ///< by buffer index
    bool m_dependent = false;
};

} // namespace clstep
