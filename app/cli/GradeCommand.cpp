// `clstep-cli grade`: a class's kernels against a reference, under the sweep matrix.
#include "GradeCommand.h"

#include "ChildProcess.h"
#include "GradeReport.h"
#include "SweepCommand.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <thread>

#include <unistd.h>

namespace clstep::cli {

namespace fs = std::filesystem;

void addGradeOptions(CLI::App& cmd, GradeOptionsCli& o) {
    cmd.add_option("--reference", o.reference, "the reference kernel file (.cl)")->required();
    cmd.add_option("--launch", o.launch, "the launch file (.sim) every kernel runs under")
        ->required();
    cmd.add_option("submissions", o.submissions, "submission files (.cl) or folders of them")
        ->required();
    addMatrixOptions(cmd, o.matrix, o.pinLocal);
    cmd.add_option("--ulp", o.ulp, "float and double results equal within N ulp (default 0)");
    cmd.add_option("--max-steps", o.maxSteps,
                   "statements one work-item may execute (default 10000000)");
    cmd.add_option("--timeout", o.timeout, "seconds one submission may run (default 60)")
        ->check(CLI::PositiveNumber);
    cmd.add_option("--jobs", o.jobs, "submissions graded in parallel (0 = one per core)");
    cmd.add_option("--json", o.json, "also write the grades as JSON to FILE");
    cmd.add_option("--csv", o.csv, "also write one CSV row per submission to FILE");
    cmd.add_option("--html", o.html, "also write a self-contained HTML page to FILE");
    cmd.add_option("--cl-std", o.clStd, "OpenCL C version: CL1.0|CL1.1|CL1.2|CL2.0|CL3.0");
    cmd.add_option("-b,--build-options", o.buildOptions, "clBuildProgram options, as one string");
}

namespace {

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The submission files: each file as given, each folder's .cl files (recursively, sorted).
bool collect(const std::vector<std::string>& items, std::vector<std::string>& out) {
    for (const std::string& item : items) {
        std::error_code ec;
        if (fs::is_directory(item, ec)) {
            std::vector<std::string> found;
            for (auto it = fs::recursive_directory_iterator(item, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
                if (it->is_regular_file(ec) && it->path().extension() == ".cl")
                    found.push_back(it->path().string());
            std::sort(found.begin(), found.end());
            out.insert(out.end(), found.begin(), found.end());
        } else if (fs::exists(item, ec)) {
            out.push_back(item);
        } else {
            std::cerr << "clstep-cli: grade: no such file or folder '" << item << "'\n";
            return false;
        }
    }
    return true;
}

/// One `sweep` child to run: its arguments and where its files go.
struct Job {
    std::vector<std::string> args;
    std::string jsonPath, outPath, errPath;
};

/// Runs `jobs` as child processes of clstep-cli, `parallel` at a time, each killed after
/// `timeout` seconds; hands each job's outcome to `done(index, outcome)` as it ends (so only
/// what `done` keeps stays in memory).
void runJobs(const std::vector<Job>& jobs, unsigned parallel, double timeout,
             const std::function<void(size_t, ChildOutcome&)>& onDone) {
    const std::string self = ChildProcess::selfPath();
    std::vector<std::unique_ptr<ChildProcess>> running(jobs.size());
    size_t next = 0, done = 0;
    std::vector<size_t> active;
    while (done < jobs.size()) {
        while (active.size() < parallel && next < jobs.size()) {
            const Job& job = jobs[next];
            running[next] = std::make_unique<ChildProcess>();
            if (!running[next]->start(self, job.args, job.outPath, job.errPath)) {
                ChildOutcome failed;
                failed.stderrText = "cannot start clstep-cli: " + running[next]->error();
                onDone(next, failed);
                ++done;
            } else {
                active.push_back(next);
            }
            ++next;
        }
        bool progress = false;
        for (size_t k = 0; k < active.size();) {
            const size_t i = active[k];
            ChildProcess& p = *running[i];
            const Job& job = jobs[i];
            ChildOutcome outcome;
            const bool over = !p.finished() && p.elapsed() > timeout;
            if (over) {
                p.kill();
                outcome.timedOut = true;
                outcome.timeoutSeconds = timeout;
            }
            if (!over && !p.finished()) {
                ++k;
                continue;
            }
            outcome.seconds = p.elapsed();
            outcome.exitCode = p.exitCode();
            outcome.signal = outcome.timedOut ? 0 : p.signal();
            outcome.stderrText = readText(job.errPath);
            if (!outcome.timedOut && !outcome.signal) {
                outcome.json = nlohmann::json::parse(readText(job.jsonPath), nullptr, false);
                outcome.haveJson = !outcome.json.is_discarded() && outcome.json.is_object();
            }
            running[i].reset();
            onDone(i, outcome);
            active.erase(active.begin() + static_cast<long>(k));
            ++done;
            progress = true;
        }
        if (!progress) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

std::string joinList(const nlohmann::json& list) {
    std::string s;
    for (const auto& v : list)
        s += (s.empty() ? "" : ",") + (v.is_string() ? v.get<std::string>() : v.dump());
    return s;
}

} // namespace

int runGrade(const GradeOptionsCli& o) {
    std::vector<std::string> files;
    if (!collect(o.submissions, files)) return 2;
    if (files.empty()) {
        std::cerr << "clstep-cli: grade: no .cl submission found\n";
        return 2;
    }
    unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());

    std::error_code ec;
    fs::path tmp = fs::temp_directory_path(ec) / ("clstep-grade-" + std::to_string(::getpid()));
    fs::create_directories(tmp, ec);
    if (ec) {
        std::cerr << "clstep-cli: grade: cannot create '" << tmp.string() << "'\n";
        return 2;
    }
    struct Cleanup {
        fs::path dir;
        ~Cleanup() {
            std::error_code e;
            fs::remove_all(dir, e);
        }
    } cleanup{tmp};

    auto common = [&](const std::string& kernelFile, const std::string& json, unsigned sweepJobs) {
        std::vector<std::string> a = {"sweep",
                                      o.launch,
                                      "--kernel-file",
                                      kernelFile,
                                      "--json",
                                      json,
                                      "--quiet",
                                      "--jobs",
                                      std::to_string(sweepJobs),
                                      "--max-steps",
                                      std::to_string(o.maxSteps),
                                      "--cl-std",
                                      o.clStd};
        if (!o.buildOptions.empty()) a.insert(a.end(), {"-b", o.buildOptions});
        for (const std::string& p : o.pinLocal)
            a.insert(a.end(), {"--pin-local", p});
        return a;
    };

    // The reference first: its sweep fixes the matrix every submission runs under.
    std::vector<Job> ref(1);
    ChildOutcome r;
    ref[0].jsonPath = (tmp / "reference.json").string();
    ref[0].outPath = (tmp / "reference.out").string();
    ref[0].errPath = (tmp / "reference.err").string();
    ref[0].args = common(o.reference, ref[0].jsonPath, jobs);
    ref[0].args.push_back("--json-buffers"); // what every submission is compared with
    auto addMatrix = [](std::vector<std::string>& a, const std::string& option,
                        const std::string& value) {
        if (!value.empty()) a.insert(a.end(), {option, value});
    };
    addMatrix(ref[0].args, "--local", o.matrix.local);
    addMatrix(ref[0].args, "--sub-group-size", o.matrix.subGroups);
    addMatrix(ref[0].args, "--schedules", o.matrix.schedules);
    addMatrix(ref[0].args, "--device-endian", o.matrix.endians);
    if (o.matrix.random) addMatrix(ref[0].args, "--random", std::to_string(o.matrix.random));
    runJobs(ref, 1, o.timeout, [&r](size_t, ChildOutcome& c) { r = std::move(c); });
    if (!r.haveJson || !r.json.value("built", false) || r.json["configurations"].empty()) {
        std::cerr << "clstep-cli: grade: the reference '" << o.reference
                  << "' does not build or run under '" << o.launch << "'";
        if (r.timedOut) std::cerr << " (time limit)";
        std::cerr << ":\n" << r.stderrText;
        return 2;
    }
    const nlohmann::json& reference = r.json;
    if (reference.value("verdict", "") == "errors")
        std::cerr << "clstep-cli: grade: warning: the reference itself has errors under some "
                     "configuration (run `clstep-cli sweep` on it)\n";
    std::vector<std::string> configNames;
    for (const auto& c : reference["configurations"])
        configNames.push_back(c.value("name", ""));

    // Every submission under exactly the reference's matrix.
    const nlohmann::json& m = reference["matrix"];
    std::vector<Job> subs(files.size());
    for (size_t i = 0; i < files.size(); ++i) {
        Job& job = subs[i];
        const std::string base = "s" + std::to_string(i);
        job.jsonPath = (tmp / (base + ".json")).string();
        job.outPath = (tmp / (base + ".out")).string();
        job.errPath = (tmp / (base + ".err")).string();
        // one process per core: each runs its configurations on one thread
        job.args = common(files[i], job.jsonPath, files.size() >= jobs ? 1 : 0);
        // compared with the reference's buffers as each run ends: the child keeps no run's
        job.args.insert(job.args.end(), {"--expect-json", ref[0].jsonPath});
        if (o.ulp) job.args.insert(job.args.end(), {"--ulp", std::to_string(o.ulp)});
        addMatrix(job.args, "--local", joinList(m["local"]));
        addMatrix(job.args, "--schedules", joinList(m["schedules"]));
        addMatrix(job.args, "--device-endian", joinList(m["device_endian"]));
        addMatrix(job.args, "--sub-group-size", joinList(m["sub_group_sizes"]));
        job.args.push_back("--no-sub-group-sweep");
        if (m.value("random", 0u))
            addMatrix(job.args, "--random", std::to_string(m.value("random", 0u)));
    }
    // each outcome is graded as its process ends and only the grade is kept, so memory
    // stays bounded by one submission's dumped buffers
    std::vector<SubmissionGrade> grades(files.size());
    runJobs(subs, std::min<unsigned>(jobs, static_cast<unsigned>(files.size())), o.timeout,
            [&](size_t i, ChildOutcome& c) {
                grades[i] = GradeReport::evaluate(files[i], reference, c, o.ulp);
            });
    std::cout << "grade: reference " << o.reference << ", launch " << o.launch << ", "
              << configNames.size() << " configurations, " << grades.size() << " submission"
              << (grades.size() == 1 ? "" : "s") << "\n\n";
    std::cout << GradeReport::table(grades, configNames);
    auto writeFile = [](const std::string& path, const std::string& text) {
        std::ofstream out(path);
        out << text;
        if (!out) std::cerr << "clstep-cli: grade: cannot write '" << path << "'\n";
        return static_cast<bool>(out);
    };
    bool written = true;
    if (!o.json.empty())
        written &= writeFile(
            o.json, GradeReport::toJson(grades, o.reference, o.launch, configNames)
                            .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
                        "\n");
    if (!o.csv.empty()) written &= writeFile(o.csv, GradeReport::csv(grades));
    if (!o.html.empty())
        written &= writeFile(o.html, GradeReport::html(grades, o.reference, o.launch, configNames));
    if (!written) return 2;
    for (const SubmissionGrade& g : grades)
        if (g.verdict != "pass") return 1;
    return 0;
}

} // namespace clstep::cli
