#pragma once

#include "runtime/KernelArgument.h"
#include "runtime/NDRange.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace clstep {
class Program;
}

namespace clstep::launch {

/// One configuration of a launch sweep (`clstep-cli sweep`, `grade`; docs/sweep.md): the
/// work-group size, the sub-group size, the work-item schedule and the device byte order one
/// run uses. Everything else (the kernel, the global size, the arguments) is the launch's.
struct SweepConfiguration {
    std::array<uint64_t, 3> localSize{1, 1, 1}; ///< work-items per dimension
    /// Dimensions shown in names: the launch's, less trailing ones of global size 1 (1..3).
    uint32_t dims = 1;
    /// Sub-group size in work-items (RunOptions::subGroupSize); 0 when the matrix does not
    /// vary it (the run's default applies and the name leaves it out).
    uint32_t subGroupSize = 0;
    std::string schedule = "in-order"; ///< debug::SchedulePolicy name
    uint64_t seed = 1;                 ///< seed of the "random" schedule
    bool bigEndian = false;            ///< simulated device byte order
    bool endianVaried = false;         ///< the matrix varies the byte order (shown in names)

    /// The work-group size as "16" or "8x8" (dims sizes).
    std::string localName() const;
    /// A short unique name: "local 16, in-order", "local 8x8, sub-group 16, random seed 2,
    /// big-endian".
    std::string name() const;
    /// {"local":[..],"sub_group_size":N|null,"schedule":S,"seed":N|null,"device_endian":S,
    /// "name":S} (docs/sweep.md).
    nlohmann::json toJson() const;
};

/// What a sweep varies. Empty lists take the defaults (SweepMatrix::expand).
struct SweepMatrixOptions {
    std::vector<std::array<uint64_t, 3>> localSizes; ///< --local 8,16,32 / 8x8,16x16
    std::vector<uint32_t> subGroupSizes;             ///< --sub-group-size 8,16
    std::vector<std::string> schedules;              ///< --schedules in-order,reverse,...
    unsigned randomSchedules = 0;                    ///< --random N: seeds 1..N
    std::vector<bool> bigEndian;                     ///< --device-endian little,big
    /// Whether the default sub-group sizes (8, 16, 32, 64) apply when `subGroupSizes` is
    /// empty: the kernel uses sub-group functions.
    bool usesSubGroups = false;
    uint64_t maxWorkGroupSize = 1024; ///< CL_DEVICE_MAX_WORK_GROUP_SIZE (work-items)
};

/// Builds the configurations of a sweep and adapts a launch's arguments to each.
class SweepMatrix {
public:
    /// Every work-group size that divides `global` in each of its `dims` dimensions and has
    /// at most `maxWorkGroupSize` work-items in total, in increasing order of dimension 0,
    /// then 1, then 2 (spec 5.10.1: CL_INVALID_WORK_GROUP_SIZE otherwise). Dimensions past
    /// `dims` are 1.
    static std::vector<std::array<uint64_t, 3>>
    dividingSizes(const std::array<uint64_t, 3>& global, uint32_t dims, uint64_t maxWorkGroupSize);

    /// The cartesian product of work-group sizes x sub-group sizes x schedules x byte orders
    /// (that order, the last varying fastest). Defaults: dividingSizes(); sub-group sizes
    /// 8, 16, 32, 64 when `usesSubGroups`, else none (the run's own); schedules in-order,
    /// reverse, round-robin plus `randomSchedules` random ones; the launch's byte order
    /// `launchBigEndian`.
    static std::vector<SweepConfiguration> expand(const SweepMatrixOptions& options,
                                                  const NDRange& range, bool launchBigEndian);

    /// The arguments of a launch written for work-group size `written` (work-items), adapted
    /// to `local`: each `__local` argument keeps its bytes per work-item (a host program sizes
    /// them as N work-items x bytes), rounded up to whole bytes, unless its name is in
    /// `pinned` (`# clstep: pin-local NAME`, `--pin-local NAME`), which keeps it as written.
    static std::vector<KernelArgument> argumentsFor(const std::vector<KernelArgument>& args,
                                                    const std::array<uint64_t, 3>& written,
                                                    const std::array<uint64_t, 3>& local,
                                                    const std::vector<std::string>& pinned);

    /// True when a function of `program` calls a sub-group function (cl_khr_subgroups,
    /// OpenCL C 2.0 6.13.15: `get_sub_group_*`, `get_num_sub_groups`,
    /// `get_max_sub_group_size`, `sub_group_*`), so a sweep varies the sub-group size.
    static bool usesSubGroupFunctions(const Program& program);

    /// Reads a list of work-group sizes: sizes separated by ',', each "16" or "8x8" or
    /// "4x4x4" (parseSizeList). False (and `why`) for an empty or invalid item.
    static bool parseLocalList(const std::string& text, std::vector<std::array<uint64_t, 3>>& out,
                               std::string& why);
};

} // namespace clstep::launch
