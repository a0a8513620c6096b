// AstBuilder: statements.
#include "frontend/AstBuilder.h"

namespace clstep {

using namespace ast;

std::unique_ptr<CompoundStmt> AstBuilder::buildCompound(P::CompoundStatementContext* ctx) {
    auto c = std::make_unique<CompoundStmt>();
    if (!ctx) return c;
    c->range = range(ctx);
    for (P::BlockItemContext* item : ctx->blockItem())
        if (StmtPtr s = buildBlockItem(item)) c->body.push_back(std::move(s));
    return c;
}

StmtPtr AstBuilder::buildBlockItem(P::BlockItemContext* ctx) {
    if (!ctx) return nullptr;
    if (ctx->declaration()) return buildDeclStmt(ctx->declaration());
    return buildStatement(ctx->statement());
}

std::unique_ptr<DeclStmt> AstBuilder::buildDeclStmt(P::DeclarationContext* ctx) {
    auto ds = std::make_unique<DeclStmt>();
    ds->range = range(ctx);
    buildDeclaration(ctx->declarationSpecifiers(), ctx->initDeclaratorList(), false, ds->decls);
    return ds;
}

StmtPtr AstBuilder::buildStatement(P::StatementContext* ctx) {
    if (!ctx) return nullptr;
    const SourceRange r = range(ctx);

    if (P::CompoundStatementContext* c = ctx->compoundStatement()) return buildCompound(c);

    if (P::ExpressionStatementContext* e = ctx->expressionStatement()) {
        if (!e->expression()) {
            auto n = std::make_unique<NullStmt>();
            n->range = r;
            return n;
        }
        auto s = std::make_unique<ExprStmt>();
        s->range = r;
        s->expr = buildExpression(e->expression());
        return s;
    }

    if (P::LabeledStatementContext* l = ctx->labeledStatement()) {
        if (l->Case()) {
            auto s = std::make_unique<CaseStmt>();
            s->range = r;
            s->value = buildConstant(l->constantExpression());
            s->sub = buildStatement(l->statement());
            return s;
        }
        if (l->Default()) {
            auto s = std::make_unique<DefaultStmt>();
            s->range = r;
            s->sub = buildStatement(l->statement());
            return s;
        }
        auto s = std::make_unique<LabelStmt>();
        s->range = r;
        s->label = text(l->Identifier());
        s->sub = buildStatement(l->statement());
        return s;
    }

    if (P::SelectionStatementContext* sel = ctx->selectionStatement()) {
        if (sel->Switch()) {
            auto s = std::make_unique<SwitchStmt>();
            s->range = r;
            s->cond = buildExpression(sel->expression());
            s->body = buildStatement(sel->statement(0));
            return s;
        }
        auto s = std::make_unique<IfStmt>();
        s->range = r;
        s->cond = buildExpression(sel->expression());
        s->thenStmt = buildStatement(sel->statement(0));
        if (sel->Else()) s->elseStmt = buildStatement(sel->statement(1));
        return s;
    }

    if (P::IterationStatementContext* it = ctx->iterationStatement()) {
        if (it->Do()) {
            auto s = std::make_unique<DoWhileStmt>();
            s->range = r;
            s->body = buildStatement(it->statement());
            s->cond = buildExpression(it->expression(0));
            return s;
        }
        if (!it->For()) {
            auto s = std::make_unique<WhileStmt>();
            s->range = r;
            s->cond = buildExpression(it->expression(0));
            s->body = buildStatement(it->statement());
            return s;
        }
        // for (init; cond; inc): the clause of an expression is the number of ';' before it.
        auto s = std::make_unique<ForStmt>();
        s->range = r;
        int clause = 0;
        ExprStmt* pendingInit = nullptr;
        for (antlr4::tree::ParseTree* child : it->children) {
            if (auto* t = dynamic_cast<antlr4::tree::TerminalNode*>(child)) {
                if (t->getSymbol()->getType() == P::Semi) {
                    if (pendingInit && clause == 0)
                        pendingInit->range.end = range(t->getSymbol()).end;
                    ++clause;
                }
                continue;
            }
            if (auto* d = dynamic_cast<P::DeclarationContext*>(child)) {
                s->init = buildDeclStmt(d);
                clause = 1;
            } else if (auto* e = dynamic_cast<P::ExpressionContext*>(child)) {
                if (clause == 0) {
                    auto init = std::make_unique<ExprStmt>();
                    init->range = range(e);
                    init->expr = buildExpression(e);
                    pendingInit = init.get();
                    s->init = std::move(init);
                } else if (clause == 1) {
                    s->cond = buildExpression(e);
                } else {
                    s->inc = buildExpression(e);
                }
            } else if (auto* body = dynamic_cast<P::StatementContext*>(child)) {
                s->body = buildStatement(body);
            }
        }
        return s;
    }

    if (P::JumpStatementContext* j = ctx->jumpStatement()) {
        if (j->Goto()) {
            auto s = std::make_unique<GotoStmt>();
            s->range = r;
            s->label = text(j->Identifier());
            return s;
        }
        if (j->Continue()) {
            auto s = std::make_unique<ContinueStmt>();
            s->range = r;
            return s;
        }
        if (j->Break()) {
            auto s = std::make_unique<BreakStmt>();
            s->range = r;
            return s;
        }
        auto s = std::make_unique<ReturnStmt>();
        s->range = r;
        s->value = buildExpression(j->expression());
        return s;
    }

    // `__attribute__((...)) statement` (e.g. opencl_unroll_hint): the AST keeps the statement.
    if (ctx->statement()) return buildStatement(ctx->statement());
    return nullptr;
}

} // namespace clstep
