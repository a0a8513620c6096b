#pragma once

// Storing the bytes a launch changed (the platform's write-back of kernel arguments): a block
// operation instead of a byte-by-byte compare and store.

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace clstep {

/// Stores into `dst` every byte of `after` that differs from the byte at the same offset of
/// `before`, and leaves the other bytes of `dst` untouched (not even rewritten with their own
/// value); `n` bytes each. The result is that of
/// `for (i < n) if (after[i] != before[i]) dst[i] = after[i];`, computed 64 bytes (unchanged
/// blocks, skipped with memcmp) and 8 bytes (words whose bytes all changed, stored whole) at a
/// time. `dst` may be `before` or `after`; otherwise the three ranges must not overlap.
inline void copyChangedBytes(uint8_t* dst, const uint8_t* before, const uint8_t* after, size_t n) {
    constexpr uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
    constexpr size_t kBlock = 64;
    size_t i = 0;
    while (i < n) {
        const size_t end = n - i >= kBlock ? i + kBlock : n;
        if (end - i == kBlock && std::memcmp(before + i, after + i, kBlock) == 0) {
            i = end;
            continue;
        }
        for (; i + 8 <= end; i += 8) {
            uint64_t b, a;
            std::memcpy(&b, before + i, 8);
            std::memcpy(&a, after + i, 8);
            const uint64_t d = a ^ b;
            if (!d) continue;
            if (((d - kOnes) & ~d & kHighs) == 0) { // no byte of d is 0: all 8 changed
                std::memcpy(dst + i, &a, 8);
                continue;
            }
            for (size_t k = i; k < i + 8; ++k)
                if (after[k] != before[k]) dst[k] = after[k];
        }
        for (; i < end; ++i)
            if (after[i] != before[i]) dst[i] = after[i];
    }
}

} // namespace clstep
