// SweepReport: the summary of a launch sweep (findings, result classes, differences).
#include "launch/SweepReport.h"

#include "launch/SweepResults.h"

#include <map>
#include <set>
#include <tuple>

namespace clstep::launch {

const char* sweepVerdictName(SweepVerdict v) {
    switch (v) {
    case SweepVerdict::Clean:
        return "clean";
    case SweepVerdict::Dependent:
        return "results depend on the configuration";
    case SweepVerdict::Errors:
        return "errors";
    }
    return "errors";
}

void SweepReport::suppress(std::vector<SweepRunResult>& runs, Suppressions& suppressions,
                           const SourceManager& sources, const std::string& kernel) {
    std::set<std::tuple<DiagnosticKind, uint32_t, uint32_t, uint32_t>> counted;
    for (SweepRunResult& run : runs) {
        std::vector<Diagnostic> kept;
        std::vector<uint64_t> keptCounts;
        for (size_t i = 0; i < run.diagnostics.size(); ++i) {
            const Diagnostic& d = run.diagnostics[i];
            const auto key = std::make_tuple(d.kind, d.range.begin.file, d.range.begin.line,
                                             d.range.begin.column);
            const bool suppressed = counted.count(key)
                                        ? suppressions.match(d, sources, kernel) != nullptr
                                        : suppressions.suppresses(d, sources, kernel);
            if (suppressed) {
                counted.insert(key);
                continue;
            }
            kept.push_back(d);
            keptCounts.push_back(i < run.counts.size() ? run.counts[i] : 1);
        }
        run.diagnostics = std::move(kept);
        run.counts = std::move(keptCounts);
    }
}

SweepReport SweepReport::build(const SweepResults& results) {
    SweepReport r;
    const std::vector<SweepRunResult>& runs = results.runs();
    std::map<std::tuple<DiagnosticKind, uint32_t, uint32_t, uint32_t>, size_t> byKey;
    for (size_t c = 0; c < runs.size(); ++c) {
        const SweepRunResult& run = runs[c];
        for (size_t i = 0; i < run.diagnostics.size(); ++i) {
            const Diagnostic& d = run.diagnostics[i];
            auto key = std::make_tuple(d.kind, d.range.begin.file, d.range.begin.line,
                                       d.range.begin.column);
            auto [it, added] = byKey.emplace(key, r.findings.size());
            if (added) r.findings.push_back({d, 0, {}});
            SweepFinding& f = r.findings[it->second];
            f.count += i < run.counts.size() ? run.counts[i] : 1;
            if (f.configurations.empty() || f.configurations.back() != c)
                f.configurations.push_back(c);
        }
        if (!run.launched) r.refused.push_back(c);
    }
    r.resultClasses = results.resultClasses();
    r.differences = results.differences();
    // A launch refused under some configurations (a work-group size the launch does not
    // allow) is no error of the kernel; refused under all, it is the launch's error.
    bool kernelErrors = r.resultClasses.empty();
    for (const SweepFinding& f : r.findings)
        if (f.diagnostic.severity == Severity::Error && f.diagnostic.kind != DiagnosticKind::Launch)
            kernelErrors = true;
    for (const SweepRunResult& run : runs)
        if (!run.failure.empty()) kernelErrors = true;
    r.verdict = kernelErrors ? SweepVerdict::Errors : SweepVerdict::Clean;
    if (r.verdict == SweepVerdict::Clean && r.resultClasses.size() > 1)
        r.verdict = SweepVerdict::Dependent;
    return r;
}

nlohmann::json SweepReport::toJson(const std::vector<SweepRunResult>& runs,
                                   const std::vector<KernelArgSpec>& specs,
                                   const DiagnosticPrinter& printer, bool withBuffers) const {
    using nlohmann::json;
    std::vector<long> classOf(runs.size(), -1);
    for (size_t k = 0; k < resultClasses.size(); ++k)
        for (size_t c : resultClasses[k])
            classOf[c] = static_cast<long>(k);
    json configurations = json::array();
    for (size_t c = 0; c < runs.size(); ++c) {
        const SweepRunResult& run = runs[c];
        json j = run.config.toJson();
        size_t errors = 0, warnings = 0;
        for (const Diagnostic& d : run.diagnostics) {
            errors += d.severity == Severity::Error;
            warnings += d.severity == Severity::Warning;
        }
        j["launched"] = run.launched;
        j["errors"] = errors;
        j["warnings"] = warnings;
        j["result_class"] = classOf[c] < 0 ? json() : json(classOf[c]);
        if (!run.failure.empty()) j["failure"] = run.failure;
        if (run.access) j["access_stats"] = run.access->toJson();
        if (withBuffers) {
            json buffers = json::array();
            for (size_t i = 0; i < run.dumps.size() && i < specs.size(); ++i)
                if (specs[i].dump)
                    buffers.push_back({{"name", specs[i].name},
                                       {"type", std::string(elementTypeName(
                                                    specs[i].type.value_or(ElementType::UChar)))},
                                       {"hex", toHex(run.dumps[i])}});
            j["buffers"] = buffers;
        }
        configurations.push_back(j);
    }
    json diagnostics = json::array();
    for (const SweepFinding& f : findings) {
        json j = printer.toJson(f.diagnostic, f.count);
        j["count"] = f.count;
        json names = json::array();
        for (size_t c : f.configurations)
            names.push_back(runs[c].config.name());
        j["configurations"] = names;
        diagnostics.push_back(j);
    }
    json classes = json::array();
    for (const auto& cls : resultClasses) {
        json names = json::array();
        for (size_t c : cls)
            names.push_back(runs[c].config.name());
        classes.push_back(names);
    }
    json differing = json::array();
    for (const SweepDifference& d : differences) {
        json elements = json::array();
        for (const ElementDifference& e : d.elements)
            elements.push_back({{"argument", e.argument},
                                {"index", e.index},
                                {"first", e.first},
                                {"second", e.second}});
        differing.push_back({{"first", runs[resultClasses[d.firstClass].front()].config.name()},
                             {"second", runs[resultClasses[d.secondClass].front()].config.name()},
                             {"first_class", d.firstClass},
                             {"second_class", d.secondClass},
                             {"total", d.total},
                             {"elements", elements}});
    }
    return {{"verdict", sweepVerdictName(verdict)},
            {"configurations", configurations},
            {"diagnostics", diagnostics},
            {"result_classes", classes},
            {"differences", differing}};
}

std::string SweepReport::toHex(const std::vector<uint8_t>& bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string s;
    s.reserve(bytes.size() * 2);
    for (uint8_t b : bytes) {
        s += digits[b >> 4];
        s += digits[b & 15];
    }
    return s;
}

bool SweepReport::fromHex(const std::string& text, std::vector<uint8_t>& out) {
    if (text.size() % 2) return false;
    auto value = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    out.clear();
    out.reserve(text.size() / 2);
    for (size_t i = 0; i < text.size(); i += 2) {
        int hi = value(text[i]), lo = value(text[i + 1]);
        if (hi < 0 || lo < 0) return false;
        out.push_back(static_cast<uint8_t>(hi * 16 + lo));
    }
    return true;
}

} // namespace clstep::launch
