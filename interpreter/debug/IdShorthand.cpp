#include "debug/IdShorthand.h"

#include <cctype>

namespace clstep::debug {

namespace {

bool identChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

struct Shorthand {
    const char* name;
    const char* id;   ///< builtin returning one dimension
    const char* size; ///< builtin returning the extent of one dimension
};

constexpr Shorthand kShorthands[] = {{"lid", "get_local_id", "get_local_size"},
                                     {"gid", "get_global_id", "get_global_size"},
                                     {"grp", "get_group_id", "get_num_groups"}};

std::string linear(const Shorthand& s) {
    const std::string id = s.id, size = s.size;
    return "(" + id + "(0) + " + size + "(0) * (" + id + "(1) + " + size + "(1) * " + id + "(2)))";
}

} // namespace

std::string IdShorthand::expand(const std::string& e) {
    std::string out;
    out.reserve(e.size());
    size_t i = 0;
    while (i < e.size()) {
        const char c = e[i];
        if (c == '"' || c == '\'') { // keep literals as written
            size_t j = i + 1;
            while (j < e.size() && e[j] != c)
                j += e[j] == '\\' ? 2 : 1;
            j = std::min(e.size(), j + 1);
            out.append(e, i, j - i);
            i = j;
            continue;
        }
        if (!identChar(c)) {
            out += c;
            ++i;
            continue;
        }
        size_t j = i;
        while (j < e.size() && identChar(e[j]))
            ++j;
        const std::string word = e.substr(i, j - i);
        // a member name (s.lid, p->lid) or a number (1e5) is not a shorthand
        size_t p = out.find_last_not_of(" \t");
        const bool member = p != std::string::npos &&
                            (out[p] == '.' || (out[p] == '>' && p > 0 && out[p - 1] == '-'));
        const Shorthand* hit = nullptr;
        if (!member && !std::isdigit(static_cast<unsigned char>(c)))
            for (const Shorthand& s : kShorthands)
                if (word == s.name) hit = &s;
        if (!hit) {
            out += word;
            i = j;
            continue;
        }
        size_t k = j;
        while (k < e.size() && (e[k] == ' ' || e[k] == '\t'))
            ++k;
        if (k + 1 < e.size() && e[k] == '.') {
            size_t m = k + 1;
            while (m < e.size() && (e[m] == ' ' || e[m] == '\t'))
                ++m;
            if (m < e.size() && (e[m] == 'x' || e[m] == 'y' || e[m] == 'z') &&
                (m + 1 >= e.size() || !identChar(e[m + 1]))) {
                out += std::string(hit->id) + "(" + std::to_string(e[m] - 'x') + ")";
                i = m + 1;
                continue;
            }
        }
        out += linear(*hit);
        i = j;
    }
    return out;
}

} // namespace clstep::debug
