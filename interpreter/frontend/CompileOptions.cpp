#include "frontend/CompileOptions.h"

#include <algorithm>
#include <cctype>

namespace clstep {

namespace {

/// Splits a build option string at white space; '"' or '\'' quotes a part containing spaces.
std::vector<std::string> splitOptions(const std::string& text) {
    std::vector<std::string> parts;
    std::string cur;
    char quote = 0;
    bool have = false;
    for (char c : text) {
        if (quote ? c == quote : (c == '"' || c == '\'')) {
            quote = quote ? 0 : c;
            have = true;
        } else if (!quote && std::isspace(static_cast<unsigned char>(c))) {
            if (have) parts.push_back(cur);
            cur.clear();
            have = false;
        } else {
            cur += c;
            have = true;
        }
    }
    if (have) parts.push_back(cur);
    return parts;
}

/// The options of 5.6.4.2 to 5.6.4.5 (and 2.0's -cl-uniform-work-group-size, -g) that change
/// nothing in an interpreter.
const char* const kIgnoredOptions[] = {
    "-cl-single-precision-constant",
    "-cl-denorms-are-zero",
    "-cl-fp32-correctly-rounded-divide-sqrt",
    "-cl-opt-disable",
    "-cl-mad-enable",
    "-cl-no-signed-zeros",
    "-cl-unsafe-math-optimizations",
    "-cl-finite-math-only",
    "-cl-strict-aliasing",
    "-cl-kernel-arg-info",
    "-cl-uniform-work-group-size",
    "-cl-no-subgroup-ifp",
    "-w",
    "-Werror",
    "-g",
    "-O0",
    "-O1",
    "-O2",
    "-O3",
    "-create-library",      // clLinkProgram (5.6.5.1)
    "-enable-link-options", // clLinkProgram (5.6.5.1)
};

} // namespace

bool CompileOptions::applyBuildOptions(const std::string& options, std::string& error) {
    std::vector<std::string> parts = splitOptions(options);
    for (size_t i = 0; i < parts.size(); ++i) {
        const std::string& p = parts[i];
        auto valueOf = [&](size_t prefix, std::string& value) {
            if (p.size() > prefix) {
                value = p.substr(prefix);
                return true;
            }
            if (i + 1 < parts.size()) {
                value = parts[++i];
                return true;
            }
            error = "build option '" + p + "' needs a value (CL_INVALID_BUILD_OPTIONS)";
            return false;
        };
        std::string value;
        if (p.rfind("-D", 0) == 0) {
            if (!valueOf(2, value)) return false;
            defines.push_back(value);
        } else if (p.rfind("-I", 0) == 0) {
            if (!valueOf(2, value)) return false;
            includeDirs.push_back(value);
        } else if (p.rfind("-cl-std=", 0) == 0) {
            int v = parseClStd(p.substr(8));
            if (!v) {
                error = "unknown -cl-std value '" + p.substr(8) + "' (CL_INVALID_BUILD_OPTIONS)";
                return false;
            }
            clVersion = v;
        } else if (p == "-cl-fast-relaxed-math") {
            defines.push_back("__FAST_RELAXED_MATH__=1");
        } else if (std::find(std::begin(kIgnoredOptions), std::end(kIgnoredOptions), p) ==
                   std::end(kIgnoredOptions)) {
            error = "unknown build option '" + p + "' (CL_INVALID_BUILD_OPTIONS)";
            return false;
        }
    }
    return true;
}

} // namespace clstep
