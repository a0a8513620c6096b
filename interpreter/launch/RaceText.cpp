#include "launch/RaceText.h"
#include "common/TextFormat.h"

#include <cctype>

namespace clstep::launch {

std::string raceText(const Diagnostic& d, const nlohmann::json& f, uint64_t count,
                     const std::string& kernel, const RaceTextStyle& style) {
    std::string race = f.value("race", "read-write");
    race[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(race[0])));
    std::string out = style.location(d.range.begin) + ": " + severityName(d.severity) + ": " +
                      race + " data race at " + f.value("space", "") + " memory address " +
                      f.value("address", "") + " [" + DiagnosticKinds::name(d.kind) + "]";
    if (count > 1) out += " (" + std::to_string(count) + " occurrences)";
    out += "\n";
    if (!kernel.empty()) out += "  Kernel: " + kernel + "\n";
    out += "  Location: " + f.value("space", "") + " buffer '" + f.value("buffer", "") +
           "', byte offset " + std::to_string(f.value("offset", uint64_t(0)));
    if (f.contains("element")) out += ", element " + std::to_string(f["element"].get<uint64_t>());
    out += " (" + f.value("hazard", "") + ")\n";
    const SourceRange second = d.notes.empty() ? d.range : d.notes.front().range;
    const SourceRange ranges[2] = {d.range, second};
    const char* labels[2] = {"First entity:  ", "Second entity: "};
    const char* keys[2] = {"first", "second"};
    for (int i = 0; i < 2; ++i) {
        const nlohmann::json a = f.contains(keys[i]) ? f[keys[i]] : nlohmann::json::object();
        out += std::string("  ") + labels[i];
        if (a.value("entity", "work-item") == "work-group" &&
            i < static_cast<int>(d.workItems.size())) {
            const auto& g = d.workItems[i].group;
            out += "work-group Group(" + std::to_string(g[0]) + "," + std::to_string(g[1]) + "," +
                   std::to_string(g[2]) + ")";
        } else if (i < static_cast<int>(d.workItems.size())) {
            out += idsText(d.workItems[i]);
        }
        out += ": " + a.value("access", "");
        if (a.contains("value") && a["value"].is_string())
            out += " of " + a["value"].get<std::string>();
        out += " at " + style.location(ranges[i].begin) + "\n";
        out += style.sourceLine(ranges[i], "    ");
    }
    return out;
}

} // namespace clstep::launch
