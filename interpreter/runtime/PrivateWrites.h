#pragma once

#include "core/Address.h"
#include "runtime/ByteWrites.h"
#include "runtime/Memory.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace clstep {

class WorkItem;

/// Which bytes of the `__private` buffers of each work-item of the running work-group were
/// written: the `__private` shadow memory of the uninitialized-read check
/// (checks/UninitializedChecker, which owns it and returns it from
/// ExecutionObserver::privateWrites()).
///
/// It lives in runtime/ so that a memory port can keep it itself for the `__private` loads
/// and stores it performs in place (DirectPort): a store marks its bytes written, a load of
/// bytes all written needs nothing else, and only a load of never-written bytes (a report)
/// and byte copies that leave `__private` memory go to the observer as a MemoryAccess.
/// Addresses are encoded `__private` addresses (core/Address.h), sizes in bytes; the buffer
/// passed with an address is the one it lies in. Not thread-safe: one per thread's checker.
class PrivateWrites {
public:
    /// The flags of buffer `b` (at `address`) of work-item `wi`, cleared when the buffer's
    /// slot was allocated again since they were last used (Buffer::serial).
    ByteWrites& of(const WorkItem* wi, uint64_t address, const Buffer& b) {
        std::vector<ByteWrites>& item = itemOf(wi);
        const uint32_t index = address::buffer(address);
        if (index >= item.size()) item.resize(index + 1);
        ByteWrites& w = item[index];
        if (w.serial != b.serial) w.reset(b.serial, b.size());
        return w;
    }
    /// A store of `size` bytes at `address` (in buffer `b`) by `wi`.
    void written(const WorkItem* wi, uint64_t address, uint64_t size, const Buffer& b) {
        ByteWrites& w = of(wi, address, b);
        const uint64_t off = address::offset(address);
        if (off + size <= w.size) w.set(off, size, nullptr);
    }
    /// False when a load of `size` bytes at `address` (in buffer `b`) by `wi` reads a byte
    /// never written (an uninitialized read).
    bool allWritten(const WorkItem* wi, uint64_t address, uint64_t size, const Buffer& b) {
        const ByteWrites& w = of(wi, address, b);
        const uint64_t off = address::offset(address);
        return off + size > w.size || w.all(off, size);
    }
    /// A byte copy of `size` bytes by `wi` from `src` (in buffer `sb`) to `dst` (in buffer
    /// `db`), both `__private`: the destination bytes take the written state of the source
    /// bytes (a copy is not a use: UninitializedChecker).
    void copied(const WorkItem* wi, uint64_t dst, const Buffer& db, uint64_t src, const Buffer& sb,
                uint64_t size) {
        std::vector<ByteWrites>& item = itemOf(wi);
        const uint32_t hi = std::max(address::buffer(dst), address::buffer(src));
        if (hi >= item.size()) item.resize(hi + 1); // of() below does not resize again
        const ByteWrites& s = of(wi, src, sb);
        const uint64_t so = address::offset(src);
        const bool allWritten = so + size > s.size || s.all(so, size);
        if (!allWritten) {
            m_flags.assign(size, 1);
            for (uint64_t i = 0; i < size; ++i)
                m_flags[i] = s.test(so + i) ? 1 : 0;
        }
        ByteWrites& d = of(wi, dst, db);
        const uint64_t off = address::offset(dst);
        if (off + size <= d.size) d.set(off, size, allWritten ? nullptr : m_flags.data());
    }
    /// Forgets every work-item (the group's work-items and private memories went away).
    void clear() {
        m_items.clear();
        m_lastItem = nullptr;
        m_last = nullptr;
    }

private:
    std::vector<ByteWrites>& itemOf(const WorkItem* wi) {
        if (wi != m_lastItem) [[unlikely]] {
            m_lastItem = wi;
            m_last = &m_items[wi];
        }
        return *m_last;
    }

    std::unordered_map<const WorkItem*, std::vector<ByteWrites>> m_items;
    const WorkItem* m_lastItem = nullptr;
    std::vector<ByteWrites>* m_last = nullptr; ///< m_items[m_lastItem]
    std::vector<uint8_t> m_flags;              ///< copied(): the source's flags
};

} // namespace clstep
