#include "runtime/Memory.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>

namespace clstep {

namespace {
std::atomic<uint64_t> g_nextSerial{0};

constexpr uint64_t kSerialBlock = 4096;
/// This thread's block of serials: the next one and the end of the block.
thread_local uint64_t t_nextSerial = 0, t_serialEnd = 0;

/// `n` consecutive process-unique serials (the first is returned). Threads take blocks of
/// 4096 from the shared counter, so the per-allocation cost is a thread-local increment
/// rather than an atomic operation.
uint64_t nextSerials(uint64_t n) {
    if (t_serialEnd - t_nextSerial < n) {
        if (n > kSerialBlock) return g_nextSerial.fetch_add(n, std::memory_order_relaxed) + 1;
        t_nextSerial = g_nextSerial.fetch_add(kSerialBlock, std::memory_order_relaxed) + 1;
        t_serialEnd = t_nextSerial + kSerialBlock;
    }
    const uint64_t first = t_nextSerial;
    t_nextSerial += n;
    return first;
}

/// Sets `n` bytes at `p` to zero; the sizes of scalars, vectors and small structures with
/// two overlapping stores instead of a call.
inline void zero(uint8_t* p, uint64_t n) {
    if (n >= 8 && n <= 16) {
        const uint64_t z = 0;
        std::memcpy(p, &z, 8);
        std::memcpy(p + n - 8, &z, 8);
    } else if (n >= 4 && n < 8) {
        const uint32_t z = 0;
        std::memcpy(p, &z, 4);
        std::memcpy(p + n - 4, &z, 4);
    } else if (n < 4) {
        if (n) p[0] = p[n - 1] = p[n / 2] = 0;
    } else {
        std::memset(p, 0, n);
    }
}

/// A process-unique serial.
uint64_t nextSerial() {
    return nextSerials(1);
}
} // namespace

uint32_t Memory::takeUnused() {
    if (m_next < m_buffers.size()) return m_next++; // a slot released by clear()
    if (m_buffers.size() >= address::kMaxBuffers)
        throw std::length_error("too many live allocations in one address space");
    const uint32_t index = static_cast<uint32_t>(m_buffers.size());
    m_buffers.emplace_back();
    m_next = index + 1;
    return index;
}

namespace {
/// Gives `bytes` `size` zero bytes in a slot taken again: a released slot keeps its bytes
/// (unreachable), and a callee's frame mostly takes slots its previous call released, with
/// their sizes or others of a few bytes, so the storage is kept and only zeroed again.
inline void renewBytes(std::vector<uint8_t>& bytes, uint64_t size) {
    const uint64_t had = bytes.size();
    if (had == size) [[likely]] {
        zero(bytes.data(), size);
    } else if (had > size) { // shrinks in place: nothing to fill
        bytes.resize(size);
        zero(bytes.data(), size);
    } else if (had && size <= bytes.capacity()) { // grows in place: the new bytes are zeroed
        bytes.resize(size);
        zero(bytes.data(), had);
    } else {
        bytes.assign(size, 0); // a slot clear() released (no bytes), or more storage
    }
}
} // namespace

inline Buffer& Memory::take(uint64_t size, uint32_t& index) {
    if (!m_free.empty()) {
        index = m_free.back();
        m_free.pop_back();
    } else if (m_next < m_buffers.size()) {
        index = m_next++; // a slot released by clear()
    } else {
        index = takeUnused();
    }
    Buffer& b = m_buffers[index];
    renewBytes(b.bytes, size);
    m_liveBytes += size;
    b.alive = true;
    b.readOnly = b.writeOnly = false;
    b.serial = nextSerial();
    return b;
}

uint64_t Memory::allocate(uint64_t size, const std::string& name, uint8_t*& data) {
    uint32_t index;
    Buffer& b = take(size, index);
    if (b.ownName != name) b.ownName = name; // usually the same variable as before clear()
    b.nameSource = nullptr;
    data = b.bytes.data();
    return address::make(m_space, index, 0);
}

uint64_t Memory::allocateNamed(uint64_t size, const std::string& name, uint8_t*& data) {
    uint32_t index;
    Buffer& b = take(size, index);
    b.nameSource = &name; // by reference: `name` outlives this Memory
    data = b.bytes.data();
    return address::make(m_space, index, 0);
}

Buffer& Memory::allocateNamedBuffer(uint64_t size, const std::string& name, uint32_t& index) {
    Buffer& b = take(size, index);
    b.nameSource = &name; // by reference: `name` outlives this Memory
    return b;
}

inline void Memory::releaseLive(Buffer& b, uint32_t index) {
    b.alive = false;
    m_liveBytes -= b.bytes.size();
    // The bytes stay (unreachable: a released buffer is not alive) for the slot's next
    // allocation, which zeroes them (take()); clear() frees large ones.
    m_free.push_back(index);
}

void Memory::release(uint64_t address) {
    Buffer* b = buffer(address);
    if (!b || !b->alive) return;
    releaseLive(*b, address::buffer(address));
}

void Memory::releaseEach(const uint64_t* addresses, size_t count) {
    const uint32_t n = static_cast<uint32_t>(m_buffers.size());
    for (size_t i = 0; i < count; ++i) {
        const uint64_t a = addresses[i];
        const uint32_t index = address::buffer(a);
        if (!a || address::space(a) != m_space || !index || index >= n) continue;
        Buffer& b = m_buffers[index];
        if (b.alive) releaseLive(b, index);
    }
}

void Memory::clear(uint32_t keep) {
    // Slots are kept (small ones with their storage) and handed out again from index 1, so
    // a cleared Memory allocates the same addresses as a new one without calling malloc.
    // The kept buffers stay the objects they were (their serial too: the checks' state for
    // them, e.g. a kernel argument's written flags, stays theirs; no serial taken per clear).
    m_free.clear();
    const uint32_t n = static_cast<uint32_t>(m_buffers.size());
    Buffer* const buffers = m_buffers.data(); // no allocation below
    uint64_t live = 0;                        // m_liveBytes, in a register
    const uint32_t keepable = std::min(keep, n - 1);
    uint32_t kept = 0; // leading kept buffers (1..kept), all alive
    while (kept < keepable && buffers[kept + 1].alive)
        live += buffers[++kept].bytes.size();
    for (uint32_t i = kept + 1; i < n; ++i) {
        Buffer& b = buffers[i];
        if (!b.alive) continue; // released already
        if (i <= keep) {        // kept, after a released one
            live += b.bytes.size();
            continue;
        }
        b.alive = false;
        b.bytes.clear();
        if (b.bytes.capacity() > kRetainedBytes) b.bytes.shrink_to_fit();
    }
    m_liveBytes = live;
    m_next = kept + 1;
    if (kept >= keep || kept + 1 >= n) return;
    // A released buffer among the kept ones: hand the released slots out in ascending
    // order, skipping the kept ones (a free list, lowest index on top).
    for (uint32_t i = n; i-- > kept + 1;)
        if (!buffers[i].alive) m_free.push_back(i);
    m_next = n;
}

} // namespace clstep
