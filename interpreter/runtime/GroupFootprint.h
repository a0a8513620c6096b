#pragma once

#include "core/Address.h"
#include "runtime/Memory.h"

#include <cstdint>
#include <vector>

namespace clstep {

/// The `__global` bytes one work-group read and wrote, byte-exact: the record a memory port
/// keeps for the work-groups of a parallel run that no observer proves independent (a
/// `--no-checks` run, or one whose observers need no proof, ExecutionObserver::
/// parallelWithoutProof). One per thread, for the group the thread runs; take() hands the
/// record over when the group ends (KernelRun::runParallel gives it to a FootprintLedger).
///
/// Bytes are recorded in 64-byte blocks of bits (one bit per byte, one word for reads, one
/// for writes) in a shadow of each `__global` buffer the thread touches (16 bytes per 64 bytes
/// of buffer, zeroed pages that the host commits on first use), plus the list of blocks the
/// group touched, so handing a group over costs in proportion to what it touched, and
/// recording an access within one block is a few instructions (record()). An atomic
/// function's access counts as a read and a write, as the checked path's race detector counts
/// it: two groups that update one word atomically depend on each other's order (the old value
/// an atomic function returns differs).
class GroupFootprint {
public:
    /// The read and written bytes of one 64-byte block of a buffer (bit i = byte i).
    struct Bits {
        uint64_t read = 0;
        uint64_t written = 0;
    };
    /// One touched block: its `__global` buffer index, block number (byte offset / 64) and
    /// bits.
    struct Block {
        uint32_t buffer = 0;
        uint64_t block = 0;
        Bits bits;
    };

    /// A record of accesses to the buffers of `global` (the run's `__global` memory, which
    /// must outlive it and allocates no buffer while it is used).
    explicit GroupFootprint(const Memory& global) : m_global(global) {}
    ~GroupFootprint();
    GroupFootprint(const GroupFootprint&) = delete;
    GroupFootprint& operator=(const GroupFootprint&) = delete;

    /// Records an access of `size` (at least 1) bytes at `address` (a `__global` address, in
    /// bounds of a live buffer: the port performed the access), a write when `write` (else a
    /// read).
    void record(uint64_t address, uint64_t size, bool write) {
        const uint32_t index = address::buffer(address);
        Bits* bits = index < m_shadows.size() ? m_shadows[index] : nullptr;
        if (!bits) [[unlikely]]
            if (!(bits = prepare(index))) return;
        const uint64_t offset = address::offset(address);
        const uint64_t bit = offset & 63;
        if (bit + size <= 64) [[likely]] {
            Bits& b = bits[offset >> 6];
            if (!(b.read | b.written)) m_touched.push_back({index, offset >> 6});
            (write ? b.written : b.read) |= (~uint64_t(0) >> (64 - size)) << bit;
            return;
        }
        recordSpan(bits, index, offset, size, write);
    }
    /// The blocks recorded since the last take() (in the order first touched), which are
    /// forgotten.
    std::vector<Block> take();
    /// True once a shadow could not be allocated (the host's memory ran out): the record is
    /// incomplete, so it proves nothing.
    bool failed() const { return m_failed; }

    /// A zeroed shadow of `bytes` bytes of buffer (a Bits per 64 bytes, pages committed on
    /// first use), to be released with releaseShadow(); null when `bytes` is 0 or the host's
    /// memory ran out.
    static Bits* newShadow(uint64_t bytes);
    static void releaseShadow(Bits* shadow);

private:
    /// record() of an access that spans blocks.
    void recordSpan(Bits* bits, uint32_t index, uint64_t offset, uint64_t size, bool write);
    /// The shadow of buffer `index`, made on first use (null when there is no such buffer, or
    /// failed() when it could not be allocated).
    Bits* prepare(uint32_t index);

    struct Touched {
        uint32_t buffer;
        uint64_t block;
    };
    const Memory& m_global;
    std::vector<Bits*> m_shadows; ///< by buffer index: its shadow, or null
    std::vector<Touched> m_touched;
    bool m_failed = false;
};

} // namespace clstep
