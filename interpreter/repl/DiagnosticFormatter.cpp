#include "repl/DiagnosticFormatter.h"
#include "common/TextFormat.h"

#include "launch/RaceText.h"
#include "repl/RuleExplainer.h"

#include <algorithm>

namespace clstep::repl {

namespace {

/// Runtime messages name the command-line flag; the scratchpad has a command for it.
std::string replWording(std::string message) {
    const std::string flag = "--max-steps";
    size_t at = message.find(flag);
    if (at != std::string::npos) message.replace(at, flag.size(), ":steps N");
    return message;
}

} // namespace

std::string DiagnosticFormatter::location(const SourceLocation& loc) const {
    std::string file;
    if (loc.file == 0)
        file = "<generated>";
    else if (loc.file == m_current)
        file = "<entry>";
    else
        file = m_sources.path(loc.file);
    if (file.empty()) file = "<unknown>";
    if (!loc.valid()) return file;
    return file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

std::string DiagnosticFormatter::sourceLine(const SourceRange& range,
                                            const std::string& indent) const {
    if (!range.valid() || range.begin.file == 0) return "";
    std::string_view line = m_sources.lineText(range.begin.file, range.begin.line);
    if (line.empty()) return "";
    std::string out = indent + std::string(line) + "\n" + indent;
    const uint32_t col = range.begin.column;
    for (uint32_t i = 1; i < col && i <= line.size(); ++i)
        out += line[i - 1] == '\t' ? '\t' : ' ';
    out += '^';
    if (range.end.line == range.begin.line && range.end.column > col + 1) {
        uint32_t end = std::min<uint32_t>(range.end.column, static_cast<uint32_t>(line.size()) + 1);
        if (end > col + 1) out += std::string(end - col - 1, '~');
    }
    return out + "\n";
}

std::string DiagnosticFormatter::format(const Diagnostic& d, uint64_t count) const {
    const nlohmann::json* facts = m_details ? m_details(d) : nullptr;
    if (facts && d.kind == DiagnosticKind::DataRace && facts->contains("first")) {
        launch::RaceTextStyle style{[this](const SourceLocation& l) { return location(l); },
                                    [this](const SourceRange& r, const std::string& indent) {
                                        return sourceLine(r, indent);
                                    }};
        return launch::raceText(d, *facts, count, m_kernel, style);
    }
    std::string out = location(d.range.begin) + ": " + severityName(d.severity) + ": " +
                      replWording(d.message) + " [" + DiagnosticKinds::name(d.kind) + "]";
    if (count > 1) out += " (" + std::to_string(count) + " occurrences)";
    out += "\n";
    if (!d.workItems.empty() && !m_kernel.empty()) out += "  Kernel: " + m_kernel + "\n";
    for (const WorkItemId& w : d.workItems)
        out += "  Entity: " + idsText(w) + "\n";
    out += sourceLine(d.range, "  ");
    for (const RelatedLocation& n : d.notes)
        out += location(n.range.begin) + ": note: " + n.message + "\n";
    const std::string why = RuleExplainer::explain(d.kind);
    if (!why.empty()) out += "  why: " + why + " (docs/rules.md)\n";
    return out;
}

} // namespace clstep::repl
