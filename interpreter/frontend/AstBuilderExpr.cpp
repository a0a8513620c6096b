// AstBuilder: expressions. Operator chains are folded iteratively so that very long
// expressions (a + a + ... with 10,000 terms) never recurse deeply here.
#include "frontend/AstBuilder.h"

namespace clstep {

using namespace ast;

namespace {

/// Undoes AstBuilder::enterChain on scope exit.
struct ChainGuard {
    size_t& depth;
    size_t n;
    ~ChainGuard() { depth -= n; }
};

BinaryOp binaryOpFor(size_t tokenType) {
    using P = grammar::OpenCLCParser;
    switch (tokenType) {
    case P::Star:
        return BinaryOp::Mul;
    case P::Div:
        return BinaryOp::Div;
    case P::Mod:
        return BinaryOp::Rem;
    case P::Plus:
        return BinaryOp::Add;
    case P::Minus:
        return BinaryOp::Sub;
    case P::LeftShift:
        return BinaryOp::Shl;
    case P::RightShift:
        return BinaryOp::Shr;
    case P::Less:
        return BinaryOp::Lt;
    case P::Greater:
        return BinaryOp::Gt;
    case P::LessEqual:
        return BinaryOp::Le;
    case P::GreaterEqual:
        return BinaryOp::Ge;
    case P::Equal:
        return BinaryOp::Eq;
    case P::NotEqual:
        return BinaryOp::Ne;
    case P::And:
        return BinaryOp::BitAnd;
    case P::Caret:
        return BinaryOp::BitXor;
    case P::Or:
        return BinaryOp::BitOr;
    case P::AndAnd:
        return BinaryOp::LogAnd;
    case P::OrOr:
        return BinaryOp::LogOr;
    case P::Comma:
        return BinaryOp::Comma;
    // compound assignment operators
    case P::StarAssign:
        return BinaryOp::Mul;
    case P::DivAssign:
        return BinaryOp::Div;
    case P::ModAssign:
        return BinaryOp::Rem;
    case P::PlusAssign:
        return BinaryOp::Add;
    case P::MinusAssign:
        return BinaryOp::Sub;
    case P::LeftShiftAssign:
        return BinaryOp::Shl;
    case P::RightShiftAssign:
        return BinaryOp::Shr;
    case P::AndAssign:
        return BinaryOp::BitAnd;
    case P::XorAssign:
        return BinaryOp::BitXor;
    case P::OrAssign:
        return BinaryOp::BitOr;
    default:
        return BinaryOp::None;
    }
}

antlr4::Token* firstTerminal(antlr4::ParserRuleContext* ctx) {
    for (antlr4::tree::ParseTree* c : ctx->children)
        if (auto* t = dynamic_cast<antlr4::tree::TerminalNode*>(c)) return t->getSymbol();
    return nullptr;
}

} // namespace

// ---------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------

ExprPtr AstBuilder::buildExpression(P::ExpressionContext* ctx) {
    if (!ctx) return nullptr;
    std::vector<P::AssignmentExpressionContext*> items = ctx->assignmentExpression();
    if (items.empty()) return nullptr;
    if (items.size() == 1) return buildAssignment(items[0]);
    ChainGuard guard{m_chainDepth, items.size()};
    if (!enterChain(items.size(), ctx->getStart())) return nullptr;
    std::vector<antlr4::tree::TerminalNode*> commas = ctx->Comma();
    ExprPtr lhs = buildAssignment(items[0]);
    for (size_t i = 1; i < items.size(); ++i) {
        auto b = std::make_unique<BinaryExpr>();
        b->op = BinaryOp::Comma;
        b->lhs = std::move(lhs);
        b->rhs = buildAssignment(items[i]);
        if (i - 1 < commas.size()) b->opRange = range(commas[i - 1]->getSymbol());
        b->range = range(ctx->getStart(), items[i]->getStop());
        lhs = std::move(b);
    }
    return lhs;
}

ExprPtr AstBuilder::buildConstant(P::ConstantExpressionContext* ctx) {
    return ctx ? buildAssignment(ctx->assignmentExpression()) : nullptr;
}

ExprPtr AstBuilder::buildAssignment(P::AssignmentExpressionContext* ctx) {
    if (!ctx) return nullptr;
    if (ctx->children.size() == 1) return buildBinary(ctx->binaryExpression(0));

    // Split the flat list `b0 op1 b1 op2 b2 ...` at assignment operators into segments; each
    // segment is `c ? t : e ? t : e ...`. Both levels are right-associative.
    struct Operand {
        ExprPtr expr;
        antlr4::Token* first = nullptr;
        antlr4::Token* last = nullptr;
    };
    struct Segment {
        std::vector<Operand> operands;
        std::vector<Operand> thens;
    };
    std::vector<Segment> segments(1);
    std::vector<antlr4::Token*> assignOps;
    size_t operators = 0;
    for (antlr4::tree::ParseTree* child : ctx->children)
        if (dynamic_cast<antlr4::tree::TerminalNode*>(child)) ++operators;
    ChainGuard guard{m_chainDepth, operators};
    if (!enterChain(operators, ctx->getStart())) return nullptr;

    for (antlr4::tree::ParseTree* child : ctx->children) {
        if (auto* b = dynamic_cast<P::BinaryExpressionContext*>(child)) {
            segments.back().operands.push_back({buildBinary(b), b->getStart(), b->getStop()});
        } else if (auto* e = dynamic_cast<P::ExpressionContext*>(child)) {
            segments.back().thens.push_back({buildExpression(e), e->getStart(), e->getStop()});
        } else if (auto* t = dynamic_cast<antlr4::tree::TerminalNode*>(child)) {
            size_t type = t->getSymbol()->getType();
            if (type == P::Question || type == P::Colon) continue;
            if (dynamic_cast<antlr4::tree::ErrorNode*>(child)) continue;
            assignOps.push_back(t->getSymbol());
            segments.emplace_back();
        }
    }

    // Fold each segment's conditionals from the right.
    std::vector<Operand> folded;
    for (Segment& seg : segments) {
        if (seg.operands.empty()) {
            folded.push_back({});
            continue;
        }
        Operand result = std::move(seg.operands.back());
        size_t k = std::min(seg.thens.size(), seg.operands.size() - 1);
        for (size_t i = k; i-- > 0;) {
            auto c = std::make_unique<ConditionalExpr>();
            c->range = range(seg.operands[i].first, result.last);
            c->cond = std::move(seg.operands[i].expr);
            c->thenExpr = std::move(seg.thens[i].expr);
            c->elseExpr = std::move(result.expr);
            result.expr = std::move(c);
            result.first = seg.operands[i].first;
        }
        folded.push_back(std::move(result));
    }

    // Fold the assignments from the right.
    Operand result = std::move(folded.back());
    for (size_t i = folded.size() - 1; i-- > 0;) {
        auto a = std::make_unique<AssignExpr>();
        antlr4::Token* op = i < assignOps.size() ? assignOps[i] : nullptr;
        a->op = op ? binaryOpFor(op->getType()) : BinaryOp::None;
        a->opRange = range(op);
        a->range = range(folded[i].first ? folded[i].first : op, result.last);
        a->lhs = std::move(folded[i].expr);
        a->rhs = std::move(result.expr);
        result.expr = std::move(a);
        if (folded[i].first) result.first = folded[i].first;
    }
    return std::move(result.expr);
}

ExprPtr AstBuilder::buildBinary(P::BinaryExpressionContext* ctx) {
    if (!ctx) return nullptr;
    if (ctx->unaryExpression()) return buildUnary(ctx->unaryExpression());

    // ANTLR's left recursion gives a left-deep tree: walk its left spine iteratively.
    std::vector<P::BinaryExpressionContext*> spine;
    P::BinaryExpressionContext* c = ctx;
    while (c && !c->unaryExpression()) {
        std::vector<P::BinaryExpressionContext*> kids = c->binaryExpression();
        spine.push_back(c);
        c = kids.empty() ? nullptr : kids[0];
    }
    ChainGuard guard{m_chainDepth, spine.size()};
    if (m_chainDepth + spine.size() > maxChainDepth) {
        // Report at the operator where the limit is crossed (the spine lists the outermost
        // operator first, so the innermost operators come last).
        size_t allowed = maxChainDepth > m_chainDepth ? maxChainDepth - m_chainDepth : 0;
        antlr4::Token* at = firstTerminal(spine[spine.size() - 1 - allowed]);
        enterChain(spine.size(), at ? at : ctx->getStart());
        return nullptr;
    }
    enterChain(spine.size(), ctx->getStart());
    ExprPtr lhs = c ? buildUnary(c->unaryExpression()) : nullptr;
    for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
        P::BinaryExpressionContext* node = *it;
        std::vector<P::BinaryExpressionContext*> kids = node->binaryExpression();
        antlr4::Token* op = firstTerminal(node);
        auto b = std::make_unique<BinaryExpr>();
        b->op = op ? binaryOpFor(op->getType()) : BinaryOp::Add;
        b->opRange = range(op);
        b->range = range(node);
        b->lhs = std::move(lhs);
        b->rhs = kids.size() > 1 ? buildBinary(kids[1]) : nullptr;
        lhs = std::move(b);
    }
    return lhs;
}

