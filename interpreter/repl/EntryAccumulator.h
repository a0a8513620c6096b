#pragma once

#include <string>

namespace clstep::repl {

/// Collects console lines into one entry: an entry goes on while a brace, parenthesis or
/// bracket is open, inside a block comment, or after a line ending in a backslash. A line
/// starting with ':' (a command) is complete on its own. String and character literals and
/// comments do not count.
class EntryAccumulator {
public:
    /// Adds one line (without its newline). Returns true when the entry is complete.
    bool addLine(const std::string& line);
    /// True while lines have been added but the entry is not complete (the console shows a
    /// continuation prompt).
    bool pending() const { return !m_text.empty(); }
    /// Returns the complete entry and starts a new one.
    std::string take();
    /// Drops a pending entry (Ctrl-C).
    void clear() { m_text.clear(); }

    /// True when `text` has no open bracket, block comment or trailing backslash.
    static bool isComplete(const std::string& text);

private:
    std::string m_text;
};

} // namespace clstep::repl
