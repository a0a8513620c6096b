#pragma once

#include "core/Address.h"
#include "runtime/MemoryPort.h"

#include <array>
#include <cstdint>

namespace clstep {

class Memory;

/// Where a work-item's memory accesses go: the memory port its run chose for this thread
/// (MemoryPort), and the Memory of each address space. A part of WorkItem; also caches the
/// port's MemoryPort::directSlot() answers (asked once per port).
struct MemoryRoute {
    /// The run's port for this thread (never null once attached; the Inspector swaps in an
    /// InspectPort while it evaluates).
    MemoryPort* port = nullptr;
    /// The Memory of each address space, by its AddressSpace value (memoryOf()).
    std::array<Memory*, 8> spaces{};
    /// The port directSlot() last asked, and its answers (uninitialized, initialized).
    const MemoryPort* directSlotPort = nullptr;
    bool directSlotAnswer[2] = {false, false};

    /// The memory of the address space `address` points into, or nullptr for an address in
    /// no address space.
    Memory* memoryOf(uint64_t address) const { return spaces[address >> address::kSpaceShift]; }
    /// MemoryPort::directSlot(initializedNow) of the current port, asked once per port (the
    /// answer depends only on the port; a run's ports live as long as its work-items, so a
    /// port's address is not reused meanwhile).
    bool directSlot(bool initializedNow) {
        if (directSlotPort != port) [[unlikely]] {
            directSlotPort = port;
            directSlotAnswer[0] = port->directSlot(false);
            directSlotAnswer[1] = port->directSlot(true);
        }
        return directSlotAnswer[initializedNow ? 1 : 0];
    }
};

} // namespace clstep