ExprPtr AstBuilder::buildUnary(P::UnaryExpressionContext* ctx) {
    if (!ctx) return nullptr;
    if (auto* cast = dynamic_cast<P::CastExprContext*>(ctx)) return buildCast(cast);
    if (auto* pf = dynamic_cast<P::PostfixExprContext*>(ctx))
        return applyPostfix(buildPrimary(pf->primaryExpression()), pf->getStart(),
                            pf->postfixSuffix());
    // Prefix operators nest one level each (`- - - ... 1`).
    ChainGuard guard{m_chainDepth, 1};
    if (!enterChain(1, ctx->getStart())) return nullptr;
    if (auto* inc = dynamic_cast<P::PreIncDecExprContext*>(ctx)) {
        auto u = std::make_unique<UnaryExpr>();
        u->op = inc->PlusPlus() ? UnaryOp::PreInc : UnaryOp::PreDec;
        u->range = range(ctx);
        u->operand = buildUnary(inc->unaryExpression());
        return u;
    }
    if (auto* un = dynamic_cast<P::UnaryOpExprContext*>(ctx)) {
        auto u = std::make_unique<UnaryExpr>();
        switch (un->getStart()->getType()) {
        case P::And:
            u->op = UnaryOp::AddrOf;
            break;
        case P::Star:
            u->op = UnaryOp::Deref;
            break;
        case P::Plus:
            u->op = UnaryOp::Plus;
            break;
        case P::Minus:
            u->op = UnaryOp::Minus;
            break;
        case P::Tilde:
            u->op = UnaryOp::BitNot;
            break;
        default:
            u->op = UnaryOp::LogNot;
            break;
        }
        u->range = range(ctx);
        u->operand = buildUnary(un->unaryExpression());
        return u;
    }
    if (auto* tt = dynamic_cast<P::TypeTraitExprContext*>(ctx)) {
        ExprKind k = tt->Sizeof()    ? ExprKind::Sizeof
                     : tt->Alignof() ? ExprKind::Alignof
                                     : ExprKind::VecStep;
        auto e = std::make_unique<TypeTraitExpr>(k);
        e->range = range(ctx);
        if (tt->typeName())
            e->typeSyntax = buildTypeName(tt->typeName());
        else
            e->operand = buildUnary(tt->unaryExpression());
        return e;
    }
    return nullptr;
}

