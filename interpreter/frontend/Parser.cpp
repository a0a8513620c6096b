// parseOpenCL: lexing (with lexical diagnostics), the bracket-nesting guard, the two-stage
// ANTLR parse (SLL + bail, one external declaration at a time; then LL with error recovery
// only if SLL failed), human-readable syntax errors, and the AST builder.
#include "frontend/Parser.h"

#include "OpenCLCLexer.h"
#include "OpenCLCParser.h"
#include "antlr4-runtime.h"
#include "frontend/AstBuilder.h"

#include <pthread.h>

#include <algorithm>
#include <functional>

namespace clstep {

namespace {

using P = grammar::OpenCLCParser;
using L = grammar::OpenCLCLexer;

constexpr size_t kMaxNesting = 256;     ///< ( [ { levels accepted
constexpr size_t kMaxSyntaxErrors = 20; ///< syntax errors reported per file
constexpr size_t kParserStackBytes = size_t(512) << 20;

/// Feeds the lexer one character per byte (no UTF-8 decoding: garbage bytes cannot throw,
/// and columns count bytes like SourceLocation does).
class ByteInputStream : public antlr4::ANTLRInputStream {
public:
    explicit ByteInputStream(const std::string& bytes) {
        _data.reserve(bytes.size());
        for (unsigned char c : bytes)
            _data.push_back(static_cast<char32_t>(c));
        p = 0;
    }
};

/// Thrown (from inside the error strategy) to stop parsing after kMaxSyntaxErrors errors.
struct TooManyErrors {};

Diagnostic makeDiagnostic(std::string kind, std::string message, SourceRange range) {
    Diagnostic d;
    d.severity = Severity::Error;
    d.kind = std::move(kind);
    d.message = std::move(message);
    d.range = range;
    return d;
}

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
/// with exact ranges, and stops the parse after kMaxSyntaxErrors errors.
class SyntaxErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
    SyntaxErrorStrategy(const TokenLocator& loc, antlr4::CommonTokenStream& tokens,
                        std::vector<Diagnostic>& out)
        : m_loc(loc), m_tokens(tokens), m_out(out) {}

    /// The root of the (partial) parse tree when the parse was stopped.
    antlr4::ParserRuleContext* root = nullptr;
    /// True when the parse stopped because of too many errors.
    bool stopped = false;

protected:
    void reportNoViableAlternative(antlr4::Parser* parser,
                                   const antlr4::NoViableAltException& e) override {
        report(parser, e.getOffendingToken(), getExpectedTokens(parser), false);
    }
    void reportInputMismatch(antlr4::Parser* parser,
                             const antlr4::InputMismatchException& e) override {
        report(parser, e.getOffendingToken(), e.getExpectedTokens(), false);
    }
    void reportFailedPredicate(antlr4::Parser* parser,
                               const antlr4::FailedPredicateException& e) override {
        antlr4::Token* t = e.getOffendingToken();
        if (t && t->getType() == P::Identifier)
            add(parser, makeDiagnostic("syntax-error", "unknown type name " + display(m_loc, t),
                                       m_loc.range(t)));
        else
            report(parser, t, getExpectedTokens(parser), false);
    }
    void reportUnwantedToken(antlr4::Parser* parser) override {
        if (inErrorRecoveryMode(parser)) return;
        beginErrorCondition(parser);
        antlr4::Token* t = parser->getCurrentToken();
        add(parser, makeDiagnostic("syntax-error", "unexpected token " + display(m_loc, t),
                                   m_loc.range(t)));
    }
    void reportMissingToken(antlr4::Parser* parser) override {
        if (inErrorRecoveryMode(parser)) return;
        beginErrorCondition(parser);
        report(parser, parser->getCurrentToken(), getExpectedTokens(parser), true);
    }

private:
    const TokenLocator& m_loc;
    antlr4::CommonTokenStream& m_tokens;
    std::vector<Diagnostic>& m_out;
    size_t m_count = 0;

    void add(antlr4::Parser* parser, Diagnostic d) {
        if (m_count >= kMaxSyntaxErrors) {
            stopped = true;
            root = parser->getContext();
            while (root && root->parent)
                root = dynamic_cast<antlr4::ParserRuleContext*>(root->parent);
            throw TooManyErrors{};
        }
        ++m_count;
        m_out.push_back(std::move(d));
    }

