#include "DiagnosticPrinter.h"

namespace clstep::cli {

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

void DiagnosticPrinter::printText(std::ostream& out, const Diagnostic& d, uint64_t count, bool showSource) const {
    out << location(d.range.begin) << ": " << severityName(d.severity) << ": " << d.message << " [" << d.kind << "]";
    if (count > 1) out << " (" << count << " occurrences)";
    out << "\n";
    for (const WorkItemId& w : d.workItems) {
        out << "  work-item Global(" << w.global[0] << "," << w.global[1] << "," << w.global[2] << ") Local("
            << w.local[0] << "," << w.local[1] << "," << w.local[2] << ") Group(" << w.group[0] << "," << w.group[1]
            << "," << w.group[2] << ")\n";
    }
    if (showSource && d.range.valid()) {
        std::string_view line = m_sources.lineText(d.range.begin.file, d.range.begin.line);
        if (!line.empty()) {
            out << "  " << line << "\n  ";
            uint32_t col = d.range.begin.column;
            for (uint32_t i = 1; i < col && i <= line.size(); ++i) out << (line[i - 1] == '\t' ? '\t' : ' ');
            out << '^';
            if (d.range.end.line == d.range.begin.line && d.range.end.column > col + 1)
                out << std::string(d.range.end.column - col - 1, '~');
            out << "\n";
        }
    }
    for (const RelatedLocation& n : d.notes) out << location(n.range.begin) << ": note: " << n.message << "\n";
}

nlohmann::json DiagnosticPrinter::toJson(const Diagnostic& d, uint64_t count) const {
    nlohmann::json j = {{"severity", severityName(d.severity)},
                        {"kind", d.kind},
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
        for (const WorkItemId& w : d.workItems) items.push_back(idsJson(w));
        j["work_items"] = items;
    }
    if (count > 1) j["count"] = count;
    return j;
}

nlohmann::json DiagnosticPrinter::toJson(const std::vector<Diagnostic>& diags, const std::vector<uint64_t>& counts) const {
    nlohmann::json arr = nlohmann::json::array();
    for (size_t i = 0; i < diags.size(); ++i) arr.push_back(toJson(diags[i], i < counts.size() ? counts[i] : 1));
    return arr;
}

} // namespace clstep::cli
