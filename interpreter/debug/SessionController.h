#pragma once

#include "frontend/Ast.h"
#include "runtime/StepController.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <atomic>
#include <vector>

namespace clstep::debug {

/// The Session's StepController: pauses the running work-item at the statement boundary the
/// current debugger operation asks for (next statement, same or outer call depth, a line
/// breakpoint, or an asynchronous pause request). Block statements `{` are not stopping
/// points.
class SessionController final : public StepController {
public:
    enum class Mode { Never, AnyStatement, DepthAtMost, DepthBelow };

    Mode mode = Mode::Never;
    size_t depth = 0;
    bool breakpointsOn = false;
    std::vector<uint32_t> breakLines;
    uint32_t mainFile = 0;
    std::atomic<bool>* pauseFlag = nullptr;
    WorkItem* hitBreakpoint = nullptr; ///< set when a breakpoint caused the last pause

    bool shouldPause(WorkItem& wi, const ast::Stmt& s) override {
        if (s.kind == ast::StmtKind::Compound) return false;
        if (pauseFlag && pauseFlag->load()) return true;
        if (breakpointsOn && s.range.begin.file == mainFile &&
            std::find(breakLines.begin(), breakLines.end(), s.range.begin.line) != breakLines.end()) {
            hitBreakpoint = &wi;
            return true;
        }
        switch (mode) {
        case Mode::Never: return false;
        case Mode::AnyStatement: return true;
        case Mode::DepthAtMost: return wi.callDepth() <= depth;
        case Mode::DepthBelow: return wi.callDepth() < depth;
        }
        return false;
    }
};

} // namespace clstep::debug
