// GradeReport: a submission's sweep compared with the reference's, and the class's grades as
// a table, JSON, CSV and HTML.
#include "GradeReport.h"

#include "launch/BufferComparison.h"
#include "launch/SweepReport.h"

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <set>
#include <sstream>

namespace clstep::cli {

namespace {

using nlohmann::json;

GradeProblem problemOf(const json& d) {
    GradeProblem p;
    p.severity = d.value("severity", "error");
    p.message = d.value("message", "");
    // The child is clstep-cli: its kinds are this table's; an unknown one is a clstep bug.
    std::string unknown;
    const std::optional<DiagnosticKind> kind =
        DiagnosticKinds::fromName(d.value("kind", std::string()), unknown);
    p.kind = kind.value_or(DiagnosticKind::Internal);
    if (!kind) p.message = unknown + ": " + p.message;
    p.file = d.value("file", "");
    p.line = d.value("line", 0);
    p.column = d.value("column", 0);
    p.count = d.value("count", uint64_t(1));
    if (d.contains("configurations"))
        for (const json& c : d["configurations"])
            p.configurations.push_back(c.get<std::string>());
    return p;
}

/// The kinds that mean a limit stopped the submission rather than a defect of its own, or
/// the interpreter failed while running it (an exception caught at the work-item: `internal`).
bool isLimit(DiagnosticKind kind) {
    return kind == DiagnosticKind::StepLimit || kind == DiagnosticKind::CallDepth ||
           kind == DiagnosticKind::AllocationTooLarge || kind == DiagnosticKind::Internal;
}

bool isMemoryError(DiagnosticKind kind) {
    switch (kind) {
    case DiagnosticKind::OutOfBounds:
    case DiagnosticKind::ArrayIndex:
    case DiagnosticKind::NullDereference:
    case DiagnosticKind::DanglingPointer:
    case DiagnosticKind::ReadOnlyWrite:
    case DiagnosticKind::WriteOnlyRead:
    case DiagnosticKind::ConstantWrite:
    case DiagnosticKind::MisalignedAccess:
        return true;
    default:
        return false;
    }
}

std::string lastLines(const std::string& text, size_t n) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        if (!l.empty()) lines.push_back(l);
    std::string out;
    for (size_t i = lines.size() > n ? lines.size() - n : 0; i < lines.size(); ++i)
        out += (out.empty() ? "" : "\n") + lines[i];
    return out;
}

/// The error lines (`...: error: ...`) of a child's stderr, as build problems.
std::vector<GradeProblem> errorLines(const std::string& text) {
    std::vector<GradeProblem> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        const size_t at = l.find(": error: ");
        if (at == std::string::npos) continue;
        GradeProblem p;
        p.kind = DiagnosticKind::Launch;
        p.message = l.substr(at + 9);
        std::string where = l.substr(0, at);
        // FILE:LINE:COL
        size_t c2 = where.rfind(':');
        size_t c1 = c2 == std::string::npos ? c2 : where.rfind(':', c2 - 1);
        if (c1 != std::string::npos && c2 != std::string::npos) {
            try {
                p.line = std::stoi(where.substr(c1 + 1, c2 - c1 - 1));
                p.column = std::stoi(where.substr(c2 + 1));
                where = where.substr(0, c1);
            } catch (...) {
            }
        }
        p.file = where;
        p.severity = "error";
        out.push_back(p);
    }
    return out;
}

