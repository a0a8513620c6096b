#pragma once

#include "launch/LaunchConfig.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace clstep::launch {

/// Formats an argument's final contents exactly like oclgrind-kernel's `dump` output
/// (Simulation::run and Simulation::dumpArgument in Oclgrind 21.10), byte for byte:
///
///     (empty line)
///     Argument 'c': 16 bytes
///       c[0] = 1
///       c[1] = 2
///     (empty line)
///
/// Elements are printed with C++ stream defaults (6 significant digits for float and double,
/// "inf", "-nan", "-0", "1e-07"), char/uchar as numbers. With `hex`, each element is
/// "0x" followed by the value in lowercase hex padded with '0' to 2*sizeof(element) digits
/// (negative integers print their two's complement of the promoted type, e.g. a char -1 is
/// 0xffffffff); float and double stay decimal but are padded too ("0x00001000"), as
/// oclgrind-kernel does. Vectors and structs are not special: only the element type counts.
class BufferDump {
public:
    /// Formats argument `name` of element type `type`; `bytes` are its final contents in host
    /// (little-endian) order. Trailing bytes that do not fill a whole element are not shown,
    /// the header still counts them.
    static std::string format(std::string_view name, ElementType type, bool hex,
                              std::span<const uint8_t> bytes);

    /// Formats a bound argument (its name, effective type and `hex` flag) with `bytes` as its
    /// final contents. Uses uchar when the spec has no type.
    static std::string format(const KernelArgSpec& spec, std::span<const uint8_t> bytes);

    /// The final texels of an image argument (clstep extension): a header with the image
    /// type, size and format, then one line per texel `name(x,y[,z]) = (c0, c1, ...)` with
    /// its channels as the header's element type, rows in order.
    static std::string formatImage(const KernelArgSpec& spec, std::span<const uint8_t> bytes);

    /// Formats one element (`element` points to elementSize(type) bytes in host order).
    static std::string formatElement(ElementType type, bool hex, const uint8_t* element);
};

} // namespace clstep::launch
