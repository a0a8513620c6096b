#include "launch/DiagnosticPrinter.h"
#include "common/TextFormat.h"
#include "launch/RaceText.h"

#include <sstream>

namespace clstep::launch {

namespace {
nlohmann::json idsJson(const WorkItemId& w) {
    return {{"global_id", w.global}, {"local_id", w.local}, {"group_id", w.group}};
}

} // namespace

std::string DiagnosticPrinter::location(const SourceLocation& loc) const {
    std::string file = m_sources.path(loc.file);
    if (file.empty()) file = "<unknown>";
    if (!loc.valid()) return file;
    return file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

void DiagnosticPrinter::printSource(std::ostream& out, const SourceRange& range,
                                    const std::string& indent) const {
    if (!range.valid()) return;
    std::string_view line = m_sources.lineText(range.begin.file, range.begin.line);
    if (line.empty()) return;
    out << indent << line << "\n" << indent;
    uint32_t col = range.begin.column;
    for (uint32_t i = 1; i < col && i <= line.size(); ++i)
        out << (line[i - 1] == '\t' ? '\t' : ' ');
    out << '^';
    if (range.end.line == range.begin.line && range.end.column > col + 1)
        out << std::string(range.end.column - col - 1, '~');
    out << "\n";
}

void DiagnosticPrinter::printText(std::ostream& out, const Diagnostic& d, uint64_t count,
                                  bool showSource) const {
    const nlohmann::json* facts = m_details ? m_details(d) : nullptr;
    if (facts && d.kind == DiagnosticKind::DataRace && facts->contains("first")) {
        RaceTextStyle style{[this](const SourceLocation& l) { return location(l); },
                            [this](const SourceRange& r, const std::string& indent) {
                                std::ostringstream line;
                                printSource(line, r, indent);
                                return line.str();
                            }};
        out << raceText(d, *facts, count, m_kernel, style);
        return;
    }
    out << location(d.range.begin) << ": " << severityName(d.severity) << ": " << d.message << " ["
        << DiagnosticKinds::name(d.kind) << "]";
    if (count > 1) out << " (" << count << " occurrences)";
    out << "\n";
    if (!d.workItems.empty() && !m_kernel.empty()) out << "  Kernel: " << m_kernel << "\n";
    for (const WorkItemId& w : d.workItems)
        out << "  Entity: " << idsText(w) << "\n";
    if (showSource) printSource(out, d.range, "  ");
    for (const RelatedLocation& n : d.notes)
        out << location(n.range.begin) << ": note: " << n.message << "\n";
}

nlohmann::json DiagnosticPrinter::toJson(const Diagnostic& d, uint64_t count) const {
    nlohmann::json j = {{"severity", severityName(d.severity)},
                        {"kind", DiagnosticKinds::name(d.kind)},
                        {"message", d.message},
                        {"file", m_sources.path(d.range.begin.file)},
                        {"line", d.range.begin.line},
                        {"column", d.range.begin.column},
                        {"endLine", d.range.end.line},
                        {"endColumn", d.range.end.column}};
    if (!d.notes.empty()) {
        nlohmann::json notes = nlohmann::json::array();
        for (const RelatedLocation& n : d.notes)
            notes.push_back({{"message", n.message},
                             {"file", m_sources.path(n.range.begin.file)},
                             {"line", n.range.begin.line},
                             {"column", n.range.begin.column}});
        j["notes"] = notes;
    }
    if (!d.workItems.empty()) {
        nlohmann::json items = nlohmann::json::array();
        for (const WorkItemId& w : d.workItems)
            items.push_back(idsJson(w));
        j["work_items"] = items;
    }
    if (count > 1) j["count"] = count;
    if (!m_kernel.empty() && !d.workItems.empty()) j["kernel"] = m_kernel;
    if (const nlohmann::json* facts = m_details ? m_details(d) : nullptr) {
        for (auto it = facts->begin(); it != facts->end(); ++it)
            j[it.key()] = it.value();
        // The accesses of a race carry their file (the first is the diagnostic's range,
        // the second its first note).
        if (j.contains("first")) j["first"]["file"] = m_sources.path(d.range.begin.file);
        if (j.contains("second") && !d.notes.empty())
            j["second"]["file"] = m_sources.path(d.notes.front().range.begin.file);
    }
    return j;
}

nlohmann::json DiagnosticPrinter::toJson(const std::vector<Diagnostic>& diags,
                                         const std::vector<uint64_t>& counts) const {
    nlohmann::json arr = nlohmann::json::array();
    for (size_t i = 0; i < diags.size(); ++i)
        arr.push_back(toJson(diags[i], i < counts.size() ? counts[i] : 1));
    return arr;
}

} // namespace clstep::launch
