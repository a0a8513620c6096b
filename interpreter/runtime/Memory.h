#pragma once

#include "core/Address.h"
#include "core/AddressSpace.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clstep {

/// One allocation inside an address space: a kernel buffer, a `__local` array, a `__private`
/// variable, a program-scope `__constant` variable. Bytes are stored in DEVICE byte order.
struct Buffer {
    std::vector<uint8_t> bytes;
    bool alive = false;     ///< false once released (use after scope end is "dangling")
    bool readOnly = false;  ///< host marked it `ro` (writes are reported)
    bool writeOnly = false; ///< host marked it `wo` (reads are reported)
    /// Unique per allocation in the process (never 0 for a live buffer): checks compare it
    /// to notice that a slot was released and reused, and reset their shadow state.
    uint64_t serial = 0;
    /// The string that is the buffer's name when it came through Memory::allocateNamed() (a
    /// declaration's name, which outlives the Memory: kept by reference, not copied), else
    /// null (the name is ownName then).
    const std::string* nameSource = nullptr;
    /// The name when nameSource is null (Memory::allocate(), setName()).
    std::string ownName;
    /// Variable or argument name, for reports and memory panes.
    const std::string& name() const { return nameSource ? *nameSource : ownName; }
    /// Names the buffer `n` (a copy of its own).
    void setName(std::string n) {
        ownName = std::move(n);
        nameSource = nullptr;
    }
    uint64_t size() const { return bytes.size(); }
};

/// The byte-accurate memory of one address space (spec 3.3.1): a set of buffers addressed by
/// encoded device addresses (Address.h). `__global` and `__constant` have one Memory per run,
/// `__local` one per work-group, `__private` one per work-item.
class Memory {
public:
    explicit Memory(AddressSpace space) : m_space(space) { m_buffers.emplace_back(); }

    AddressSpace space() const { return m_space; }

    /// Allocates `size` zeroed bytes named `name`; returns the buffer's address (offset 0).
    /// Released buffer slots are reused. Throws std::length_error past 2^21 live buffers.
    uint64_t allocate(uint64_t size, const std::string& name) {
        uint8_t* data;
        return allocate(size, name, data);
    }
    /// allocate(), also setting `data` to the new buffer's first byte (valid until the buffer
    /// is released or another buffer of this Memory is allocated). A slot released by clear()
    /// is normally handed to the same variable again by the next work-item, so its name and
    /// storage are kept and only its bytes are zeroed.
    uint64_t allocate(uint64_t size, const std::string& name, uint8_t*& data);
    /// allocate() for a `name` that lives, unchanged, as long as this Memory (the name of a
    /// variable or parameter of the program being run): the buffer refers to it
    /// (Buffer::nameSource) instead of copying it.
    uint64_t allocateNamed(uint64_t size, const std::string& name, uint8_t*& data);
    /// allocateNamed() returning the new buffer itself (alive, writable, `size` zero bytes, a
    /// new serial) and its index in `index` (its address: address::make(space(), index, 0)):
    /// for a caller that writes and marks its bytes at once (a declaration's initializer, a
    /// parameter), without looking the buffer up again. The reference is valid until another
    /// buffer of this Memory is allocated.
    Buffer& allocateNamedBuffer(uint64_t size, const std::string& name, uint32_t& index);
    /// Releases the buffer containing `address` (later accesses are reported as dangling); its
    /// bytes stay, unreachable, for the slot's next allocation (a callee's next frame) to zero.
    void release(uint64_t address);
    /// release() of each of the `count` addresses at `addresses`, in order, skipping 0 and
    /// the addresses of other address spaces (a call frame's slots and temporaries at return).
    void releaseEach(const uint64_t* addresses, size_t count);
    /// Releases everything (addresses are then handed out again as by a new Memory).
    void clear() { clear(0); }
    /// clear(), except that the live buffers among the first `keep` (indices 1..keep) stay
    /// allocated, the same objects: address, size, name, serial and bytes as they are (the
    /// caller overwrites what must change). A work-item's kernel arguments are bound so,
    /// into the buffers of the previous work-item's arguments. The other buffers are
    /// handed out again in the order a new Memory would use.
    void clear(uint32_t keep);
    /// Buffers up to this size that clear() releases keep their storage (bytes).
    static constexpr uint64_t kRetainedBytes = 256;

    /// The buffer of `address`, or nullptr if the index is not a buffer of this Memory.
    Buffer* buffer(uint64_t address) {
        uint32_t b = address::buffer(address);
        return b && b < m_buffers.size() ? &m_buffers[b] : nullptr;
    }
    const Buffer* buffer(uint64_t address) const {
        uint32_t b = address::buffer(address);
        return b && b < m_buffers.size() ? &m_buffers[b] : nullptr;
    }
    /// Pointer to `size` bytes at `address` if they lie inside a live buffer, else nullptr.
    uint8_t* bytes(uint64_t address, uint64_t size) {
        Buffer* b = buffer(address);
        uint64_t off = address::offset(address);
        if (!b || !b->alive || off > b->bytes.size() || size > b->bytes.size() - off)
            return nullptr;
        return b->bytes.data() + off;
    }
    /// Bytes of the live buffers, added up (a work-item's private memory in use; the limit
    /// RunOptions::maxWorkItemPrivateBytes applies to it, Evaluator::declareStorage).
    uint64_t liveBytes() const { return m_liveBytes; }
    /// All buffer slots (index 0 is the unused null slot).
    const std::vector<Buffer>& buffers() const { return m_buffers; }

private:
    AddressSpace m_space;
    /// The slot allocate() hands out next, allocated as new (alive, `size` zero bytes, read
    /// and write allowed, a new serial) apart from its name; `index` is set to its index.
    Buffer& take(uint64_t size, uint32_t& index);
    /// take()'s index when no released slot is free: one that clear() released, else a new
    /// slot (std::length_error past address::kMaxBuffers).
    uint32_t takeUnused();
    /// release() of a live buffer `b` of index `index`.
    void releaseLive(Buffer& b, uint32_t index);
    std::vector<Buffer> m_buffers;
    /// Released slots, the last released on top: allocate() hands these out first.
    std::vector<uint32_t> m_free;
    /// Then the slots from m_next up, in ascending order (those that clear() released, as a
    /// free list of all of them in descending order would), then new slots.
    uint32_t m_next = 1;
    uint64_t m_liveBytes = 0; ///< liveBytes()
};

} // namespace clstep
