#pragma once

#include "core/Type.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::repl {

/// A variable declared by an entry and kept across entries: each synthetic kernel declares
/// it again, loads its bytes from the state buffer and stores them back after the entry.
struct PersistentVariable {
    std::string name;
    /// Its declaration without initializer ("float4 v", "__local int tile[16]").
    std::string declaration;
    /// "__global float4 *" (const kept) for loading it, and without const for storing it.
    std::string loadPointer;
    std::string storePointer;
    AddressSpace space = AddressSpace::Private; ///< Private or Local
    bool isArray = false;
    bool isConst = false;
    uint64_t size = 0;
    uint64_t align = 1;
    uint64_t offset = 0;        ///< in the state buffer (ReplState::layout)
    std::vector<uint8_t> bytes; ///< its value, in device byte order
    QualType type;              ///< owned by ReplState::typeOwner
    uint32_t origin = 0;        ///< the entry that declared it
};

} // namespace clstep::repl
