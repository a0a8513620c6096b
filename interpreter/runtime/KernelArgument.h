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
    uint64_t size = 0;          ///< bytes (Buffer: bytes.size(); Local: requested size)
    bool readOnly = false;      ///< `ro`: kernel writes are reported
    bool writeOnly = false;     ///< `wo`: kernel reads are reported
    bool noInit = false;        ///< `noinit`: contents are uninitialized
    unsigned elementBytes = 1;  ///< element size for reports (index = offset / elementBytes)
    image::Object image;        ///< Image: type, format and size (bytes.size() == byteSize())
};

} // namespace clstep
