#pragma once

#include "common/Diagnostic.h"
#include "common/SourceManager.h"
#include "frontend/CompileOptions.h"
#include "launch/BufferDump.h"
#include "launch/LaunchConfig.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace clstep::debug {

class Session;

/// Oclgrind .sim launch files as the debugger's front ends use them (clstep's launch/ layer
/// underneath, so that a front end needs only debug/): reading a file for display,
/// applying its `# clstep:` settings and its launch to a Session, and writing it back.
/// Launch-file problems are Diagnostics with the .sim's source ranges; nothing throws.
class LaunchFile {
public:
    /// Reads and parses the .sim file at `path` (its text registered with `sources`);
    /// arguments are cut apart only (launch::SimParser::parseFile). Nullopt after one error.
    static std::optional<launch::LaunchConfig> read(SourceManager& sources, const std::string& path,
                                                    std::vector<Diagnostic>& diags);
    /// Parses .sim `text` written for `path` ("" when none); with `readArguments` the
    /// argument values are read without a kernel too (launch::SimParser::readUnbound: kind
    /// stays Unbound). Nullopt after one error.
    static std::optional<launch::LaunchConfig> parse(const std::string& text,
                                                     const std::string& path,
                                                     std::vector<Diagnostic>& diags,
                                                     bool readArguments = false);
    /// Reads the argument values of `config` without a kernel (SimParser::readUnbound).
    static bool readArguments(launch::LaunchConfig& config, std::vector<Diagnostic>& diags);

    /// Applies the launch's `# clstep:` settings to `session` (null: a kernel without a
    /// launch file, the defaults; never the previous file's): device byte order (also in
    /// `compile`, for __ENDIAN_LITTLE__; `compile` is reset to the defaults first, since the
    /// file's build options are applied by Session::loadSim), sub-group size, runtime checks
    /// and the schedule.
    static void applySettings(const launch::LaunchConfig* config, Session& session,
                              CompileOptions& compile);

    /// What apply() did.
    struct Applied {
        bool ok = false;               ///< bound to the program's kernel; the Session took it
        std::string savedPath;         ///< the .sim file written, when saving was asked
        std::vector<Diagnostic> diags; ///< launch-file problems (ranges in the .sim text)
    };
    /// Parses .sim `text` (written for `simPath`), binds it to `session`'s program
    /// (launch::prepare) and, when it binds, gives the Session its kernel, NDRange,
    /// arguments (with their .sim element types), device byte order `deviceBigEndian`
    /// (rebuilding the program with `compile` when it changes), `maxSteps` per work-item
    /// and the launch's sub-group size (else 32); with `saveTo` also writes the launch there
    /// (launch::SimWriter; "error: cannot write FILE" on failure). Does not reset the
    /// Session. "no program is loaded" when there is none.
    static Applied apply(Session& session, CompileOptions& compile, const std::string& text,
                         const std::string& simPath, const std::string& saveTo,
                         bool deviceBigEndian, uint64_t maxSteps);

    /// One argument's final bytes in oclgrind-kernel's dump format (launch::BufferDump).
    static std::string dump(const std::string& name, launch::ElementType type, bool hex,
                            std::span<const uint8_t> bytes);
};

} // namespace clstep::debug
