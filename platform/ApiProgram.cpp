// Program entry points (OpenCL 3.0 API spec 5.8): sources, "binaries" (the source text),
// build, compile and link, and program / build info.
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Context.h"
#include "Platform.h"
#include "ProgramObject.h"
#include "frontend/Ast.h"
#include "frontend/CompileOptions.h"

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace clstep::ocl {

namespace {

bool isOurDevice(cl_device_id d) {
    return d == Device::instance().handle();
}

/// Checks a device list given to a program call: all must be ours (spec: CL_INVALID_DEVICE);
/// a count without a list, or a list without a count, is CL_INVALID_VALUE.
cl_int checkDevices(cl_uint n, const cl_device_id* list) {
    if ((n == 0) != (list == nullptr)) return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < n; ++i)
        if (!isOurDevice(list[i])) return CL_INVALID_DEVICE;
    return CL_SUCCESS;
}

std::string writeHeaders(const std::vector<std::pair<std::string, std::string>>& headers);

cl_program CL_API_CALL CreateProgramWithSource(cl_context context, cl_uint count,
                                               const char** strings, const size_t* lengths,
                                               cl_int* errcodeRet) {
    return guardedCreate<cl_program>(errcodeRet, [&](cl_int& err) -> cl_program {
        Context* c = Context::from(context);
        if (!c) {
            err = CL_INVALID_CONTEXT;
            return nullptr;
        }
        if (count == 0 || !strings) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        std::string source;
        for (cl_uint i = 0; i < count; ++i) {
            if (!strings[i]) {
                err = CL_INVALID_VALUE;
                return nullptr;
            }
            if (lengths && lengths[i])
                source.append(strings[i], lengths[i]);
            else
                source.append(strings[i]);
        }
        return (new ProgramObject(c, std::move(source)))->handle();
    });
}

cl_program CL_API_CALL CreateProgramWithBinary(cl_context context, cl_uint n,
                                               const cl_device_id* devices, const size_t* lengths,
                                               const unsigned char** binaries, cl_int* binaryStatus,
                                               cl_int* errcodeRet) {
    return guardedCreate<cl_program>(errcodeRet, [&](cl_int& err) -> cl_program {
        Context* c = Context::from(context);
        if (!c) {
            err = CL_INVALID_CONTEXT;
            return nullptr;
        }
        if (!devices || n == 0 || !lengths || !binaries) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        if ((err = checkDevices(n, devices))) return nullptr;
        auto* p = new ProgramObject(c, {});
        for (cl_uint i = 0; i < n; ++i) {
            const bool ok =
                binaries[i] && lengths[i] != 0 &&
                p->loadBinary(std::string(reinterpret_cast<const char*>(binaries[i]), lengths[i]));
            if (binaryStatus) binaryStatus[i] = ok ? CL_SUCCESS : CL_INVALID_BINARY;
            if (!ok) {
                err = binaries[i] && lengths[i] != 0 ? CL_INVALID_BINARY : CL_INVALID_VALUE;
                if (binaryStatus) binaryStatus[i] = err;
                p->release();
                return nullptr;
            }
        }
        if (p->binaryType != CL_PROGRAM_BINARY_TYPE_EXECUTABLE) {
            // A compiled object or library is ready to be linked (5.8.1, 5.8.5): compile it
            // again from its source, options and headers.
            const cl_program_binary_type type = p->binaryType;
            std::string dir = writeHeaders(p->headers);
            const std::string options = p->options;
            p->build(options, dir, false);
            if (!dir.empty()) std::filesystem::remove_all(dir);
            p->binaryType = type;
        }
        return p->handle();
    });
}

cl_program CL_API_CALL CreateProgramWithBuiltInKernels(cl_context context, cl_uint n,
                                                       const cl_device_id* devices, const char*,
                                                       cl_int* errcodeRet) {
    return guardedCreate<cl_program>(errcodeRet, [&](cl_int& err) -> cl_program {
        if (!Context::from(context))
            err = CL_INVALID_CONTEXT;
        else if (!devices || n == 0)
            err = CL_INVALID_VALUE;
        else if ((err = checkDevices(n, devices)) == CL_SUCCESS)
            err = CL_INVALID_VALUE; // the device has no built-in kernels
        return nullptr;
    });
}

cl_program CL_API_CALL CreateProgramWithIL(cl_context context, const void*, size_t,
                                           cl_int* errcodeRet) {
    return guardedCreate<cl_program>(errcodeRet, [&](cl_int& err) -> cl_program {
        // No IL (SPIR-V) support: CL_DEVICE_IL_VERSION is empty (spec 5.8.1).
        err = Context::from(context) ? CL_INVALID_OPERATION : CL_INVALID_CONTEXT;
        return nullptr;
    });
}

cl_int CL_API_CALL RetainProgram(cl_program program) {
    return guarded([&]() -> cl_int {
        ProgramObject* p = ProgramObject::from(program);
        if (!p) return CL_INVALID_PROGRAM;
        p->retain();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL ReleaseProgram(cl_program program) {
    return guarded([&]() -> cl_int {
        ProgramObject* p = ProgramObject::from(program);
        if (!p) return CL_INVALID_PROGRAM;
        p->release();
        return CL_SUCCESS;
    });
}

using BuildNotify = void(CL_CALLBACK*)(cl_program, void*);

cl_int CL_API_CALL BuildProgram(cl_program program, cl_uint n, const cl_device_id* devices,
                                const char* options, BuildNotify notify, void* userData) {
    return guarded([&]() -> cl_int {
        ProgramObject* p = ProgramObject::from(program);
        if (!p) return CL_INVALID_PROGRAM;
        if (cl_int err = checkDevices(n, devices)) return err;
        if (!notify && userData) return CL_INVALID_VALUE;
        if (p->kernelCount) return CL_INVALID_OPERATION;
        cl_int err = p->build(options ? options : "");
        if (err == CL_BUILD_PROGRAM_FAILURE)
            p->reportFailedBuild("clBuildProgram", "CL_BUILD_PROGRAM_FAILURE");
        else if (err == CL_INVALID_BUILD_OPTIONS)
            p->reportFailedBuild("clBuildProgram", "CL_INVALID_BUILD_OPTIONS");
        if (notify) notify(program, userData);
        return err;
    });
}

/// Writes embedded headers (name, text) into a fresh directory (names may contain
/// subdirectories), so that #include finds them; returns the directory ("" when none).
std::string writeHeaders(const std::vector<std::pair<std::string, std::string>>& headers) {
    namespace fs = std::filesystem;
    if (headers.empty()) return {};
    static unsigned counter = 0;
    fs::path dir = fs::temp_directory_path() /
                   ("clstep-headers-" + std::to_string(getpid()) + "-" + std::to_string(++counter));
    fs::create_directories(dir);
    for (const auto& [name, text] : headers) {
        fs::path file = dir / name;
        fs::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << text;
    }
    return dir.string();
}

/// The macros (NAME or NAME=VALUE) that the clCompileProgram options `options` define.
std::vector<std::string> definesOf(const std::string& options) {
    CompileOptions co;
    std::string error;
    co.applyBuildOptions(options, error); // the compilation accepted them
    return co.defines;
}

/// The -I directories of the clCompileProgram options `options`, made absolute.
std::vector<std::string> includeDirsOf(const std::string& options) {
    CompileOptions co;
    std::string error;
    co.applyBuildOptions(options, error);
    std::vector<std::string> dirs;
    for (const std::string& d : co.includeDirs) {
        std::error_code ec;
        std::filesystem::path abs = std::filesystem::absolute(d, ec);
        if (!ec) dirs.push_back(abs.lexically_normal().string());
    }
    return dirs;
}

/// -I options that make a link find the files its objects included from `includeDirs` as
/// they were at compilation: writeHeaders() put them under `dir` + kIncludedPrefix + their
/// absolute path (ProgramObject::headers). Searched before the objects' own -I directories.
std::string includeMirrorOptions(const std::string& dir,
                                 const std::vector<std::string>& includeDirs) {
    if (dir.empty()) return {};
    std::string out;
    for (const std::string& d : includeDirs) {
        const std::filesystem::path mirror = std::filesystem::path(dir) /
                                             ProgramObject::kIncludedPrefix /
                                             std::filesystem::path(d).relative_path();
        out += "-I\"" + mirror.string() + "\" ";
    }
    return out;
}

/// A "#define NAME VALUE" line for a -D definition (NAME alone defines it as 1, 5.8.4.1).
std::string defineLine(const std::string& definition) {
    const size_t eq = definition.find('=');
    if (eq == std::string::npos) return "#define " + definition + " 1\n";
    return "#define " + definition.substr(0, eq) + " " + definition.substr(eq + 1) + "\n";
}

/// The macro name of a -D definition.
std::string macroName(const std::string& definition) {
    return definition.substr(0, definition.find('='));
}

/// One compiled object's source inside the joined source of clLinkProgram: the joined build
/// predefines `linkDefines` (the first object's -D macros), so the object's source is preceded
/// by #undef of those it did not define and #define of its own, and followed by the reverse,
/// which restores the joined build's macros for the next object.
std::string objectSource(const std::string& text, const std::vector<std::string>& defines,
                         const std::vector<std::string>& linkDefines) {
    if (defines == linkDefines) return text + "\n";
    std::string before, after;
    for (const std::string& d : linkDefines) {
        before += "#undef " + macroName(d) + "\n";
        after += defineLine(d);
    }
    for (const std::string& d : defines) {
        before += defineLine(d);
        after = "#undef " + macroName(d) + "\n" + after;
    }
    return before + text + "\n" + after;
}

cl_int CL_API_CALL CompileProgram(cl_program program, cl_uint n, const cl_device_id* devices,
                                  const char* options, cl_uint numHeaders,
                                  const cl_program* headers, const char** headerNames,
                                  BuildNotify notify, void* userData) {
    return guarded([&]() -> cl_int {
        ProgramObject* p = ProgramObject::from(program);
        if (!p) return CL_INVALID_PROGRAM;
        if (cl_int err = checkDevices(n, devices)) return err;
        if (!notify && userData) return CL_INVALID_VALUE;
        if ((numHeaders == 0) != (headers == nullptr) ||
            (numHeaders == 0) != (headerNames == nullptr))
            return CL_INVALID_VALUE;
        for (cl_uint i = 0; i < numHeaders; ++i)
            if (!ProgramObject::from(headers[i]) || !headerNames[i]) return CL_INVALID_VALUE;
        if (p->kernelCount) return CL_INVALID_OPERATION;
        p->headers.clear();
        for (cl_uint i = 0; i < numHeaders; ++i)
            p->headers.emplace_back(headerNames[i], ProgramObject::from(headers[i])->source);
        std::string dir = writeHeaders(p->headers);
        cl_int err = p->build(options ? options : "", dir, false);
        if (!dir.empty()) std::filesystem::remove_all(dir);
        if (err == CL_SUCCESS) p->binaryType = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
        if (err == CL_BUILD_PROGRAM_FAILURE) {
            err = CL_COMPILE_PROGRAM_FAILURE;
            p->reportFailedBuild("clCompileProgram", "CL_COMPILE_PROGRAM_FAILURE");
        } else if (err == CL_INVALID_BUILD_OPTIONS) {
            p->reportFailedBuild("clCompileProgram", "CL_INVALID_COMPILER_OPTIONS");
        }
        if (err == CL_INVALID_BUILD_OPTIONS) err = CL_INVALID_COMPILER_OPTIONS;
        if (notify) notify(program, userData);
        return err;
    });
}

cl_program CL_API_CALL LinkProgram(cl_context context, cl_uint n, const cl_device_id* devices,
                                   const char* options, cl_uint numInputs, const cl_program* inputs,
                                   BuildNotify notify, void* userData, cl_int* errcodeRet) {
    return guardedCreate<cl_program>(errcodeRet, [&](cl_int& err) -> cl_program {
        Context* c = Context::from(context);
        if (!c) {
            err = CL_INVALID_CONTEXT;
            return nullptr;
        }
        if ((err = checkDevices(n, devices))) return nullptr;
        if (numInputs == 0 || !inputs || (!notify && userData)) {
            err = CL_INVALID_VALUE;
            return nullptr;
        }
        // Linking joins the compiled sources into one translation unit and builds it, with
        // the first object's compile options; the macros of each object's own -D options
        // surround its source (objectSource), since they applied to that compilation only.
        std::string source;
        std::string compileOptions;
        std::vector<std::pair<std::string, std::string>> headers;
        std::vector<std::string> firstDefines;
        std::vector<std::string> includeDirs;
        for (cl_uint i = 0; i < numInputs; ++i) {
            ProgramObject* in = ProgramObject::from(inputs[i]);
            if (!in) {
                err = CL_INVALID_PROGRAM;
                return nullptr;
            }
            if (in->status != CL_BUILD_SUCCESS) {
                err = CL_INVALID_OPERATION;
                return nullptr;
            }
            for (const std::string& d : includeDirsOf(in->options))
                includeDirs.push_back(d);
            std::vector<std::string> defines = definesOf(in->options);
            if (i == 0) {
                compileOptions = in->options;
                firstDefines = defines;
            }
            source += objectSource(in->source, defines, firstDefines);
            headers.insert(headers.end(), in->headers.begin(), in->headers.end());
        }
        std::string linkOptions = options ? options : "";
        const bool library = linkOptions.find("-create-library") != std::string::npos;
        if (library) linkOptions.clear();
        auto* p = new ProgramObject(c, std::move(source));
        p->headers = headers;
        std::string dir = writeHeaders(headers);
        cl_int buildErr =
            p->build(includeMirrorOptions(dir, includeDirs) + compileOptions + " " + linkOptions,
                     dir, !library);
        if (!dir.empty()) std::filesystem::remove_all(dir);
        if (buildErr == CL_SUCCESS && library) p->binaryType = CL_PROGRAM_BINARY_TYPE_LIBRARY;
        if (notify) notify(p->handle(), userData);
        if (buildErr == CL_INVALID_BUILD_OPTIONS)
            err = CL_INVALID_LINKER_OPTIONS;
        else if (buildErr != CL_SUCCESS)
            err = CL_LINK_PROGRAM_FAILURE;
        if (err == CL_INVALID_LINKER_OPTIONS)
            p->reportFailedBuild("clLinkProgram", "CL_INVALID_LINKER_OPTIONS");
        else if (err == CL_LINK_PROGRAM_FAILURE)
            p->reportFailedBuild("clLinkProgram", "CL_LINK_PROGRAM_FAILURE");
        return p->handle(); // a failed link still returns the program (its log says why)
    });
}

cl_int CL_API_CALL GetProgramInfo(cl_program program, cl_program_info param, size_t size,
                                  void* value, size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        ProgramObject* p = ProgramObject::from(program);
        if (!p) return CL_INVALID_PROGRAM;
        InfoAnswer a(size, value, sizeRet);
        auto kernelNames = [&] {
            std::string names;
            for (const ast::FunctionDecl* k : p->built->kernels)
                names += (names.empty() ? "" : ";") + k->name;
            return names;
        };
        switch (param) {
        case CL_PROGRAM_REFERENCE_COUNT:
            return a.scalar<cl_uint>(p->refCount());
        case CL_PROGRAM_CONTEXT:
            return a.scalar<cl_context>(p->context->handle());
        case CL_PROGRAM_NUM_DEVICES:
            return a.scalar<cl_uint>(1);
        case CL_PROGRAM_DEVICES:
            return a.scalar<cl_device_id>(Device::instance().handle());
        case CL_PROGRAM_SOURCE:
            return a.string(p->fromBinary ? "" : p->source);
        case CL_PROGRAM_IL:
            return a.bytes(nullptr, 0);
        case CL_PROGRAM_BINARY_SIZES:
            return a.scalar<size_t>(
                p->status == CL_BUILD_SUCCESS || p->fromBinary ? p->binary().size() : 0);
        case CL_PROGRAM_BINARIES: {
            if (!value) return a.bytes(nullptr, sizeof(unsigned char*));
            if (size < sizeof(unsigned char*)) return CL_INVALID_VALUE;
            unsigned char* dst = *static_cast<unsigned char**>(value);
            if (dst && (p->status == CL_BUILD_SUCCESS || p->fromBinary)) {
                std::string b = p->binary();
                std::copy(b.begin(), b.end(), dst);
            }
            if (sizeRet) *sizeRet = sizeof(unsigned char*);
            return CL_SUCCESS;
        }
        case CL_PROGRAM_NUM_KERNELS:
            if (!p->built || p->binaryType != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
                return CL_INVALID_PROGRAM_EXECUTABLE;
            return a.scalar<size_t>(p->built->kernels.size());
        case CL_PROGRAM_KERNEL_NAMES:
            if (!p->built || p->binaryType != CL_PROGRAM_BINARY_TYPE_EXECUTABLE)
                return CL_INVALID_PROGRAM_EXECUTABLE;
            return a.string(kernelNames());
        case CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT:
        case CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
            return a.scalar<cl_bool>(CL_FALSE);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

cl_int CL_API_CALL GetProgramBuildInfo(cl_program program, cl_device_id device,
                                       cl_program_build_info param, size_t size, void* value,
                                       size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        ProgramObject* p = ProgramObject::from(program);
        if (!p) return CL_INVALID_PROGRAM;
        if (!isOurDevice(device)) return CL_INVALID_DEVICE;
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_PROGRAM_BUILD_STATUS:
            return a.scalar(p->status);
        case CL_PROGRAM_BUILD_OPTIONS:
            return a.string(p->options);
        case CL_PROGRAM_BUILD_LOG:
            return a.string(p->log);
        case CL_PROGRAM_BINARY_TYPE:
            return a.scalar(p->binaryType);
        case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
            return a.scalar<size_t>(p->globalVariableBytes());
        default:
            return CL_INVALID_VALUE;
        }
    });
}

cl_int CL_API_CALL SetProgramReleaseCallback(cl_program program,
                                             void(CL_CALLBACK*)(cl_program, void*), void*) {
    return guarded([&]() -> cl_int {
        return ProgramObject::from(program) ? CL_INVALID_OPERATION : CL_INVALID_PROGRAM;
    });
}

cl_int CL_API_CALL SetProgramSpecializationConstant(cl_program program, cl_uint, size_t,
                                                    const void*) {
    return guarded([&]() -> cl_int {
        // Only IL programs have specialization constants, and the device takes no IL.
        return ProgramObject::from(program) ? CL_INVALID_OPERATION : CL_INVALID_PROGRAM;
    });
}

} // namespace

void fillProgramApi(cl_icd_dispatch& d) {
    d.clCreateProgramWithSource = CreateProgramWithSource;
    d.clCreateProgramWithBinary = CreateProgramWithBinary;
    d.clCreateProgramWithBuiltInKernels = CreateProgramWithBuiltInKernels;
    d.clCreateProgramWithIL = CreateProgramWithIL;
    d.clRetainProgram = RetainProgram;
    d.clReleaseProgram = ReleaseProgram;
    d.clBuildProgram = BuildProgram;
    d.clCompileProgram = CompileProgram;
    d.clLinkProgram = LinkProgram;
    d.clGetProgramInfo = GetProgramInfo;
    d.clGetProgramBuildInfo = GetProgramBuildInfo;
    d.clSetProgramReleaseCallback = SetProgramReleaseCallback;
    d.clSetProgramSpecializationConstant = SetProgramSpecializationConstant;
}

} // namespace clstep::ocl
