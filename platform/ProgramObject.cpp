#include "ProgramObject.h"

#include "Context.h"
#include "DeviceSettings.h"
#include "common/DeepStackThread.h"
#include "launch/DiagnosticPrinter.h"

#include <atomic>
#include <sstream>

namespace clstep::ocl {

namespace {
std::atomic<unsigned> programCounter{0};
}

ProgramObject::ProgramObject(Context* context, std::string source)
    : context(context), source(std::move(source)) {
    context->retain();
    m_fileName = "clstep-program-" + std::to_string(++programCounter) + ".cl";
}

ProgramObject::~ProgramObject() {
    context->release();
}

cl_int ProgramObject::build(const std::string& opts, const std::string& headerDir) {
    options = opts;
    std::string error;
    CompileOptions co;
    co.deviceLittleEndian = !DeviceSettings::get().bigEndian;
    if (!co.applyBuildOptions(opts, error)) {
        status = CL_BUILD_ERROR;
        log = "clstep: " + error + "\n";
        return CL_INVALID_BUILD_OPTIONS;
    }
    if (!headerDir.empty()) co.includeDirs.insert(co.includeDirs.begin(), headerDir);
    std::unique_ptr<Program> program;
    runOnDeepStack([&] { program = Program::fromSource(m_fileName, source, co); });
    std::ostringstream out;
    launch::DiagnosticPrinter printer(program->sources);
    for (const Diagnostic& d : program->diagnostics)
        printer.printText(out, d);
    log = out.str();
    if (program->hasErrors()) {
        status = CL_BUILD_ERROR;
        built.reset();
        return CL_BUILD_PROGRAM_FAILURE;
    }
    status = CL_BUILD_SUCCESS;
    binaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    built = std::move(program);
    return CL_SUCCESS;
}

} // namespace clstep::ocl
