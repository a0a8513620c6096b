#pragma once

#include "ClObject.h"
#include "DeviceSettings.h"

#include <string>
#include <vector>

namespace clstep::ocl {

/// The clstep platform (one per process, never freed). Its name is "clstep" (what
/// PYOPENCL_TEST=clstep selects): OpenCL 3.0 with the optional features the interpreter has
/// (docs/platform.md, "OpenCL 3.0").
class Platform : public ClObject<_cl_platform_id, Platform> {
public:
    static Platform& instance();
    static constexpr const char* kName = "clstep";
    static constexpr const char* kVendor = "clstep";
    static constexpr const char* kVersion = "OpenCL 3.0 clstep";
    static constexpr const char* kIcdSuffix = "clstep";
    /// Extensions the platform and its device support (cl_khr_icd, and the OpenCL C ones the
    /// interpreter implements), space-separated (CL_PLATFORM_EXTENSIONS, CL_DEVICE_EXTENSIONS).
    static std::string extensions();
    /// The same extensions with their versions (CL_*_EXTENSIONS_WITH_VERSION, API spec 4.1).
    static std::vector<cl_name_version> extensionsWithVersion();
};

/// The one device: a CPU-like simulated device named "clstep" whose limits come from
/// DeviceSettings. Root devices are not reference counted (clRetainDevice is a no-op).
class Device : public ClObject<_cl_device_id, Device> {
public:
    static Device& instance();
    const DeviceSettings& settings() const { return DeviceSettings::get(); }
    /// Answers clGetDeviceInfo(param) (spec 4.2 table "OpenCL Device Queries").
    cl_int info(cl_device_info param, const class InfoAnswer& answer) const;
};

} // namespace clstep::ocl
