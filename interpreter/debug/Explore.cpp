// Session::explore: run the kernel under several schedules and compare the results.
#include "debug/Session.h"
#include "debug/SessionController.h"
#include "debug/ValueFormatter.h"
#include "frontend/Ast.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace clstep::debug {

namespace {

/// Records each work-group's final __local memory.
class LocalCapture final : public ExecutionObserver {
public:
    std::vector<std::vector<uint8_t>> locals; // concatenated buffers per group, in run order
    void onWorkGroupEnd(WorkGroup& g) override {
        std::vector<uint8_t> bytes;
        for (const Buffer& b : g.localMemory().buffers())
            if (b.alive) bytes.insert(bytes.end(), b.bytes.begin(), b.bytes.end());
        locals.push_back(std::move(bytes));
    }
};

struct Outcome {
    std::vector<std::vector<uint8_t>> buffers;
    std::vector<std::vector<uint8_t>> locals;
    std::vector<Diagnostic> diagnostics; ///< runtime reports of the run
};

Outcome runUnder(const Program& program, const std::string& kernel, const NDRange& range,
                 const std::vector<KernelArgument>& args, const RunOptions& options,
                 const CheckOptions& checkOptions, Scheduler scheduler) {
    Outcome out;
    KernelRun run(program, kernel, range, args, options);
    if (!run.ready()) return out;
    CheckSet checks(checkOptions);
    checks.attach(run);
    for (ExecutionObserver* o : run.observers())
        o->onRunBegin(run);
    LocalCapture capture;
    SessionController controller;
    controller.mode = scheduler.perStatement() ? SessionController::Mode::AnyStatement
                                               : SessionController::Mode::Never;
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
                capture.onWorkGroupEnd(g);
            }
    for (ExecutionObserver* o : run.observers())
        o->onRunEnd(run);
    for (size_t i = 0; i < args.size(); ++i)
        out.buffers.push_back(run.argumentBytes(i));
    out.locals = std::move(capture.locals);
    out.diagnostics = run.diagnostics();
    return out;
}

/// The element type of buffer parameter `index` of `kernel`, or a null type for untyped
/// memory (void, char, uchar, bool, opaque) whose differences are shown as bytes.
QualType elementTypeOf(const ast::FunctionDecl* kernel, size_t index) {
    if (!kernel || index >= kernel->params.size()) return {};
    const Type* t = kernel->params[index]->type->canonical();
    if (!t->isPointer() || !t->pointee) return {};
    const Type* e = t->pointee->canonical();
    if (e->size == 0 || e->kind == TypeKind::Void || e->kind == TypeKind::Char ||
        e->kind == TypeKind::UChar || e->kind == TypeKind::Bool || e->kind == TypeKind::Opaque ||
        e->isFunction())
        return {};
    return t->pointee;
}

std::string hexByte(uint8_t b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", b);
    return buf;
}

} // namespace

ExploreResult Session::explore(int n) {
    ExploreResult result;
    if (!m_program || m_program->hasErrors() || n < 1) return result;
    std::vector<Scheduler> schedules = {Scheduler(SchedulePolicy::InOrder),
                                        Scheduler(SchedulePolicy::Reverse),
                                        Scheduler(SchedulePolicy::RoundRobin)};
    for (uint64_t seed = 1; static_cast<int>(schedules.size()) < n; ++seed)
        schedules.emplace_back(SchedulePolicy::Random, seed);
    schedules.resize(static_cast<size_t>(n));
    const ast::FunctionDecl* kernel = m_program->findKernel(m_kernelName);
    Outcome first;
    std::set<std::string> seen; // CheckDetails::keyOf: the identity KernelRun merges by
    for (size_t s = 0; s < schedules.size(); ++s) {
        std::string name = schedulePolicyName(schedules[s].policy());
        if (schedules[s].policy() == SchedulePolicy::Random)
            name += " seed " + std::to_string(schedules[s].seed());
        result.scheduleNames.push_back(name);
        Outcome o = runUnder(*m_program, m_kernelName, m_range, m_args, m_runOptions,
                             m_checkOptions, schedules[s]);
        ++result.schedules;
        for (Diagnostic& d : o.diagnostics)
            if (seen.insert(CheckDetails::keyOf(d)).second) {
                result.diagnostics.push_back(std::move(d));
                result.diagnosticSchedules.push_back(name);
            }
        if (s == 0) {
            first = std::move(o);
            continue;
        }
        for (size_t a = 0; a < o.buffers.size() && a < first.buffers.size(); ++a) {
            // a typed buffer differs element by element: "sums[0] = 20 (in-order) vs 136"
            const QualType element = elementTypeOf(kernel, a);
            const uint64_t size = element ? element->canonical()->size : 0;
            if (size) {
                const std::vector<uint8_t>& x = first.buffers[a];
                const std::vector<uint8_t>& y = o.buffers[a];
                const ValueFormatter fmt(false); // argumentBytes() are in host order
                for (uint64_t at = 0; at + size <= x.size() && at + size <= y.size(); at += size)
                    if (!std::equal(x.begin() + static_cast<long>(at),
                                    x.begin() + static_cast<long>(at + size),
                                    y.begin() + static_cast<long>(at))) {
                        result.outputsDiffer = true;
                        if (result.differences.size() < 20)
                            result.differences.push_back(
                                m_args[a].name + "[" + std::to_string(at / size) +
                                "] = " + fmt.format(element, x.data() + at, size) + " (" +
                                result.scheduleNames[0] + ") vs " +
                                fmt.format(element, y.data() + at, size) + " (" + name + ")");
                    }
                continue;
            }
            for (size_t k = 0; k < o.buffers[a].size() && k < first.buffers[a].size(); ++k)
                if (o.buffers[a][k] != first.buffers[a][k]) {
                    result.outputsDiffer = true;
                    if (result.differences.size() < 20)
                        result.differences.push_back(
                            "buffer '" + m_args[a].name + "' byte " + std::to_string(k) + ": " +
                            hexByte(first.buffers[a][k]) + " (" + result.scheduleNames[0] +
                            ") vs " + hexByte(o.buffers[a][k]) + " (" + name + ")");
                }
        }
        for (size_t g = 0; g < o.locals.size() && g < first.locals.size(); ++g)
            for (size_t k = 0; k < o.locals[g].size() && k < first.locals[g].size(); ++k)
                if (o.locals[g][k] != first.locals[g][k]) {
                    result.localsDiffer = true;
                    if (result.differences.size() < 20)
                        result.differences.push_back(
                            "__local memory of work-group " + std::to_string(g) + " byte " +
                            std::to_string(k) + ": " + hexByte(first.locals[g][k]) + " vs " +
                            hexByte(o.locals[g][k]) + " (" + name + ")");
                }
    }
    return result;
}

} // namespace clstep::debug
