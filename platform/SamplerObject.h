#pragma once

#include "ClObject.h"

#include <cstdint>
#include <vector>

namespace clstep::ocl {

class Context;

/// A sampler object (OpenCL 1.2 API spec 5.7): normalized coordinates, addressing mode and
/// filter mode, as given to clCreateSampler / clCreateSamplerWithProperties. A kernel
/// argument of type sampler_t receives its CLK_* bit field (clkBits), which the
/// interpreter's image builtins decode (builtins/ImageSampler.h). Retains its context.
class SamplerObject : public ClObject<_cl_sampler, SamplerObject> {
public:
    SamplerObject(Context* context, cl_bool normalized, cl_addressing_mode addressing,
                  cl_filter_mode filter, std::vector<cl_sampler_properties> properties);
    ~SamplerObject();

    /// The sampler as OpenCL C's sampler_t bit field (OpenCL C 1.2 6.12.14.1):
    /// CLK_NORMALIZED_COORDS_TRUE (1) | CLK_ADDRESS_* (0, 2, 4, 6, 8) | CLK_FILTER_*
    /// (0x10 nearest, 0x20 linear).
    uint64_t clkBits() const;

    Context* context;
    cl_bool normalized;
    cl_addressing_mode addressing;
    cl_filter_mode filter;
    /// As given to clCreateSamplerWithProperties (with the 0 terminator), empty otherwise
    /// (the CL_SAMPLER_PROPERTIES query).
    std::vector<cl_sampler_properties> properties;
};

} // namespace clstep::ocl
