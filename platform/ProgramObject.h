#pragma once

#include "ClObject.h"
#include "frontend/Program.h"

#include <memory>
#include <string>
#include <vector>

namespace clstep::ocl {

class Context;

/// A program object (spec 5.8): OpenCL C source, its build options, and the interpreter's
/// Program once built. clstep's "binary" is the source text itself, prefixed by
/// kBinaryMagic, so clCreateProgramWithBinary + clBuildProgram rebuilds it. Retains its
/// context.
class ProgramObject : public ClObject<_cl_program, ProgramObject> {
public:
    ProgramObject(Context* context, std::string source);
    ~ProgramObject();

    static constexpr const char* kBinaryMagic = "clstep-opencl-c-source\n";

    /// Builds `source` with `options` (the clBuildProgram string) on a thread with a large
    /// stack; sets status, log (diagnostics in `file:line:col` form) and `built`. Returns
    /// CL_SUCCESS, CL_INVALID_BUILD_OPTIONS or CL_BUILD_PROGRAM_FAILURE. `headerDir`, when
    /// not empty, is searched for #include files first (clCompileProgram's headers).
    cl_int build(const std::string& options, const std::string& headerDir = {});
    /// The name the program's source has in diagnostics ("clstep-program-N.cl").
    const std::string& fileName() const { return m_fileName; }
    /// The "binary" (kBinaryMagic + source).
    std::string binary() const { return kBinaryMagic + source; }

    Context* context;
    std::string source;
    std::string options;
    std::string log;
    cl_build_status status = CL_BUILD_NONE;
    cl_program_binary_type binaryType = CL_PROGRAM_BINARY_TYPE_NONE;
    bool fromBinary = false;
    std::unique_ptr<Program> built;
    /// clCompileProgram's embedded headers (name, text), kept so clLinkProgram, which
    /// rebuilds the joined sources, finds them again.
    std::vector<std::pair<std::string, std::string>> headers;
    cl_uint kernelCount = 0; ///< kernel objects alive (CL_INVALID_OPERATION on rebuild)

private:
    std::string m_fileName;
};

} // namespace clstep::ocl
