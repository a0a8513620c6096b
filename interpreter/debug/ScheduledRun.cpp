// runUnderSchedule: one kernel run under one work-item schedule (explore, sweep).
#include "debug/ScheduledRun.h"

#include "debug/SessionController.h"
#include "runtime/KernelRun.h"
#include "runtime/RunDriver.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

namespace clstep::debug {

ScheduledOutcome runUnderSchedule(const Program& program, const std::string& kernel,
                                  const NDRange& range, const std::vector<KernelArgument>& args,
                                  const RunOptions& options, const CheckOptions& checkOptions,
                                  Scheduler scheduler, bool captureLocals,
                                  const std::vector<ExecutionObserver*>& observers) {
    ScheduledOutcome out;
    KernelRun run(program, kernel, range, args, options);
    if (!run.ready()) {
        out.diagnostics = run.diagnostics();
        out.counts = run.diagnosticCounts();
        return out;
    }
    out.launched = true;
    CheckSet checks(checkOptions);
    checks.attach(run);
    for (ExecutionObserver* o : observers)
        run.addObserver(o);
    SessionController controller;
    controller.mode = scheduler.perStatement() ? SessionController::Mode::AnyStatement
                                               : SessionController::Mode::Never;
    scheduler.setSubGroupSize(options.subGroupSize);
    RunDriver driver(run, &controller);
    driver.beginRun();
    while (std::unique_ptr<WorkGroup> g = driver.startGroup()) {
        scheduler.restart();
        driver.runItems(
            *g, [&](const auto& items) { return scheduler.pick(items); },
            [](WorkItem&) { return true; });
        driver.endGroup(*g); // the run ends with the last group
        if (captureLocals) {
            std::vector<LocalBuffer> buffers;
            for (const Buffer& b : g->localMemory().buffers())
                if (b.alive) buffers.push_back({b.name(), b.bytes});
            out.locals.push_back(std::move(buffers));
        }
    }
    for (size_t i = 0; i < args.size(); ++i)
        out.buffers.push_back(run.argumentBytes(i));
    out.diagnostics = run.diagnostics();
    out.counts = run.diagnosticCounts();
    return out;
}

} // namespace clstep::debug
