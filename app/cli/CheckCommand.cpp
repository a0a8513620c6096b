#include "CheckCommand.h"

#include "DiagnosticPrinter.h"
#include "frontend/Program.h"

#include <iostream>

namespace clstep::cli {

int runCheck(const CheckCommandOptions& options) {
    CompileOptions co;
    co.clVersion = CompileOptions::parseClStd(options.clStd);
    if (!co.clVersion) {
        std::cerr << "clstep-cli: unknown -cl-std value '" << options.clStd
                  << "' (use CL1.0, CL1.1, CL1.2, CL2.0 or CL3.0)\n";
        return 2;
    }
    co.defines = options.defines;
    co.includeDirs = options.includeDirs;
    std::unique_ptr<Program> program = Program::fromFile(options.file, co);
    DiagnosticPrinter printer(program->sources);
    if (options.json) {
        std::cout << printer.toJson(program->diagnostics)
                         .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << "\n";
    } else {
        for (const Diagnostic& d : program->diagnostics)
            printer.printText(std::cout, d);
    }
    return program->hasErrors() ? 1 : 0;
}

} // namespace clstep::cli
