#pragma once

#include <string>

namespace clstep {
class SourceManager;
}

namespace clstep::debug {

struct ExploreResult;

/// The text every front end prints for `explore` (the console's `explore`, the headless
/// demo's --explore, the GUI's dialog): the schedules, whether their results differ, each
/// difference as a typed element ("group_sums[0] = 20 (in-order) vs 136 (reverse)", bytes
/// only for untyped memory), and the runtime reports with `file:line` from `sources` (may be
/// null: "line N"). Ends with a newline.
std::string exploreReport(const ExploreResult& r, const SourceManager* sources);

} // namespace clstep::debug
