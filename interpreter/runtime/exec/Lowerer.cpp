// exec::Lowerer: statements to a flat op list, and exec::LoweredProgram (every function lowered
// once).
#include "runtime/exec/Lowerer.h"
#include "runtime/exec/ParamWrites.h"

#include "runtime/exec/Handlers.h"

#include "builtins/BuiltinRegistry.h"
#include "frontend/AstWalk.h"
#include "frontend/StatementLinks.h"

namespace clstep::exec {

using namespace ast;

LoweredProgram::LoweredProgram(const TranslationUnit& unit,
                               const std::vector<VarDecl*>& programVars) {
    Lowerer lowerer(*this);
    for (const VarDecl* v : programVars) {
        InitPlan plan;
        if (v->init && lowerer.lowerInitializer(*v, plan)) m_programInits[v] = std::move(plan);
    }
    for (const DeclPtr& d : unit.decls) {
        if (d->kind != DeclKind::Function) continue;
        auto* f = static_cast<const FunctionDecl*>(d.get());
        walk(
            f->body.get(), [](const Stmt*) {},
            [this](const Expr* e) {
                if (e->kind == ExprKind::StringLiteral)
                    m_stringLiterals.push_back(static_cast<const StringLiteralExpr*>(e));
            });
        if (!f->body) continue;
        if (std::unique_ptr<Function> lf = lowerer.lower(*f)) add(std::move(lf));
    }
    linkCalls();
}

const LoweredProgram& LoweredProgram::of(const clstep::Program& program) {
    return static_cast<const LoweredProgram&>(program.derived([&program] {
        return std::make_unique<LoweredProgram>(*program.unit, program.programVars);
    }));
}

uint32_t Lowerer::emit(const Op& op) {
    m_f->ops.push_back(op);
    return here() - 1;
}

std::unique_ptr<Function> Lowerer::lower(const FunctionDecl& fn) {
    auto f = std::make_unique<Function>();
    f->decl = &fn;
    f->paramWritten = writtenParameters(fn);
    m_f = f.get();
    m_breakables.clear();
    m_stepOp.clear();
    m_gotos.clear();
    // The body itself is not a step (a call runs it as a whole).
    for (const StmtPtr& s : fn.body->body)
        stmt(s.get());
    for (const auto& [op, g] : m_gotos) {
        const Stmt* root = g->parent;
        while (root && !(root->kind == StmtKind::Compound && statementContains(root, g->target)))
            root = root->parent;
        if (!root) root = fn.body.get();
        m_f->ops[op].table = static_cast<uint32_t>(m_f->jumps.size());
        m_f->jumps.push_back(targetOf(root, g->target));
    }
    m_f = nullptr;
    return f;
}

JumpTarget Lowerer::targetOf(const Stmt* root, const Stmt* s) {
    JumpTarget t;
    t.op = m_stepOp.at(s);
    collectSkipped(root, s, t.skipped);
    return t;
}

void Lowerer::collectSkipped(const Stmt* s, const Stmt* target, std::vector<const VarDecl*>& out) {
    while (s && s != target) {
        switch (s->kind) {
        case StmtKind::Compound: {
            auto* c = static_cast<const CompoundStmt*>(s);
            const Stmt* next = nullptr;
            for (const StmtPtr& child : c->body) {
                if (statementContains(child.get(), target)) {
                    next = child.get();
                    break;
                }
                if (child->kind == StmtKind::Decl)
                    for (const DeclPtr& d : static_cast<const DeclStmt*>(child.get())->decls)
                        if (d->kind == DeclKind::Var)
                            out.push_back(static_cast<const VarDecl*>(d.get()));
            }
            s = next;
            break;
        }
        case StmtKind::If: {
            auto* i = static_cast<const IfStmt*>(s);
            s = statementContains(i->thenStmt.get(), target) ? i->thenStmt.get()
                                                             : i->elseStmt.get();
            break;
        }
        case StmtKind::While:
            s = static_cast<const WhileStmt*>(s)->body.get();
            break;
        case StmtKind::DoWhile:
            s = static_cast<const DoWhileStmt*>(s)->body.get();
            break;
        case StmtKind::For:
            s = static_cast<const ForStmt*>(s)->body.get();
            break;
        case StmtKind::Switch:
            s = static_cast<const SwitchStmt*>(s)->body.get();
            break;
        case StmtKind::Case:
            s = static_cast<const CaseStmt*>(s)->sub.get();
            break;
        case StmtKind::Default:
            s = static_cast<const DefaultStmt*>(s)->sub.get();
            break;
        case StmtKind::Label:
            s = static_cast<const LabelStmt*>(s)->sub.get();
            break;
        default:
            s = nullptr;
            break;
        }
    }
}

const Node* Lowerer::statementExpr(const Expr* e) {
    return discard(e);
}

uint32_t Lowerer::branchFalse(const Expr* cond) {
    Op op;
    op.kind = OpKind::BranchFalse;
    op.expr = cond;
    op.node = scalar(cond);
    op.condKind = cond->type->canonical()->kind;
    op.site = m_program.newSite();
    return emit(op);
}

void Lowerer::decl(const VarDecl* v) {
    Op op;
    op.kind = OpKind::Decl;
    op.var = v;
    const Type* t = v->type->canonical();
    const Expr* init = v->init.get();
    if (init && !v->isProgramScope && v->type.space != AddressSpace::Local &&
        init->kind != ExprKind::InitList &&
        !(t->isArray() && init->kind == ExprKind::StringLiteral) &&
        ((isScalarExpr(init) && t->isScalar()) ||
         (t->kind == TypeKind::Opaque && init->type.type &&
          init->type->canonical()->kind == TypeKind::Opaque))) { // `event_t e = async_...`
        op.kind = OpKind::DeclScalar;
        op.node = scalar(init);
        op.expr = init;
    } else if (init && !v->isProgramScope && v->type.space != AddressSpace::Local &&
               init->kind != ExprKind::InitList && t->isVector() && isVectorExpr(init)) {
        op.kind = OpKind::DeclVector;
        op.node = vector(init);
        op.expr = init;
    } else if (init && !v->isProgramScope && v->type.space != AddressSpace::Local) {
        // `{...}` lists, aggregates, strings into char arrays (LowerAggregate.cpp)
        InitPlan plan;
        if (initPlan(v->type, init, 0, 0, plan.steps)) {
            op.kind = OpKind::DeclInit;
            op.expr = init;
            op.table = static_cast<uint32_t>(m_f->inits.size());
            m_f->inits.push_back(std::move(plan));
        } else { // a form Sema rejects: declared, then "internal" at the initializer
            emit(op);
            emit(Op{.kind = OpKind::Eval, .node = unsupported(init), .expr = init});
            return;
        }
    }
    emit(op);
}

namespace {
/// True when integer expression `e` has no side effects, reports nothing and does not read
/// `v`: constants, other private variables and parameters, and casts, unary and
/// non-dividing binary operators of them (an empty loop body changes none of them).
bool loopInvariant(const Expr* e, const Decl* v) {
    if (!e->type.type || !e->type->canonical()->isInteger()) return false;
    switch (e->kind) {
    case ExprKind::IntLiteral:
    case ExprKind::Sizeof:
    case ExprKind::Alignof:
    case ExprKind::VecStep:
        return true;
    case ExprKind::Name: {
        auto* n = static_cast<const NameExpr*>(e);
        return n->frameSlot >= 0 && n->decl != v && !n->type.isVolatile;
    }
    case ExprKind::ImplicitCast:
        return loopInvariant(static_cast<const ImplicitCastExpr*>(e)->operand.get(), v);
    case ExprKind::Cast:
        return loopInvariant(static_cast<const CastExpr*>(e)->operand.get(), v);
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        return (u->op == UnaryOp::Plus || u->op == UnaryOp::Minus || u->op == UnaryOp::BitNot ||
                u->op == UnaryOp::LogNot) &&
               loopInvariant(u->operand.get(), v);
    }
    case ExprKind::Binary: {
        auto* b = static_cast<const BinaryExpr*>(e);
        switch (b->op) {
        case BinaryOp::Add:
        case BinaryOp::Sub:
        case BinaryOp::Mul:
        case BinaryOp::BitAnd:
        case BinaryOp::BitOr:
        case BinaryOp::BitXor:
            return loopInvariant(b->lhs.get(), v) && loopInvariant(b->rhs.get(), v);
        default:
            return false;
        }
    }
    default:
        return false;
    }
}
} // namespace

