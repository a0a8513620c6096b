#include "frontend/ArgumentDirectiveFilter.h" // first: configures Boost.Wave

namespace clstep::detail {

namespace {

/// Deepest parenthesis nesting whose caller names are kept (deeper levels count as no name), so
/// a directive costs at most this many macro lookups.
constexpr size_t kMaxTrackedDepth = 4096;

/// The run whose files go through the filter (set by RunScope; runs are serialised).
struct CurrentRun {
    WaveContext* ctx = nullptr;
    WaveState* state = nullptr;
};
thread_local CurrentRun currentRun;

bool isEnd(wave::token_id id) {
    return id == wave::T_EOF || id == wave::T_EOI;
}

/// Blanks and comments (not newlines).
bool isBlank(wave::token_id id) {
    return id == wave::T_SPACE || id == wave::T_SPACE2 || id == wave::T_CCOMMENT ||
           id == wave::T_CPPCOMMENT || id == wave::T_CONTLINE;
}

std::string text(const WaveToken& token) {
    return std::string(token.get_value().c_str(), token.get_value().size());
}

} // namespace

wave::cpplexer::lex_input_interface<WaveToken>* newFileLexer(std::string::const_iterator first,
                                                             std::string::const_iterator last,
                                                             const WavePosition& pos,
                                                             wave::language_support language) {
    auto* lexer = wave::cpplexer::lex_input_interface_generator<WaveToken>::new_lexer(
        first, last, pos, language);
    if (currentRun.ctx == nullptr) return lexer;
    return new ArgumentDirectiveFilter(lexer, *currentRun.ctx, *currentRun.state);
}

ArgumentDirectiveFilter::RunScope::RunScope(WaveContext& ctx, WaveState& state) {
    currentRun = CurrentRun{&ctx, &state};
}

ArgumentDirectiveFilter::RunScope::~RunScope() {
    currentRun = CurrentRun{};
}

ArgumentDirectiveFilter::ArgumentDirectiveFilter(
    wave::cpplexer::lex_input_interface<WaveToken>* lexer, WaveContext& ctx, WaveState& state)
    : m_lexer(lexer), m_ctx(ctx), m_state(state) {}

ArgumentDirectiveFilter::~ArgumentDirectiveFilter() = default;

WaveToken& ArgumentDirectiveFilter::get(WaveToken& token) {
    for (;;) {
        m_lexer->get(token);
        const wave::token_id id = wave::token_id(token);
        if (isEnd(id)) {
            for (const Group& g : m_groups)
                m_state.reportUnterminatedConditional(g.at, g.name);
            m_groups.clear();
            m_callers.clear();
            m_untracked = 0;
            return token;
        }
        if (id == wave::T_NEWLINE) {
            m_lineStart = true;
            m_inDirective = false;
            return token; // kept even in skipped groups: the lines stay where they are
        }
        if (isBlank(id)) {
            if (skipping()) continue;
            return token;
        }
        const bool lineStart = m_lineStart;
        m_lineStart = false;
        if (lineStart && IS_CATEGORY(id, wave::PPTokenType)) {
            const bool closing =
                id == wave::T_PP_ELIF || id == wave::T_PP_ELSE || id == wave::T_PP_ENDIF;
            if (!m_groups.empty() || (!closing && insideMacroCall())) {
                const WaveToken directiveToken = token;
                readLine(token);
                directive(directiveToken);
                return token; // the directive line's newline (or the end)
            }
            // Wave's own directive. One that closes a group Wave opened ends the parentheses
            // we followed: they were not a call Wave makes (e.g. in a skipped group).
            if (closing) {
                m_callers.clear();
                m_untracked = 0;
            }
            m_inDirective = true;
            return token;
        }
        if (skipping()) continue;
        if (m_inDirective) return token;
        if (id == wave::T_LEFTPAREN) {
            // The name before the parenthesis, if any: whether it names a macro is decided at
            // a directive, once Wave has processed the definitions before it.
            if (m_callers.size() < kMaxTrackedDepth)
                m_callers.push_back(m_lastName);
            else
                ++m_untracked; // deeper levels count as no name (bounded work and memory)
        } else if (id == wave::T_RIGHTPAREN) {
            if (m_untracked > 0)
                --m_untracked;
            else if (!m_callers.empty())
                m_callers.pop_back();
        }
        m_lastName = id == wave::T_IDENTIFIER ? token.get_value() : WaveString();
        return token;
    }
}

bool ArgumentDirectiveFilter::insideMacroCall() const {
    if (m_callers.empty() || !m_ctx.groupActive()) return false;
    for (const WaveString& name : m_callers)
        if (!name.empty() && m_ctx.is_defined_macro(name)) return true;
    return false;
}

void ArgumentDirectiveFilter::readLine(WaveToken& token) {
    m_line.clear();
    for (;;) {
        m_lexer->get(token);
        const wave::token_id id = wave::token_id(token);
        if (id == wave::T_NEWLINE || isEnd(id)) break;
        m_line.push_back(token);
    }
    m_lineStart = true;
    if (isEnd(wave::token_id(token))) {
        // The end of the file right after a directive: handled by the caller's next get().
        for (const Group& g : m_groups)
            m_state.reportUnterminatedConditional(g.at, g.name);
        m_groups.clear();
    }
}

void ArgumentDirectiveFilter::directive(const WaveToken& directive) {
    const wave::token_id id = wave::token_id(directive);
    const bool active = !skipping();
    switch (id) {
    case wave::T_PP_IF:
    case wave::T_PP_IFDEF:
    case wave::T_PP_IFNDEF: {
        bool value = false;
        if (active) {
            if (id == wave::T_PP_IF) {
                value = condition(directive);
            } else {
                const std::string name = macroName(directive);
                value = !name.empty() && m_ctx.is_defined_macro(name) == (id == wave::T_PP_IFDEF);
            }
        }
        const char* name = id == wave::T_PP_IF      ? "#if"
                           : id == wave::T_PP_IFDEF ? "#ifdef"
                                                    : "#ifndef";
        m_groups.push_back(Group{active, value, value, false,
                                 m_state.fileLocation(directive.get_position()), name});
        return;
    }
    case wave::T_PP_ELIF: {
        Group& g = m_groups.back();
        if (g.seenElse) error(directive, "#elif after #else");
        g.active = false;
        if (g.parentActive && !g.taken && !g.seenElse) {
            // the condition is evaluated in the enclosing group's context
            g.active = true;
            g.active = condition(directive);
            g.taken = g.active;
        }
        return;
    }
    case wave::T_PP_ELSE: {
        Group& g = m_groups.back();
        if (g.seenElse) error(directive, "#else after #else");
        g.active = g.parentActive && !g.taken;
        g.taken = true;
        g.seenElse = true;
        return;
    }
    case wave::T_PP_ENDIF:
        if (!m_groups.empty()) m_groups.pop_back();
        return;
    default:
        break;
    }
    if (!active) return; // other directives of a skipped group are not processed
    switch (id) {
    case wave::T_PP_DEFINE:
        define(directive);
        return;
    case wave::T_PP_UNDEF: {
        const std::string name = macroName(directive);
        if (!name.empty()) m_ctx.remove_macro_definition(name);
        return;
    }
    case wave::T_PP_ERROR:
        error(directive, "#error: " + lineText());
        return;
    case wave::T_PP_WARNING:
        m_state.report(Severity::Warning, "#warning: " + lineText(),
                       m_state.fileLocation(directive.get_position()));
        return;
    default: {
        std::string name = text(directive);
        if (name == "#" && lineText().empty()) return; // the null directive
        error(directive, "'" + name + "' inside the arguments of a macro call is not supported");
        return;
    }
    }
}

bool ArgumentDirectiveFilter::condition(const WaveToken& directive) {
    WaveContext::token_sequence_type tokens;
    for (const WaveToken& t : m_line)
        if (!isBlank(wave::token_id(t)) || !tokens.empty()) tokens.push_back(t);
    if (tokens.empty()) {
        error(directive, text(directive) + " with no expression");
        return false;
    }
    try {
        WaveContext::token_sequence_type expanded;
        m_ctx.expandCondition(tokens, expanded);
        for (WaveToken& t : expanded) { // identifiers left are not macros: 0 (C99 6.10.1p3)
            const wave::token_id id = wave::token_id(t);
            if (IS_CATEGORY(id, wave::IdentifierTokenType) ||
                IS_CATEGORY(id, wave::KeywordTokenType)) {
                t.set_token_id(wave::T_INTLIT);
                t.set_value("0");
            }
        }
        wave::grammars::value_error status = wave::grammars::error_noerror;
        const bool value = wave::grammars::expression_grammar_gen<WaveToken>::evaluate(
            expanded.begin(), expanded.end(), directive.get_position(), true, status);
        if (status != wave::grammars::error_noerror) {
            error(directive, (status & wave::grammars::error_division_by_zero)
                                 ? "division by zero in " + text(directive) + " expression"
                                 : "overflow in " + text(directive) + " expression");
            return false;
        }
        return value;
    } catch (const wave::cpp_exception& e) {
        m_state.reportException(e);
    } catch (const wave::cpplexer::cpplexer_exception& e) {
        m_state.reportException(e);
    } catch (const ExpansionAborted&) { // reported already
    }
    return false;
}

std::string ArgumentDirectiveFilter::macroName(const WaveToken& directive) {
    for (const WaveToken& t : m_line) {
        const wave::token_id id = wave::token_id(t);
        if (isBlank(id)) continue;
        if (id == wave::T_IDENTIFIER || IS_CATEGORY(id, wave::KeywordTokenType)) return text(t);
        break;
    }
    error(directive, "macro name missing after " + text(directive));
    return {};
}

void ArgumentDirectiveFilter::define(const WaveToken& directive) {
    // Wave's "NAME(PARAMS)=BODY" form: the name, a parameter list written right after it,
    // then the body.
    std::string def;
    size_t i = 0;
    while (i < m_line.size() && isBlank(wave::token_id(m_line[i])))
        ++i;
    if (i == m_line.size() || wave::token_id(m_line[i]) != wave::T_IDENTIFIER) {
        error(directive, "macro name missing after #define");
        return;
    }
    def = text(m_line[i++]);
    if (i < m_line.size() && wave::token_id(m_line[i]) == wave::T_LEFTPAREN) {
        for (; i < m_line.size(); ++i) {
            def += text(m_line[i]);
            if (wave::token_id(m_line[i]) == wave::T_RIGHTPAREN) {
                ++i;
                break;
            }
        }
    }
    def += '=';
    std::string body;
    for (; i < m_line.size(); ++i)
        body += isBlank(wave::token_id(m_line[i])) ? std::string(" ") : text(m_line[i]);
    const size_t from = body.find_first_not_of(' ');
    if (from != std::string::npos) def += body.substr(from);
    try {
        if (!m_ctx.add_macro_definition(def, false))
            error(directive, "invalid macro definition '" + def + "'");
    } catch (const wave::cpp_exception& e) {
        m_state.reportException(e);
    } catch (const wave::cpplexer::cpplexer_exception& e) {
        m_state.reportException(e);
    }
}

std::string ArgumentDirectiveFilter::lineText() const {
    std::string s;
    for (const WaveToken& t : m_line)
        s += isBlank(wave::token_id(t)) ? std::string(" ") : text(t);
    const size_t b = s.find_first_not_of(' ');
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(' ') - b + 1);
}

void ArgumentDirectiveFilter::error(const WaveToken& at, std::string message) {
    m_state.report(Severity::Error, std::move(message), m_state.fileLocation(at.get_position()));
}

} // namespace clstep::detail
