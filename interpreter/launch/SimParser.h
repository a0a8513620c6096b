#pragma once

#include "common/Diagnostic.h"
#include "common/SourceManager.h"
#include "launch/KernelSignature.h"
#include "launch/LaunchConfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clstep::launch {

/// Reads Oclgrind `.sim` launch files exactly as oclgrind-kernel 21.10 does
/// (src/kernel/Simulation.cpp): the kernel file, the kernel name, the global size `X Y Z` and
/// the work-group size `X Y Z` (whitespace-separated tokens, on any lines), then one `<...>`
/// argument specification per kernel parameter (see ArgParser). `#` starts a comment that runs
/// to the end of the line.
///
/// Reading happens in two steps because the argument rules depend on the kernel (address
/// spaces, default element types, how many values to read): parse() reads the launch part and
/// cuts the argument specifications apart, the caller compiles the kernel named in it, then
/// bind() reads every argument for its parameter. Passing the signature to parse() does both
/// at once. readUnbound() reads the arguments without a kernel, as far as the text allows.
///
/// Errors: every problem is ONE Diagnostic of kind "launch-file" with the file:line:col range
/// of the offending text; the message is oclgrind-kernel's ("Failed to parse NDRange",
/// "size required (argument 0: a)", "Unexpected EOF when parsing argument 2: n", ...). Where
/// oclgrind-kernel crashes (work-group size 0, negative sizes) clstep reports an error; where
/// it trips over harmless text (a comment after the last argument, no newline at the end of
/// the file) clstep accepts the file with a warning. Nothing is thrown.
///
/// clstep extensions live in comments, so oclgrind-kernel still reads the file:
/// `# clstep: work-dim N`, `# clstep: global-offset X Y Z`, `# clstep: local-size auto`.
class SimParser {
public:
    /// Reads the .sim file at `path`, registers its text with `sources` and parses it (see
    /// parse()). Also checks that the kernel file exists ("Unable to open FILE"). Returns
    /// nullopt after reporting one error (including "Unable to open simulator file.").
    static std::optional<LaunchConfig> parseFile(SourceManager& sources, const std::string& path,
                                                 std::vector<Diagnostic>& diags,
                                                 const KernelSignature* signature = nullptr);

    /// Parses .sim `text`; `path` is the file it came from (used to resolve the kernel file,
    /// may be "") and `fileId` its SourceManager id (0 if none). Without a signature the
    /// arguments are only cut apart (`source`, `headerRange.begin`; kind Unbound): call
    /// bind() or readUnbound() next. With one, bind() is applied too. Returns nullopt after
    /// reporting one error; warnings may be added on success.
    static std::optional<LaunchConfig> parse(std::string_view text, const std::string& path,
                                             uint32_t fileId, std::vector<Diagnostic>& diags,
                                             const KernelSignature* signature = nullptr);

    /// Reads `config`'s arguments without a kernel: header tokens are checked and values are
    /// converted when the header names a type (kind stays Unbound, or Null); values of
    /// untyped arguments are kept as `valueTokens`. Rules that need the parameter are left to
    /// bind(), and messages say "argument 2" rather than "argument 2: n". False after
    /// reporting one error.
    static bool readUnbound(LaunchConfig& config, std::vector<Diagnostic>& diags);

    /// Binds `config`'s arguments to the kernel's parameters in order, with every oclgrind
    /// rule (address-space checks, default element types, exact value counts, nothing left
    /// over), and checks that the work-group size divides the global size when the kernel
    /// requires uniform work-groups. Sets `config.argsBound`. False after reporting one error.
    static bool bind(LaunchConfig& config, const KernelSignature& signature,
                     std::vector<Diagnostic>& diags);
};

} // namespace clstep::launch
