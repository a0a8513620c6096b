#pragma once

#include "ClObject.h"
#include "frontend/Program.h"

#include <cstdint>
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
    /// The start of the "binary" of a compiled object or a library (clCompileProgram,
    /// clLinkProgram -create-library): it also holds the binary type, the compile options and
    /// the embedded headers, so a program created from it can be linked (spec 5.8.1).
    static constexpr const char* kObjectMagic = "clstep-opencl-c-object\n";

    /// Builds `source` with `options` (the clBuildProgram string) on a thread with a large
    /// stack; sets status, log (diagnostics in `file:line:col` form) and `built`. Returns
    /// CL_SUCCESS, CL_INVALID_BUILD_OPTIONS or CL_BUILD_PROGRAM_FAILURE. `headerDir`, when
    /// not empty, is searched for #include files first (clCompileProgram's headers). With
    /// `link` (an executable: clBuildProgram, clLinkProgram without -create-library), a call
    /// of a function that the program declares but does not define is an error
    /// (`undefined-function`), as an unresolved symbol is for a linker; a compiled object or
    /// a library may leave it to a later link.
    cl_int build(const std::string& options, const std::string& headerDir = {}, bool link = true);
    /// Reports a failed build on stderr (unless DeviceSettings::quiet): `call`
    /// ("clBuildProgram", "clCompileProgram", "clLinkProgram") and `code` (its CL_* name), the
    /// program's name and the kernels its source declares, the options, and the build log
    /// (each diagnostic at its file:line:col with the source line). Host programs often drop
    /// the log; `clstep-cli exec` shows it this way (issue #29, item 6).
    void reportFailedBuild(const char* call, const char* code) const;
    /// The name the program's source has in diagnostics ("clstep-program-N.cl").
    const std::string& fileName() const { return m_fileName; }
    /// The "binary": kBinaryMagic + source for an executable; for a compiled object or a
    /// library kObjectMagic, then the binary type, the options, the headers (name, text) and
    /// the source, each as "<decimal byte count>\n<bytes>".
    std::string binary() const;
    /// Takes source, binary type, options and headers from `bytes` (one of binary()'s
    /// forms) and sets fromBinary; returns false (nothing changed) if `bytes` is not one.
    bool loadBinary(const std::string& bytes);

    Context* context;
    std::string source;
    std::string options;
    std::string log;
    cl_build_status status = CL_BUILD_NONE;
    cl_program_binary_type binaryType = CL_PROGRAM_BINARY_TYPE_NONE;
    bool fromBinary = false;
    std::unique_ptr<Program> built;
    /// clCompileProgram's embedded headers (name, text), kept so clLinkProgram, which
    /// rebuilds the joined sources, finds them again; and the files a compilation included
    /// from disk, under kIncludedPrefix + their absolute path (without its root), so the link
    /// finds them as they were even when they are gone (ApiProgram.cpp, includeMirrorOptions).
    std::vector<std::pair<std::string, std::string>> headers;
    /// The header-name prefix of included files kept from a compilation.
    static constexpr const char* kIncludedPrefix = "clstep-included/";
    cl_uint kernelCount = 0; ///< kernel objects alive (CL_INVALID_OPERATION on rebuild)
    /// The bytes (device byte order) of each program-scope (and static) `__global` variable
    /// after the program's latest launch, by Program::programVars slot (empty for the other
    /// slots, and before the first launch): OpenCL C 6.10 (3.0: 6.8) gives them the lifetime
    /// of the program, so the next launch of any of its kernels starts from them
    /// (KernelLauncher.cpp). Cleared by build().
    std::vector<std::vector<uint8_t>> globalVariables;
    /// Bytes of the built program's program-scope and static `__global` variables
    /// (CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE); 0 when not built.
    size_t globalVariableBytes() const;

private:
    /// Adds the files `program` included from disk (not the main file, not those in
    /// `headerDir`) to `headers`, named kIncludedPrefix + absolute path.
    void keepIncludedFiles(const Program& program, const std::string& headerDir);

    std::string m_fileName;
    /// The kernels the latest build's source declares (also when it failed).
    std::vector<std::string> m_kernelNames;
};

} // namespace clstep::ocl
