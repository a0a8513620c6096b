#pragma once

#include <array>
#include <cstdint>

namespace clstep {

/// The index space of a kernel launch (spec 3.2): 1 to 3 dimensions, sizes in work-items.
/// Unused dimensions have size 1 and offset 0. When `localGiven` is false the local size is
/// chosen by the runtime (see KernelRun). With OpenCL 2.0 non-uniform work-groups, the last
/// work-group in a dimension may be smaller than `local` (spec 3.2.1).
struct NDRange {
    uint32_t dims = 1;
    std::array<uint64_t, 3> global{1, 1, 1};
    std::array<uint64_t, 3> local{1, 1, 1};
    std::array<uint64_t, 3> offset{0, 0, 0};
    bool localGiven = true;

    /// Number of work-groups in dimension `d` (rounding up for non-uniform groups; cannot
    /// overflow).
    uint64_t groups(int d) const { return global[d] / local[d] + (global[d] % local[d] != 0); }
    /// Total number of work-groups (KernelRun refuses ranges where this product overflows).
    uint64_t totalGroups() const { return groups(0) * groups(1) * groups(2); }
    /// Total number of work-items (KernelRun refuses ranges where this product overflows).
    uint64_t totalWorkItems() const { return global[0] * global[1] * global[2]; }
};

} // namespace clstep
