#pragma once

namespace clstep {

class WorkItem;
namespace ast {
struct Stmt;
}

/// Decides, at every statement boundary of a work-item running on its fiber, whether the
/// work-item pauses there (single-step, breakpoints, lockstep). Used by the debugger; normal
/// runs have no controller and pay one null check per statement.
class StepController {
public:
    virtual ~StepController() = default;
    /// Called before `stmt` executes in `wi`; returning true suspends the work-item there
    /// (it becomes Paused and resumes later at the same statement).
    virtual bool shouldPause(WorkItem& wi, const ast::Stmt& stmt) = 0;
};

} // namespace clstep
