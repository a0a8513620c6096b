#pragma once

#include "frontend/Ast.h"
#include "frontend/Program.h"
#include "repl/PersistentVariable.h"
#include "repl/ProgramChunk.h"
#include "repl/ReplSettings.h"

#include <memory>
#include <string>
#include <vector>

namespace clstep::repl {

/// Everything a scratchpad session accumulates: the program chunks, the kept variables with
/// their bytes, and the settings. Copyable, so an entry can work on a copy and the session
/// keeps the original when the entry is refused.
class ReplState {
public:
    std::vector<ProgramChunk> chunks;
    std::vector<PersistentVariable> variables;
    ReplSettings settings;
    /// Owns the Type objects the variables' `type` fields point to.
    std::shared_ptr<const Program> typeOwner;

    /// The variable named `name`, or nullptr.
    PersistentVariable* find(const std::string& name);
    const PersistentVariable* find(const std::string& name) const;
    /// Assigns state-buffer offsets (each variable aligned to its alignment) and returns the
    /// buffer size (at least 8 bytes).
    uint64_t layout();
    /// The state buffer: every variable's bytes at its offset (after layout()).
    std::vector<uint8_t> stateBuffer() const;
    /// Reads every variable's bytes back from a state buffer produced by a run.
    void readStateBuffer(const std::vector<uint8_t>& buffer);
    /// Switches the device byte order, swapping each variable's bytes so its value stays.
    void setBigEndian(bool big);
    /// The accumulated program text (chunks in order), as `:save` writes it.
    std::string programText() const;
    /// Index of the chunk declaring `name`, or -1.
    int chunkDeclaring(const std::string& name) const;
};

} // namespace clstep::repl
