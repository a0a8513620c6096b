#pragma once

#include "core/AddressSpace.h"

#include <cstdint>
#include <string>

namespace clstep::debug {

/// A simulated device address taken apart for display, so that front ends never decode the
/// runtime's pointer encoding (runtime/Address.h) themselves. Every value the debugger
/// reports as an address (Snapshot regions and variables, trace entries, pointer values,
/// watchpoints) can be described.
struct AddressView {
    bool null = true;                        ///< the null pointer (0 in every space)
    AddressSpace space = AddressSpace::None; ///< spec 6.5 address space; None for NULL
    uint32_t buffer = 0;                     ///< buffer index inside that space (1-based)
    uint64_t offset = 0;                     ///< byte offset inside the buffer
    std::string text;                        ///< "global #1 + 0x10", or "NULL"

    /// True when `other` lies in the same buffer of the same address space.
    bool sameBuffer(const AddressView& other) const {
        return space == other.space && buffer == other.buffer;
    }
};

/// Describes the encoded device address `address` (bytes of a 64-bit device pointer as the
/// Session reports it): its space, buffer, byte offset and the text the views print
/// ("global #1 + 0x10"; "NULL" for 0). Never fails: any 64-bit value has a description.
AddressView describe(uint64_t address);

} // namespace clstep::debug