std::string location(const GradeProblem& p) {
    std::string s = p.file;
    if (p.line) s += ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
    return s;
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string escapeHtml(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string firstProblem(const SubmissionGrade& g) {
    if (!g.stoppedReason.empty()) return g.stoppedReason;
    if (!g.buildDiagnostics.empty())
        return location(g.buildDiagnostics.front()) + ": " + g.buildDiagnostics.front().message;
    if (!g.differing.empty())
        return "results differ under " + g.differing.front().configuration +
               (g.differing.front().elements.empty() ? std::string()
                                                     : ": " + g.differing.front().elements.front());
    for (const GradeProblem& p : g.problems)
        if (p.severity != "note")
            return location(p) + ": " + p.message + " [" + DiagnosticKinds::name(p.kind) + "]";
    return "";
}

json problemJson(const GradeProblem& p) {
    return {{"severity", p.severity}, {"kind", DiagnosticKinds::name(p.kind)},
            {"message", p.message},   {"file", p.file},
            {"line", p.line},         {"column", p.column},
            {"count", p.count},       {"configurations", p.configurations}};
}

} // namespace

SubmissionGrade GradeReport::evaluate(const std::string& path, const json& reference,
                                      const ChildOutcome& child, uint64_t ulp) {
    SubmissionGrade g;
    g.path = path;
    g.name = std::filesystem::path(path).filename().string();
    g.seconds = child.seconds;
    if (child.timedOut) {
        g.verdict = "stopped";
        std::ostringstream s;
        s << "time limit: still running after " << child.timeoutSeconds << " s (--timeout)";
        g.stoppedReason = s.str();
        return g;
    }
    if (child.signal) {
        g.verdict = "stopped";
        g.stoppedReason = "the interpreter crashed (signal " + std::to_string(child.signal) + ")";
        return g;
    }
    if (!child.haveJson) {
        g.verdict = "stopped";
        g.stoppedReason = "no result (exit code " + std::to_string(child.exitCode) + ")";
        const std::string tail = lastLines(child.stderrText, 1);
        if (!tail.empty()) g.stoppedReason += ": " + tail;
        return g;
    }
    const json& j = child.json;
    g.builds = j.value("built", false);
    if (!g.builds) {
        g.verdict = "does not build";
        if (j.contains("diagnostics"))
            for (const json& d : j["diagnostics"])
                g.buildDiagnostics.push_back(problemOf(d));
        if (g.buildDiagnostics.empty()) g.buildDiagnostics = errorLines(child.stderrText);
        return g;
    }
    const json& configs = j["configurations"];
    if (configs.empty()) {
        // built, but the launch does not fit it (no such kernel, wrong parameters)
        g.builds = false;
        g.verdict = "does not build";
        g.buildDiagnostics = errorLines(child.stderrText);
        if (g.buildDiagnostics.empty()) {
            GradeProblem p;
            p.severity = "error";
            p.kind = DiagnosticKind::Launch;
            p.message = lastLines(child.stderrText, 3);
            p.file = path;
            g.buildDiagnostics.push_back(p);
        }
        return g;
    }
    for (const json& d : j["diagnostics"]) {
        GradeProblem p = problemOf(d);
        if (p.kind == DiagnosticKind::Launch) continue; // a configuration the launch does not allow
        if (isLimit(p.kind) && g.stoppedReason.empty())
            g.stoppedReason =
                location(p) + ": " + p.message + " [" + DiagnosticKinds::name(p.kind) + "]";
        if (p.kind == DiagnosticKind::DataRace)
            ++g.races;
        else if (isMemoryError(p.kind))
            ++g.memoryErrors;
        else if (p.kind == DiagnosticKind::BarrierDivergence)
            ++g.barrierDivergence;
        else if (p.kind == DiagnosticKind::UninitializedRead)
            ++g.uninitializedReads;
        else if (p.severity == "error")
            ++g.otherErrors;
        g.problems.push_back(std::move(p));
    }
    const json& refConfigs = reference["configurations"];
    for (size_t i = 0; i < refConfigs.size(); ++i) {
        const json& rc = refConfigs[i];
        if (!rc.value("launched", false)) continue;
        ++g.configurations;
        const std::string name = rc.value("name", "");
        GradeDifference diff;
        diff.configuration = name;
        const json* sc = nullptr;
        for (const json& c : configs)
            if (c.value("name", "") == name) sc = &c;
        if (sc && sc->contains("failure") && g.stoppedReason.empty())
            g.stoppedReason = name + ": " + (*sc)["failure"].get<std::string>();
        if (!sc || !sc->value("launched", false)) {
            diff.elements.push_back("not launched");
            diff.total = 1;
            g.differing.push_back(diff);
            continue;
        }
        if (sc->contains("expected_differences")) {
            // compared by the child as the run ended (sweep --expect-json)
            const json& e = (*sc)["expected_differences"];
            diff.total = e.value("total", uint64_t(0));
            for (const json& el : e["elements"])
                if (diff.elements.size() < 5)
                    diff.elements.push_back(el.value("argument", "") + "[" +
                                            std::to_string(el.value("index", uint64_t(0))) +
                                            "] = " + el.value("actual", "") + " (expected " +
                                            el.value("expected", "") + ")");
            if (diff.total)
                g.differing.push_back(diff);
            else
                ++g.equalConfigurations;
            continue;
        }
        for (const json& rb : rc["buffers"]) {
            launch::KernelArgSpec spec;
            spec.name = rb.value("name", "");
            spec.type = launch::elementTypeFromName(rb.value("type", "uchar"));
            std::vector<uint8_t> expected, actual;
            launch::SweepReport::fromHex(rb.value("hex", ""), expected);
            for (const json& sb : (*sc)["buffers"])
                if (sb.value("name", "") == spec.name)
                    launch::SweepReport::fromHex(sb.value("hex", ""), actual);
            uint64_t total = 0;
            auto elements =
                launch::BufferComparison::differences(spec, expected, actual, ulp, 5, &total);
            diff.total += total;
            for (const auto& e : elements)
                if (diff.elements.size() < 5)
                    diff.elements.push_back(e.argument + "[" + std::to_string(e.index) +
                                            "] = " + e.second + " (expected " + e.first + ")");
        }
        if (diff.total)
            g.differing.push_back(diff);
        else
            ++g.equalConfigurations;
    }
    size_t unsafe = 0;
    for (const GradeProblem& p : g.problems)
        unsafe += p.severity != "note";
    g.verdict = !g.stoppedReason.empty() ? "stopped"
                : !g.differing.empty()   ? "wrong results"
                : unsafe                 ? "unsafe"
                                         : "pass";
    return g;
}

std::string GradeReport::table(const std::vector<SubmissionGrade>& grades,
                               const std::vector<std::string>& configurations) {
    std::ostringstream out;
    size_t width = 10;
    for (const SubmissionGrade& g : grades)
        width = std::max(width, g.name.size());
    out << std::left << std::setw(static_cast<int>(width) + 2) << "submission" << std::setw(16)
        << "verdict" << std::setw(8) << "builds" << std::setw(10) << "results"
        << "races  memory  barrier  uninit\n";
    for (const SubmissionGrade& g : grades) {
        std::string results = g.builds && g.stoppedReason.empty()
                                  ? std::to_string(g.equalConfigurations) + "/" +
                                        std::to_string(configurations.size())
                                  : "-";
        out << std::left << std::setw(static_cast<int>(width) + 2) << g.name << std::setw(16)
            << g.verdict << std::setw(8)
            << (g.builds                                               ? "yes"
                : g.verdict == "stopped" && g.buildDiagnostics.empty() ? "?"
                                                                       : "no")
            << std::setw(10) << results << std::setw(7) << g.races << std::setw(8) << g.memoryErrors
            << std::setw(9) << g.barrierDivergence << g.uninitializedReads << "\n";
    }
    for (const SubmissionGrade& g : grades) {
        if (g.verdict == "pass") continue;
        out << "\n" << g.name << ": " << g.verdict << "\n";
        if (!g.stoppedReason.empty()) out << "  stopped: " << g.stoppedReason << "\n";
        for (const GradeProblem& p : g.buildDiagnostics)
            out << "  " << location(p) << ": " << p.severity << ": " << p.message << "\n";
        for (const GradeDifference& d : g.differing) {
            out << "  results differ under " << d.configuration;
            if (!d.elements.empty()) out << ": " << d.elements.front();
            if (d.total > 1) out << " (" << d.total << " elements)";
            out << "\n";
        }
        for (const GradeProblem& p : g.problems) {
            out << "  " << location(p) << ": " << p.severity << ": " << p.message << " ["
                << DiagnosticKinds::name(p.kind) << "]\n    under " << p.configurations.size()
                << " of " << configurations.size() << " configurations";
            if (!p.configurations.empty()) out << ", first " << p.configurations.front();
            out << "\n";
        }
    }
    return out.str();
}

json GradeReport::toJson(const std::vector<SubmissionGrade>& grades, const std::string& reference,
                         const std::string& launch,
                         const std::vector<std::string>& configurations) {
    json subs = json::array();
    for (const SubmissionGrade& g : grades) {
        json build = json::array(), problems = json::array(), differing = json::array();
        for (const GradeProblem& p : g.buildDiagnostics)
            build.push_back(problemJson(p));
        for (const GradeProblem& p : g.problems)
            problems.push_back(problemJson(p));
        for (const GradeDifference& d : g.differing)
            differing.push_back(
                {{"configuration", d.configuration}, {"elements", d.elements}, {"total", d.total}});
        subs.push_back(
            {{"file", g.path},
             {"name", g.name},
             {"verdict", g.verdict},
             {"builds", g.builds},
             {"build_diagnostics", build},
             {"configurations", g.configurations},
             {"equal_configurations", g.equalConfigurations},
             {"differing_configurations", differing},
             {"diagnostics", problems},
             {"races", g.races},
             {"memory_errors", g.memoryErrors},
             {"barrier_divergence", g.barrierDivergence},
             {"uninitialized_reads", g.uninitializedReads},
             {"other_errors", g.otherErrors},
             {"stopped_reason", g.stoppedReason.empty() ? json() : json(g.stoppedReason)},
             {"seconds", g.seconds}});
    }
    return {{"reference", reference},
            {"launch", launch},
            {"configurations", configurations},
            {"submissions", subs}};
}

std::string GradeReport::csv(const std::vector<SubmissionGrade>& grades) {
    std::ostringstream out;
    out << "submission,file,verdict,builds,configurations,equal_configurations,races,"
           "memory_errors,barrier_divergence,uninitialized_reads,other_errors,first_problem\n";
    for (const SubmissionGrade& g : grades)
        out << csvField(g.name) << "," << csvField(g.path) << "," << csvField(g.verdict) << ","
            << (g.builds ? "yes" : "no") << "," << g.configurations << "," << g.equalConfigurations
            << "," << g.races << "," << g.memoryErrors << "," << g.barrierDivergence << ","
            << g.uninitializedReads << "," << g.otherErrors << "," << csvField(firstProblem(g))
            << "\n";
    return out.str();
}

std::string GradeReport::html(const std::vector<SubmissionGrade>& grades,
                              const std::string& reference, const std::string& launch,
                              const std::vector<std::string>& configurations) {
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
           "<title>clstep grade</title>\n<style>\n"
           "body{font-family:sans-serif;margin:2em;max-width:70em}\n"
           "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .6em}\n"
           ".pass{background:#d4f4d4}.unsafe{background:#fde7b0}.wrong{background:#f8c8c8}\n"
           ".build,.stopped{background:#ddd}pre{background:#f4f4f4;padding:.5em}\n"
           ".hit{background:#ffe08a}\n</style></head><body>\n";
    out << "<h1>Grades</h1>\n<p>Reference <code>" << escapeHtml(reference)
        << "</code>, launch <code>" << escapeHtml(launch) << "</code>, " << configurations.size()
        << " configurations.</p>\n";
    auto cls = [](const std::string& v) {
        return v == "pass"            ? "pass"
               : v == "unsafe"        ? "unsafe"
               : v == "wrong results" ? "wrong"
               : v == "stopped"       ? "stopped"
                                      : "build";
    };
    out << "<table><tr><th>submission</th><th>verdict</th><th>results equal</th>"
           "<th>races</th><th>memory errors</th><th>barrier divergence</th>"
           "<th>uninitialized reads</th></tr>\n";
    for (size_t i = 0; i < grades.size(); ++i) {
        const SubmissionGrade& g = grades[i];
        out << "<tr class=\"" << cls(g.verdict) << "\"><td><a href=\"#s" << i << "\">"
            << escapeHtml(g.name) << "</a></td><td>" << escapeHtml(g.verdict) << "</td><td>"
            << g.equalConfigurations << "/" << g.configurations << "</td><td>" << g.races
            << "</td><td>" << g.memoryErrors << "</td><td>" << g.barrierDivergence << "</td><td>"
            << g.uninitializedReads << "</td></tr>\n";
    }
    out << "</table>\n";
    for (size_t i = 0; i < grades.size(); ++i) {
        const SubmissionGrade& g = grades[i];
        std::vector<std::string> lines;
        {
            std::ifstream in(g.path);
            for (std::string l; std::getline(in, l);)
                lines.push_back(l);
        }
        auto source = [&](const GradeProblem& p) {
            if (p.line <= 0 || static_cast<size_t>(p.line) > lines.size()) return;
            out << "<pre>";
            const size_t from = p.line > 2 ? static_cast<size_t>(p.line) - 2 : 1;
            const size_t to = std::min(lines.size(), static_cast<size_t>(p.line) + 1);
            for (size_t n = from; n <= to; ++n) {
                const bool hit = n == static_cast<size_t>(p.line);
                out << (hit ? "<span class=\"hit\">" : "") << std::setw(4) << std::right << n
                    << "  " << escapeHtml(lines[n - 1]) << (hit ? "</span>" : "") << "\n";
            }
            out << "</pre>\n";
        };
        out << "<h2 id=\"s" << i << "\" class=\"" << cls(g.verdict) << "\">" << escapeHtml(g.name)
            << ": " << escapeHtml(g.verdict) << "</h2>\n";
        if (!g.stoppedReason.empty())
            out << "<p>Stopped: " << escapeHtml(g.stoppedReason) << "</p>\n";
        for (const GradeProblem& p : g.buildDiagnostics) {
            out << "<p><code>" << escapeHtml(location(p)) << "</code>: " << escapeHtml(p.message)
                << "</p>\n";
            source(p);
        }
        if (!g.differing.empty()) {
            out << "<p>Results differ from the reference's under " << g.differing.size() << " of "
                << g.configurations << " configurations:</p>\n<ul>\n";
            for (const GradeDifference& d : g.differing) {
                out << "<li>" << escapeHtml(d.configuration);
                if (!d.elements.empty()) out << ": " << escapeHtml(d.elements.front());
                out << "</li>\n";
            }
            out << "</ul>\n";
        }
        for (const GradeProblem& p : g.problems) {
            out << "<p><code>" << escapeHtml(location(p)) << "</code> " << escapeHtml(p.severity)
                << ": " << escapeHtml(p.message) << " ["
                << escapeHtml(DiagnosticKinds::name(p.kind)) << "], under "
                << p.configurations.size() << " configurations";
            if (!p.configurations.empty())
                out << " (first: " << escapeHtml(p.configurations.front()) << ")";
            out << "</p>\n";
            source(p);
        }
        if (g.verdict == "pass")
            out << "<p>Right results under every configuration, no problems.</p>\n";
    }
    out << "</body></html>\n";
    return out.str();
}

} // namespace clstep::cli
