// The error strategy of the LL pass: human-readable syntax errors with exact ranges.
#include "frontend/AstBuilder.h"

#include <set>

namespace clstep {

namespace {

using P = grammar::OpenCLCParser;

/// `'text'` for messages ("end of file" for EOF); long or binary token text is shortened.
std::string display(const TokenLocator& loc, antlr4::Token* t) {
    if (!t || t->getType() == antlr4::Token::EOF) return "end of file";
    std::string_view raw = loc.text(t);
    std::string out = "'";
    size_t n = 0;
    for (char c : raw) {
        if (++n > 24) {
            out += "...";
            break;
        }
        unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7f) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 15];
        } else {
            out += c;
        }
    }
    return out + "'";
}

bool has(const antlr4::misc::IntervalSet& set, size_t type) {
    return set.contains(type);
}

/// Replaces ANTLR's console reporting: builds clear messages ("expected ';' after
/// expression", "missing ')'", "unexpected token '}'", "expected expression before ';'")
/// with exact ranges, and stops the parse after `maxErrors` errors.
class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
    SyntaxErrorStrategy(const TokenLocator& loc, antlr4::CommonTokenStream& tokens,
                        std::vector<Diagnostic>& out, std::set<size_t> quietTokens,
                        size_t maxErrors)
        : quietTokens(std::move(quietTokens)), m_maxErrors(maxErrors), m_loc(loc), m_tokens(tokens),
          m_out(out) {}

    /// Parser errors at these tokens (the first token after a lexical error) are not
    /// reported: the lexical error already explains them.
    std::set<size_t> quietTokens;

protected:
    void reportNoViableAlternative(antlr4::Parser* parser,
                                   const antlr4::NoViableAltException& e) override {
        // `a }` in a block: no statement can start here; the expression lacks its ';'.
        antlr4::Token* start = e.getStartToken();
        antlr4::Token* t = e.getOffendingToken();
        if (start && t && t->getTokenIndex() > start->getTokenIndex() &&
            t->getType() != P::Identifier && inStatementList(parser) &&
            endsExpression(previousToken(t))) {
            SourceLocation at = m_loc.end(previousToken(t));
            add(t, makeParseDiagnostic(DiagnosticKind::SyntaxError, "expected ';' after expression",
                                       {at, at}));
            return;
        }
        report(parser, t, getExpectedTokens(parser), Problem::Mismatch);
    }
    void reportInputMismatch(antlr4::Parser* parser,
                             const antlr4::InputMismatchException& e) override {
        report(parser, e.getOffendingToken(), e.getExpectedTokens(), Problem::Mismatch);
    }
    void reportFailedPredicate(antlr4::Parser* parser,
                               const antlr4::FailedPredicateException& e) override {
        antlr4::Token* t = e.getOffendingToken();
        if (t && t->getType() == P::Identifier)
            add(t, makeParseDiagnostic(DiagnosticKind::SyntaxError,
                                       "unknown type name " + display(m_loc, t), m_loc.range(t)));
        else
            report(parser, t, getExpectedTokens(parser), Problem::Mismatch);
    }
    void reportUnwantedToken(antlr4::Parser* parser) override {
        if (inErrorRecoveryMode(parser)) return;
        beginErrorCondition(parser);
        report(parser, parser->getCurrentToken(), getExpectedTokens(parser), Problem::Unwanted);
    }
    void reportMissingToken(antlr4::Parser* parser) override {
        if (inErrorRecoveryMode(parser)) return;
        beginErrorCondition(parser);
        report(parser, parser->getCurrentToken(), getExpectedTokens(parser), Problem::Missing);
    }

