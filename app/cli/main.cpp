// clstep-cli: the command-line front end (check, run, sweep, grade, repl, dap, exec, kinds).
#include "CheckCommand.h"
#include "ExecCommand.h"
#include "GradeCommand.h"
#include "KindsCommand.h"
#include "ReplCommand.h"
#include "RunCommand.h"
#include "SweepCommand.h"
#include "dap/DapServer.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <new>
#include <string>
#include <vector>

namespace {

/// CLI11 does not know single-dash long options; accept OpenCL's `-cl-std=CL2.0` spelling by
/// rewriting it to `--cl-std=CL2.0`. Only clstep-cli's own option is rewritten: not the value
/// of `-b`/`--build-options` (Oclgrind's `-b "-cl-std=CL2.0 ..."`), and nothing after `--`
/// (the host program's arguments of `exec`).
std::vector<std::string> normaliseArgs(int argc, char** argv) {
    std::vector<std::string> args;
    bool optionValue = false, programArgs = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (!optionValue && !programArgs && a.rfind("-cl-std", 0) == 0) a = "-" + a;
        programArgs = programArgs || a == "--";
        optionValue = a == "-b" || a == "--build-options";
        args.push_back(a);
    }
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    return reversed;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"clstep-cli: OpenCL C interpreter and checker"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("clstep-cli ") + CLSTEP_VERSION);

    clstep::cli::CheckOptions check;
    CLI::App* checkCmd =
        app.add_subcommand("check", "Preprocess, parse and check an OpenCL C file");
    checkCmd->add_option("file", check.file, "kernel file (.cl)")->required();
    checkCmd->add_option("--cl-std", check.clStd,
                         "OpenCL C version: CL1.0|CL1.1|CL1.2|CL2.0|CL3.0");
    checkCmd->add_option("-D", check.defines, "define a macro NAME[=VALUE]");
    checkCmd->add_option("-I", check.includeDirs, "add an include directory");
    checkCmd->add_flag("--json", check.json, "print diagnostics as a JSON array");

    clstep::cli::RunOptionsCli run;
    CLI::App* runCmd =
        app.add_subcommand("run", "Run a kernel from a .sim launch file or a .cl file");
    clstep::cli::addRunOptions(*runCmd, run);

    clstep::cli::SweepOptionsCli sweep;
    CLI::App* sweepCmd = app.add_subcommand(
        "sweep", "Run one launch under every work-group size, sub-group size, schedule and byte "
                 "order, and compare (docs/sweep.md)");
    clstep::cli::addSweepOptions(*sweepCmd, sweep);

    clstep::cli::GradeOptionsCli grade;
    CLI::App* gradeCmd = app.add_subcommand(
        "grade", "Grade kernels against a reference under the sweep matrix: grade --reference "
                 "REF.cl --launch L.sim SUBMISSIONS... (docs/sweep.md)");
    clstep::cli::addGradeOptions(*gradeCmd, grade);

    clstep::cli::ReplOptionsCli repl;
    CLI::App* replCmd = app.add_subcommand(
        "repl", "OpenCL C scratchpad: a read-eval-print loop on a simulated device");
    clstep::cli::addReplOptions(*replCmd, repl);

    clstep::cli::ExecOptionsCli exec;
    CLI::App* execCmd = app.add_subcommand(
        "exec",
        "Run PROGRAM with clstep as its OpenCL platform: exec [OPTIONS] -- PROGRAM ARGS...");
    clstep::cli::addExecOptions(*execCmd, exec);

    CLI::App* dapCmd = app.add_subcommand(
        "dap",
        "Debug Adapter Protocol server on stdin/stdout (for VS Code, nvim-dap; docs/editors.md)");

    clstep::cli::KindsOptionsCli kinds;
    CLI::App* kindsCmd = app.add_subcommand(
        "kinds", "List the diagnostic kinds with their default severity, stage and meaning "
                 "(docs/kinds.md)");
    clstep::cli::addKindsOptions(*kindsCmd, kinds);

    try {
        app.parse(normaliseArgs(argc, argv));
    } catch (const CLI::ParseError& e) {
        int rc = app.exit(e);
        return rc == 0 ? 0 : 2;
    }
    try {
        if (*checkCmd) return clstep::cli::runCheck(check);
        if (*runCmd) return clstep::cli::runRun(run);
        if (*sweepCmd) return clstep::cli::runSweep(sweep);
        if (*gradeCmd) return clstep::cli::runGrade(grade);
        if (*replCmd) return clstep::cli::runRepl(repl);
        if (*execCmd) return clstep::cli::runExec(exec);
        if (*dapCmd) return clstep::cli::dap::runDap();
        if (*kindsCmd) return clstep::cli::runKinds(kinds, std::cout);
    } catch (const std::bad_alloc&) {
        // Allocation sites report their own limits; this is the host running out elsewhere.
        std::cerr << "clstep-cli: error: the host ran out of memory\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "clstep-cli: internal error: " << e.what() << "\n";
        return 1;
    }
    return 2;
}
