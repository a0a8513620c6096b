#pragma once

#include <string>
#include <vector>

namespace clstep {

/// Build options of a program: the subset of clBuildProgram options clstep understands.
struct CompileOptions {
    int clVersion = 120;                  ///< -cl-std: 100, 110, 120 (default), 200 or 300
    std::vector<std::string> defines;     ///< -D NAME[=VALUE]
    std::vector<std::string> includeDirs; ///< -I DIR
    bool deviceLittleEndian = true;       ///< sets __ENDIAN_LITTLE__

    /// Parses a -cl-std value ("CL1.0", "CL1.1", "CL1.2", "CL2.0", "CL3.0"); returns 0 if
    /// the value is not one of those.
    static int parseClStd(const std::string& value);

    /// Applies a clBuildProgram option string (OpenCL 1.2 API spec 5.6.4, as `clstep-cli run
    /// --build-options` and `oclgrind-kernel -b` take it): `-D NAME[=VALUE]` / `-DNAME`,
    /// `-I DIR` / `-IDIR`, `-cl-std=CLx.y`, `-cl-fast-relaxed-math` (also defines
    /// __FAST_RELAXED_MATH__), and the optimisation, warning and debug options of 5.6.4.2 to
    /// 5.6.4.5, which are accepted and have no effect on an interpreter. Options are separated
    /// by white space; a value may be quoted with '"'. Returns false and sets `error` (the
    /// spec's CL_INVALID_BUILD_OPTIONS case) for an unknown option or a missing/invalid
    /// value; options before the bad one stay applied.
    bool applyBuildOptions(const std::string& options, std::string& error);
};

} // namespace clstep
