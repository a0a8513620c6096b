#pragma once

#include "runtime/NDRange.h"

#include <array>
#include <cstdint>

namespace clstep::repl {

/// The simulated context the scratchpad runs its entries in: the NDRange (`:ndrange`), the
/// work-item that runs statements and expressions (`:workitem`, a global id), the device byte
/// order (`:endian`), the language version (`:std`) and the step limit (`:steps`).
struct ReplSettings {
    NDRange range;                             ///< default: one work-item
    std::array<uint64_t, 3> workItem{0, 0, 0}; ///< global id of the work-item entries run on
    bool bigEndian = false;
    int clVersion = 120;           ///< CompileOptions::clVersion
    uint64_t maxSteps = 1'000'000; ///< RunOptions::maxStepsPerWorkItem
    bool showBytes = true;         ///< print the bytes of each value (`:bytes on|off`)
};

} // namespace clstep::repl
