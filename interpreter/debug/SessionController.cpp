#include "debug/SessionController.h"

#include "debug/AccessTracer.h"
#include "debug/ExprCompiler.h"
#include "debug/WatchTracker.h"
#include "runtime/KernelRun.h"

namespace clstep::debug {

void SessionController::pollReports(WorkItem* current) {
    if (!run) return;
    uint64_t n = run->reportCount();
    if (n == seenReports) return;
    const uint64_t reports = n - seenReports;
    seenReports = n;
    long idx = run->lastReportIndex();
    if (idx < 0 || static_cast<size_t>(idx) >= run->diagnostics().size()) return;
    const Diagnostic& d = run->diagnostics()[static_cast<size_t>(idx)];
    if (tracer) {
        // the reporting work-item: the one that ran (a merged duplicate names its first reporter)
        std::array<uint64_t, 3> g{};
        bool known = current || !d.workItems.empty();
        if (current)
            g = current->ids().global;
        else if (!d.workItems.empty())
            g = d.workItems.front().global;
        int64_t linear = -1;
        if (known) {
            const NDRange& r = run->range();
            linear = static_cast<int64_t>(
                g[0] - r.offset[0] +
                r.global[0] * ((g[1] - r.offset[1]) + r.global[1] * (g[2] - r.offset[2])));
        }
        tracer->addDiagnostic(d, linear, g, reports);
    }
    if (current && d.severity == Severity::Error && d.kind != DiagnosticKind::DataRace)
        erred.insert(current->ids().global);
    const bool stops = (breakOnError && d.severity == Severity::Error) ||
                       breakKinds.test(static_cast<size_t>(d.kind));
    if (stops && eventsOn && !errorPending) {
        errorPending = true;
        errorIndex = idx;
        errorItem = current;
    }
}

void SessionController::lowerConditions() {
    loweredConditions.clear();
    for (const Armed& b : breakpoints)
        if (b.conditions)
            for (const auto& [stmt, expr] : *b.conditions)
                if (expr)
                    loweredConditions[expr.get()] = std::make_unique<exec::LoweredExpr>(expr.get());
}

bool SessionController::shouldPause(WorkItem& wi, const ast::Stmt& s) {
    if (s.kind == ast::StmtKind::Compound) return false;
    pollReports(&wi);
    if (pauseFlag && pauseFlag->load()) return true;
    if (eventsOn && ((watch && watch->pending()) || errorPending)) return true;
    if (breakpointsOn && s.range.begin.file == mainFile) {
        for (const Armed& b : breakpoints) {
            if (b.line != s.range.begin.line) continue;
            if (b.conditions) {
                auto it = b.conditions->find(&s);
                if (it == b.conditions->end() || !it->second) continue;
                auto lowered = loweredConditions.find(it->second.get());
                if (lowered == loweredConditions.end()) continue; // not armed (cannot happen)
                WorkItem::Inspection r = wi.inspect(*lowered->second);
                if (r.ok && !ExprCompiler::truthy(it->second->type, r.bytes, bigEndian)) continue;
                conditionError = r.ok ? std::string() : r.error;
            }
            if (b.reached && ++*b.reached < b.hitCount) continue; // not yet the N-th time
            hitBreakpoint = &wi;
            hitBreakpointId = b.id;
            return true;
        }
    }
    switch (mode) {
    case Mode::Never:
        return false;
    case Mode::AnyStatement:
        return true;
    case Mode::DepthAtMost:
        return wi.callDepth() <= depth;
    case Mode::DepthBelow:
        return wi.callDepth() < depth;
    }
    return false;
}

} // namespace clstep::debug
