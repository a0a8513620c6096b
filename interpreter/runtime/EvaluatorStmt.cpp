// Evaluator: what the lowered statements (exec/Run.cpp) call: declarations and the statement
// boundary (step count, observers, debugger pause).
#include "runtime/Evaluator.h"
#include "runtime/KernelRun.h"
#include "runtime/StepController.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>

namespace clstep {

using namespace ast;

Evaluator::Evaluator(WorkItem& wi)
    : m_wi(wi), m_run(wi.kernelRun()), m_maxSteps(m_run.options().maxStepsPerWorkItem) {}

void Evaluator::reset() {
    m_returnValue = Value{};
}

void Evaluator::stepLimitReached(const Stmt* s) {
    reportError(DiagnosticKind::StepLimit,
                "work-item stopped after " + std::to_string(m_run.options().maxStepsPerWorkItem) +
                    " statements (endless loop?)",
                s->range);
    throw Abort{};
}

namespace {
/// Reports that private variable `v` (`size` bytes) does not fit: in the private memory
/// limit of one variable (`limit`), or in what is left of the work-item's (`total`, of which
/// `inUse` bytes are taken). Out of line: declareStorage() stays short.
[[gnu::noinline, gnu::cold]] void privateTooLarge(WorkItem& wi, const VarDecl* v, uint64_t size,
                                                  uint64_t limit, uint64_t total, uint64_t inUse) {
    if (size > limit)
        wi.reportError(DiagnosticKind::AllocationTooLarge,
                       "private variable '" + v->name + "' needs " + std::to_string(size) +
                           " bytes, more than the " + std::to_string(limit) +
                           "-byte private memory limit",
                       v->range);
    else // the work-item's limit: its variables, parameters and arguments together
        wi.reportError(DiagnosticKind::AllocationTooLarge,
                       "private variable '" + v->name + "' needs " + std::to_string(size) +
                           " bytes, and this work-item already uses " + std::to_string(inUse) +
                           ": more than the " + std::to_string(total) +
                           "-byte private memory limit of a work-item",
                       v->range);
}
} // namespace

uint64_t Evaluator::declareStorage(const VarDecl* v) {
    Frame& f = m_wi.m_calls.frames.back();
    uint64_t& slot = f.addresses[v->slot];
    // Reached again (a loop body): the variable keeps its storage in this frame. A `__local`
    // variable's slot holds its group buffer; it has no private address.
    if (slot) return address::space(slot) == AddressSpace::Private ? slot : 0;
    if (v->isProgramScope) return 0; // static locals live in program memory
    if (v->type.space == AddressSpace::Local) {
        slot = m_wi.m_group->localVariable(v);
        return 0;
    }
    const Type* t = v->type->canonical();
    const uint64_t size = t->size;
    const RunOptions& o = m_run.options();
    const uint64_t limit = o.maxPrivateBytes, total = o.maxWorkItemPrivateBytes;
    const uint64_t inUse = m_wi.m_calls.memory.liveBytes();
    if (size > limit || size > total - std::min(inUse, total)) [[unlikely]] {
        privateTooLarge(m_wi, v, size, limit, total, inUse);
        throw Abort{};
    }
    // the slot's storage (Memory::allocateNamed: the name lives as long as the run), read and
    // written in place when the port allows it (MemoryPort::directSlot(false))
    uint8_t* data;
    slot = m_wi.m_calls.memory.allocateNamed(size, v->name, data);
    if ((t->isScalar() || t->isVector()) && m_wi.directSlot(false)) f.direct[v->slot] = data;
    return slot;
}

uint32_t Evaluator::declareFresh(const VarDecl* v) {
    Frame& f = m_wi.m_calls.frames.back();
    uint64_t& slot = f.addresses[v->slot];
    if (slot || v->isProgramScope || v->type.space == AddressSpace::Local || m_wi.directSlot(false))
        [[unlikely]]
        return 0;
    const uint64_t size = v->type->canonical()->size;
    const RunOptions& o = m_run.options();
    const uint64_t limit = o.maxPrivateBytes, total = o.maxWorkItemPrivateBytes;
    Memory& memory = m_wi.m_calls.memory;
    const uint64_t inUse = memory.liveBytes();
    if (size > limit || size > total - std::min(inUse, total)) [[unlikely]] {
        privateTooLarge(m_wi, v, size, limit, total, inUse);
        throw Abort{};
    }
    uint32_t index;
    memory.allocateNamedBuffer(size, v->name, index);
    slot = address::make(AddressSpace::Private, index, 0);
    return index;
}

namespace {
/// The flow observers' onStatement() (out of line: stepAtRare() stays short).
[[gnu::noinline]] void tellStatement(const std::vector<ExecutionObserver*>& flows,
                                     const WorkItem& wi, const Stmt& s) {
    for (ExecutionObserver* o : flows)
        o->onStatement(wi, s);
}
} // namespace

void Evaluator::stepAtRare(const Stmt* s, uint32_t site) {
    // The previous statement's full expressions have ended: so have the structures its
    // calls returned (C11 6.2.4p8; CallStack::Frame::exprTemps).
    if (std::vector<uint64_t>& done = m_wi.m_calls.frames.back().exprTemps; !done.empty()) {
        for (uint64_t a : done)
            m_wi.m_calls.memory.release(a);
        done.clear();
    }
    if (m_wi.m_hooks.steps > m_maxSteps) stepLimitReached(s);
    if (AccessEventLog* log = m_wi.m_hooks.statementLog)
        countStatement(*log, *s, site);
    else if (m_wi.m_hooks.flowObserved)
        tellStatement(m_run.flowObservers(), m_wi, *s);
    if (m_wi.m_hooks.controller && m_wi.m_fiber.running &&
        m_wi.m_hooks.controller->shouldPause(m_wi, *s)) {
        m_wi.switchToCaller();
    }
}

} // namespace clstep
