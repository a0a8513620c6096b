#pragma once

#include "ClObject.h"
#include "builtins/ImageObject.h"
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
        /// Image: an image object for an image1d_t ... image3d_t parameter. A sampler_t
        /// argument is a Scalar: the sampler's 8 bytes of CLK_* bits (SamplerObject::clkBits).
        enum class Kind { Buffer, Local, Scalar, Null, Image } kind = Kind::Scalar;
        MemObject* mem = nullptr;   ///< Buffer, Image (not retained, as in the spec)
        std::vector<uint8_t> bytes; ///< Scalar: the value's bytes
        size_t localSize = 0;       ///< Local: bytes per work-group
    };

    /// clSetKernelArg's checks and effect (spec 5.9.2): CL_INVALID_ARG_INDEX,
    /// CL_INVALID_ARG_SIZE, CL_INVALID_ARG_VALUE, CL_INVALID_MEM_OBJECT (also a buffer, or an
    /// image of another type, for an image parameter), CL_INVALID_SAMPLER.
    cl_int setArg(cl_uint index, size_t size, const void* value);
    /// clSetKernelArg for an image parameter of type `dim`: the value must be an image of
    /// that type (CL_INVALID_MEM_OBJECT otherwise), not created CL_MEM_WRITE_ONLY for a
    /// read_only parameter nor CL_MEM_READ_ONLY for a write_only one (CL_INVALID_ARG_VALUE).
    cl_int setImageArg(cl_uint index, image::Dim dim, size_t size, const void* value);
    /// clSetKernelArg for a sampler_t parameter: a valid cl_sampler (CL_INVALID_SAMPLER, also
    /// for a NULL arg_value).
    cl_int setSamplerArg(cl_uint index, size_t size, const void* value);
    /// CL_KERNEL_ARG_ACCESS_QUALIFIER of parameter `index` (spec 5.9.3): READ_ONLY (also
    /// with no qualifier), WRITE_ONLY or READ_WRITE for images, NONE for other parameters.
    cl_kernel_arg_access_qualifier accessQualifier(cl_uint index) const;
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
    /// CL_KERNEL_ATTRIBUTES (spec 5.9.3): the kernel function's `__attribute__((...))`
    /// contents as written, whitespace removed, space-separated ("reqd_work_group_size(16,16,1)
    /// vec_type_hint(float4)"); an attribute written through a macro is spelled with its
    /// evaluated sizes, or by name.
    std::string attributes;
};

} // namespace clstep::ocl