void Lowerer::countedLoop(const ForStmt* f, uint32_t bodyStart) {
    // A compiler deletes such a loop (LLVM's loop deletion and induction-variable
    // simplification); the interpreter keeps the loop but jumps over its iterations
    // (Evaluator::runCountedLoop), so a delay loop of 10^5 iterations does not take 10^5
    // trips through the op loop.
    if (!f->cond || !f->inc || f->cond->kind != ExprKind::Binary) return;
    uint32_t steps = 0;
    for (uint32_t i = bodyStart; i < here(); ++i) {
        if (m_f->ops[i].kind != OpKind::Step) return;
        ++steps;
    }
    auto* cond = static_cast<const BinaryExpr*>(f->cond.get());
    if (cond->lhs->kind != ExprKind::Name) return;
    auto* name = static_cast<const NameExpr*>(cond->lhs.get());
    if (!name->decl || name->decl->kind != DeclKind::Var || name->frameSlot < 0) return;
    auto* v = static_cast<const VarDecl*>(name->decl);
    if (v->type.isVolatile || v->isProgramScope || v->type.space != AddressSpace::Private) return;
    const TypeKind k = v->type->canonical()->kind;
    if (k != TypeKind::Int && k != TypeKind::UInt && k != TypeKind::Long && k != TypeKind::ULong)
        return;
    if (!cond->computeType.type || cond->computeType->canonical()->kind != k) return;
    // the bound: an integer constant or another private variable or parameter (the empty body
    // changes neither), converted to the variable's type
    if (!loopInvariant(cond->rhs.get(), name->decl)) return;
    if (f->inc->kind != ExprKind::Unary) return;
    auto* inc = static_cast<const UnaryExpr*>(f->inc.get());
    const bool dec = inc->op == UnaryOp::PreDec || inc->op == UnaryOp::PostDec;
    if (!dec && inc->op != UnaryOp::PreInc && inc->op != UnaryOp::PostInc) return;
    if (inc->operand->kind != ExprKind::Name ||
        static_cast<const NameExpr*>(inc->operand.get())->decl != name->decl)
        return;
    const BinaryOp op = cond->op;
    const bool fits = dec ? (op == BinaryOp::Gt || op == BinaryOp::Ge || op == BinaryOp::Ne)
                          : (op == BinaryOp::Lt || op == BinaryOp::Le || op == BinaryOp::Ne);
    if (!fits) return;
    Op o;
    o.kind = OpKind::CountedLoop;
    o.var = v;
    o.node = scalar(cond->rhs.get());
    o.expr = f->inc.get();
    o.table = static_cast<uint32_t>(op) | (dec ? 0x100u : 0u);
    o.target = steps;
    o.condKind = k;
    emit(o);
}

