#pragma once

#include "common/Diagnostic.h"
#include "launch/KernelSignature.h"
#include "launch/LaunchConfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clstep::launch {

/// Reads one argument specification: an Oclgrind `<...>` header followed by its values, e.g.
/// `<size=4096 float range=0:1:1024 dump>` or `<size=16 int> 1 2 3 4` or `<null>`.
///
/// The rules are oclgrind-kernel's (src/kernel/Simulation.cpp, parseArgument), including its
/// error messages: "size required", "Invalid fill value", "Range doesn't produce correct
/// buffer size", "Failed to parse argument 0: a", ... Each message ends with the argument it
/// is about, "(argument 0: a)", as in oclgrind-kernel. Every problem is one Diagnostic of kind
/// "launch-file" with the exact source range; nothing is thrown.
///
/// Most rules need the kernel parameter (its address space and type), so an argument is read
/// twice: unbound (no parameter: only what the text alone decides is checked, and the values
/// are converted if the header names a type) and then bound to its parameter (bind), which
/// applies every rule and fills in `bytes`.
class ArgParser {
public:
    /// Largest argument clstep accepts, in bytes (oclgrind-kernel would try to allocate it).
    static constexpr uint64_t kMaxArgumentBytes = uint64_t(1) << 30;

    /// Parses a standalone specification (CLI `--arg`, REPL `:run`). `text` may span lines and
    /// contain `#` comments; `fileId` is its SourceManager id (0 if none); `index` is the
    /// 0-based kernel argument it is for. Returns nullopt after reporting one error.
    static std::optional<KernelArgSpec> parse(std::string_view text, uint32_t fileId,
                                              uint32_t index, std::vector<Diagnostic>& diags);

    /// Re-reads `spec` (from its `source`) for kernel parameter `param` at position `index`:
    /// sets kind, name, type and bytes. False after reporting one error. Text left over after
    /// the values is an error for a standalone spec; for a spec of a .sim file the caller
    /// (SimParser) decides, see leftoverToken().
    static bool bind(KernelArgSpec& spec, const KernelParamInfo& param, uint32_t index,
                     std::vector<Diagnostic>& diags);

    /// The core of parse() and bind(): reads `spec.source` into `spec` for `param` (nullptr
    /// while unbound). `consumedEnd` receives the position just after the last thing read
    /// (the header's '>' or the last value). False after reporting one error.
    static bool read(KernelArgSpec& spec, uint32_t index, const KernelParamInfo* param,
                     SourceLocation& consumedEnd, std::vector<Diagnostic>& diags);

    /// The first token of `spec.source` that starts at or after `from`, with its range.
    static bool leftoverToken(const KernelArgSpec& spec, SourceLocation from, std::string& token,
                              SourceRange& where);

    /// "argument 2: n", or "argument 2" without a parameter (the suffix of every message).
    static std::string argumentLabel(uint32_t index, const KernelParamInfo* param);

    /// Splits `text` into SpecLines (comments removed) starting at `line`/`column`.
    static std::vector<SpecLine> splitLines(std::string_view text, uint32_t line = 1,
                                            uint32_t column = 1);
};

} // namespace clstep::launch
