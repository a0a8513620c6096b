#include "SamplerObject.h"

#include "Context.h"

namespace clstep::ocl {

SamplerObject::SamplerObject(Context* context, cl_bool normalized, cl_addressing_mode addressing,
                             cl_filter_mode filter, std::vector<cl_sampler_properties> properties)
    : context(context), normalized(normalized), addressing(addressing), filter(filter),
      properties(std::move(properties)) {
    context->retain();
}

SamplerObject::~SamplerObject() {
    context->release();
}

uint64_t SamplerObject::clkBits() const {
    uint64_t bits = normalized ? 1 : 0;
    switch (addressing) {
    case CL_ADDRESS_CLAMP_TO_EDGE:
        bits |= 2;
        break;
    case CL_ADDRESS_CLAMP:
        bits |= 4;
        break;
    case CL_ADDRESS_REPEAT:
        bits |= 6;
        break;
    case CL_ADDRESS_MIRRORED_REPEAT:
        bits |= 8;
        break;
    default: // CL_ADDRESS_NONE
        break;
    }
    bits |= filter == CL_FILTER_LINEAR ? 0x20 : 0x10;
    return bits;
}

} // namespace clstep::ocl
