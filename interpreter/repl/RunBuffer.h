#pragma once

#include "launch/LaunchConfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clstep::repl {

/// A `__global`/`__constant` buffer of the last `:run`, with its final bytes (`:mem global`).
struct RunBuffer {
    std::string name;
    std::string space; ///< "__global" or "__constant"
    std::vector<uint8_t> bytes;
    std::optional<launch::ElementType> type;
};

} // namespace clstep::repl
