#pragma once

#include "common/Diagnostic.h"
#include "launch/LaunchConfig.h"

#include <optional>
#include <string>
#include <vector>

namespace clstep::launch {

/// Writes a LaunchConfig as an Oclgrind `.sim` file that oclgrind-kernel and SimParser both
/// read back to the same launch (same sizes, flags, element types and initial bytes).
///
/// Layout: clstep directives (only when not the defaults: `# clstep: work-dim N`,
/// `# clstep: global-offset X Y Z`, `# clstep: local-size auto`), the kernel file, the kernel
/// name, the global size, the work-group size, then per argument a `# name` comment line (when
/// the name is known), its `<...>` header and its values, 16 per line. Initializers
/// (`fill=`, `range=`, `noinit`, `null`) are kept as written; other contents are written
/// from `bytes` (integers in decimal, or in signed hexadecimal under `hex`; floating-point
/// values in the shortest form that reads back to the same bits). No comment follows the
/// last argument and the text ends with a newline, as oclgrind-kernel requires.
class SimWriter {
public:
    /// Returns the .sim text for `config`. `simPath`, when given, is where the text will be
    /// saved: the kernel file is then written relative to its directory. Errors (kernel file
    /// or name empty or containing whitespace, '#' or '<'; bytes not matching the size)
    /// return nullopt. Warnings: a float/double buffer holding inf or NaN, which the .sim
    /// format cannot spell, is written as uint/ulong hex bits (so its dump type changes).
    static std::optional<std::string> write(const LaunchConfig& config,
                                            std::vector<Diagnostic>& diags,
                                            const std::string& simPath = {});

    /// The `<...>` header and values of one argument (ends with a newline), as in write().
    /// `index` is the argument's position (for diagnostics).
    static std::optional<std::string> writeArgument(const KernelArgSpec& spec, uint32_t index,
                                                    std::vector<Diagnostic>& diags);

    /// The name of the binary file that holds buffer argument `index` (parameter `name`) in a
    /// recorded bundle: "arg2-out.bin". The bundle holds its initial bytes (`file=` in the
    /// .sim), its `expected/` directory the bytes after the launch (`run --expect`).
    static std::string argumentFileName(size_t index, const std::string& name);
};

} // namespace clstep::launch
