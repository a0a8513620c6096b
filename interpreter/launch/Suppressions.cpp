#include "launch/Suppressions.h"

#include <fnmatch.h>

#include <cctype>
#include <fstream>
#include <sstream>

namespace clstep::launch {

namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

/// True when glob `pattern` matches `path` or one of its trailing parts after a '/'.
bool fileMatches(const std::string& pattern, const std::string& path) {
    if (fnmatch(pattern.c_str(), path.c_str(), 0) == 0) return true;
    for (size_t i = path.find('/'); i != std::string::npos; i = path.find('/', i + 1))
        if (fnmatch(pattern.c_str(), path.c_str() + i + 1, 0) == 0) return true;
    return false;
}

/// `text` with fnmatch's special characters escaped.
std::string escapeGlob(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '*' || c == '?' || c == '[' || c == ']' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::string plural(uint64_t n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

} // namespace

std::vector<Diagnostic> Suppressions::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        Diagnostic d;
        d.kind = kSyntaxKind;
        d.message = "cannot read the suppressions file '" + path + "'";
        d.range.begin.file = m_sources.addFile(path, "");
        return {d};
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parse(path, text.str());
}

std::vector<Diagnostic> Suppressions::parse(const std::string& path, const std::string& text) {
    const uint32_t file = m_sources.addFile(path, text);
    std::vector<Diagnostic> errors;
    std::istringstream lines(text);
    std::string line;
    uint32_t number = 0;
    while (std::getline(lines, line)) {
        ++number;
        size_t pos = 0;
        auto skip = [&] {
            while (pos < line.size() && isSpace(line[pos]))
                ++pos;
        };
        auto atEnd = [&] { return pos >= line.size() || line[pos] == '#'; };
        auto word = [&] {
            const size_t start = pos;
            while (pos < line.size() && !isSpace(line[pos]))
                ++pos;
            return line.substr(start, pos - start);
        };
        // An error over columns [from, to) (0-based) of this line.
        auto error = [&](size_t from, size_t to, const std::string& message) {
            Diagnostic d;
            d.kind = kSyntaxKind;
            d.message = message;
            d.range.begin = {file, number, static_cast<uint32_t>(from + 1)};
            d.range.end = {file, number, static_cast<uint32_t>(std::max(to, from + 1) + 1)};
            errors.push_back(std::move(d));
        };
        skip();
        if (atEnd()) continue; // blank or comment
        Rule rule;
        rule.path = path;
        rule.fileLine = number;
        const size_t ruleStart = pos;
        const size_t kindAt = pos;
        const std::string kindName = word();
        if (kindName != "*") {
            std::string unknown;
            rule.kind = DiagnosticKinds::fromName(kindName, unknown);
            if (!rule.kind) {
                error(kindAt, pos, unknown + ", or '*' for any kind");
                continue;
            }
        }
        skip();
        if (atEnd()) {
            error(pos, pos,
                  "expected a location after '" + kindName + "': FILE:LINE, FILE:* or kernel=NAME");
            continue;
        }
        const size_t locationAt = pos;
        const std::string location = word();
        if (location.rfind("kernel=", 0) == 0) {
            rule.kernelPattern = location.substr(7);
            if (rule.kernelPattern.empty()) {
                error(locationAt, pos, "'kernel=' needs a kernel name (kernel=NAME)");
                continue;
            }
        } else {
            const size_t colon = location.rfind(':');
            if (colon == std::string::npos || colon == 0) {
                error(locationAt, pos,
                      "'" + location + "' is not a location: FILE:LINE, FILE:* or kernel=NAME");
                continue;
            }
            rule.filePattern = location.substr(0, colon);
            const std::string lineText = location.substr(colon + 1);
            if (lineText != "*") {
                uint64_t n = 0;
                bool ok = !lineText.empty() && lineText.size() <= 9;
                for (char c : lineText)
                    ok = ok && std::isdigit(static_cast<unsigned char>(c));
                if (ok) n = std::stoull(lineText);
                if (!ok || n == 0) {
                    error(locationAt + colon + 1, pos,
                          "'" + lineText + "' is not a line: a line is a number from 1, or '*'");
                    continue;
                }
                rule.line = static_cast<uint32_t>(n);
            }
        }
        skip();
        if (!atEnd()) {
            const size_t regexAt = pos;
            if (line[pos] != '/') {
                const std::string found = word();
                error(regexAt, pos,
                      "expected a message pattern /REGEX/ or the end of the rule, found '" + found +
                          "'");
                continue;
            }
            size_t end = pos + 1;
            while (end < line.size() && line[end] != '/')
                end += line[end] == '\\' ? 2 : 1;
            if (end >= line.size()) {
                error(regexAt, line.size(), "the message pattern has no closing '/'");
                continue;
            }
            rule.messageText = line.substr(regexAt + 1, end - regexAt - 1);
            try {
                rule.message.emplace(rule.messageText, std::regex::ECMAScript);
            } catch (const std::regex_error& e) {
                error(regexAt, end + 1,
                      "invalid message pattern /" + rule.messageText + "/: " + e.what());
                continue;
            }
            pos = end + 1;
            skip();
            if (!atEnd()) {
                const size_t extraAt = pos;
                const std::string extra = word();
                error(extraAt, pos,
                      "unexpected '" + extra + "' after the rule (a comment starts with '#')");
                continue;
            }
        }
        size_t ruleEnd = pos;
        while (ruleEnd > ruleStart && isSpace(line[ruleEnd - 1]))
            --ruleEnd;
        rule.text = line.substr(ruleStart, ruleEnd - ruleStart);
        m_rules.push_back(std::move(rule));
    }
    std::lock_guard lock(m_mutex);
    m_counts.resize(m_rules.size(), 0);
    return errors;
}

const Suppressions::Rule* Suppressions::match(const Diagnostic& d, const SourceManager& diagSources,
                                              const std::string& kernel) const {
    for (const Rule& r : m_rules) {
        if (r.kind && *r.kind != d.kind) continue;
        if (!r.kernelPattern.empty()) {
            if (fnmatch(r.kernelPattern.c_str(), kernel.c_str(), 0) != 0) continue;
        } else {
            if (!d.range.valid()) continue;
            if (r.line && r.line != d.range.begin.line) continue;
            if (!fileMatches(r.filePattern, diagSources.path(d.range.begin.file))) continue;
        }
        if (r.message && !std::regex_search(d.message, *r.message)) continue;
        return &r;
    }
    return nullptr;
}

bool Suppressions::suppresses(const Diagnostic& d, const SourceManager& diagSources,
                              const std::string& kernel) {
    const Rule* r = match(d, diagSources, kernel);
    if (!r) return false;
    std::lock_guard lock(m_mutex);
    ++m_counts[static_cast<size_t>(r - m_rules.data())];
    return true;
}

uint64_t Suppressions::suppressedReports() const {
    std::lock_guard lock(m_mutex);
    uint64_t n = 0;
    for (uint64_t c : m_counts)
        n += c;
    return n;
}

size_t Suppressions::rulesUsed() const {
    std::lock_guard lock(m_mutex);
    size_t n = 0;
    for (uint64_t c : m_counts)
        n += c != 0;
    return n;
}

std::vector<Suppressions::RuleCount> Suppressions::counts() const {
    std::lock_guard lock(m_mutex);
    std::vector<RuleCount> out;
    for (size_t i = 0; i < m_rules.size(); ++i)
        out.push_back({m_rules[i].text, m_rules[i].path, m_rules[i].fileLine, m_counts[i]});
    return out;
}

void Suppressions::resetCounts() {
    std::lock_guard lock(m_mutex);
    for (uint64_t& c : m_counts)
        c = 0;
}

std::string Suppressions::summaryLine() const {
    return plural(suppressedReports(), "report") + " suppressed by " + plural(rulesUsed(), "rule");
}

nlohmann::json Suppressions::toJson() const {
    nlohmann::json perRule = nlohmann::json::array();
    for (const RuleCount& c : counts())
        perRule.push_back(
            {{"rule", c.rule}, {"file", c.path}, {"line", c.fileLine}, {"reports", c.reports}});
    return {{"reports", suppressedReports()}, {"rules", rulesUsed()}, {"per_rule", perRule}};
}

std::string Suppressions::ruleFor(const Diagnostic& d, const SourceManager& diagSources,
                                  const std::string& kernel) {
    const std::string& path = diagSources.path(d.range.begin.file);
    const std::string base = path.substr(path.rfind('/') + 1);
    bool plain = d.range.valid() && !base.empty();
    for (char c : base)
        plain = plain && !isSpace(c) && c != '#';
    if (plain)
        return DiagnosticKinds::name(d.kind) + std::string("  ") + escapeGlob(base) + ":" +
               std::to_string(d.range.begin.line);
    return DiagnosticKinds::name(d.kind) + std::string("  kernel=") + escapeGlob(kernel);
}

} // namespace clstep::launch
