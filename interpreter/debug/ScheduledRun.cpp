// runUnderSchedule: one kernel run under one work-item schedule (explore, sweep).
#include "debug/ScheduledRun.h"

#include "debug/SessionController.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

namespace clstep::debug {

ScheduledOutcome runUnderSchedule(const Program& program, const std::string& kernel,
                                  const NDRange& range, const std::vector<KernelArgument>& args,
                                  const RunOptions& options, const CheckOptions& checkOptions,
                                  Scheduler scheduler, bool captureLocals,
                                  ExecutionObserver* observer) {
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
    if (observer) run.addObserver(observer);
    for (ExecutionObserver* o : run.observers())
        o->onRunBegin(run);
    SessionController controller;
    controller.mode = scheduler.perStatement() ? SessionController::Mode::AnyStatement
                                               : SessionController::Mode::Never;
    scheduler.setSubGroupSize(options.subGroupSize);
    for (uint64_t z = 0; z < range.groups(2); ++z)
        for (uint64_t y = 0; y < range.groups(1); ++y)
            for (uint64_t x = 0; x < range.groups(0); ++x) {
                WorkGroup g(run, {x, y, z});
                for (ExecutionObserver* o : run.observers())
                    o->onWorkGroupBegin(g);
                g.createWorkItems(&controller);
                scheduler.restart();
                while (!g.finished()) {
                    long idx = scheduler.pick(g.workItems());
                    if (idx < 0) {
                        if (!g.releaseBarrierIfComplete()) break;
                        continue;
                    }
                    g.workItems()[static_cast<size_t>(idx)]->resume();
                }
                for (ExecutionObserver* o : run.observers())
                    o->onWorkGroupEnd(g);
                if (captureLocals) {
                    std::vector<LocalBuffer> buffers;
                    for (const Buffer& b : g.localMemory().buffers())
                        if (b.alive) buffers.push_back({b.name, b.bytes});
                    out.locals.push_back(std::move(buffers));
                }
            }
    for (ExecutionObserver* o : run.observers())
        o->onRunEnd(run);
    for (size_t i = 0; i < args.size(); ++i)
        out.buffers.push_back(run.argumentBytes(i));
    out.diagnostics = run.diagnostics();
    out.counts = run.diagnosticCounts();
    return out;
}

} // namespace clstep::debug
