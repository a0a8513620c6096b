// AstBuilder: source locations, diagnostics and the top level (external declarations).
#include "frontend/AstBuilder.h"

#include <algorithm>

namespace clstep {

using namespace ast;

// ---------------------------------------------------------------------------------------
// TokenLocator
// ---------------------------------------------------------------------------------------

SourceLocation TokenLocator::at(size_t line, size_t column0) const {
    return m_source.originalLocation(static_cast<uint32_t>(line),
                                     static_cast<uint32_t>(column0 + 1));
}

SourceLocation TokenLocator::begin(const antlr4::Token* t) const {
    if (!t) return {};
    return at(t->getLine(), t->getCharPositionInLine());
}

SourceLocation TokenLocator::end(const antlr4::Token* t) const {
    if (!t) return {};
    size_t start = t->getStartIndex();
    size_t stop = t->getStopIndex();
    if (t->getType() == antlr4::Token::EOF || stop == INVALID_INDEX || stop < start ||
        stop >= m_source.text.size())
        return begin(t);
    // Position of the last character (tokens may span lines through line continuations).
    size_t line = t->getLine();
    size_t column0 = t->getCharPositionInLine() + (stop - start);
    const std::string& text = m_source.text;
    size_t lastNewline = std::string::npos;
    for (size_t i = start; i < stop; ++i) {
        if (text[i] == '\n') {
            ++line;
            lastNewline = i;
        }
    }
    if (lastNewline != std::string::npos) column0 = stop - lastNewline - 1;
    SourceLocation last = at(line, column0);
    if (last.valid()) ++last.column;
    return last;
}

SourceRange TokenLocator::range(const antlr4::Token* t) const {
    return SourceRange{begin(t), end(t)};
}

SourceRange TokenLocator::range(const antlr4::Token* first, const antlr4::Token* last) const {
    if (!first) return range(last);
    if (!last || last->getTokenIndex() < first->getTokenIndex()) {
        SourceLocation b = begin(first);
        return SourceRange{b, b};
    }
    return SourceRange{begin(first), end(last)};
}

SourceRange TokenLocator::range(antlr4::ParserRuleContext* ctx) const {
    if (!ctx) return {};
    return range(ctx->getStart(), ctx->getStop());
}

SourceRange TokenLocator::bytes(size_t line, size_t column0, size_t start, size_t stop) const {
    SourceRange r;
    r.begin = at(line, column0);
    size_t n = stop > start ? stop - start : 0;
    // Clip the range at the end of the first line.
    const std::string& text = m_source.text;
    size_t len = 0;
    while (len < n && start + len < text.size() && text[start + len] != '\n' &&
           text[start + len] != '\r')
        ++len;
    if (len == 0) {
        r.end = r.begin;
        return r;
    }
    r.end = at(line, column0 + len - 1);
    if (r.end.valid()) ++r.end.column;
    return r;
}

std::string_view TokenLocator::text(const antlr4::Token* t) const {
    if (!t || t->getType() == antlr4::Token::EOF) return {};
    size_t start = t->getStartIndex();
    size_t stop = t->getStopIndex();
    if (start == INVALID_INDEX || stop == INVALID_INDEX || stop < start ||
        stop >= m_source.text.size())
        return {};
    return std::string_view(m_source.text).substr(start, stop - start + 1);
}

// ---------------------------------------------------------------------------------------
// AstBuilder helpers
// ---------------------------------------------------------------------------------------

void AstBuilder::error(SourceRange range, std::string message) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = DiagnosticKind::SyntaxError;
    d.message = std::move(message);
    d.range = range;
    m_diags.push_back(std::move(d));
}

bool AstBuilder::enterChain(size_t n, antlr4::Token* at) {
    m_chainDepth += n;
    if (m_chainDepth <= maxChainDepth) return true;
    if (!m_chainReported) {
        m_chainReported = true;
        Diagnostic d;
        d.severity = Severity::Error;
        d.kind = DiagnosticKind::NestingTooDeep;
        d.message = "expression is too deeply nested (more than " + std::to_string(maxChainDepth) +
                    " nested operators)";
        d.range = m_loc.range(at);
        m_diags.push_back(std::move(d));
    }
    return false;
}

// ---------------------------------------------------------------------------------------
// External declarations
// ---------------------------------------------------------------------------------------

void AstBuilder::addExternalDeclaration(P::ExternalDeclarationContext* ctx, TranslationUnit& unit) {
    if (!ctx || !ctx->declarationSpecifiers()) return; // stray ';'
    DeclList& out = unit.decls;
    if (!ctx->compoundStatement()) {
        buildDeclaration(ctx->declarationSpecifiers(), ctx->initDeclaratorList(), true, out);
        return;
    }

    // Function definition: exactly one declarator, a function declarator without initializer.
    std::vector<P::InitDeclaratorContext*> inits;
    if (ctx->initDeclaratorList()) inits = ctx->initDeclaratorList()->initDeclarator();
    Specifiers specs = buildSpecifiers(ctx->declarationSpecifiers(), out, true);
    if (inits.size() != 1 || inits[0]->initializer() || !inits[0]->declarator()) {
        antlr4::Token* at = ctx->compoundStatement()->getStart();
        error(range(at), inits.empty() ? "expected a function declarator before '{'"
                                       : "expected ';' after top level declarator");
        return;
    }
    Declarator d = buildDeclarator(inits[0]->declarator(), specs.base, out);
    if (!d.type || d.type->kind != TypeSyntax::Kind::Function) {
        error(range(ctx->compoundStatement()->getStart()),
              "expected ';' after top level declarator");
        return;
    }
    if (specs.storage == StorageClass::Typedef) {
        error(specs.storageRange, "a function definition cannot be a typedef");
        return;
    }
    SourceRange whole = range(ctx);
    std::unique_ptr<FunctionDecl> f = buildFunction(specs, std::move(d), whole);

    DeclList hoisted;
    DeclList* savedHoist = m_hoist;
    m_hoist = &hoisted;
    f->body = buildCompound(ctx->compoundStatement());
    m_hoist = savedHoist;
    for (DeclPtr& h : hoisted)
        out.push_back(std::move(h));
    out.push_back(std::move(f));
}

} // namespace clstep
