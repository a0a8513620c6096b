// Session::explore: run the kernel under several schedules and compare the results.
#include "debug/ScheduledRun.h"
#include "debug/Session.h"
#include "debug/SessionController.h"
#include "debug/ValueFormatter.h"
#include "frontend/Ast.h"
#include "frontend/AstWalk.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace clstep::debug {

namespace {

using Outcome = ScheduledOutcome;

/// Whether differences of `t` are shown as bytes (void, char, uchar, bool, opaque).
bool untyped(const Type* e) {
    return e->size == 0 || e->kind == TypeKind::Void || e->kind == TypeKind::Char ||
           e->kind == TypeKind::UChar || e->kind == TypeKind::Bool || e->kind == TypeKind::Opaque ||
           e->isFunction();
}

/// The element type of buffer parameter `index` of `kernel`, or a null type for untyped
/// memory (void, char, uchar, bool, opaque) whose differences are shown as bytes.
QualType elementTypeOf(const ast::FunctionDecl* kernel, size_t index) {
    if (!kernel || index >= kernel->params.size()) return {};
    const Type* t = kernel->params[index]->type->canonical();
    if (!t->isPointer() || !t->pointee) return {};
    if (untyped(t->pointee->canonical())) return {};
    return t->pointee;
}

/// The element type of the `__local` buffer `name` of `kernel`: a `__local` pointer
/// parameter's pointee, or the (array element) type of a `__local` variable of the kernel;
/// null for untyped memory or when not found.
QualType localElementTypeOf(const ast::FunctionDecl* kernel, const std::string& name) {
    if (!kernel) return {};
    for (const auto& p : kernel->params) {
        if (p->name != name) continue;
        const Type* t = p->type->canonical();
        if (!t->isPointer() || !t->pointee || untyped(t->pointee->canonical())) return {};
        return t->pointee;
    }
    QualType found;
    bool done = false;
    if (kernel->body)
        ast::walk(kernel->body.get(), [&](const ast::Stmt* st) {
            if (done || st->kind != ast::StmtKind::Decl) return;
            for (const ast::DeclPtr& d : static_cast<const ast::DeclStmt*>(st)->decls) {
                if (d->kind != ast::DeclKind::Var || d->name != name) continue;
                const auto* v = static_cast<const ast::VarDecl*>(d.get());
                if (v->type.space != AddressSpace::Local) continue;
                const Type* t = v->type.type->canonical();
                while (t->isArray() && t->element)
                    t = t->element->canonical();
                if (!untyped(t)) {
                    found.type = t;
                    found.space = AddressSpace::Local;
                }
                done = true;
            }
        });
    return found;
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
        Outcome o = runUnderSchedule(*m_program, m_kernelName, m_range, m_args, m_runOptions,
                                     m_checkOptions, schedules[s], true, m_observers);
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
        // __local buffers: typed elements too ("work-group 0: partial[0] = 20 (in-order) vs
        // 36 (reverse)"), bytes only for untyped memory; in device byte order
        const ValueFormatter deviceFmt(m_runOptions.deviceBigEndian);
        for (size_t g = 0; g < o.locals.size() && g < first.locals.size(); ++g)
            for (size_t b = 0; b < o.locals[g].size() && b < first.locals[g].size(); ++b) {
                const LocalBuffer& x = first.locals[g][b];
                const LocalBuffer& y = o.locals[g][b];
                const QualType element = localElementTypeOf(kernel, x.name);
                const uint64_t size = element ? element->canonical()->size : 1;
                for (uint64_t at = 0; at + size <= x.bytes.size() && at + size <= y.bytes.size();
                     at += size) {
                    if (std::equal(x.bytes.begin() + static_cast<long>(at),
                                   x.bytes.begin() + static_cast<long>(at + size),
                                   y.bytes.begin() + static_cast<long>(at)))
                        continue;
                    result.localsDiffer = true;
                    if (result.differences.size() >= 20) continue;
                    const std::string group = "work-group " + std::to_string(g);
                    if (element)
                        result.differences.push_back(
                            group + ": " + x.name + "[" + std::to_string(at / size) +
                            "] = " + deviceFmt.format(element, x.bytes.data() + at, size) + " (" +
                            result.scheduleNames[0] + ") vs " +
                            deviceFmt.format(element, y.bytes.data() + at, size) + " (" + name +
                            ")");
                    else
                        result.differences.push_back("__local memory of " + group + " ('" + x.name +
                                                     "') byte " + std::to_string(at) + ": " +
                                                     hexByte(x.bytes[at]) + " (" +
                                                     result.scheduleNames[0] + ") vs " +
                                                     hexByte(y.bytes[at]) + " (" + name + ")");
                }
            }
    }
    return result;
}

} // namespace clstep::debug
