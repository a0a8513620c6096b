#include "core/MemorySemantics.h"

namespace clstep {

namespace {

constexpr MemorySemanticsName kOrders[] = {{"memory_order_relaxed", memory_order::kRelaxed},
                                           {"memory_order_acquire", memory_order::kAcquire},
                                           {"memory_order_release", memory_order::kRelease},
                                           {"memory_order_acq_rel", memory_order::kAcqRel},
                                           {"memory_order_seq_cst", memory_order::kSeqCst}};

constexpr MemorySemanticsName kScopes[] = {
    {"memory_scope_work_item", memory_scope::kWorkItem},
    {"memory_scope_work_group", memory_scope::kWorkGroup},
    {"memory_scope_device", memory_scope::kDevice},
    {"memory_scope_all_svm_devices", memory_scope::kAllSvmDevices},
    {"memory_scope_all_devices", memory_scope::kAllSvmDevices},
    {"memory_scope_sub_group", memory_scope::kSubGroup}};

const char* nameIn(std::span<const MemorySemanticsName> names, uint8_t value) {
    for (const MemorySemanticsName& n : names)
        if (n.value == value) return n.name;
    return nullptr;
}

} // namespace

std::span<const MemorySemanticsName> memoryOrderNames() {
    return kOrders;
}

std::span<const MemorySemanticsName> memoryScopeNames() {
    return kScopes;
}

const char* memoryOrderName(uint8_t value) {
    return nameIn(kOrders, value);
}

const char* memoryScopeName(uint8_t value) {
    return nameIn(kScopes, value);
}

} // namespace clstep