    antlr4::Token* previousToken(antlr4::Token* t) {
        if (!t || t->getTokenIndex() == 0 || t->getTokenIndex() == INVALID_INDEX) return nullptr;
        return m_tokens.get(t->getTokenIndex() - 1);
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
                return "after do/while statement";
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

    void report(antlr4::Parser* parser, antlr4::Token* t, const antlr4::misc::IntervalSet& expected,
                bool missing) {
        const bool atEof = !t || t->getType() == antlr4::Token::EOF;
        const SourceRange here = m_loc.range(t);
        const std::string before = atEof ? " at end of file" : " before " + display(m_loc, t);

        // A missing ';' is reported just after the previous token, like clang.
        if (has(expected, P::Semi) && (missing || expected.size() <= 2)) {
            antlr4::Token* prev = previousToken(t);
            std::string what = afterWhat(parser);
            SourceLocation at = prev ? m_loc.end(prev) : here.begin;
            std::string msg = what.empty() ? "expected ';'" + before : "expected ';' " + what;
            add(parser, makeDiagnostic("syntax-error", msg, SourceRange{at, at}));
            return;
        }
        // A missing closing bracket, with a note pointing at the opening one.
        for (auto [opener, closer] : {std::pair<size_t, size_t>{P::LeftParen, P::RightParen},
                                      {P::LeftBracket, P::RightBracket},
                                      {P::LeftBrace, P::RightBrace}}) {
            if (!has(expected, closer) || (!missing && !atEof && expected.size() > 3)) continue;
            Diagnostic d = makeDiagnostic("syntax-error",
                                          std::string("missing ") + closerSpelling(closer) +
                                              (atEof ? " at end of file" : ""),
                                          here);
            if (antlr4::Token* open = unmatchedOpener(t, opener, closer))
                d.notes.push_back(
                    RelatedLocation{m_loc.range(open), std::string("to match this '") +
                                                           std::string(m_loc.text(open)) + "'"});
            add(parser, std::move(d));
            return;
        }
        if (atEof) {
            add(parser, makeDiagnostic("syntax-error", "unexpected end of file", here));
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
        else if (expected.size() == 1 && !has(expected, P::Identifier)) {
            std::string lit = parser->getVocabulary().getLiteralName(expected.getMinElement());
            msg =
                lit.empty() ? "unexpected token " + display(m_loc, t) : "expected " + lit + before;
        } else
            msg = "unexpected token " + display(m_loc, t);
        add(parser, makeDiagnostic("syntax-error", msg, here));
    }
};

/// Runs `fn` on a thread with a large stack (deeply nested but accepted input recurses in
/// the parser and the AST builder); runs it inline if such a thread cannot be created.
void runWithLargeStack(const std::function<void()>& fn) {
    struct Job {
        const std::function<void()>* fn;
        std::exception_ptr error;
    } job{&fn, nullptr};
    auto trampoline = [](void* arg) -> void* {
        auto* j = static_cast<Job*>(arg);
        try {
            (*j->fn)();
        } catch (...) {
            j->error = std::current_exception();
        }
        return nullptr;
    };
    pthread_attr_t attr;
    pthread_t thread;
    bool started = false;
    if (pthread_attr_init(&attr) == 0) {
        if (pthread_attr_setstacksize(&attr, kParserStackBytes) == 0)
            started = pthread_create(&thread, &attr, trampoline, &job) == 0;
        pthread_attr_destroy(&attr);
    }
    if (started)
        pthread_join(thread, nullptr);
    else
        trampoline(&job);
    if (job.error) std::rethrow_exception(job.error);
}

void lexicalDiagnostics(const L& lexer, const TokenLocator& loc, std::vector<Diagnostic>& out) {
    for (const L::LexError& e : lexer.lexErrors) {
        SourceRange r = loc.bytes(e.line, e.column, e.start, e.stop);
        std::string msg;
        switch (e.kind) {
        case L::UnterminatedCommentError:
            r = loc.bytes(e.line, e.column, e.start, e.start + 2);
            msg = "unterminated comment";
            break;
        case L::UnterminatedStringError:
            msg = "unterminated string literal";
            break;
        case L::EmptyCharError:
            msg = "empty character constant";
            break;
        case L::UnterminatedCharError:
            msg = "unterminated character constant";
            break;
        case L::InvalidCharacterError: {
            unsigned char c = e.start < loc.source().size()
                                  ? static_cast<unsigned char>(loc.source()[e.start])
                                  : 0;
            if (c >= 0x21 && c < 0x7f) {
                msg = std::string("stray '") + static_cast<char>(c) + "' in program";
            } else {
                static const char* hex = "0123456789abcdef";
                msg = std::string("invalid character '\\x") + hex[c >> 4] + hex[c & 15] +
                      "' in source";
            }
            break;
        }
        }
        out.push_back(makeDiagnostic("syntax-error", msg, r));
    }
}

/// Returns false (after a "nesting-too-deep" diagnostic) if ( [ { nest deeper than allowed.
bool checkNesting(antlr4::CommonTokenStream& tokens, const TokenLocator& loc,
                  std::vector<Diagnostic>& out) {
    size_t depth = 0;
    for (antlr4::Token* t : tokens.getTokens()) {
        switch (t->getType()) {
        case P::LeftParen:
        case P::LeftBracket:
        case P::LeftBrace:
            if (++depth > kMaxNesting) {
                out.push_back(makeDiagnostic("nesting-too-deep",
                                             "brackets are nested too deeply (more than " +
                                                 std::to_string(kMaxNesting) +
                                                 " levels of '(', '[' and '{')",
                                             loc.range(t)));
                return false;
            }
            break;
        case P::RightParen:
        case P::RightBracket:
        case P::RightBrace:
            if (depth > 0) --depth;
            break;
        default:
            break;
        }
    }
    return true;
}

Diagnostic nestingDiagnostic(const TokenLocator& loc, antlr4::Token* t) {
    return makeDiagnostic("nesting-too-deep",
                          "the program is nested too deeply to be parsed (statements or unary "
                          "operators nested thousands of levels deep)",
                          loc.range(t));
}

void parseImpl(const PreprocessedSource& source, ParseResult& result) {
    TokenLocator loc(source);
    ByteInputStream input(source.text);
    L lexer(&input);
    lexer.rawText = &source.text;
    lexer.removeErrorListeners();
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();

    std::vector<Diagnostic> syntax;
    lexicalDiagnostics(lexer, loc, syntax);
    auto finish = [&](std::vector<Diagnostic> other) {
        std::stable_sort(
            syntax.begin(), syntax.end(),
            [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
        const bool truncated = syntax.size() > kMaxSyntaxErrors;
        if (truncated) syntax.resize(kMaxSyntaxErrors);
        for (Diagnostic& d : syntax)
            result.diagnostics.push_back(std::move(d));
        for (Diagnostic& d : other)
            result.diagnostics.push_back(std::move(d));
        return truncated;
    };
    if (!checkNesting(tokens, loc, syntax)) {
        finish({});
        return;
    }

    P parser(&tokens);
    parser.removeErrorListeners();
    parser.setBuildParseTree(true);

    // Stage 1: SLL with bail-out, one external declaration at a time (bounded memory).
    {
        parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
            antlr4::atn::PredictionMode::SLL);
        parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
        parser.resetSymbols();
        std::vector<Diagnostic> built;
        AstBuilder builder(loc, built);
        auto unit = std::make_unique<ast::TranslationUnit>();
        bool ok = true;
        try {
            while (tokens.LA(1) != antlr4::Token::EOF) {
                P::ExternalDeclarationContext* ctx = parser.externalDeclaration();
                builder.addExternalDeclaration(ctx, *unit);
                parser.getTreeTracker().reset();
            }
        } catch (antlr4::ParseCancellationException&) {
            ok = false;
        } catch (P::NestingTooDeep& e) {
            syntax.push_back(nestingDiagnostic(loc, e.token));
            finish({});
            return;
        }
        if (ok) {
            for (Diagnostic& d : built)
                syntax.push_back(std::move(d));
            result.unit = std::move(unit);
            finish({});
            return;
        }
    }

    // Stage 2: full LL with error recovery over the whole file.
    tokens.seek(0);
    parser.reset();
    parser.resetSymbols();
    parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
        antlr4::atn::PredictionMode::LL);
    auto strategy = std::make_shared<SyntaxErrorStrategy>(loc, tokens, syntax);
    parser.setErrorHandler(strategy);
    antlr4::ParserRuleContext* root = nullptr;
    std::vector<Diagnostic> nesting;
    try {
        root = parser.translationUnit();
    } catch (TooManyErrors&) {
        root = strategy->root;
    } catch (P::NestingTooDeep& e) {
        nesting.push_back(nestingDiagnostic(loc, e.token));
    }
    std::vector<Diagnostic> built;
    if (auto* tu = dynamic_cast<P::TranslationUnitContext*>(root)) {
        AstBuilder builder(loc, built);
        auto unit = std::make_unique<ast::TranslationUnit>();
        for (P::ExternalDeclarationContext* ed : tu->externalDeclaration())
            if (ed) builder.addExternalDeclaration(ed, *unit);
        result.unit = std::move(unit);
    }
    for (Diagnostic& d : built)
        syntax.push_back(std::move(d));
    bool truncated = finish(std::move(nesting));
    if (strategy->stopped || truncated) {
        Diagnostic note = makeDiagnostic(
            "too-many-errors",
            "too many syntax errors; stopped after " + std::to_string(kMaxSyntaxErrors), {});
        note.severity = Severity::Note;
        result.diagnostics.push_back(std::move(note));
    }
}

} // namespace

ParseResult parseOpenCL(const PreprocessedSource& source) {
    ParseResult result;
    try {
        runWithLargeStack([&] { parseImpl(source, result); });
    } catch (const std::exception& e) {
        result.diagnostics.push_back(makeDiagnostic(
            "internal-error", std::string("internal error in the parser: ") + e.what(), {}));
    } catch (...) {
        result.diagnostics.push_back(
            makeDiagnostic("internal-error", "internal error in the parser", {}));
    }
    if (!result.unit) result.unit = std::make_unique<ast::TranslationUnit>();
    return result;
}

} // namespace clstep
