#pragma once

#include <cstdint>
#include <span>

namespace clstep {

/// The `memory_order` values of OpenCL C 2.0 6.13.11.4 (3.0 6.15.12.4), numbered as clang
/// numbers them (the predefined macros `memory_order_relaxed` ... have these values).
namespace memory_order {
inline constexpr uint8_t kRelaxed = 0;
inline constexpr uint8_t kAcquire = 2;
inline constexpr uint8_t kRelease = 3;
inline constexpr uint8_t kAcqRel = 4;
inline constexpr uint8_t kSeqCst = 5;
/// No order given: an OpenCL 1.x atomic function (`atomic_add`, ...), relaxed with device
/// scope (MemoryAccess::kNoOrder has the same value).
inline constexpr uint8_t kNone = 0xFF;
} // namespace memory_order

/// The `memory_scope` values of OpenCL C 2.0 6.13.11.5 (3.0 6.15.12.5), numbered as clang
/// numbers them (the predefined macros `memory_scope_work_item` ... have these values).
namespace memory_scope {
inline constexpr uint8_t kWorkItem = 0;
inline constexpr uint8_t kWorkGroup = 1;
inline constexpr uint8_t kDevice = 2;
inline constexpr uint8_t kAllSvmDevices = 3; ///< also `memory_scope_all_devices` (3.0)
inline constexpr uint8_t kSubGroup = 4;

/// True for the scopes that do not reach past the work-group (work_item, work_group,
/// sub_group): atomics with them do not synchronise work-groups with each other.
constexpr bool insideWorkGroup(uint8_t scope) {
    return scope == kWorkItem || scope == kWorkGroup || scope == kSubGroup;
}
} // namespace memory_scope

/// One OpenCL C spelling of a memory order or scope and its value.
struct MemorySemanticsName {
    const char* name; ///< "memory_order_relaxed", "memory_scope_device", ...
    uint8_t value;
};

/// Every `memory_order_*` spelling with its value, in value order.
std::span<const MemorySemanticsName> memoryOrderNames();
/// Every `memory_scope_*` spelling with its value, in value order
/// (`memory_scope_all_devices`, 3.0's name for value 3, after `memory_scope_all_svm_devices`).
std::span<const MemorySemanticsName> memoryScopeNames();
/// The spelling of memory order `value` ("memory_order_acquire"), or nullptr for no order.
const char* memoryOrderName(uint8_t value);
/// The spelling of memory scope `value` (the first one: "memory_scope_all_svm_devices" for
/// 3), or nullptr for no scope.
const char* memoryScopeName(uint8_t value);

} // namespace clstep
