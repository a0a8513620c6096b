// AstBuilder: expressions and literals. Operator chains are folded iteratively so that very
// long expressions (a + a + ... with 10,000 terms) never recurse deeply here.
#include "frontend/AstBuilder.h"

#include <cctype>
#include <charconv>
#include <limits>

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

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
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
    if (!enterChain(spine.size(), ctx->getStart())) return nullptr;
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
                s->value += decodeEscapes(raw.substr(1, raw.size() - 2), n->getSymbol(), false);
        }
        return s;
    }
    return buildExpression(ctx->expression());
}

// ---------------------------------------------------------------------------------------
// Literals
// ---------------------------------------------------------------------------------------

ExprPtr AstBuilder::buildNumber(antlr4::Token* t) {
    const std::string s = text(t);
    const SourceRange r = range(t);
    const bool hex = s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const bool bin = s.size() > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B');
    bool isFloat = false;
    if (hex)
        isFloat = s.find_first_of(".pP") != std::string::npos;
    else if (!bin)
        isFloat = s.find_first_of(".eE") != std::string::npos;

    if (isFloat) {
        auto f = std::make_unique<FloatLiteralExpr>();
        f->range = r;
        f->spelling = s;
        size_t i = hex ? 2 : 0;
        const size_t mantissaStart = i;
        size_t digits = 0, dots = 0;
        auto isDigit = [&](char c) {
            return hex ? std::isxdigit(static_cast<unsigned char>(c)) != 0 : (c >= '0' && c <= '9');
        };
        while (i < s.size() && (isDigit(s[i]) || s[i] == '.')) {
            (s[i] == '.' ? dots : digits)++;
            ++i;
        }
        bool ok = digits > 0 && dots <= 1;
        bool negativeExponent = false;
        const char expChar = hex ? 'p' : 'e';
        if (i < s.size() && std::tolower(static_cast<unsigned char>(s[i])) == expChar) {
            ++i;
            if (i < s.size() && (s[i] == '+' || s[i] == '-')) negativeExponent = s[i++] == '-';
            size_t expDigits = 0;
            while (i < s.size() && s[i] >= '0' && s[i] <= '9')
                ++i, ++expDigits;
            if (expDigits == 0) {
                error(r, "exponent has no digits");
                return f;
            }
        } else if (hex) {
            error(r, "hexadecimal floating constant requires an exponent");
            return f;
        }
        const std::string suffix = lower(s.substr(i));
        if (!ok) {
            error(r, "invalid floating constant '" + s + "'");
            return f;
        }
        if (suffix != "" && suffix != "f" && suffix != "h") {
            error(r, "invalid suffix '" + s.substr(i) + "' on floating constant");
            return f;
        }
        f->suffix = suffix;
        double value = 0;
        auto res = std::from_chars(s.data() + mantissaStart, s.data() + i, value,
                                   hex ? std::chars_format::hex : std::chars_format::general);
        if (res.ec == std::errc::result_out_of_range) {
            if (!negativeExponent) error(r, "floating constant is too large");
            value = 0;
        } else if (res.ec != std::errc() || res.ptr != s.data() + i) {
            error(r, "invalid floating constant '" + s + "'");
        }
        f->value = value;
        return f;
    }

    auto n = std::make_unique<IntLiteralExpr>();
    n->range = r;
    n->spelling = s;
    unsigned base = hex ? 16 : bin ? 2 : (s.size() > 1 && s[0] == '0') ? 8 : 10;
    n->isDecimal = base == 10;
    size_t i = (hex || bin) ? 2 : 0;
    const size_t digitsStart = i;
    uint64_t value = 0;
    bool overflow = false;
    for (; i < s.size(); ++i) {
        char c = s[i];
        unsigned d;
        if (c >= '0' && c <= '9')
            d = static_cast<unsigned>(c - '0');
        else if (base == 16 && std::isxdigit(static_cast<unsigned char>(c)))
            d = static_cast<unsigned>(std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
        else
            break;
        if (d >= base) {
            error(r, "invalid digit '" + std::string(1, c) + "' in " +
                         (base == 8 ? "octal" : "binary") + " constant");
            return n;
        }
        if (value > (std::numeric_limits<uint64_t>::max() - d) / base) overflow = true;
        value = value * base + d;
    }
    if (i == digitsStart) {
        error(r,
              std::string("invalid ") + (hex ? "hexadecimal" : "binary") + " constant '" + s + "'");
        return n;
    }
    const std::string written = s.substr(i);
    const std::string suffix = lower(written);
    size_t us = 0, ls = 0;
    bool validSuffix = true;
    for (char c : suffix) {
        if (c == 'u')
            ++us;
        else if (c == 'l')
            ++ls;
        else
            validSuffix = false;
    }
    // `l`s must be adjacent: ul, lu, ll, ull, llu.
    if (validSuffix && ls == 2 && suffix.find("ll") == std::string::npos) validSuffix = false;
    if (!validSuffix || us > 1 || ls > 2) {
        error(r, "invalid suffix '" + written + "' on integer constant");
        return n;
    }
    if (overflow) {
        error(r, "integer literal is too large to be represented in any integer type");
        return n;
    }
    n->suffix = std::string(us, 'u') + std::string(ls, 'l');
    n->value = value;
    return n;
}

ExprPtr AstBuilder::buildCharacter(antlr4::Token* t) {
    auto n = std::make_unique<IntLiteralExpr>();
    n->range = range(t);
    n->spelling = text(t);
    n->isChar = true;
    std::string_view raw = m_loc.text(t);
    std::string bytes =
        raw.size() >= 2 ? decodeEscapes(raw.substr(1, raw.size() - 2), t, true) : std::string();
    if (bytes.empty()) {
        error(n->range, "empty character constant");
        return n;
    }
    if (bytes.size() == 1) {
        // `char` is signed in OpenCL C: '\xff' is -1.
        n->value = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int8_t>(bytes[0])));
        return n;
    }
    // Multi-character constant: implementation-defined; like GCC/clang, big-endian packing.
    uint32_t v = 0;
    for (char c : bytes)
        v = (v << 8) | static_cast<unsigned char>(c);
    n->value = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(v)));
    return n;
}