void Lowerer::stmt(const Stmt* s) {
    if (!s) return;
    {
        Op step;
        step.kind = OpKind::Step;
        step.stmt = s;
        step.site = m_program.newSite();
        m_stepOp[s] = emit(step);
    }
    switch (s->kind) {
    case StmtKind::Compound:
        for (const StmtPtr& child : static_cast<const CompoundStmt*>(s)->body)
            stmt(child.get());
        return;
    case StmtKind::Decl:
        for (const DeclPtr& d : static_cast<const DeclStmt*>(s)->decls)
            if (d->kind == DeclKind::Var) decl(static_cast<const VarDecl*>(d.get()));
        return;
    case StmtKind::Expr: {
        const Expr* e = static_cast<const ExprStmt*>(s)->expr.get();
        Op op;
        op.expr = e;
        op.kind = OpKind::Eval;
        if (e->kind == ExprKind::Call) {
            auto* c = static_cast<const CallExpr*>(e);
            if (c->builtin >= 0 && !c->args.empty() &&
                (BuiltinRegistry::instance().def(c->builtin).flags & BuiltinWorkGroupBarrier)) {
                // called straight from the op, so a waiting work-item keeps a shallow stack:
                // the flags, then the other arguments (a scope) for their effects
                op.kind = OpKind::Barrier;
                const Node* rest = nullptr;
                for (size_t i = c->args.size(); i-- > 1;) {
                    const Node* d = discard(c->args[i].get());
                    rest = rest ? make(&Handlers::comma, c->args[i].get(), d, rest) : d;
                }
                const Node* flags = scalar(c->args[0].get());
                op.node = rest ? make(&Handlers::first, c, flags, rest) : flags;
            }
        }
        if (op.kind == OpKind::Eval) op.node = statementExpr(e);
        emit(op);
        return;
    }
    case StmtKind::If: {
        auto* i = static_cast<const IfStmt*>(s);
        const uint32_t bf = branchFalse(i->cond.get());
        stmt(i->thenStmt.get());
        if (i->elseStmt) {
            const uint32_t j = emit(Op{.kind = OpKind::Jump});
            m_f->ops[bf].target = here();
            stmt(i->elseStmt.get());
            m_f->ops[j].target = here();
        } else {
            m_f->ops[bf].target = here();
        }
        return;
    }
    case StmtKind::While: {
        auto* w = static_cast<const WhileStmt*>(s);
        const uint32_t top = here();
        const uint32_t bf = branchFalse(w->cond.get());
        m_breakables.push_back({});
        stmt(w->body.get());
        emit(Op{.kind = OpKind::Jump, .target = top});
        Breakable b = std::move(m_breakables.back());
        m_breakables.pop_back();
        m_f->ops[bf].target = here();
        for (uint32_t j : b.breaks)
            m_f->ops[j].target = here();
        for (uint32_t j : b.continues)
            m_f->ops[j].target = top;
        return;
    }
    case StmtKind::DoWhile: {
        auto* w = static_cast<const DoWhileStmt*>(s);
        const uint32_t top = here();
        m_breakables.push_back({});
        stmt(w->body.get());
        const uint32_t cont = here();
        const uint32_t bf = branchFalse(w->cond.get());
        emit(Op{.kind = OpKind::Jump, .target = top});
        Breakable b = std::move(m_breakables.back());
        m_breakables.pop_back();
        m_f->ops[bf].target = here();
        for (uint32_t j : b.breaks)
            m_f->ops[j].target = here();
        for (uint32_t j : b.continues)
            m_f->ops[j].target = cont;
        return;
    }
    case StmtKind::For: {
        auto* f = static_cast<const ForStmt*>(s);
        stmt(f->init.get());
        const uint32_t top = here();
        const uint32_t bf = f->cond ? branchFalse(f->cond.get()) : UINT32_MAX;
        m_breakables.push_back({});
        const uint32_t bodyStart = here();
        stmt(f->body.get());
        countedLoop(f, bodyStart);
        const uint32_t cont = here();
        if (f->inc) {
            Op inc;
            inc.kind = OpKind::Eval;
            inc.expr = f->inc.get();
            inc.node = statementExpr(inc.expr);
            emit(inc);
        }
        emit(Op{.kind = OpKind::Jump, .target = top});
        Breakable b = std::move(m_breakables.back());
        m_breakables.pop_back();
        if (bf != UINT32_MAX) m_f->ops[bf].target = here();
        for (uint32_t j : b.breaks)
            m_f->ops[j].target = here();
        for (uint32_t j : b.continues)
            m_f->ops[j].target = cont;
        return;
    }
    case StmtKind::Switch: {
        auto* w = static_cast<const SwitchStmt*>(s);
        const uint32_t table = static_cast<uint32_t>(m_f->switches.size());
        m_f->switches.emplace_back();
        {
            SwitchTable& t = m_f->switches.back();
            t.stmt = w;
            t.cond = scalar(w->cond.get());
        }
        emit(Op{.kind = OpKind::Switch, .table = table, .site = m_program.newSite()});
        m_breakables.push_back({.isSwitch = true});
        stmt(w->body.get());
        Breakable b = std::move(m_breakables.back());
        m_breakables.pop_back();
        const uint32_t end = here();
        for (uint32_t j : b.breaks)
            m_f->ops[j].target = end;
        // continue belongs to the enclosing loop
        for (uint32_t j : b.continues)
            for (auto it = m_breakables.rbegin(); it != m_breakables.rend(); ++it)
                if (!it->isSwitch) {
                    it->continues.push_back(j);
                    break;
                }
        SwitchTable& t = m_f->switches[table];
        for (const CaseStmt* c : w->cases)
            t.cases.push_back(targetOf(w->body.get(), c));
        if (w->defaultLabel) {
            t.fallback = targetOf(w->body.get(), w->defaultLabel);
            t.hasDefault = true;
        } else {
            t.fallback.op = end;
        }
        return;
    }
    case StmtKind::Case:
        stmt(static_cast<const CaseStmt*>(s)->sub.get());
        return;
    case StmtKind::Default:
        stmt(static_cast<const DefaultStmt*>(s)->sub.get());
        return;
    case StmtKind::Label:
        stmt(static_cast<const LabelStmt*>(s)->sub.get());
        return;
    case StmtKind::Break: {
        const uint32_t j = emit(Op{.kind = OpKind::Jump});
        if (!m_breakables.empty()) m_breakables.back().breaks.push_back(j);
        return;
    }
    case StmtKind::Continue: {
        const uint32_t j = emit(Op{.kind = OpKind::Jump});
        for (auto it = m_breakables.rbegin(); it != m_breakables.rend(); ++it)
            if (!it->isSwitch) {
                it->continues.push_back(j);
                break;
            }
        return;
    }
    case StmtKind::Return: {
        auto* r = static_cast<const ReturnStmt*>(s);
        Op op;
        op.kind = OpKind::Return;
        op.expr = r->value.get();
        if (op.expr) op.node = expression(op.expr); // a void one is evaluated, the value 0
        emit(op);
        return;
    }
    case StmtKind::Goto: {
        const uint32_t op = emit(Op{.kind = OpKind::Goto});
        m_gotos.emplace_back(op, static_cast<const GotoStmt*>(s));
        return;
    }
    case StmtKind::Null:
        return;
    }
}

} // namespace clstep::exec
