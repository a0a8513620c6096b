#include "runtime/Memory.h"

#include <atomic>
#include <stdexcept>

namespace clstep {

namespace {
std::atomic<uint64_t> g_nextSerial{0};

/// A process-unique serial. Threads take blocks of 4096 from the shared counter, so the
/// per-allocation cost is a thread-local increment rather than an atomic operation.
uint64_t nextSerial() {
    constexpr uint64_t kBlock = 4096;
    thread_local uint64_t next = 0, end = 0;
    if (next == end) {
        next = g_nextSerial.fetch_add(kBlock, std::memory_order_relaxed) + 1;
        end = next + kBlock;
    }
    return next++;
}
} // namespace

uint64_t Memory::allocate(uint64_t size, const std::string& name, uint8_t*& data) {
    uint32_t index;
    if (!m_free.empty()) {
        index = m_free.back();
        m_free.pop_back();
    } else {
        if (m_buffers.size() >= address::kMaxBuffers)
            throw std::length_error("too many live allocations in one address space");
        index = static_cast<uint32_t>(m_buffers.size());
        m_buffers.emplace_back();
    }
    Buffer& b = m_buffers[index];
    b.bytes.assign(size, 0);
    if (b.name != name) b.name = name; // usually the same variable as before clear()
    data = b.bytes.data();
    b.alive = true;
    b.readOnly = b.writeOnly = false;
    b.serial = nextSerial();
    return address::make(m_space, index, 0);
}

void Memory::release(uint64_t address) {
    Buffer* b = buffer(address);
    if (!b || !b->alive) return;
    b->alive = false;
    b->bytes.clear();
    if (b->bytes.capacity() > kRetainedBytes) b->bytes.shrink_to_fit();
    m_free.push_back(address::buffer(address));
}

void Memory::clear(uint32_t keep) {
    // Slots are kept (small ones with their storage) and handed out again from index 1, so
    // a cleared Memory allocates the same addresses as a new one without calling malloc.
    m_free.clear();
    for (size_t i = m_buffers.size(); i-- > 1;) {
        Buffer& b = m_buffers[i];
        if (i <= keep && b.alive) {
            b.readOnly = b.writeOnly = false;
            b.serial = nextSerial(); // a new object: checks reset their state for it
            continue;
        }
        b.alive = false;
        b.bytes.clear();
        if (b.bytes.capacity() > kRetainedBytes) b.bytes.shrink_to_fit();
        m_free.push_back(static_cast<uint32_t>(i));
    }
}

} // namespace clstep
