#pragma once

#include "common/SourceManager.h"
#include "repl/ReplState.h"
#include "repl/RunBuffer.h"

#include <string>
#include <vector>

namespace clstep::repl {

/// What the scratchpad's commands work on: the state, the texts of all entries, and the
/// buffers of the last `:run`.
struct ReplSession {
    ReplState state;
    SourceManager sources;
    std::vector<RunBuffer> lastRun;
    std::string lastKernel;
    /// Number of entries submitted so far (commands included): the current one is
    /// `<entry N>` in messages.
    uint32_t entries = 0;

    /// Registers `text` (the current entry, or the part of a command that is compiled) as
    /// "<entry N>" and returns its source id. `part` > 0 names a further text of the same
    /// entry ("<entry N part P>").
    uint32_t addEntry(const std::string& text, uint32_t part = 0) {
        std::string path = "<entry " + std::to_string(entries);
        if (part) path += " part " + std::to_string(part);
        return sources.addFile(path + ">", text);
    }
};

} // namespace clstep::repl
