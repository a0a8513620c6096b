#pragma once

#include "ClObject.h"
#include "launch/KernelSignature.h"

#include <optional>
#include <string>
#include <vector>

namespace clstep::ast {
struct FunctionDecl;
}

namespace clstep::ocl {

class ProgramObject;
class MemObject;

/// A kernel object (spec 5.9): one __kernel function of a built program and the argument
/// values set so far with clSetKernelArg. Retains its program.
class KernelObject : public ClObject<_cl_kernel, KernelObject> {
public:
    KernelObject(ProgramObject* program, const ast::FunctionDecl* decl);
    ~KernelObject();

    /// One value given with clSetKernelArg.
    struct ArgValue {
        enum class Kind { Buffer, Local, Scalar, Null } kind = Kind::Scalar;
        MemObject* mem = nullptr;   ///< Buffer (not retained, as in the spec)
        std::vector<uint8_t> bytes; ///< Scalar: the value's bytes
        size_t localSize = 0;       ///< Local: bytes per work-group
    };

    /// clSetKernelArg's checks and effect (spec 5.9.2): CL_INVALID_ARG_INDEX,
    /// CL_INVALID_ARG_SIZE, CL_INVALID_ARG_VALUE, CL_INVALID_MEM_OBJECT.
    cl_int setArg(cl_uint index, size_t size, const void* value);
    /// True when every argument has been set.
    bool allArgsSet() const;

    ProgramObject* program;
    const ast::FunctionDecl* decl;
    std::string name;
    launch::KernelSignature signature;
    std::vector<std::optional<ArgValue>> args;
    /// Per parameter: CL_KERNEL_ARG_TYPE_QUALIFIER bits (const/volatile/restrict of the
    /// pointee).
    std::vector<cl_kernel_arg_type_qualifier> typeQualifiers;
    uint32_t launches = 0;
};

} // namespace clstep::ocl
