#pragma once

#include "builtins/ImageObject.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep {

/// The value given for one kernel parameter at launch (clSetKernelArg): a buffer (its
/// initial bytes in HOST byte order, i.e. little-endian), a `__local` allocation size, a
/// scalar/struct value (its bytes, host order), a null pointer, or an image (its texel
/// bytes in `bytes`, laid out as `image` says; see builtins/ImageObject.h).
struct KernelArgument {
    enum class Kind { Buffer, Local, Scalar, Null, Image };
    Kind kind = Kind::Scalar;
    std::string name;           ///< parameter name (filled in from the kernel when empty)
    std::vector<uint8_t> bytes; ///< Buffer: initial contents; Scalar: the value's bytes
    /// Bytes. Local: the requested size. Buffer/Image: bytes.size(), or more when the
    /// launch file's contents were not built because they exceed the device's global memory
    /// (the launch is then refused by KernelRun's memory check).
    uint64_t size = 0;
    bool readOnly = false;      ///< `ro`: kernel writes are reported
    bool writeOnly = false;     ///< `wo`: kernel reads are reported
    bool noInit = false;        ///< `noinit`: contents are uninitialized
    unsigned elementBytes = 1;  ///< element size for reports (index = offset / elementBytes)
    image::Object image;        ///< Image: type, format and size (bytes.size() == byteSize())
};

} // namespace clstep
