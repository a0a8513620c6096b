#pragma once

#include "core/Type.h"

#include <cstdint>
#include <span>
#include <string>

namespace clstep::repl {

/// Byte-level helpers for values kept by the scratchpad: swapping a value between little- and
/// big-endian device order component by component (so `:endian` keeps every value and changes only
/// its bytes) and printing bytes as hex.
class TypeBytes {
public:
    /// Reverses the bytes of every scalar component, pointer and struct member of a `type` value
    /// stored at `bytes` (`size` bytes available). A union swaps as its first member.
    static void toggleByteOrder(const Type* type, uint8_t* bytes, uint64_t size);
    /// "00 00 80 3f 00 00 00 40": lowercase hex, one space between bytes; with `group` > 0 a
    /// wider gap ("  ") separates groups of `group` bytes. At most `limit` bytes are shown
    /// (then " ..." is added).
    static std::string hex(std::span<const uint8_t> bytes, uint64_t group = 0, uint64_t limit = 64);
    /// The size of one component of `type` for grouping hex output: the element size of a
    /// vector or array of scalars, the size of a scalar, else 0 (no grouping).
    static uint64_t componentSize(const Type* type);
};

} // namespace clstep::repl
