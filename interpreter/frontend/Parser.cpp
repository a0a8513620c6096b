// parseOpenCL: lexing (with lexical diagnostics), the bracket-nesting guard, the two-stage
// ANTLR parse (SLL + bail, one external declaration at a time; then LL with error recovery
// only if SLL failed; messages in SyntaxErrors.cpp), and the AST builder.
#include "frontend/Parser.h"

#include "OpenCLCLexer.h"
#include "OpenCLCParser.h"
#include "antlr4-runtime.h"
#include "common/DeepStackThread.h"
#include "frontend/AstBuilder.h"

#include <algorithm>
#include <functional>
#include <set>

namespace clstep {

namespace {

using P = grammar::OpenCLCParser;
using L = grammar::OpenCLCLexer;

constexpr size_t kMaxNesting = 256;                    ///< ( [ { levels accepted
constexpr size_t kMaxSyntaxErrors = 20;                ///< syntax errors reported per file

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
        out.push_back(makeParseDiagnostic(DiagnosticKind::SyntaxError, msg, r));
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
                out.push_back(makeParseDiagnostic(DiagnosticKind::NestingTooDeep,
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
    return makeParseDiagnostic(DiagnosticKind::NestingTooDeep,
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
            Diagnostic note = makeParseDiagnostic(
                DiagnosticKind::TooManyErrors,
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
    std::set<size_t> quiet;
    for (const L::LexError& e : lexer.lexErrors) {
        const std::vector<antlr4::Token*>& all = tokens.getTokens();
        auto next =
            std::lower_bound(all.begin(), all.end(), e.stop,
                             [](antlr4::Token* t, size_t at) { return t->getStartIndex() < at; });
        if (next != all.end()) quiet.insert((*next)->getTokenIndex());
    }
    auto recovering =
        makeSyntaxErrorStrategy(loc, tokens, syntax, std::move(quiet), kMaxSyntaxErrors);

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
    } catch (TooManySyntaxErrors&) {
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
        runOnDeepStack([&] { parseImpl(source, result); });
    } catch (const std::exception& e) {
        result.diagnostics.push_back(
            makeParseDiagnostic(DiagnosticKind::InternalError,
                                std::string("internal error in the parser: ") + e.what(), {}));
    } catch (...) {
        result.diagnostics.push_back(
            makeParseDiagnostic(DiagnosticKind::InternalError, "internal error in the parser", {}));
    }
    if (!result.unit) result.unit = std::make_unique<ast::TranslationUnit>();
    return result;
}

} // namespace clstep
