#pragma once

#include "debug/Sweep.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::cli {

/// Options of `clstep-cli grade --reference REF.cl --launch L.sim SUBMISSIONS...`
/// (docs/sweep.md, docs/classroom.md).
struct GradeOptionsCli {
    std::string reference;                ///< the teacher's kernel file
    std::string launch;                   ///< the .sim launch every kernel runs under
    std::vector<std::string> submissions; ///< .cl files, or folders searched for .cl files
    debug::SweepMatrixText matrix;        ///< the matrix options, as `sweep` takes them
    std::vector<std::string> pinLocal;    ///< --pin-local NAME (as `sweep`)
    uint64_t ulp = 0;                     ///< --ulp N: floats equal within N ulp
    uint64_t maxSteps = 10'000'000;       ///< --max-steps per work-item
    double timeout = 60;                  ///< --timeout S per submission (seconds)
    unsigned jobs = 0;                    ///< --jobs N: submissions in parallel (0 = every core)
    std::string json, csv, html;          ///< output files
    std::string clStd = "CL1.2";
    std::string buildOptions;
};

/// Registers the `grade` options on `cmd`.
void addGradeOptions(CLI::App& cmd, GradeOptionsCli& options);

/// Grades every submission against the reference: each runs as `clstep-cli sweep` in its own
/// process under the reference's matrix (a crash, an endless loop or a memory blow-up ends
/// only that process), `--jobs` at a time; the class table goes to stdout, in the order of
/// the submissions (sorted within a folder) whatever the jobs do. Returns 0 when every
/// submission passes, 1 when some does not, 2 on a usage error (no submission, a reference
/// that does not build or run).
int runGrade(const GradeOptionsCli& options);

} // namespace clstep::cli
