#pragma once

#include <iosfwd>
#include <optional>
#include <string>

namespace clstep::cli {

/// Where the debugger console reads its commands: GNU readline (line editing, history)
/// when standard input is a terminal, otherwise plain lines from a stream (scripted
/// sessions, tests), without a prompt.
class ConsoleInput {
public:
    /// Reads from `in` when it is not std::cin attached to a terminal.
    explicit ConsoleInput(std::istream& in);
    ConsoleInput(const ConsoleInput&) = delete;
    ConsoleInput& operator=(const ConsoleInput&) = delete;

    /// True when reading from a terminal (prompts are shown by readline).
    bool interactive() const { return m_interactive; }
    /// The next line without its newline; nullopt at end of input.
    std::optional<std::string> read(const std::string& prompt);
    /// Adds a command to the line-editing history (terminal only; repeated lines once).
    void addHistory(const std::string& line);

private:
    std::istream& m_in;
    bool m_interactive = false;
    std::string m_last;
};

} // namespace clstep::cli
