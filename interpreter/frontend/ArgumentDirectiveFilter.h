#pragma once

// Private to the preprocessor implementation (Preprocessor.cpp): preprocessing directives
// inside the arguments of a macro call, which Boost.Wave cannot handle itself.

#include "frontend/WaveHooks.h" // first: configures Boost.Wave

#include <memory>
#include <string>
#include <vector>

namespace clstep::detail {

/// Processes the preprocessing directives that stand inside the argument list of a macro call
/// (`F(1,\n#ifdef X\n 2\n#else\n 3\n#endif\n)`), as clang and GCC do: C99 6.10.3p11 leaves
/// them undefined, but real kernels (OpenCV's boxFilter.cl) use them. Boost.Wave has no option
/// for it: it collects a call's arguments straight from the lexer, directives included.
///
/// So this filter sits between Wave's lexer and Wave, on the tokens of one file. It follows
/// the parentheses of the raw tokens (outside directive lines and skipped groups) and the name
/// before each `(`. A directive inside parentheses that follow a name that is a macro at that
/// point (outside groups Wave skips) is inside a macro call: there it
/// processes the directives itself and hands Wave only the tokens of the selected groups:
///  - `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif` (C99 6.10.1), with nesting; a
///    conditional opened inside the call is followed to its `#endif`, also past the call's `)`;
///    `#if`/`#elif` expressions are macro-expanded and evaluated by Wave's own code;
///  - `#define` and `#undef` take effect where they stand (as in clang and GCC);
///  - `#error` and `#warning` are reported; other directives are reported as unsupported there
///    and dropped.
/// Every newline is kept and tokens keep their positions, so the source map and the line
/// numbers of the output do not change. Outside macro calls every token passes unchanged.
///
/// Errors (malformed `#if` expression, `#elif` after `#else`, unterminated conditional) become
/// preprocessor diagnostics at the directive's file:line:col; a failed condition counts as
/// false. Never throws except std::bad_alloc.
class ArgumentDirectiveFilter : public wave::cpplexer::lex_input_interface<WaveToken> {
public:
    /// Filters the tokens of `lexer` (owned) for the run of `ctx` and `state`.
    ArgumentDirectiveFilter(wave::cpplexer::lex_input_interface<WaveToken>* lexer, WaveContext& ctx,
                            WaveState& state);
    ~ArgumentDirectiveFilter() override;

    /// The next token Wave sees.
    WaveToken& get(WaveToken& token) override;
    /// Wave applies a `#line` (C99 6.10.4): the lexer's positions stay the real ones, and
    /// WaveState records the presumed ones (WaveState::applyLineDirective).
    void set_position(const WavePosition&) override { m_state.applyLineDirective(); }
    bool has_include_guards(std::string& guardName) const override {
        return m_lexer->has_include_guards(guardName);
    }

    /// Makes the files lexed on this thread while it lives go through the filter, for the
    /// run of `ctx` and `state` (see newFileLexer).
    class RunScope {
    public:
        RunScope(WaveContext& ctx, WaveState& state);
        ~RunScope();
        RunScope(const RunScope&) = delete;
        RunScope& operator=(const RunScope&) = delete;
    };

private:
    /// One conditional opened inside a macro call.
    struct Group {
        bool parentActive; ///< the enclosing group is selected
        bool active;       ///< the current group is selected
        bool taken;        ///< some group of this conditional was selected
        bool seenElse;
        SourceLocation at;
        std::string name; ///< "#if", "#ifdef" or "#ifndef"
    };

    bool skipping() const { return !m_groups.empty() && !m_groups.back().active; }
    /// True inside the parentheses after a macro name (outside groups Wave skips).
    bool insideMacroCall() const;
    /// Reads the rest of a directive line into m_line; `token` becomes its newline (or EOF).
    void readLine(WaveToken& token);
    /// Processes the directive `directive` (its line is in m_line).
    void directive(const WaveToken& directive);
    /// The value of a `#if`/`#elif` expression (m_line); false after an error.
    bool condition(const WaveToken& directive);
    /// The identifier after `#ifdef`/`#ifndef`/`#undef`; empty (reported) if there is none.
    std::string macroName(const WaveToken& directive);
    void define(const WaveToken& directive);
    /// The text of m_line, trimmed.
    std::string lineText() const;
    void error(const WaveToken& at, std::string message);

    std::unique_ptr<wave::cpplexer::lex_input_interface<WaveToken>> m_lexer;
    WaveContext& m_ctx;
    WaveState& m_state;
    std::vector<Group> m_groups;
    std::vector<WaveToken> m_line;
    /// For each open parenthesis (outside directive lines and skipped groups), the
    /// identifier right before it (empty if none).
    std::vector<WaveString> m_callers;
    size_t m_untracked = 0;     // open parentheses beyond m_callers' limit
    WaveString m_lastName;      // the last token, if an identifier (blanks and newlines kept)
    bool m_lineStart = true;    // only whitespace so far on this line
    bool m_inDirective = false; // on a directive line that Wave processes
};

} // namespace clstep::detail
