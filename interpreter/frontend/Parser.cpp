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
#include <set>

namespace clstep {

namespace {

using P = grammar::OpenCLCParser;
using L = grammar::OpenCLCLexer;

constexpr size_t kMaxNesting = 256;                    ///< ( [ { levels accepted
constexpr size_t kMaxSyntaxErrors = 20;                ///< syntax errors reported per file
constexpr size_t kParserStackBytes = size_t(64) << 20; ///< measured need: under 16 MB

/// Feeds the lexer one character per byte (no UTF-8 decoding: garbage bytes cannot throw,
/// and columns count bytes like SourceLocation does). Bytes >= 0x80 (valid only inside
/// comments and literals, whose text is read from the source itself) are all presented as
/// 0x7f: ANTLR's lexer caches DFA edges for characters below 128 only and would otherwise
/// simulate its ATN for every such byte (about 100 times slower).
class ByteInputStream : public antlr4::ANTLRInputStream {
public:
    explicit ByteInputStream(const std::string& bytes) {
        _data.reserve(bytes.size());
        for (unsigned char c : bytes)
            _data.push_back(static_cast<char32_t>(c < 0x80 ? c : 0x7f));
        p = 0;
    }
};

/// Thrown (from inside the error strategy) to stop parsing after kMaxSyntaxErrors errors.
struct TooManyErrors {};

/// Thrown (from inside the error strategy) after an "unknown type name" error: the external
/// declaration is parsed again with `name` taken as a type, which avoids cascading errors.
struct AssumeTypeName {
    std::string name;
};

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
            add(t, makeDiagnostic("syntax-error", "expected ';' after expression", {at, at}));
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
            add(t, makeDiagnostic("syntax-error", "unknown type name " + display(m_loc, t),
                                  m_loc.range(t)));
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
        if (m_count >= kMaxSyntaxErrors) throw TooManyErrors{};
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
        add(at,
            makeDiagnostic("syntax-error", "unknown type name '" + name + "'", m_loc.range(type)));
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
            add(t, makeDiagnostic("syntax-error", msg, SourceRange{at, at}));
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
            add(t, std::move(d));
            return;
        }
        if (atEof) {
            add(t, makeDiagnostic("syntax-error", "unexpected end of file", here));
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
        add(t, makeDiagnostic("syntax-error", msg, here));
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

/// The ATN state in rule translationUnit that invokes externalDeclaration: external
/// declarations are parsed one at a time with a translationUnit context above them, so that
/// LL prediction and error recovery know what may follow a declaration.
size_t externalDeclarationInvokingState(const antlr4::atn::ATN& atn) {
    for (antlr4::atn::ATNState* s : atn.states) {
        if (!s || s->ruleIndex != P::RuleTranslationUnit) continue;
        for (size_t i = 0; i < s->transitions.size(); ++i) {
            auto* rt = dynamic_cast<antlr4::atn::RuleTransition*>(s->transitions[i]);
            if (rt && rt->target->ruleIndex == P::RuleExternalDeclaration) return s->stateNumber;
        }
    }
    return antlr4::atn::ATNState::INVALID_STATE_NUMBER;
}

void parseImpl(const PreprocessedSource& source, ParseResult& result) {
    TokenLocator loc(source);
    ByteInputStream input(source.text);
    L lexer(&input);
    lexer.rawText = &source.text;
    lexer.removeErrorListeners();
    antlr4::CommonTokenStream tokens(&lexer);
    tokens.fill();

    std::vector<Diagnostic> syntax; // sorted and capped at the end
    std::vector<Diagnostic> other;
    lexicalDiagnostics(lexer, loc, syntax);
    bool stopped = false;
    auto finish = [&]() {
        std::stable_sort(
            syntax.begin(), syntax.end(),
            [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
        if (syntax.size() > kMaxSyntaxErrors) {
            syntax.resize(kMaxSyntaxErrors);
            stopped = true;
        }
        for (Diagnostic& d : syntax)
            result.diagnostics.push_back(std::move(d));
        for (Diagnostic& d : other)
            result.diagnostics.push_back(std::move(d));
        if (stopped) {
            Diagnostic note = makeDiagnostic(
                "too-many-errors",
                "too many syntax errors; stopped after " + std::to_string(kMaxSyntaxErrors), {});
            note.severity = Severity::Note;
            result.diagnostics.push_back(std::move(note));
        }
    };
    if (!checkNesting(tokens, loc, other)) {
        finish();
        return;
    }

    P parser(&tokens);
    parser.removeErrorListeners();
    parser.resetSymbols();
    auto* sim = parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
    const size_t invokingState = externalDeclarationInvokingState(parser.getATN());
    auto bail = std::make_shared<antlr4::BailErrorStrategy>();
    auto recovering = std::make_shared<SyntaxErrorStrategy>(loc, tokens, syntax);
    for (const L::LexError& e : lexer.lexErrors) {
        const std::vector<antlr4::Token*>& all = tokens.getTokens();
        auto next =
            std::lower_bound(all.begin(), all.end(), e.stop,
                             [](antlr4::Token* t, size_t at) { return t->getStartIndex() < at; });
        if (next != all.end()) recovering->quietTokens.insert((*next)->getTokenIndex());
    }

    std::vector<Diagnostic> built;
    AstBuilder builder(loc, built);
    auto unit = std::make_unique<ast::TranslationUnit>();
    auto parseOne = [&]() -> P::ExternalDeclarationContext* {
        auto* root =
            parser.getTreeTracker().createInstance<P::TranslationUnitContext>(nullptr, size_t(-1));
        parser.setContext(root);
        parser.setState(invokingState);
        return parser.externalDeclaration();
    };

    // Each external declaration is parsed in SLL mode with bail-out (fast); only one that
    // fails is parsed again in full LL mode with error recovery and reporting. Parse trees are
    // freed after each declaration, so memory stays bounded by the largest declaration.
    try {
        while (tokens.LA(1) != antlr4::Token::EOF) {
            const size_t start = tokens.index();
            const size_t syntaxBefore = syntax.size();
            parser.checkpointSymbols();
            P::ExternalDeclarationContext* ctx = nullptr;
            try {
                sim->setPredictionMode(antlr4::atn::PredictionMode::SLL);
                parser.setErrorHandler(bail);
                ctx = parseOne();
            } catch (antlr4::ParseCancellationException&) {
                sim->setPredictionMode(antlr4::atn::PredictionMode::LL);
                parser.setErrorHandler(recovering);
                for (bool again = true; again;) {
                    again = false;
                    tokens.seek(start);
                    parser.rollbackSymbols();
                    recovering->reset(&parser);
                    try {
                        ctx = parseOne();
                    } catch (AssumeTypeName& a) {
                        parser.setContext(nullptr);
                        parser.getTreeTracker().reset();
                        parser.assumeTypedefName(a.name);
                        again = true;
                    }
                }
                if (tokens.index() == start) parser.consume(); // always make progress
            }
            if (ctx) {
                // Builder messages about a tree repaired by error recovery are noise.
                const size_t builtBefore = built.size();
                builder.addExternalDeclaration(ctx, *unit);
                if (syntax.size() != syntaxBefore) built.resize(builtBefore);
            }
            parser.setContext(nullptr);
            parser.getTreeTracker().reset();
        }
    } catch (TooManyErrors&) {
        stopped = true;
    } catch (P::NestingTooDeep& e) {
        other.push_back(nestingDiagnostic(loc, e.token));
    }
    parser.setContext(nullptr);
    for (Diagnostic& d : built)
        syntax.push_back(std::move(d));
    result.unit = std::move(unit);
    finish();
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
