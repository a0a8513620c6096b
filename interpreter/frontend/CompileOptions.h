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
};

} // namespace clstep
