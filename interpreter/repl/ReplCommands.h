#pragma once

#include "repl/ReplResult.h"
#include "repl/ReplSession.h"

#include <string>

namespace clstep::repl {

/// The scratchpad's `:` commands: `:help`, `:reset`, `:vars`, `:type EXPR`, `:layout TYPE`,
/// `:mem [SPACE]`, `:ndrange`, `:workitem`, `:run`, `:endian`, `:std`, `:steps`, `:bytes`,
/// `:program`, `:save FILE`, `:load FILE`, `:quit`. A command that fails changes nothing.
class ReplCommands {
public:
    explicit ReplCommands(ReplSession& session) : m_session(session) {}

    /// Runs one command line (starting with ':').
    ReplResult execute(const std::string& line);
    /// The `:help` text.
    static std::string help();

private:
    ReplResult reset();
    ReplResult vars();
    ReplResult type(const std::string& arg);
    ReplResult ndrange(const std::string& arg);
    ReplResult workitem(const std::string& arg);
    ReplResult endian(const std::string& arg);
    ReplResult standard(const std::string& arg);
    ReplResult steps(const std::string& arg);
    ReplResult bytes(const std::string& arg);
    ReplResult program();
    ReplResult save(const std::string& arg);
    ReplResult load(const std::string& arg);
    /// Text describing the NDRange and the selected work-item.
    std::string contextText() const;

    ReplSession& m_session;
};

} // namespace clstep::repl
