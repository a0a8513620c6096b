#pragma once

#include "core/AddressSpace.h"

#include <cstdint>

namespace clstep {

/// Encoding of a simulated device pointer in 64 bits (the device is 64-bit: sizeof(void*) is
/// 8 bytes, and pointers stored in memory are these 8 bytes):
///   bits 63..61  address space (AddressSpace value; Private=1 ... Generic never stored)
///   bits 60..40  buffer index inside that space's Memory (1 .. 2^21-1; 0 = no buffer)
///   bits 39..0   byte offset inside the buffer (up to 1 TiB)
/// The null pointer is 0 in every space. A generic pointer is just the address of the named
/// space it points into, which is what to_global/to_local/to_private inspect.
namespace address {

constexpr int kSpaceShift = 61;
constexpr int kBufferShift = 40;
constexpr uint64_t kOffsetMask = (uint64_t(1) << kBufferShift) - 1;
constexpr uint64_t kBufferMask = (uint64_t(1) << (kSpaceShift - kBufferShift)) - 1;
constexpr uint32_t kMaxBuffers = static_cast<uint32_t>(kBufferMask);

/// Builds an address from (space, buffer index, byte offset).
constexpr uint64_t make(AddressSpace space, uint32_t buffer, uint64_t offset) {
    return (uint64_t(space) << kSpaceShift) | (uint64_t(buffer) << kBufferShift) |
           (offset & kOffsetMask);
}
constexpr AddressSpace space(uint64_t a) {
    return static_cast<AddressSpace>(a >> kSpaceShift);
}
constexpr uint32_t buffer(uint64_t a) {
    return static_cast<uint32_t>((a >> kBufferShift) & kBufferMask);
}
constexpr uint64_t offset(uint64_t a) {
    return a & kOffsetMask;
}

} // namespace address
} // namespace clstep