ExprPtr AstBuilder::buildCast(P::CastExprContext* ctx) {
    TypeSyntaxPtr type = buildTypeName(ctx->typeName());
    if (P::BraceInitializerContext* init = ctx->braceInitializer()) {
        auto cl = std::make_unique<CompoundLiteralExpr>();
        cl->typeSyntax = type;
        cl->init = buildBraceInitializer(init);
        cl->range = range(ctx->getStart(), init->getStop());
        return applyPostfix(std::move(cl), ctx->getStart(), ctx->postfixSuffix());
    }
    P::UnaryExpressionContext* operand = ctx->unaryExpression();
    // `(T)(a, b, c)`: a vector literal (spec 6.1.6). For a known vector type, postfix
    // operators apply to the literal: `(float4)(a, b, c, d).x` (as clang does).
    if (auto* pf = dynamic_cast<P::PostfixExprContext*>(operand)) {
        P::PrimaryExpressionContext* prim = pf->primaryExpression();
        std::vector<P::PostfixSuffixContext*> suffixes = pf->postfixSuffix();
        if (prim && prim->LeftParen() && (suffixes.empty() || isVectorType(type.get()))) {
            auto v = std::make_unique<VectorLiteralExpr>();
            v->typeSyntax = type;
            v->range = range(ctx->getStart(), prim->getStop());
            if (P::ExpressionContext* list = prim->expression())
                for (P::AssignmentExpressionContext* a : list->assignmentExpression())
                    v->elements.push_back(buildAssignment(a));
            return applyPostfix(std::move(v), ctx->getStart(), suffixes);
        }
    }
    auto c = std::make_unique<CastExpr>();
    c->typeSyntax = type;
    c->range = range(ctx);
    c->operand = buildUnary(operand);
    return c;
}

