#pragma once

#include <cstdint>

namespace clstep {

class AccessEventLog;
class StepController;
namespace ast {
struct Stmt;
}

/// What happens at a work-item's statement boundary (Evaluator::stepAt): the statement it
/// is at, the statements counted against the step limit, and who else must hear of each
/// statement (the run's flow observers, the statement log, the debugger's controller). A
/// part of WorkItem; `any` lets the common case (nothing to tell) cost one test.
struct StepHooks {
    /// The statement the work-item is about to execute (paused) or last executed.
    const ast::Stmt* statement = nullptr;
    /// Statements executed so far (RunOptions::maxStepsPerWorkItem limits them).
    uint64_t steps = 0;
    /// The debugger's pause controller (null: never pause at statements).
    StepController* controller = nullptr;
    /// The event log that counts the work-item's statements itself: the port's log when its
    /// owner is the lone flow observer (MemoryPort::eventLog(), WorkItem::attach()), else
    /// null.
    AccessEventLog* statementLog = nullptr;
    /// The run has flow observers on this thread (KernelRun::flowObservers(),
    /// WorkItem::attach()).
    bool flowObserved = false;
    /// The statement boundary has more to do than count: flow observers other than the
    /// statement log's owner, or a debugger controller (update()).
    bool any = false;

    /// Sets `any` from the flow observers, the statement log and the controller.
    void update() { any = (flowObserved && !statementLog) || controller; }
};

} // namespace clstep
