#pragma once

#include "common/SparseArray.h"
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
/// for writes) in a shadow of each `__global` buffer whose pages are allocated on first use
/// (SparseArray), plus the list of blocks the group touched, so a group costs in proportion to
/// what it touched, and recording an access of at most 64 bytes within one block is a few
/// instructions (record()). An atomic function's access counts as a read and a write, as the
/// checked path's race detector counts it: two groups that update one word atomically depend
/// on each other's order (the old value an atomic function returns differs).
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

    /// Records an access of `size` bytes at `address` (a `__global` address, in bounds of a
    /// live buffer: the port performed the access), a write when `write` (else a read).
    void record(uint64_t address, uint64_t size, bool write) {
        const uint32_t index = address::buffer(address);
        if (index >= m_shadows.size() || m_shadows[index].size() == 0) [[unlikely]]
            if (!prepare(index)) return;
        const uint64_t offset = address::offset(address);
        const uint64_t bit = offset & 63;
        if (bit + size <= 64 && size < 64) [[likely]] {
            mark(index, offset >> 6, ((uint64_t(1) << size) - 1) << bit, write);
            return;
        }
        recordSpan(index, offset, size, write);
    }
    /// The blocks recorded since the last take() (in the order first touched), which are
    /// forgotten.
    std::vector<Block> take();

private:
    void mark(uint32_t index, uint64_t block, uint64_t mask, bool write) {
        Bits& b = m_shadows[index][block];
        if (!(b.read | b.written)) m_touched.push_back({index, block});
        (write ? b.written : b.read) |= mask;
    }
    /// record() of an access that spans blocks (or covers one whole).
    void recordSpan(uint32_t index, uint64_t offset, uint64_t size, bool write);
    /// Sizes the shadow of buffer `index` (false when there is no such buffer).
    bool prepare(uint32_t index);

    struct Touched {
        uint32_t buffer;
        uint64_t block;
    };
    const Memory& m_global;
    std::vector<SparseArray<Bits>> m_shadows; ///< by buffer index, a Bits per 64 bytes
    std::vector<Touched> m_touched;
};

} // namespace clstep