std::string AstBuilder::decodeEscapes(std::string_view body, antlr4::Token* t, bool isChar) {
    std::string out;
    out.reserve(body.size());
    for (size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (c != '\\' || i + 1 >= body.size()) {
            out += c;
            continue;
        }
        char e = body[++i];
        switch (e) {
        case 'n':
            out += '\n';
            break;
        case 't':
            out += '\t';
            break;
        case 'r':
            out += '\r';
            break;
        case 'a':
            out += '\a';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'v':
            out += '\v';
            break;
        case '\\':
        case '\'':
        case '"':
        case '?':
            out += e;
            break;
        case '\r':
            if (i + 1 < body.size() && body[i + 1] == '\n') ++i;
            break; // line continuation
        case '\n':
            break;
        case 'x': {
            unsigned value = 0;
            size_t n = 0;
            bool tooBig = false;
            while (i + 1 < body.size() && std::isxdigit(static_cast<unsigned char>(body[i + 1]))) {
                char h = static_cast<char>(std::tolower(static_cast<unsigned char>(body[++i])));
                value = value * 16 + static_cast<unsigned>(h <= '9' ? h - '0' : h - 'a' + 10);
                if (value > 0xff) tooBig = true;
                ++n;
            }
            if (n == 0) error(range(t), "\\x used with no following hex digits");
            if (tooBig) error(range(t), "hex escape sequence out of range");
            out += static_cast<char>(value & 0xff);
            break;
        }
        default:
            if (e >= '0' && e <= '7') {
                unsigned value = static_cast<unsigned>(e - '0');
                for (int k = 0;
                     k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++k)
                    value = value * 8 + static_cast<unsigned>(body[++i] - '0');
                if (value > 0xff) error(range(t), "octal escape sequence out of range");
                out += static_cast<char>(value & 0xff);
            } else {
                out += e; // unknown escape: the character itself (as GCC/clang, with a warning)
            }
            break;
        }
    }
    (void)isChar;
    return out;
}

} // namespace clstep
