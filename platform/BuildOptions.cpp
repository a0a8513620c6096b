#include "BuildOptions.h"

#include <vector>

namespace clstep::ocl {

namespace {
std::vector<std::string> splitWords(const std::string& text) {
    std::vector<std::string> words;
    std::string cur;
    bool have = false;
    char quote = 0;
    for (char c : text) {
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                cur += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            have = true;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (have) words.push_back(cur);
            cur.clear();
            have = false;
        } else {
            cur += c;
            have = true;
        }
    }
    if (have) words.push_back(cur);
    return words;
}
} // namespace

std::optional<CompileOptions> parseBuildOptions(const std::string& text, bool little,
                                                std::string& error) {
    CompileOptions co;
    co.deviceLittleEndian = little;
    std::vector<std::string> w = splitWords(text);
    for (size_t i = 0; i < w.size(); ++i) {
        const std::string& o = w[i];
        auto value = [&](size_t prefix) -> std::optional<std::string> {
            if (o.size() > prefix) return o.substr(prefix);
            if (i + 1 < w.size()) return w[++i];
            error = "option '" + o + "' needs a value";
            return std::nullopt;
        };
        if (o.rfind("-D", 0) == 0) {
            auto v = value(2);
            if (!v) return std::nullopt;
            co.defines.push_back(*v);
        } else if (o.rfind("-I", 0) == 0) {
            auto v = value(2);
            if (!v) return std::nullopt;
            co.includeDirs.push_back(*v);
        } else if (o.rfind("-cl-std=", 0) == 0) {
            int v = CompileOptions::parseClStd(o.substr(8));
            if (!v) {
                error = "unknown OpenCL C version in '" + o + "'";
                return std::nullopt;
            }
            co.clVersion = v;
        } else if (o.rfind("-cl-", 0) == 0 || o == "-w" || o == "-Werror" || o == "-g" ||
                   o.rfind("-O", 0) == 0 || o == "-create-library" || o == "-enable-link-options") {
            // Accepted: optimization, math and arg-info flags do not change exact semantics.
        } else {
            error = "unknown build option '" + o + "'";
            return std::nullopt;
        }
    }
    return co;
}

} // namespace clstep::ocl
