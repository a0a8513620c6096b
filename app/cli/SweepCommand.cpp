// `clstep-cli sweep`: one launch under a matrix of work-group sizes, sub-group sizes,
// schedules and byte orders (docs/sweep.md).
#include "SweepCommand.h"

#include "DiagnosticPrinter.h"
#include "LaunchPreparation.h"
#include "ReportSwitches.h"
#include "debug/Scheduler.h"
#include "debug/Sweep.h"
#include "launch/SweepMatrix.h"
#include "launch/SweepReport.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

namespace clstep::cli {

void addMatrixOptions(CLI::App& cmd, debug::SweepMatrixText& m,
                      std::vector<std::string>& pinLocal) {
    cmd.add_option("--local", m.local,
                   "work-group sizes to try: 8,16,32 or 8x8,16x16 (default: every size that "
                   "divides the global size and fits the device)");
    cmd.add_option("--sub-group-size", m.subGroups,
                   "sub-group sizes to try, e.g. 8,16 (default: 8,16,32,64 when the kernel "
                   "uses sub-group functions or --access-stats is given)");
    cmd.add_option("--schedules", m.schedules,
                   "work-item schedules: in-order,reverse,round-robin,simt (default: "
                   "in-order,reverse,round-robin)");
    cmd.add_option("--random", m.random, "also N random schedules (seeds 1..N)");
    cmd.add_option("--device-endian", m.endians,
                   "device byte orders to try: little, big or little,big (default: the "
                   "launch's)");
    cmd.add_option("--pin-local", pinLocal,
                   "keep this __local argument's size as written under every work-group size "
                   "(repeat; also `# clstep: pin-local NAME` in the .sim)");
}

void addSweepOptions(CLI::App& cmd, SweepOptionsCli& o) {
    RunOptionsCli& r = o.run;
    addLaunchOptions(cmd, r);
    cmd.add_option("--kernel-file", r.kernelFileOverride,
                   "build this kernel file instead of the one the .sim names");
    addLimitOptions(cmd, r);
    addCheckSwitches(cmd, r);
    addReportSwitches(cmd, r);
    addErrorExitcode(cmd, r, "default 1 (also for results that depend on the configuration)");
    addAccessStatsOptions(cmd, r);
    addMatrixOptions(cmd, o.matrix, o.pinLocal);
    cmd.add_flag("--no-sub-group-sweep", o.noSubGroupSweep,
                 "vary the sub-group size only as --sub-group-size lists (grade uses it)");
    cmd.add_option("--max-work-group-size", o.maxWorkGroupSize,
                   "the device's maximum work-group size in work-items (default 1024)")
        ->check(CLI::Range(uint64_t(1), uint64_t(1) << 20));
    cmd.add_option("--ulp", o.ulp, "float and double results are equal within N ulp");
    cmd.add_option("--jobs", o.jobs, "configurations run in parallel (0 = one per core)");
    cmd.add_option("--json", o.json, "also write the report as JSON to FILE ('-': stdout)");
    cmd.add_flag("--json-buffers", o.jsonBuffers,
                 "with --json: each configuration's dumped buffers too (hex bytes)");
    cmd.add_option("--expect-json", o.expectJson,
                   "compare each configuration's dumped buffers, as its run ends, with those "
                   "of the configuration of the same name in FILE (a sweep --json-buffers "
                   "report; grade's reference): expected_differences in the JSON");
    cmd.add_flag("-q,--quiet", o.quiet, "no text report");
}

namespace {

/// Reads the matrix lists of `o` into `m`; false (with a message on `err`) on a usage error.
bool readMatrix(const SweepOptionsCli& o, launch::SweepMatrixOptions& m, std::ostream& err) {
    std::string why;
    if (!debug::Sweep::parseMatrix(o.matrix, m, why)) {
        err << "clstep-cli: " << why << "\n";
        return false;
    }
    m.maxWorkGroupSize = o.maxWorkGroupSize;
    return true;
}

bool writeJson(const std::string& path, const nlohmann::json& j) {
    const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    if (path == "-") {
        std::cout << text;
        return true;
    }
    std::ofstream out(path);
    out << text;
    return static_cast<bool>(out);
}

/// The matrix as the JSON "matrix" object: the lists a `sweep` command line takes to run it
/// again (grade passes them to each submission).
nlohmann::json matrixJson(const std::vector<launch::SweepConfiguration>& configs,
                          unsigned randomSchedules) {
    std::vector<std::string> locals, schedules, endians;
    std::vector<uint32_t> subGroups;
    auto addOnce = [](auto& list, const auto& v) {
        if (std::find(list.begin(), list.end(), v) == list.end()) list.push_back(v);
    };
    for (const auto& c : configs) {
        addOnce(locals, c.localName());
        if (c.subGroupSize) addOnce(subGroups, c.subGroupSize);
        if (c.schedule != "random") addOnce(schedules, c.schedule);
        addOnce(endians, std::string(c.bigEndian ? "big" : "little"));
    }
    return {{"local", locals},
            {"sub_group_sizes", subGroups},
            {"schedules", schedules},
            {"random", randomSchedules},
            {"device_endian", endians}};
}

std::string joinNames(const std::vector<launch::SweepRunResult>& runs,
                      const std::vector<size_t>& which) {
    std::string s;
    for (size_t i = 0; i < which.size(); ++i)
        s += (i ? "; " : "") + runs[which[i]].config.name();
    return s;
}

/// Reads the sweep report `path` (written with --json-buffers) as the expected buffers of
/// `configs` (by name; configurations with equal buffers share one copy) and hands them to
/// `results`. False (with a message on `err`) when the file is no such report.
bool expectFrom(const std::string& path, const std::vector<launch::SweepConfiguration>& configs,
                const std::vector<launch::KernelArgSpec>& specs, launch::SweepResults& results,
                std::ostream& err) {
    using Expected = launch::SweepResults::ExpectedBuffers;
    std::map<std::string, Expected> byName;
    {
        std::ifstream in(path);
        const nlohmann::json ref = nlohmann::json::parse(in, nullptr, false);
        if (!in || ref.is_discarded() || !ref.is_object() || !ref.contains("configurations") ||
            !ref["configurations"].is_array()) {
            err << "clstep-cli: --expect-json: '" << path << "' is no sweep JSON report\n";
            return false;
        }
        std::map<std::string, Expected> byContents;
        for (const nlohmann::json& c : ref["configurations"]) {
            if (!c.is_object() || !c.value("launched", false) || !c.contains("buffers")) continue;
            std::vector<std::vector<uint8_t>> buffers(specs.size());
            std::string key;
            for (const nlohmann::json& b : c["buffers"]) {
                const std::string name = b.value("name", ""), hex = b.value("hex", "");
                for (size_t i = 0; i < specs.size(); ++i)
                    if (specs[i].name == name && specs[i].dump &&
                        launch::SweepReport::fromHex(hex, buffers[i]))
                        key += name + "=" + hex + ";";
            }
            Expected& shared = byContents[key];
            if (!shared)
                shared =
                    std::make_shared<const std::vector<std::vector<uint8_t>>>(std::move(buffers));
            byName[c.value("name", "")] = shared;
        }
    }
    std::vector<Expected> expected(configs.size());
    for (size_t i = 0; i < configs.size(); ++i)
        if (auto it = byName.find(configs[i].name()); it != byName.end()) expected[i] = it->second;
    results.setExpected(
        [expected](size_t i) { return i < expected.size() ? expected[i] : nullptr; }, 5);
    return true;
}

} // namespace

int sweep(const SweepOptionsCli& o, std::ostream& text, std::ostream& err, nlohmann::json* json) {
    launch::SweepMatrixOptions matrix;
    if (!readMatrix(o, matrix, err)) return 2;
    launch::Suppressions suppressions;
    if (!loadSuppressions(o.run, suppressions, err)) return 2;
    RunOptionsCli r = o.run;
    const bool isSim = r.file.size() > 4 && r.file.substr(r.file.size() - 4) == ".sim";
    // a .cl launch's __local argument sizes are for the first size of --local
    if (!isSim && !matrix.localSizes.empty()) {
        const auto& l = matrix.localSizes.front();
        r.local = std::to_string(l[0]) + "," + std::to_string(l[1]) + "," + std::to_string(l[2]);
    }
    if (!matrix.bigEndian.empty()) r.deviceEndian = matrix.bigEndian.front() ? "big" : "little";
    PreparedLaunch launch;
    const int rc = prepareLaunch(r, launch, err);
    if (rc == 2) return 2;
    if (rc != 0) {
        if (json) {
            nlohmann::json j = {{"file", r.file},
                                {"built", !(launch.program && launch.program->hasErrors())},
                                {"verdict", "errors"},
                                {"configurations", nlohmann::json::array()},
                                {"diagnostics", nlohmann::json::array()}};
            if (launch.program && launch.program->hasErrors()) {
                DiagnosticPrinter printer(launch.program->sources);
                j["diagnostics"] = printer.toJson(launch.program->diagnostics);
            }
            *json = j;
        }
        return 1;
    }
    const Program& program = *launch.program;
    const bool launchBig = launch.run.deviceBigEndian;
    // the sub-group size changes what sub-group functions return and every SIMT statistic
    matrix.usesSubGroups =
        !o.noSubGroupSweep &&
        (o.run.accessStats || launch::SweepMatrix::usesSubGroupFunctions(program));
    const std::vector<launch::SweepConfiguration> configs =
        launch::SweepMatrix::expand(matrix, launch.range, launchBig);

    // the byte order is a build option (__ENDIAN_LITTLE__): build the other one if needed
    std::unique_ptr<Program> other;
    bool needOther = false;
    for (const auto& c : configs)
        needOther = needOther || c.bigEndian != launchBig;
    if (needOther) {
        CompileOptions co = launch.compile;
        co.deviceLittleEndian = launchBig;
        other = Program::fromFile(launch.config.kernelFile, co);
    }
    debug::SweepLaunch sl;
    sl.littleEndian = launchBig ? other.get() : &program;
    sl.bigEndian = launchBig ? &program : other.get();
    sl.kernel = launch.config.kernelName;
    sl.range = launch.range;
    sl.args = launch.args;
    for (const auto& spec : launch.config.args)
        sl.dump.push_back(spec.dump);
    sl.run = launch.run;
    sl.checks = launch.checks;
    if (o.run.accessStats)
        sl.accessStats = AccessStatsOptions{0, o.run.banks, o.run.bankWidth, o.run.segmentBytes};
    sl.pinnedLocals = launch.config.pinnedLocals;
    sl.pinnedLocals.insert(sl.pinnedLocals.end(), o.pinLocal.begin(), o.pinLocal.end());
    for (const std::string& name : sl.pinnedLocals) {
        bool found = false;
        for (const KernelArgument& a : sl.args)
            found = found || (a.kind == KernelArgument::Kind::Local && a.name == name);
        if (!found)
            err << "clstep-cli: warning: pin-local: kernel '" << sl.kernel
                << "' has no __local argument '" << name << "'\n";
    }

    // each run is compared as it finishes; only --json-buffers keeps every run's buffers
    launch::SweepResults results(configs.size(), launch.config.args, o.ulp, json && o.jsonBuffers);
    if (!o.expectJson.empty() &&
        !expectFrom(o.expectJson, configs, launch.config.args, results, err))
        return 2;
    debug::Sweep::run(sl, configs, o.jobs, results);
    std::vector<launch::SweepRunResult>& runs = results.runs();
    if (!suppressions.empty())
        launch::SweepReport::suppress(runs, suppressions, program.sources, sl.kernel);
    const launch::SweepReport report = launch::SweepReport::build(results);
    DiagnosticPrinter printer(program.sources);
    printer.setKernelName(sl.kernel);

    if (!o.quiet) {
        std::ostream& out = text;
        out << "sweep: kernel '" << sl.kernel << "' of " << launch.config.kernelFile << ", "
            << configs.size() << " configuration" << (configs.size() == 1 ? "" : "s") << "\n";
        for (const launch::SweepFinding& f : report.findings) {
            out << "\n";
            printer.printText(out, f.diagnostic, f.count);
            out << "  under " << f.configurations.size() << " of " << runs.size()
                << " configurations: " << joinNames(runs, f.configurations) << "\n";
        }
        if (o.run.genSuppressions) {
            std::vector<std::string> rules;
            for (const launch::SweepFinding& f : report.findings)
                if (f.diagnostic.kind != DiagnosticKind::Launch)
                    if (std::string rule =
                            launch::Suppressions::ruleFor(f.diagnostic, program.sources, sl.kernel);
                        std::find(rules.begin(), rules.end(), rule) == rules.end())
                        rules.push_back(rule);
            if (!rules.empty()) {
                out << "\n# clstep: suppression rules for the reports above:\n";
                for (const std::string& rule : rules)
                    out << rule << "\n";
            }
        }
        for (const launch::SweepRunResult& run : runs)
            if (!run.failure.empty())
                out << "\n"
                    << run.config.name() << ": the interpreter failed: " << run.failure << "\n";
        if (!report.refused.empty())
            out << "\nnot launched under " << report.refused.size()
                << (report.refused.size() == 1 ? " configuration" : " configurations")
                << " (see the launch diagnostics above): " << joinNames(runs, report.refused)
                << "\n";
        if (report.resultClasses.size() > 1) {
            out << "\nresults differ: " << report.resultClasses.size()
                << " classes of configurations with equal results\n";
            for (size_t k = 0; k < report.resultClasses.size(); ++k)
                out << "  class " << k + 1 << " (" << report.resultClasses[k].size()
                    << "): " << joinNames(runs, report.resultClasses[k]) << "\n";
            for (const launch::SweepDifference& d : report.differences) {
                const std::string a =
                    runs[report.resultClasses[d.firstClass].front()].config.name();
                const std::string b =
                    runs[report.resultClasses[d.secondClass].front()].config.name();
                out << "  class " << d.secondClass + 1 << " vs class " << d.firstClass + 1 << ": "
                    << d.total << (d.total == 1 ? " element differs\n" : " elements differ\n");
                for (const launch::ElementDifference& e : d.elements)
                    out << "    " << e.argument << "[" << e.index << "] = " << e.first << " (" << a
                        << ") vs " << e.second << " (" << b << ")\n";
                if (d.total > d.elements.size())
                    out << "    ... and " << d.total - d.elements.size() << " more\n";
            }
        } else if (report.resultClasses.size() == 1) {
            out << "\nresults equal under every configuration that ran\n";
        }
        if (o.run.accessStats) {
            out << "\naccess statistics per configuration (per sub-group of its size; "
                   "docs/diagnostics.md, \"Access statistics\"):\n";
            for (const launch::SweepRunResult& run : runs)
                if (run.access)
                    out << "  " << run.config.name() << ": " << run.access->text() << "\n";
        }
        out << "\nverdict: " << launch::sweepVerdictName(report.verdict) << "\n";
    }
    if (json) {
        nlohmann::json j = report.toJson(runs, launch.config.args, printer, o.jsonBuffers);
        const auto& compared = results.expectedComparisons();
        for (size_t c = 0; c < compared.size() && c < j["configurations"].size(); ++c) {
            if (!compared[c].compared) continue;
            nlohmann::json elements = nlohmann::json::array();
            for (const launch::ElementDifference& e : compared[c].elements)
                elements.push_back({{"argument", e.argument},
                                    {"index", e.index},
                                    {"expected", e.first},
                                    {"actual", e.second}});
            j["configurations"][c]["expected_differences"] = {{"total", compared[c].total},
                                                              {"elements", elements}};
        }
        j["file"] = r.file;
        j["kernel"] = sl.kernel;
        j["kernel_file"] = launch.config.kernelFile;
        j["built"] = true;
        j["matrix"] = matrixJson(configs, matrix.randomSchedules);
        if (!o.run.suppressions.empty()) j["suppressed"] = suppressions.toJson();
        *json = std::move(j);
    }
    if (!o.run.suppressions.empty()) err << "clstep-cli: " << suppressions.summaryLine() << "\n";
    if (report.verdict == launch::SweepVerdict::Errors && o.run.errorExitcode)
        return o.run.errorExitcode;
    return report.verdict == launch::SweepVerdict::Clean ? 0 : 1;
}

int runSweep(const SweepOptionsCli& o) {
    nlohmann::json j;
    const int rc = sweep(o, std::cout, std::cerr, o.json.empty() ? nullptr : &j);
    if (!o.json.empty() && !j.is_null() && !writeJson(o.json, j)) {
        std::cerr << "clstep-cli: cannot write '" << o.json << "'\n";
        return 2;
    }
    return rc;
}

} // namespace clstep::cli
