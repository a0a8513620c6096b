#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::launch {

/// Address space of a kernel parameter, as clGetKernelArgInfo(CL_KERNEL_ARG_ADDRESS_QUALIFIER)
/// reports it: pointers to __global, __constant or __local, or Private for by-value arguments.
enum class ParamAddressSpace : uint8_t { Private, Global, Constant, Local };

/// What the launch-file code needs to know about one kernel parameter. Plain data, so the
/// launch code does not depend on the interpreter's types.
struct KernelParamInfo {
    std::string name;
    ParamAddressSpace addressSpace = ParamAddressSpace::Private;
    /// The type as CL_KERNEL_ARG_TYPE_NAME spells it: no address space or qualifiers, unsigned
    /// types as uchar/ushort/uint/ulong, pointers with a trailing '*' ("float4*", "void*",
    /// "int", "struct Pair"). Only used to choose the default element type.
    std::string typeName;
    /// The argument's size in bytes (sizeof the value for Private, 8 for pointers).
    uint64_t sizeBytes = 0;
};

/// The parameter list of the kernel a launch file runs, plus the one kernel property the
/// launch checks need.
struct KernelSignature {
    std::vector<KernelParamInfo> params;
    /// True when the program needs uniform work-groups (OpenCL 1.x, the default): the
    /// work-group size must then divide the global size exactly. OpenCL 2.0 programs allow
    /// non-uniform work-groups.
    bool requiresUniformWorkGroups = true;
};

} // namespace clstep::launch
