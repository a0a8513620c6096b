#include "ProgramObject.h"

#include "Context.h"
#include "DeviceSettings.h"
#include "common/DeepStackThread.h"
#include "frontend/Ast.h"
#include "launch/DiagnosticPrinter.h"

#include <atomic>
#include <iostream>
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
    globalVariables.clear();
    std::string error;
    CompileOptions co;
    co.deviceLittleEndian = !DeviceSettings::get().bigEndian;
    if (!co.applyBuildOptions(opts, error)) {
        status = CL_BUILD_ERROR;
        log = "clstep: " + error + "\n";
        m_kernelNames.clear();
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
    m_kernelNames.clear();
    for (const ast::FunctionDecl* k : program->kernels)
        m_kernelNames.push_back(k->name);
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

void ProgramObject::reportFailedBuild(const char* call, const char* code) const {
    if (DeviceSettings::get().quiet) return;
    std::ostringstream out;
    out << "clstep: " << call << " failed (" << code << ") for program " << m_fileName;
    if (!m_kernelNames.empty()) {
        out << " (kernels";
        for (const std::string& k : m_kernelNames)
            out << " '" << k << "'";
        out << ")";
    }
    out << ", options \"" << options << "\":\n" << log;
    if (log.empty() || log.back() != '\n') out << "\n";
    std::cerr << out.str() << std::flush;
}

size_t ProgramObject::globalVariableBytes() const {
    size_t total = 0;
    if (built)
        for (const ast::VarDecl* v : built->programVars)
            if (v->type.space == AddressSpace::Global) total += v->type->canonical()->size;
    return total;
}

} // namespace clstep::ocl
