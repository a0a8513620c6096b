#pragma once

#include <cstdint>

namespace clstep {

/// How a call of `atomic_work_item_fence(flags, order, scope)` (OpenCL C 2.0 6.13.11.2...,
/// 3.0 6.15.12.2 "Fence functions"; C11 7.17.4) travels from the builtin to the observers
/// without an interface of its own: the builtin passes fence::encode(flags, order) as the
/// order of BuiltinEnv::atomicSemantics(); the work-item's environment turns such an order into
/// one MemoryAccess with no buffer and no bytes (`atomic`, `order` = the encoding, `scope` =
/// the fence's scope), which observers of bytes ignore (they skip accesses without a buffer)
/// and the race detector orders accesses with (checks/RaceDetectorSync.cpp).
namespace fence {
inline constexpr uint8_t kBit = 0x80;
/// The encoding of a fence: bit 7 set, bits 3-5 the cl_mem_fence_flags (CLK_LOCAL_MEM_FENCE 1,
/// CLK_GLOBAL_MEM_FENCE 2, CLK_IMAGE_MEM_FENCE 4), bits 0-2 the memory_order (at most 5).
constexpr uint8_t encode(uint32_t flags, uint8_t order) {
    return uint8_t(kBit | ((flags & 7) << 3) | (order & 7));
}
/// True when an order value is a fence's encoding (memory_order::kNone, 0xFF, is not).
constexpr bool is(uint8_t order) {
    return (order & 0xC0) == kBit;
}
/// The cl_mem_fence_flags of an encoding.
constexpr uint32_t flags(uint8_t encoded) {
    return (encoded >> 3) & 7;
}
/// The memory_order of an encoding.
constexpr uint8_t order(uint8_t encoded) {
    return encoded & 7;
}
} // namespace fence

} // namespace clstep
