#pragma once

#include "common/Diagnostic.h"

#include <string>

namespace clstep {

/// How one front end words the facts the runtime reports. The runtime states only the fact
/// (a `step-limit` diagnostic says "work-item stopped after N statements (endless loop?)",
/// N being RunOptions::maxStepsPerWorkItem); each front end names its own setting for
/// raising the limit: clstep-cli `--max-steps`, the REPL `:steps N`, the GUI its Launch
/// setting, the OpenCL platform `CLSTEP_MAX_STEPS`.
struct FrontEndWording {
    /// The front end's name for the step limit setting; empty: no advice is added.
    std::string stepLimitSetting;

    /// The wording of clstep-cli (run, exec, sweep, grade, check, dap): `--max-steps`.
    static FrontEndWording commandLine() { return {"--max-steps"}; }

    /// The message of `d` as this front end shows it: a `step-limit` diagnostic's message
    /// followed by "; raise the limit with <stepLimitSetting>"; any other message as it is.
    std::string message(const Diagnostic& d) const;
};

} // namespace clstep
