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
    bool readOnly = false;     ///< `ro`: kernel writes are reported
    bool writeOnly = false;    ///< `wo`: kernel reads are reported
    bool noInit = false;       ///< `noinit`: contents are uninitialized
    unsigned elementBytes = 1; ///< element size for reports (index = offset / elementBytes)
    image::Object image;       ///< Image: type, format and size (bytes.size() == byteSize())
    /// Buffer aliasing (two arguments naming one cl_mem, or overlapping sub-buffers; API spec
    /// 5.2.1): when >= 0, this Buffer argument has no bytes of its own but points `aliasOffset`
    /// bytes into the buffer of the earlier argument `aliasOf` (which must be a Buffer in the
    /// same address space and not itself an alias), and covers `size` bytes of it. Writes
    /// through one argument are then seen through the other, and the race checks see one
    /// buffer. A bad alias is a launch error.
    int aliasOf = -1;
    uint64_t aliasOffset = 0; ///< bytes from the start of argument `aliasOf`'s buffer
};

} // namespace clstep
