#pragma once

#include "core/Address.h"
#include "runtime/Memory.h"

#include <cstdint>

namespace clstep {

/// True when an access of `size` bytes at encoded `address`, which lies in buffer `b` (null:
/// no buffer there), may be done in place, with `bytes` set to its first byte: the buffer is
/// live, allows it (a write: not read-only; a read: not write-only; Buffer), holds all `size`
/// bytes, and the address is aligned to `align` bytes (a power of two; 1: any). False
/// otherwise, `bytes` untouched: the access then goes through the checked path, which reports
/// what is wrong (a dangling, out-of-bounds, misaligned or read-only access;
/// docs/diagnostics.md). DirectPort::direct() and the Evaluator's in-place `__private` paths
/// decide by this one test. (A bool and not a null pointer: the callers' tests then fold
/// into these branches.)
[[gnu::always_inline]] inline bool inPlaceBytes(Buffer* b, uint64_t address, uint64_t size,
                                                bool write, uint64_t align, uint8_t*& bytes) {
    const uint64_t off = address::offset(address);
    if (!b || !b->alive || (write ? b->readOnly : b->writeOnly) || off + size > b->bytes.size() ||
        (off & (align - 1)) != 0)
        return false;
    bytes = b->bytes.data() + off;
    return true;
}

} // namespace clstep
