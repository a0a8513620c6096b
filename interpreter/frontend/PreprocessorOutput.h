#pragma once

// Private to the preprocessor implementation (Preprocessor.cpp): assembling the output text
// and its source map, and reading `#pragma` / `_Pragma` lines. Free of Boost types.

#include "common/Diagnostic.h"
#include "common/SourceRange.h"
#include "frontend/PreprocessedSource.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clstep::detail {

/// Builds the preprocessed text token by token and records where each run of tokens came
/// from (PreprocessedSource::addMapping). Source tokens are put at their original line and
/// column whenever the output can be kept in step with the file, so code without macros keeps
/// its line numbers (and, up to the first include, its columns); where it cannot, a new
/// mapping is recorded instead.
class OutputBuilder {
public:
    /// Writes into `out`, whose text starts as the beginning of file `mainFile`.
    OutputBuilder(PreprocessedSource& out, uint32_t mainFile, size_t sizeHint);

    /// Whitespace (blank, newline, comment) separates the previous and the next token.
    void whitespace() { m_pendingSpace = true; }

    /// Appends a token that originates at `loc` (invalid if unknown). `fromSource` is false for
    /// tokens that came out of a macro definition: those map to the macro's use site, which is
    /// also what `loc` is then.
    void token(std::string_view text, SourceLocation loc, bool fromSource);

    /// Ends the text with a newline (unless it is empty).
    void finish();

private:
    void put(char c);
    void pad(uint32_t column);
    SourceLocation expectedHere() const;

    PreprocessedSource& m_out;
    uint32_t m_line = 1; // output position, 1-based
    uint32_t m_column = 1;
    uint32_t m_curFile; // the file and line the current output line stands for
    uint32_t m_curLine = 1;
    bool m_pendingSpace = true; // the start of the text counts as whitespace
    bool m_prevFromSource = true;
    SourceLocation m_prevEnd; // just past the previous token, in its file
    uint32_t m_segLine = 0;   // start of the last mapping run
    uint32_t m_segColumn = 0;
    SourceLocation m_segOrigin;
};

/// Kinds of tokens PragmaCollector tells apart.
enum class PragmaTokenKind { Whitespace, Newline, LeftParen, RightParen, String, Other };

/// Reads one `#pragma` directive (its tokens up to the end of the line) or one
/// `_Pragma("...")` operator. `OPENCL EXTENSION name : enable|disable` becomes an entry of
/// PreprocessedSource::extensionPragmas; every pragma is removed from the output.
class PragmaCollector {
public:
    /// What a completed pragma amounts to.
    struct Result {
        bool done = false;     ///< the pragma is complete (the other fields are set)
        std::string extension; ///< "cl_khr_fp64 : enable", or empty
        std::string problem;   ///< a message if the pragma is malformed, else empty
        Severity severity = Severity::Warning;
        SourceLocation at; ///< where the pragma starts
    };

    /// True while a pragma is being read: feed it every token.
    bool active() const { return m_mode != Mode::None; }
    /// Starts a `#pragma` directive at `at`.
    void beginDirective(SourceLocation at);
    /// Starts a `_Pragma` operator at `at` (its name token).
    void beginOperator(SourceLocation at);
    /// Feeds the next token of the pragma.
    Result feed(PragmaTokenKind kind, std::string_view value);

private:
    enum class Mode { None, Directive, Operator };
    Result finish();
    void addWords(std::string_view text);

    Mode m_mode = Mode::None;
    int m_operatorStep = 0; // 0: expect '(', 1: expect a string, 2: expect ')'
    SourceLocation m_at;
    std::vector<std::string> m_words;
};

} // namespace clstep::detail
