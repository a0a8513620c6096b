#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace clstep {

/// Which bytes of one buffer were written (the shadow memory of the uninitialized-read check,
/// checks/UninitializedChecker): one flag per byte, a 64-bit mask for buffers of up to 64
/// bytes, a byte vector otherwise. `serial` is the Buffer::serial the flags belong to: a
/// buffer slot released and allocated again gets a new serial, and reset() clears the flags.
/// Offsets and counts are in bytes; the caller keeps them inside `size`.
struct ByteWrites {
    uint64_t serial = 0;
    uint64_t size = 0;
    uint64_t mask = 0;          ///< buffers of up to 64 bytes
    std::vector<uint8_t> bytes; ///< larger buffers (1 = written)

    /// No byte written, for the buffer with `newSerial` of `newSize` bytes.
    void reset(uint64_t newSerial, uint64_t newSize) {
        serial = newSerial;
        size = newSize;
        mask = 0;
        if (newSize > 64)
            bytes.assign(newSize, 0);
        else
            bytes.clear();
    }
    /// True when byte `offset` was written.
    bool test(uint64_t offset) const {
        return size <= 64 ? ((mask >> offset) & 1) != 0 : bytes[offset] != 0;
    }
    /// True when all of bytes [offset, offset + count) were written.
    bool all(uint64_t offset, uint64_t count) const {
        if (size <= 64) {
            const uint64_t bits = bitsOf(offset, count);
            return (mask & bits) == bits;
        }
        if (count == 4) { // a 4-byte scalar: the four flags (0 or 1) as one word
            uint32_t w;
            std::memcpy(&w, bytes.data() + offset, 4);
            return w == 0x01010101u;
        }
        for (uint64_t i = 0; i < count; ++i)
            if (!bytes[offset + i]) return false;
        return true;
    }
    /// Marks bytes [offset, offset + count) written, or copies `flags` (1 = written) to them.
    void set(uint64_t offset, uint64_t count, const uint8_t* flags) {
        if (size <= 64 && !flags) {
            mask |= bitsOf(offset, count);
        } else if (size <= 64) {
            for (uint64_t i = 0; i < count; ++i) {
                const uint64_t bit = uint64_t(1) << (offset + i);
                if (flags[i])
                    mask |= bit;
                else
                    mask &= ~bit;
            }
        } else if (!flags && count == 4) { // a 4-byte scalar: one word, no memset call
            const uint32_t w = 0x01010101u;
            std::memcpy(bytes.data() + offset, &w, 4);
        } else if (!flags) {
            std::memset(bytes.data() + offset, 1, count);
        } else {
            std::memcpy(bytes.data() + offset, flags, count);
        }
    }

private:
    /// The mask bits of bytes [offset, offset + count) (offset + count <= 64).
    static uint64_t bitsOf(uint64_t offset, uint64_t count) {
        return (count >= 64 ? ~uint64_t(0) : ((uint64_t(1) << count) - 1)) << offset;
    }
};

} // namespace clstep
