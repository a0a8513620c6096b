// Evaluator: running a lowered function body (exec::Function): the op loop.
#include "runtime/AccessEventLog.h"
#include "runtime/ComponentMemory.h"
#include "runtime/Evaluator.h"
#include "runtime/KernelRun.h"
#include "runtime/PrivateWrites.h"
#include "runtime/WorkItem.h"
#include "runtime/exec/LoweredProgram.h"

namespace clstep {

using namespace ast;

void Evaluator::runBody(const FunctionDecl* f) {
    // One-entry cache: most calls run the kernel again (the next work-item) or the same
    // callee, and the lookup showed in vecadd's profile.
    if (f != m_lastBody) {
        const exec::LoweredProgram* p = m_run.loweredProgram();
        m_lastBody = f;
        m_lastLowered = p ? p->function(f) : nullptr;
    }
    if (!m_lastLowered) [[unlikely]] { // exec::LoweredProgram lowers every definition
        reportError(DiagnosticKind::Internal, "function '" + f->name + "' was not lowered",
                    f->range);
        throw Abort{};
    }
    runLowered(*m_lastLowered);
}

namespace {
/// Restores Evaluator::m_directSlots when a lowered body is left (a callee's body sets its
/// own).
class DirectSlotsScope {
public:
    DirectSlotsScope(uint8_t* const*& slot, uint8_t* const* mine) : m_slot(slot), m_saved(slot) {
        slot = mine;
    }
    ~DirectSlotsScope() { m_slot = m_saved; }
    DirectSlotsScope(const DirectSlotsScope&) = delete;
    DirectSlotsScope& operator=(const DirectSlotsScope&) = delete;

private:
    uint8_t* const*& m_slot;
    uint8_t* const* m_saved;
};
} // namespace

void Evaluator::runBarrier(const exec::Op& op) {
    // Called straight from the op loop: a work-item waiting at a barrier keeps a shallow
    // stack, which is what makes resuming a group of them cheap.
    const uint32_t flags = static_cast<uint32_t>((*op.node)(*this).u);
    m_wi.barrier(flags, op.expr->range);
}

void Evaluator::runCountedLoop(const exec::Op& op) {
    using ast::BinaryOp;
    if (m_wi.m_hooks.any || m_wi.m_hooks.flowObserved || m_wi.m_hooks.statementLog) return;
    const ast::VarDecl* v = op.var;
    const uint64_t addr = m_wi.m_calls.frames.back().addresses[v->slot];
    if (!addr) return;
    const TypeKind k = op.condKind;
    const bool isSigned = k == TypeKind::Int || k == TypeKind::Long;
    const bool wide = k == TypeKind::Long || k == TypeKind::ULong;
    const QualType& type = v->type;
    const SourceRange& site = op.expr->range;
    uint8_t* direct = m_directSlots[v->slot];
    Component cur;
    if (direct)
        componentmem::readComponent(direct, k, false, cur);
    else
        cur = loadScalar(addr, type, site, 0);
    const Component bound = (*op.node)(*this);
    // both in the variable's type, as 128-bit integers (no overflow below)
    const auto value = [&](Component l) -> __int128 {
        if (wide) return isSigned ? __int128(l.i) : __int128(l.u);
        return isSigned ? __int128(static_cast<int32_t>(l.i))
                        : __int128(static_cast<uint32_t>(l.u));
    };
    const __int128 x = value(cur), b = value(bound);
    const __int128 lo = isSigned ? (wide ? __int128(INT64_MIN) : __int128(INT32_MIN)) : 0;
    const __int128 hi = wide ? (isSigned ? __int128(INT64_MAX) : __int128(UINT64_MAX))
                             : (isSigned ? __int128(INT32_MAX) : __int128(UINT32_MAX));
    const bool dec = op.table & 0x100;
    const auto cmp = static_cast<BinaryOp>(op.table & 0xff);
    __int128 last, n; // the value in the last iteration; iterations left, this one included
    if (!dec) {
        if (x >= b && !(cmp == BinaryOp::Le && x == b)) return; // the condition did not hold
        if (cmp == BinaryOp::Le) {
            if (b == hi) return; // i <= MAX never ends (and overflows)
            last = b;
        } else {
            last = b - 1;
        }
    } else {
        if (x <= b && !(cmp == BinaryOp::Ge && x == b)) return;
        if (cmp == BinaryOp::Ge) {
            if (b == lo) return;
            last = b;
        } else {
            last = b + 1;
        }
    }
    n = dec ? x - last + 1 : last - x + 1;
    if (n <= 1) return;
    const __int128 skipped = (n - 1) * __int128(op.target);
    if (__int128(m_wi.m_hooks.steps) + skipped > __int128(m_maxSteps)) return;
    m_wi.m_hooks.steps += static_cast<uint64_t>(skipped);
    Component next;
    next.i = static_cast<int64_t>(last);
    if (direct)
        componentmem::writeComponent(direct, k, false, next);
    else
        storeScalar(addr, type, next, site, 0);
}

// A port with an event log has exactly one observer, the log's owner (MemoryPort::choose), and
// the flow observers are a subset of the port's observers: called with flow observers (not
// empty), that owner is the lone flow observer. So the log alone decides, without looking the
// flow observers up again (a thread-local lookup per statement).

inline void Evaluator::branchTaken(const SourceRange& site, int64_t outcome, uint32_t number) {
    if (AccessEventLog* log = m_wi.m_hooks.statementLog) {
        log->appendBranchAt(m_wi.localLinearId(), outcome, number, site);
        return;
    }
    for (ExecutionObserver* o : m_run.flowObservers())
        o->onBranch(m_wi, site, outcome);
}

uint8_t* Evaluator::initializeShadowed(Frame& frame, const VarDecl* v, const Type* t, uint64_t slot,
                                       uint64_t size) {
    PrivateWrites* shadow = m_wi.m_route.port->privateShadow();
    if (!shadow) return nullptr;
    // inPlaceBytes()'s test, written out (a variable's slot is `__private`): the offset is
    // kept for the direct slot's test below (the helper cost 3 instructions per variable)
    Buffer* b = m_wi.m_calls.memory.buffer(slot);
    const uint64_t off = address::offset(slot);
    if (!b || !b->alive || b->readOnly || off + size > b->bytes.size() ||
        (off & (t->align - 1)) != 0) [[unlikely]]
        return nullptr;
    shadow->written(m_wi.localLinearId(), slot, size, *b);
    uint8_t* d = b->bytes.data() + off;
    if (!frame.direct[v->slot] && (t->isScalar() || t->isVector()) &&
        off + t->size <= b->bytes.size() && m_wi.directSlot(true))
        frame.direct[v->slot] = d;
    return d;
}

inline uint8_t* Evaluator::initializeFresh(const VarDecl* v, const Type* t, uint32_t index,
                                           uint64_t size) {
    Buffer* b = m_wi.m_calls.memory.buffer(address::make(AddressSpace::Private, index, 0));
    PrivateWrites* shadow = m_wi.m_route.port->privateShadow();
    if (!shadow || !b || !b->alive) [[unlikely]]
        return nullptr;
    shadow->freshWritten(m_wi.localLinearId(), index, size, *b);
    uint8_t* d = b->bytes.data();
    uint8_t*& direct = m_wi.m_calls.frames.back().direct[v->slot];
    if (!direct && (t->isScalar() || t->isVector()) && m_wi.directSlot(true)) direct = d;
    return d;
}

bool Evaluator::loadedShadowed(PrivateWrites& shadow, uint64_t address, const QualType& type,
                               uint64_t align, Component& out) {
    return loadInPlace(shadow, address, type->canonical(), align, out);
}

bool Evaluator::storedShadowed(PrivateWrites& shadow, uint64_t address, const QualType& type,
                               uint64_t align, Component v) {
    const Type* t = type->canonical();
    uint8_t* p = shadowedStore(shadow, address, t->size, align ? align : t->align);
    if (!p) return false;
    componentmem::writeComponent(p, t->kind, false, v);
    return true;
}

void Evaluator::runLowered(const exec::Function& f) {
    using exec::OpKind;
    const DirectSlotsScope directSlots(m_directSlots, m_wi.m_calls.frames.back().direct.data());
    const exec::Op* ops = f.ops.data();
    const uint32_t end = static_cast<uint32_t>(f.ops.size());
    uint32_t pc = 0;
    while (pc < end) {
        const exec::Op& op = ops[pc++];
        switch (op.kind) {
        case OpKind::Step:
            stepAt(op.stmt, op.site);
            break;
        case OpKind::Eval:
            (*op.node)(*this);
            break;
        case OpKind::Barrier:
            runBarrier(op);
            break;
        case OpKind::Decl:
            declareStorage(op.var);
            break;
        case OpKind::DeclScalar: {
            // storage, then the scalar initializer through the port (in place when direct)
            const VarDecl* v = op.var;
            // a first declaration in this frame with the shadow: allocated, then written and
            // marked at once (reached again, e.g. in a loop body, its slot is direct: the
            // test skips declareFresh(), which tests the slot itself, and declareStorage()
            // finds the storage)
            const uint32_t fresh =
                !m_directSlots[v->slot] && m_wi.m_route.port->privateShadow() ? declareFresh(v) : 0;
            const uint64_t slot =
                fresh ? address::make(AddressSpace::Private, fresh, 0) : declareStorage(v);
            if (!slot) break;
            const Component value = (*op.node)(*this);
            if (fresh) {
                const Type* t = v->type->canonical();
                if (uint8_t* d = initializeFresh(v, t, fresh, t->size)) {
                    componentmem::writeComponent(d, t->kind, false, value);
                    break;
                }
            }
            Frame& frame = m_wi.m_calls.frames.back();
            uint8_t* p = frame.direct[v->slot];
            if (p && m_wi.directSlot(false)) {
                // A direct port: the slot is live, writable, in bounds and aligned, so the
                // port would write these bytes in place too (a checked port still sees it).
                componentmem::writeComponent(p, v->type->canonical()->kind, false, value);
                break;
            }
            const Type* t = v->type->canonical();
            if (uint8_t* d = initializeShadowed(frame, v, t, slot, t->size)) {
                componentmem::writeComponent(d, t->kind, false, value);
                break;
            }
            storeScalar(slot, v->type, value, op.expr->range, t->align);
            if (!frame.direct[v->slot] && m_wi.directSlot(true))
                m_wi.enableDirect(frame, v->slot, v->type);
            break;
        }
        case OpKind::DeclVector: {
            // storage, then the vector initializer (as DeclScalar)
            const VarDecl* v = op.var;
            const uint32_t fresh =
                !m_directSlots[v->slot] && m_wi.m_route.port->privateShadow() ? declareFresh(v) : 0;
            const uint64_t slot =
                fresh ? address::make(AddressSpace::Private, fresh, 0) : declareStorage(v);
            if (!slot) break;
            Value value;
            op.node->vec(*op.node, *this, value.components);
            const Type* t = v->type->canonical();
            if (fresh && t->kind == TypeKind::Vector) {
                if (uint8_t* d = initializeFresh(v, t, fresh, t->element->size * t->count)) {
                    componentmem::writeComponents(d, t->element->kind, t->element->size, t->count,
                                                  value.components);
                    break;
                }
            }
            Frame& frame = m_wi.m_calls.frames.back();
            uint8_t* p = frame.direct[v->slot];
            if (p && m_wi.directSlot(false)) { // in place, as DeclScalar
                componentmem::writeComponents(p, t->element->kind, t->element->size, t->count,
                                              value.components);
                break;
            }
            const bool vector = t->kind == TypeKind::Vector;
            if (uint8_t* d = initializeShadowed(frame, v, t, slot,
                                                vector ? t->element->size * t->count : t->size)) {
                if (vector)
                    componentmem::writeComponents(d, t->element->kind, t->element->size, t->count,
                                                  value.components);
                else
                    componentmem::writeComponent(d, t->kind, false, value.components[0]);
                break;
            }
            storeAt(slot, v->type, value, op.expr->range, t->align);
            if (!frame.direct[v->slot] && m_wi.directSlot(true))
                m_wi.enableDirect(frame, v->slot, v->type);
            break;
        }
        case OpKind::DeclInit: {
            // storage, then the initializer plan (exec::InitPlan)
            const VarDecl* v = op.var;
            const uint64_t slot = declareStorage(v);
            if (!slot) break;
            initLowered(f.inits[op.table], slot);
            // initialized now (the initializer may have called functions: fetch the frame)
            Frame& frame = m_wi.m_calls.frames.back();
            if (!frame.direct[v->slot] && m_wi.directSlot(true))
                m_wi.enableDirect(frame, v->slot, v->type);
            break;
        }
        case OpKind::CountedLoop:
            runCountedLoop(op);
            break;
        case OpKind::Jump:
            pc = op.target;
            break;
        case OpKind::BranchFalse: {
            // the truth of a scalar (C99 6.8.4.1: compares unequal to 0; -0.0 and NaN as C
            // compares them)
            const Component v = (*op.node)(*this);
            const TypeKind k = op.condKind;
            const bool taken = (k == TypeKind::Float || k == TypeKind::Half) ? v.f != 0
                               : k == TypeKind::Double                       ? v.d != 0
                                                                             : v.u != 0;
            if (m_wi.m_hooks.flowObserved) branchTaken(op.expr->range, taken ? 1 : 0, op.site);
            if (!taken) pc = op.target;
            break;
        }
        case OpKind::Switch: {
            const exec::SwitchTable& t = f.switches[op.table];
            const int64_t v = (*t.cond)(*this).i;
            const exec::JumpTarget* target = t.hasDefault ? &t.fallback : nullptr;
            int64_t chosen = -1;
            for (size_t ci = 0; ci < t.stmt->cases.size(); ++ci)
                if (t.stmt->cases[ci]->constant == v) {
                    target = &t.cases[ci];
                    chosen = static_cast<int64_t>(ci);
                    break;
                }
            if (m_wi.m_hooks.flowObserved) branchTaken(t.stmt->cond->range, chosen, op.site);
            if (!target) {
                pc = t.fallback.op;
                break;
            }
            for (const VarDecl* d : target->skipped)
                declareStorage(d);
            pc = target->op;
            break;
        }
        case OpKind::Goto: {
            const exec::JumpTarget& t = f.jumps[op.table];
            for (const VarDecl* d : t.skipped)
                declareStorage(d);
            pc = t.op;
            break;
        }
        case OpKind::Return:
            if (op.node) {
                if (op.node->vec) {
                    m_returnValue = Value();
                    op.node->vec(*op.node, *this, m_returnValue.components);
                } else {
                    m_returnValue.components[0] = (*op.node)(*this);
                }
            }
            return;
        }
    }
}

} // namespace clstep
