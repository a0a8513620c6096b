// Sampler entry points (OpenCL 1.2 API spec 5.7; clCreateSamplerWithProperties of 2.0):
// creation, retain/release and clGetSamplerInfo. A sampler kernel argument passes the
// sampler's CLK_* bits (SamplerObject::clkBits, KernelObject::setArg).
#include "ApiGuard.h"
#include "ApiTables.h"
#include "Context.h"
#include "SamplerObject.h"

namespace clstep::ocl {

namespace {

bool validAddressing(cl_addressing_mode m) {
    return m == CL_ADDRESS_NONE || m == CL_ADDRESS_CLAMP_TO_EDGE || m == CL_ADDRESS_CLAMP ||
           m == CL_ADDRESS_REPEAT || m == CL_ADDRESS_MIRRORED_REPEAT;
}

cl_sampler createSampler(cl_context context, cl_bool normalized, cl_addressing_mode addressing,
                         cl_filter_mode filter, std::vector<cl_sampler_properties> properties,
                         cl_int& err) {
    Context* c = Context::from(context);
    if (!c) {
        err = CL_INVALID_CONTEXT;
        return nullptr;
    }
    if ((normalized != CL_TRUE && normalized != CL_FALSE) || !validAddressing(addressing) ||
        (filter != CL_FILTER_NEAREST && filter != CL_FILTER_LINEAR)) {
        err = CL_INVALID_VALUE;
        return nullptr;
    }
    return (new SamplerObject(c, normalized, addressing, filter, std::move(properties)))->handle();
}

cl_sampler CL_API_CALL CreateSampler(cl_context context, cl_bool normalized,
                                     cl_addressing_mode addressing, cl_filter_mode filter,
                                     cl_int* errcodeRet) {
    return guardedCreate<cl_sampler>(errcodeRet, [&](cl_int& err) {
        return createSampler(context, normalized, addressing, filter, {}, err);
    });
}

/// clCreateSamplerWithProperties (2.0 spec 5.7.1): CL_SAMPLER_NORMALIZED_COORDS,
/// CL_SAMPLER_ADDRESSING_MODE and CL_SAMPLER_FILTER_MODE, each at most once (defaults
/// CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST); anything else is CL_INVALID_VALUE.
cl_sampler CL_API_CALL CreateSamplerWithProperties(cl_context context,
                                                   const cl_sampler_properties* props,
                                                   cl_int* errcodeRet) {
    return guardedCreate<cl_sampler>(errcodeRet, [&](cl_int& err) -> cl_sampler {
        cl_bool normalized = CL_TRUE;
        cl_addressing_mode addressing = CL_ADDRESS_CLAMP;
        cl_filter_mode filter = CL_FILTER_NEAREST;
        std::vector<cl_sampler_properties> given;
        bool seen[3] = {false, false, false};
        for (const cl_sampler_properties* p = props; p && *p; p += 2) {
            int k = p[0] == CL_SAMPLER_NORMALIZED_COORDS ? 0
                    : p[0] == CL_SAMPLER_ADDRESSING_MODE ? 1
                    : p[0] == CL_SAMPLER_FILTER_MODE     ? 2
                                                         : -1;
            if (k < 0 || seen[k]) {
                err = Context::from(context) ? CL_INVALID_VALUE : CL_INVALID_CONTEXT;
                return nullptr;
            }
            seen[k] = true;
            if (k == 0) normalized = static_cast<cl_bool>(p[1]);
            if (k == 1) addressing = static_cast<cl_addressing_mode>(p[1]);
            if (k == 2) filter = static_cast<cl_filter_mode>(p[1]);
            given.push_back(p[0]);
            given.push_back(p[1]);
        }
        if (props) given.push_back(0);
        return createSampler(context, normalized, addressing, filter, std::move(given), err);
    });
}

cl_int CL_API_CALL RetainSampler(cl_sampler sampler) {
    return guarded([&]() -> cl_int {
        SamplerObject* s = SamplerObject::from(sampler);
        if (!s) return CL_INVALID_SAMPLER;
        s->retain();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL ReleaseSampler(cl_sampler sampler) {
    return guarded([&]() -> cl_int {
        SamplerObject* s = SamplerObject::from(sampler);
        if (!s) return CL_INVALID_SAMPLER;
        s->release();
        return CL_SUCCESS;
    });
}

cl_int CL_API_CALL GetSamplerInfo(cl_sampler sampler, cl_sampler_info param, size_t size,
                                  void* value, size_t* sizeRet) {
    return guarded([&]() -> cl_int {
        SamplerObject* s = SamplerObject::from(sampler);
        if (!s) return CL_INVALID_SAMPLER;
        InfoAnswer a(size, value, sizeRet);
        switch (param) {
        case CL_SAMPLER_REFERENCE_COUNT:
            return a.scalar<cl_uint>(s->refCount());
        case CL_SAMPLER_CONTEXT:
            return a.scalar<cl_context>(s->context->handle());
        case CL_SAMPLER_NORMALIZED_COORDS:
            return a.scalar<cl_bool>(s->normalized);
        case CL_SAMPLER_ADDRESSING_MODE:
            return a.scalar<cl_addressing_mode>(s->addressing);
        case CL_SAMPLER_FILTER_MODE:
            return a.scalar<cl_filter_mode>(s->filter);
        case CL_SAMPLER_PROPERTIES:
            return a.array(s->properties);
        default:
            return CL_INVALID_VALUE;
        }
    });
}

} // namespace

void fillSamplerApi(cl_icd_dispatch& d) {
    d.clCreateSampler = CreateSampler;
    d.clCreateSamplerWithProperties = CreateSamplerWithProperties;
    d.clRetainSampler = RetainSampler;
    d.clReleaseSampler = ReleaseSampler;
    d.clGetSamplerInfo = GetSamplerInfo;
}

} // namespace clstep::ocl