ExprPtr AstBuilder::applyPostfix(ExprPtr base, antlr4::Token* first,
                                 const std::vector<P::PostfixSuffixContext*>& suffixes) {
    if (suffixes.empty()) return base;
    ChainGuard guard{m_chainDepth, suffixes.size()};
    if (!enterChain(suffixes.size(), first)) return nullptr;
    for (P::PostfixSuffixContext* s : suffixes) {
        SourceRange r = range(first, s->getStop());
        if (s->LeftBracket()) {
            auto e = std::make_unique<IndexExpr>();
            e->range = r;
            e->base = std::move(base);
            e->index = buildExpression(s->expression());
            base = std::move(e);
        } else if (s->LeftParen()) {
            auto e = std::make_unique<CallExpr>();
            e->range = r;
            e->callee = std::move(base);
            if (P::ArgumentExpressionListContext* args = s->argumentExpressionList())
                for (P::AssignmentExpressionContext* a : args->assignmentExpression())
                    e->args.push_back(buildAssignment(a));
            base = std::move(e);
        } else if (s->Dot() || s->Arrow()) {
            auto e = std::make_unique<MemberExpr>();
            e->range = r;
            e->base = std::move(base);
            e->arrow = s->Arrow() != nullptr;
            if (s->Identifier()) {
                e->member = text(s->Identifier());
                e->memberRange = range(s->Identifier()->getSymbol());
            }
            base = std::move(e);
        } else {
            auto e = std::make_unique<UnaryExpr>();
            e->range = r;
            e->op = s->PlusPlus() ? UnaryOp::PostInc : UnaryOp::PostDec;
            e->operand = std::move(base);
            base = std::move(e);
        }
    }
    return base;
}

ExprPtr AstBuilder::buildPrimary(P::PrimaryExpressionContext* ctx) {
    if (!ctx) return nullptr;
    if (ctx->Identifier()) {
        auto n = std::make_unique<NameExpr>();
        n->name = text(ctx->Identifier());
        n->range = range(ctx);
        return n;
    }
    if (ctx->Number()) return buildNumber(ctx->Number()->getSymbol());
    if (ctx->CharacterConstant()) return buildCharacter(ctx->CharacterConstant()->getSymbol());
    std::vector<antlr4::tree::TerminalNode*> strings = ctx->StringLiteral();
    if (!strings.empty()) {
        auto s = std::make_unique<StringLiteralExpr>();
        s->range = range(ctx);
        for (antlr4::tree::TerminalNode* n : strings) {
            std::string_view raw = m_loc.text(n->getSymbol());
            if (raw.size() >= 2)
                s->value += decodeEscapes(raw.substr(1, raw.size() - 2), n->getSymbol());
        }
        return s;
    }
    return buildExpression(ctx->expression());
}

} // namespace clstep
