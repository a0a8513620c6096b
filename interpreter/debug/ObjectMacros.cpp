#include "debug/ObjectMacros.h"

#include "frontend/Program.h"

#include <cctype>
#include <set>
#include <sstream>

namespace clstep::debug {

namespace {

bool identStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool identChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

/// The body of a #define without its comments.
std::string stripComments(std::string body) {
    size_t line = body.find("//");
    if (line != std::string::npos) body.erase(line);
    for (size_t open; (open = body.find("/*")) != std::string::npos;) {
        size_t close = body.find("*/", open + 2);
        body.replace(open, close == std::string::npos ? std::string::npos : close + 2 - open, " ");
    }
    return trim(body);
}

} // namespace

ObjectMacros ObjectMacros::fromProgram(const Program& program) {
    ObjectMacros m;
    std::istringstream in(program.sources.text(program.mainFile));
    std::string line, logical;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line.back() == '\\') {
            logical += line.substr(0, line.size() - 1) + " ";
            continue;
        }
        logical += line;
        std::string l = trim(logical);
        logical.clear();
        if (l.empty() || l[0] != '#') continue;
        l = trim(l.substr(1));
        bool isDefine = l.rfind("define", 0) == 0, isUndef = l.rfind("undef", 0) == 0;
        if (!isDefine && !isUndef) continue;
        size_t at = isDefine ? 6 : 5;
        if (at >= l.size() || !std::isspace(static_cast<unsigned char>(l[at]))) continue;
        while (at < l.size() && std::isspace(static_cast<unsigned char>(l[at])))
            ++at;
        size_t end = at;
        while (end < l.size() && identChar(l[end]))
            ++end;
        if (end == at || !identStart(l[at])) continue;
        std::string name = l.substr(at, end - at);
        if (isUndef) {
            m.m_macros.erase(name);
            continue;
        }
        if (end < l.size() && l[end] == '(') continue; // function-like
        m.m_macros[name] = stripComments(l.substr(end));
    }
    for (const std::string& d : program.options.defines) {
        size_t eq = d.find('=');
        std::string name = trim(d.substr(0, eq));
        if (!name.empty() && identStart(name[0]))
            m.m_macros[name] = eq == std::string::npos ? "1" : d.substr(eq + 1);
    }
    return m;
}

std::string ObjectMacros::expandIn(const std::string& text, std::set<std::string>& blocked,
                                   std::vector<uint32_t>* columns, int depth) const {
    std::string out;
    std::vector<uint32_t> cols;
    auto copy = [&](size_t from, size_t to) {
        for (size_t k = from; k < to; ++k) {
            out += text[k];
            if (columns) cols.push_back((*columns)[k]);
        }
    };
    for (size_t i = 0; i < text.size();) {
        if (text[i] == '"' || text[i] == '\'') { // literals are copied untouched
            char q = text[i];
            size_t j = i + 1;
            while (j < text.size() && text[j] != q)
                j += text[j] == '\\' ? 2 : 1;
            j = std::min(j + 1, text.size());
            copy(i, j);
            i = j;
            continue;
        }
        const bool afterMember =
            i > 0 && (text[i - 1] == '.' || (i > 1 && text[i - 1] == '>' && text[i - 2] == '-'));
        if (!identStart(text[i]) || (i > 0 && identChar(text[i - 1])) || afterMember) {
            copy(i, i + 1);
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() && identChar(text[j]))
            ++j;
        std::string name = text.substr(i, j - i);
        auto it = m_macros.find(name);
        if (it == m_macros.end() || blocked.count(name) || depth > 32) {
            copy(i, j);
        } else {
            blocked.insert(name); // a macro is not expanded inside its own expansion
            std::string body = expandIn(it->second, blocked, nullptr, depth + 1);
            blocked.erase(name);
            out += body;
            if (columns) cols.insert(cols.end(), body.size(), (*columns)[i]);
        }
        i = j;
    }
    if (columns) *columns = std::move(cols);
    return out;
}

std::string ObjectMacros::expand(const std::string& text, std::vector<uint32_t>& columns) const {
    columns.clear();
    for (size_t i = 0; i < text.size(); ++i)
        columns.push_back(static_cast<uint32_t>(i + 1));
    if (m_macros.empty()) return text;
    std::set<std::string> blocked;
    return expandIn(text, blocked, &columns, 0);
}

} // namespace clstep::debug
