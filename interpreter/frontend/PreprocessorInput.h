#pragma once

// Private to the preprocessor (Preprocessor.cpp, WaveState.cpp): makes a source file safe for
// Boost.Wave's lexer before it sees it.

#include "common/Diagnostic.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clstep::detail {

/// A problem found while preparing a file for the lexer, at a 1-based line and byte column.
struct InputProblem {
    uint32_t line = 0;
    uint32_t column = 0;
    Severity severity = Severity::Error;
    std::string message;
};

/// An `#if`, `#ifdef` or `#ifndef` line.
struct ConditionalDirective {
    uint32_t line = 0;
    uint32_t column = 0; ///< of the `#`
    std::string name;    ///< "#if", "#ifdef" or "#ifndef"
};

/// The text handed to Boost.Wave's lexer for one file, plus what was found in it.
struct LexerInput {
    std::string text;
    std::vector<InputProblem> problems;
    /// Lines holding a GNU line marker (`# 12 "file"`), which Wave calls an invalid directive.
    std::vector<uint32_t> lineMarkers;
    /// Conditionals without a matching `#endif` in this file (Wave only says that one is
    /// missing, not which). Skipped groups nest the same way, so a plain scan finds them.
    std::vector<ConditionalDirective> unclosedConditionals;
};

/// Deepest parenthesis nesting accepted in an `#if`/`#elif` expression (as clang's default
/// -fbracket-depth). Wave evaluates these expressions recursively; deeper ones are replaced.
inline constexpr int kMaxConditionalParenDepth = 256;

/// Copies `source` into a form Wave's lexer handles safely, keeping every byte that starts a
/// token at the same line and column:
///  - a UTF-8 byte order mark becomes spaces;
///  - NUL bytes and other control characters (not tab, newline, vertical tab, form feed or
///    carriage return) become spaces, with one error per file;
///  - an unterminated block comment is closed at the end of the file (Wave's lexer would read
///    past its buffer), with an "unterminated comment" error at the comment start;
///  - an `#if`/`#elif` expression nested deeper than kMaxConditionalParenDepth becomes `0`, with
///    an error (Wave's recursive evaluator would overflow the stack);
///  - the text always ends with a newline.
/// It also lists the lines holding GNU line markers and the conditionals left open at the end
/// of the file.
LexerInput prepareLexerInput(std::string_view source);

} // namespace clstep::detail
