// Evaluator: statement execution, including goto and switch through "seek" mode: control
// enters the statement tree and skips forward until it reaches the target label or case.
#include "builtins/BuiltinRegistry.h"
#include "core/LaneOps.h"
#include "frontend/Sema.h"
#include "frontend/StatementLinks.h"
#include "runtime/Evaluator.h"
#include "runtime/KernelRun.h"
#include "runtime/StepController.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

namespace clstep {

using namespace ast;

Evaluator::Evaluator(WorkItem& wi) : m_wi(wi), m_run(wi.kernelRun()) {}

void Evaluator::reset() {
    m_seekTarget = nullptr;
    m_returnValue = Value{};
    m_addressOnly = false;
}

bool Evaluator::condition(const Expr* e) {
    const Lane v = isScalarExpr(e) ? evalScalar(e) : eval(e).lanes[0];
    const TypeKind k = e->type->canonical()->kind;
    if (k == TypeKind::Float || k == TypeKind::Half) return v.f != 0;
    if (k == TypeKind::Double) return v.d != 0;
    return v.u != 0;
}

bool Evaluator::branch(const Expr* e) {
    const bool taken = condition(e);
    if (!m_run.flowObservers().empty())
        for (ExecutionObserver* o : m_run.flowObservers())
            o->onBranch(m_wi, e->range, taken ? 1 : 0);
    return taken;
}

void Evaluator::stepLimitReached(const Stmt* s) {
    reportError("step-limit",
                "work-item stopped after " + std::to_string(m_run.options().maxStepsPerWorkItem) +
                    " statements (endless loop?); raise the limit with " +
                    m_run.options().stepLimitSetting,
                s->range);
    throw Abort{};
}

bool Evaluator::execBarrier(const CallExpr* c) {
    if (c->builtin < 0 || c->args.empty() ||
        !(BuiltinRegistry::instance().def(c->builtin).flags & BuiltinWorkGroupBarrier))
        return false;
    // Called straight from the statement: a work-item waiting at a barrier keeps a shallow
    // stack, which is what makes resuming a group of them cheap.
    const uint32_t flags = static_cast<uint32_t>(evalScalar(c->args[0].get()).u);
    for (size_t i = 1; i < c->args.size(); ++i)
        evalDiscard(c->args[i].get());
    m_wi.barrier(flags, c->range);
    return true;
}

Evaluator::Flow Evaluator::execCompound(const CompoundStmt* c) {
    size_t i = 0;
    if (m_seekTarget) {
        for (; i < c->body.size(); ++i)
            if (ast::statementContains(c->body[i].get(), m_seekTarget)) break;
        if (i == c->body.size()) return Flow::Seek;
        // A jump past a declaration into its scope: the variable exists, uninitialized
        // (C99 6.2.4, 6.8.6.1).
        for (size_t j = 0; j < i; ++j)
            declareSkipped(c->body[j].get());
    }
    for (; i < c->body.size(); ++i) {
        Flow f = exec(c->body[i].get());
        if (f != Flow::Normal) {
            if (f == Flow::Seek) {
                // a goto to a label elsewhere in this block: restart the search here
                size_t j = 0;
                for (; j < c->body.size(); ++j)
                    if (ast::statementContains(c->body[j].get(), m_seekTarget)) break;
                if (j == c->body.size()) return Flow::Seek;
                for (size_t k = 0; k < j; ++k)
                    declareSkipped(c->body[k].get());
                i = j - 1;
                continue;
            }
            return f;
        }
    }
    return Flow::Normal;
}

void Evaluator::declareSkipped(const Stmt* s) {
    if (s->kind != StmtKind::Decl) return;
    for (const DeclPtr& d : static_cast<const DeclStmt*>(s)->decls)
        if (d->kind == DeclKind::Var) declareStorage(static_cast<const VarDecl*>(d.get()));
}

void Evaluator::execDecl(const VarDecl* v) {
    const uint64_t slot = declareStorage(v);
    if (!slot || !v->init) return;
    initialize(slot, v->type, v->init.get());
    // Initialized now (the initializer may have called functions: fetch the frame again).
    Frame& frame = m_wi.m_frames.back();
    if (!frame.direct[v->slot] && m_wi.m_port->directSlot(true))
        m_wi.enableDirect(frame, v->slot, v->type);
}

uint64_t Evaluator::declareStorage(const VarDecl* v) {
    Frame& f = m_wi.m_frames.back();
    if (v->isProgramScope) return 0; // static locals live in program memory
    if (v->type.space == AddressSpace::Local) {
        f.slots[v->slot] = m_wi.m_group->localVariable(v);
        return 0;
    }
    uint64_t size = v->type->canonical()->size;
    uint64_t& slot = f.slots[v->slot];
    if (!slot) {
        if (size > m_run.options().maxPrivateBytes) {
            reportError("allocation-too-large",
                        "private variable '" + v->name + "' needs " + std::to_string(size) +
                            " bytes, more than the " +
                            std::to_string(m_run.options().maxPrivateBytes) +
                            "-byte private memory limit",
                        v->range);
            throw Abort{};
        }
        slot = m_wi.allocateSlot(f, v->slot, v->type, v->name, false);
    }
    return slot;
}

void Evaluator::stepAt(const Stmt* s) {
    m_wi.m_currentStmt = s;
    if (++m_wi.m_steps > m_run.options().maxStepsPerWorkItem) stepLimitReached(s);
    if (!m_run.flowObservers().empty())
        for (ExecutionObserver* o : m_run.flowObservers())
            o->onStatement(m_wi, *s);
    if (m_wi.m_controller && m_wi.m_onFiber && m_wi.m_controller->shouldPause(m_wi, *s)) {
        m_wi.m_pausedAtStatement = true;
        m_wi.switchToCaller();
        m_wi.m_pausedAtStatement = false;
    }
}

Evaluator::Flow Evaluator::exec(const Stmt* s) {
    if (!s) return Flow::Normal;
    if (m_seekTarget) {
        if (s == m_seekTarget) {
            m_seekTarget = nullptr;
        } else if (!ast::statementContains(s, m_seekTarget)) {
            return Flow::Normal;
        }
    }
    if (!m_seekTarget) stepAt(s);
    switch (s->kind) {
    case StmtKind::Compound:
        return execCompound(static_cast<const CompoundStmt*>(s));
    case StmtKind::Decl:
        for (const DeclPtr& d : static_cast<const DeclStmt*>(s)->decls)
            if (d->kind == DeclKind::Var) execDecl(static_cast<const VarDecl*>(d.get()));
        return Flow::Normal;
    case StmtKind::Expr: {
        const Expr* e = static_cast<const ExprStmt*>(s)->expr.get();
        if (e->kind == ExprKind::Call && execBarrier(static_cast<const CallExpr*>(e)))
            return Flow::Normal;
        evalDiscard(e);
        return Flow::Normal;
    }
    case StmtKind::If: {
        auto* i = static_cast<const IfStmt*>(s);
        if (m_seekTarget) {
            if (ast::statementContains(i->thenStmt.get(), m_seekTarget))
                return exec(i->thenStmt.get());
            return exec(i->elseStmt.get());
        }
        if (branch(i->cond.get())) return exec(i->thenStmt.get());
        return exec(i->elseStmt.get());
    }
    case StmtKind::While: {
        auto* w = static_cast<const WhileStmt*>(s);
        while (m_seekTarget || branch(w->cond.get())) {
            Flow f = exec(w->body.get());
            if (f == Flow::Break) break;
            if (f == Flow::Return || f == Flow::Seek) return f;
        }
        return Flow::Normal;
    }
    case StmtKind::DoWhile: {
        auto* w = static_cast<const DoWhileStmt*>(s);
        do {
            Flow f = exec(w->body.get());
            if (f == Flow::Break) break;
            if (f == Flow::Return || f == Flow::Seek) return f;
        } while (branch(w->cond.get()));
        return Flow::Normal;
    }
    case StmtKind::For: {
        auto* f = static_cast<const ForStmt*>(s);
        if (!m_seekTarget) exec(f->init.get());
        while (m_seekTarget || !f->cond || branch(f->cond.get())) {
            Flow fl = exec(f->body.get());
            if (fl == Flow::Break) break;
            if (fl == Flow::Return || fl == Flow::Seek) return fl;
            if (f->inc) evalDiscard(f->inc.get());
        }
        return Flow::Normal;
    }
    case StmtKind::Switch: {
        auto* w = static_cast<const SwitchStmt*>(s);
        const int64_t v = evalScalar(w->cond.get()).i;
        const Stmt* target = w->defaultLabel;
        int64_t chosen = -1;
        for (size_t ci = 0; ci < w->cases.size(); ++ci)
            if (w->cases[ci]->constant == v) {
                target = w->cases[ci];
                chosen = static_cast<int64_t>(ci);
                break;
            }
        if (!m_run.flowObservers().empty())
            for (ExecutionObserver* o : m_run.flowObservers())
                o->onBranch(m_wi, w->cond->range, chosen);
        if (!target) return Flow::Normal;
        m_seekTarget = target;
        Flow f = exec(w->body.get());
        m_seekTarget = nullptr;
        if (f == Flow::Break) return Flow::Normal;
        return f;
    }
    case StmtKind::Case:
        return exec(static_cast<const CaseStmt*>(s)->sub.get());
    case StmtKind::Default:
        return exec(static_cast<const DefaultStmt*>(s)->sub.get());
    case StmtKind::Label:
        return exec(static_cast<const LabelStmt*>(s)->sub.get());
    case StmtKind::Break:
        return Flow::Break;
    case StmtKind::Continue:
        return Flow::Continue;
    case StmtKind::Return: {
        auto* r = static_cast<const ReturnStmt*>(s);
        if (r->value) {
            if (isScalarExpr(r->value.get()))
                m_returnValue.lanes[0] = evalScalar(r->value.get());
            else
                m_returnValue = eval(r->value.get());
        }
        return Flow::Return;
    }
    case StmtKind::Goto: {
        m_seekTarget = static_cast<const GotoStmt*>(s)->target;
        return Flow::Seek;
    }
    case StmtKind::Null:
        return Flow::Normal;
    }
    return Flow::Normal;
}

} // namespace clstep