private:
    size_t m_maxErrors;
    const TokenLocator& m_loc;
    antlr4::CommonTokenStream& m_tokens;
    std::vector<Diagnostic>& m_out;
    size_t m_count = 0;

    size_t m_lastErrorToken = INVALID_INDEX;
    std::set<std::string> m_assumed;

    /// Records a diagnostic about token `t`, unless it merely follows the previous error
    /// (cascading errors right after an error are noise).
    void add(antlr4::Token* t, Diagnostic d) {
        size_t index = t ? t->getTokenIndex() : INVALID_INDEX;
        if (quietTokens.count(index)) return;
        if (m_lastErrorToken != INVALID_INDEX && index != INVALID_INDEX &&
            index <= m_lastErrorToken + 1 && index >= m_lastErrorToken)
            return;
        m_lastErrorToken = index;
        for (const Diagnostic& old : m_out)
            if (old.range == d.range && old.message == d.message) return; // seen in an earlier try
        if (m_count >= m_maxErrors) throw TooManySyntaxErrors{};
        ++m_count;
        m_out.push_back(std::move(d));
    }

    antlr4::Token* previousToken(antlr4::Token* t) {
        if (!t || t->getTokenIndex() == 0 || t->getTokenIndex() == INVALID_INDEX) return nullptr;
        return m_tokens.get(t->getTokenIndex() - 1);
    }

    antlr4::Token* nextToken(antlr4::Token* t) {
        if (!t || t->getTokenIndex() == INVALID_INDEX || t->getTokenIndex() + 1 >= m_tokens.size())
            return nullptr;
        return m_tokens.get(t->getTokenIndex() + 1);
    }

    /// The unmatched opener of `closer`'s kind before token `t`, or null.
    antlr4::Token* unmatchedOpener(antlr4::Token* t, size_t opener, size_t closer) {
        if (!t || t->getTokenIndex() == INVALID_INDEX) return nullptr;
        size_t depth = 0;
        for (size_t i = t->getTokenIndex(); i-- > 0;) {
            antlr4::Token* k = m_tokens.get(i);
            if (k->getType() == closer) {
                ++depth;
            } else if (k->getType() == opener) {
                if (depth == 0) return k;
                --depth;
            }
        }
        return nullptr;
    }

    /// "after expression" and the like, from the rules being parsed.
    static std::string afterWhat(antlr4::Parser* parser) {
        for (antlr4::ParserRuleContext* ctx = parser->getContext(); ctx;
             ctx = dynamic_cast<antlr4::ParserRuleContext*>(ctx->parent)) {
            switch (ctx->getRuleIndex()) {
            case P::RuleExpressionStatement:
                return "after expression";
            case P::RuleDeclaration:
            case P::RuleExternalDeclaration:
                return "at end of declaration";
            case P::RuleStructDeclaration:
                return "at end of member declaration";
            case P::RuleIterationStatement:
                return ctx->getStart() && ctx->getStart()->getType() == P::For
                           ? "in 'for' statement"
                           : "after do/while statement";
            case P::RuleJumpStatement: {
                antlr4::Token* first = ctx->getStart();
                switch (first ? first->getType() : 0) {
                case P::Return:
                    return "after return statement";
                case P::Break:
                    return "after 'break'";
                case P::Continue:
                    return "after 'continue'";
                default:
                    return "after goto statement";
                }
            }
            case P::RuleCompoundStatement:
            case P::RuleStatement:
                return "";
            default:
                break;
            }
        }
        return "";
    }

    /// Reports `type` (an identifier) as an unknown type name and asks for a new parse of the
    /// declaration that takes it as a type (once per name).
    void unknownType(antlr4::Token* at, antlr4::Token* type) {
        std::string name(m_loc.text(type));
        add(at, makeParseDiagnostic(DiagnosticKind::SyntaxError, "unknown type name '" + name + "'",
                                    m_loc.range(type)));
        if (m_assumed.insert(name).second) throw AssumeTypeName{name};
    }

    static bool inStatementList(antlr4::Parser* parser) {
        antlr4::ParserRuleContext* ctx = parser->getContext();
        size_t rule = ctx ? ctx->getRuleIndex() : 0;
        return rule == P::RuleBlockItem || rule == P::RuleStatement ||
               rule == P::RuleCompoundStatement;
    }

    /// True if token `t` can end an expression.
    static bool endsExpression(antlr4::Token* t) {
        if (!t) return false;
        switch (t->getType()) {
        case P::Identifier:
        case P::Number:
        case P::CharacterConstant:
        case P::StringLiteral:
        case P::RightParen:
        case P::RightBracket:
        case P::PlusPlus:
        case P::MinusMinus:
            return true;
        default:
            return false;
        }
    }

    /// True if a statement or declaration can start right after token `t`.
    static bool startsStatement(antlr4::Token* t) {
        if (!t) return true;
        switch (t->getType()) {
        case P::Semi:
        case P::LeftBrace:
        case P::RightBrace:
        case P::RightParen:
        case P::Const:
        case P::Volatile:
        case P::Static:
        case P::Extern:
        case P::Global:
        case P::Local:
        case P::Constant:
        case P::Private:
        case P::Generic:
        case P::Kernel:
        case P::Inline:
            return true;
        default:
            return false;
        }
    }

    static const char* closerSpelling(size_t type) {
        switch (type) {
        case P::RightParen:
            return "')'";
        case P::RightBracket:
            return "']'";
        case P::RightBrace:
            return "'}'";
        default:
            return nullptr;
        }
    }

    /// Missing: a token was expected before `t`; Unwanted: `t` is extraneous; Mismatch: `t`
    /// cannot continue the construct.
    enum class Problem { Missing, Unwanted, Mismatch };

    void report(antlr4::Parser* parser, antlr4::Token* t, const antlr4::misc::IntervalSet& expected,
                Problem problem) {
        const bool missing = problem == Problem::Missing;
        const bool atEof = !t || t->getType() == antlr4::Token::EOF;
        const SourceRange here = m_loc.range(t);
        const std::string before = atEof ? " at end of file" : " before " + display(m_loc, t);

        // Unknown type names: `foo x;` / `const foo x` / `f(foo x)` with foo not a type.
        if (!atEof && t->getType() == P::Identifier) {
            if (has(expected, P::Int) && !has(expected, P::Number) && !has(expected, P::If)) {
                unknownType(t, t);
                return;
            }
            antlr4::Token* prev = previousToken(t);
            if (prev && prev->getType() == P::Identifier && startsStatement(previousToken(prev))) {
                unknownType(t, prev);
                return;
            }
            antlr4::Token* next = nextToken(t);
            if (next && next->getType() == P::Identifier && startsStatement(prev)) {
                unknownType(t, t);
                return;
            }
        }
        // A missing ';' is reported just after the previous token, like clang.
        // (An extraneous operand right after an expression also means a missing ';'.)
        const bool operandToken =
            !atEof && (t->getType() == P::Identifier || t->getType() == P::Number ||
                       t->getType() == P::CharacterConstant || t->getType() == P::StringLiteral);
        if (has(expected, P::Semi) &&
            (problem == Problem::Unwanted ? operandToken : (missing || expected.size() <= 2))) {
            antlr4::Token* prev = previousToken(t);
            std::string what = afterWhat(parser);
            SourceLocation at = prev ? m_loc.end(prev) : here.begin;
            std::string msg = what.empty() ? "expected ';'" + before : "expected ';' " + what;
            add(t, makeParseDiagnostic(DiagnosticKind::SyntaxError, msg, SourceRange{at, at}));
            return;
        }
        // A missing closing bracket, with a note pointing at the opening one.
        for (auto [opener, closer] : {std::pair<size_t, size_t>{P::LeftParen, P::RightParen},
                                      {P::LeftBracket, P::RightBracket},
                                      {P::LeftBrace, P::RightBrace}}) {
            if (!has(expected, closer) || (!missing && !atEof && expected.size() > 3)) continue;
            Diagnostic d = makeParseDiagnostic(DiagnosticKind::SyntaxError,
                                               std::string("missing ") + closerSpelling(closer) +
                                                   (atEof ? " at end of file" : ""),
                                               here);
            if (antlr4::Token* open = unmatchedOpener(t, opener, closer))
                d.notes.push_back(
                    RelatedLocation{m_loc.range(open), std::string("to match this '") +
                                                           std::string(m_loc.text(open)) + "'"});
            add(t, std::move(d));
            return;
        }
        if (atEof) {
            add(t,
                makeParseDiagnostic(DiagnosticKind::SyntaxError, "unexpected end of file", here));
            return;
        }
        std::string msg;
        if (has(expected, P::If))
            msg = "expected statement" + before;
        else if (has(expected, P::Number))
            msg = "expected expression" + before;
        else if (has(expected, P::Int) && !has(expected, P::Typedef) &&
                 t->getType() == P::Identifier)
            msg = "unknown type name " + display(m_loc, t);
        else if (has(expected, P::Int) && !has(expected, P::Typedef))
            msg = "expected a type" + before;
        else if (has(expected, P::Identifier) && expected.size() <= 3)
            msg = "expected identifier" + before;
        else if (expected.size() == 1 && !has(expected, P::Identifier) &&
                 problem != Problem::Unwanted) {
            std::string lit = parser->getVocabulary().getLiteralName(expected.getMinElement());
            msg =
                lit.empty() ? "unexpected token " + display(m_loc, t) : "expected " + lit + before;
        } else
            msg = "unexpected token " + display(m_loc, t);
        add(t, makeParseDiagnostic(DiagnosticKind::SyntaxError, msg, here));
    }
};

} // namespace

Diagnostic makeParseDiagnostic(DiagnosticKind kind, std::string message, SourceRange range) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = kind;
    d.message = std::move(message);
    d.range = range;
    return d;
}

std::shared_ptr<antlr4::DefaultErrorStrategy>
makeSyntaxErrorStrategy(const TokenLocator& locator, antlr4::CommonTokenStream& tokens,
                        std::vector<Diagnostic>& out, std::set<size_t> quietTokens,
                        size_t maxErrors) {
    return std::make_shared<SyntaxErrorStrategy>(locator, tokens, out, std::move(quietTokens),
                                                 maxErrors);
}

} // namespace clstep
