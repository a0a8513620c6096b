#pragma once

#include "common/Diagnostic.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>

namespace clstep::launch {

/// How a front end writes the places in a race report: a source location ("file:3:9",
/// "<entry>:1:15") and a source line with its caret underline (each line prefixed by
/// `indent`, "" when the range has no line to show).
struct RaceTextStyle {
    std::function<std::string(const SourceLocation&)> location;
    std::function<std::string(const SourceRange& range, const std::string& indent)> sourceLine;
};

/// The text of a data race report, written once for every front end (the CLI's
/// DiagnosticPrinter, the scratchpad's DiagnosticFormatter):
///
///     FILE:L:C: error: Read-write data race at global memory address 0x... [data-race]
///       Kernel: NAME
///       Location: global buffer 'a', byte offset 4, element 1 (RAW hazard)
///       First entity:  Global(1,0,0) Local(1,0,0) Group(0,0,0): write of 1 at FILE:L:C
///         <source line>
///       Second entity: ...
///
/// `facts` are the race's facts as the RaceDetector records them (`race` read-write,
/// write-write...; `space`, `address`, `buffer`, `offset`, `element`, `hazard`, and `first` /
/// `second`: `entity`, `access`, `value`); `count` > 1 adds "(N occurrences)"; `kernel` ""
/// leaves the Kernel line out. The first access is `d.range`, the second the first note's.
std::string raceText(const Diagnostic& d, const nlohmann::json& facts, uint64_t count,
                     const std::string& kernel, const RaceTextStyle& style);

} // namespace clstep::launch
