#pragma once

#include <optional>
#include <string>

namespace clstep::cli {

/// Reads the lines of `clstep-cli repl`. On a terminal it uses GNU readline (line editing,
/// history kept in ~/.clstep_history): linked in when the build found it
/// (CLSTEP_HAVE_READLINE), else loaded at run time (dlopen) if installed. Without a terminal,
/// or without libreadline, it reads plain lines from stdin and shows no prompt.
class ReplLineReader {
public:
    /// `interactive`: stdin is a terminal (prompts are shown).
    explicit ReplLineReader(bool interactive);
    ~ReplLineReader();
    ReplLineReader(const ReplLineReader&) = delete;
    ReplLineReader& operator=(const ReplLineReader&) = delete;

    /// The next line without its newline; nullopt at end of input.
    std::optional<std::string> read(const std::string& prompt);
    /// Remembers a complete entry in the history (readline only).
    void addHistory(const std::string& entry);
    /// True when GNU readline is in use.
    bool usesReadline() const { return m_readline != nullptr; }

private:
    bool m_interactive;
    void* m_library = nullptr;
    char* (*m_readline)(const char*) = nullptr;
    void (*m_addHistory)(const char*) = nullptr;
    int (*m_writeHistory)(const char*) = nullptr;
    std::string m_historyFile;
};

} // namespace clstep::cli
