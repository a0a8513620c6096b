#pragma once

#include "core/Address.h"
#include "runtime/ByteWrites.h"
#include "runtime/Memory.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace clstep {

/// Which bytes of the `__private` buffers of each work-item of the running work-group were
/// written, by local linear id (spec 3.2.1): the `__private` shadow memory of the
/// uninitialized-read check (checks/UninitializedChecker, which owns it and returns it from
/// ExecutionObserver::privateWrites()).
///
/// It lives in runtime/ so that a memory port can keep it itself for the `__private` loads
/// and stores it performs in place (DirectPort): a store marks its bytes written, a load of
/// bytes all written needs nothing else, and only a load of never-written bytes (a report)
/// and byte copies that leave `__private` memory go to the observer as a MemoryAccess.
/// Addresses are encoded `__private` addresses (core/Address.h), sizes in bytes; the buffer
/// passed with an address is the one it lies in. Not thread-safe: one per thread's checker.
///
/// The flags of a work-item stay for the work-item with the same local id in the next
/// work-groups (their storage too): each buffer's flags name the Buffer::serial they belong
/// to, unique per allocation in the process, so a buffer of a later work-item never takes
/// the flags of an earlier one.
class PrivateWrites {
public:
    /// The flags of buffer `b` (at `address`) of the work-item with local linear id
    /// `itemId`, cleared when the buffer's slot was allocated again since they were last
    /// used (Buffer::serial).
    [[gnu::always_inline]] ByteWrites& of(uint64_t itemId, uint64_t address, const Buffer& b) {
        std::vector<ByteWrites>& item = itemOf(itemId);
        const uint32_t index = address::buffer(address);
        if (index < item.size()) [[likely]] {
            ByteWrites& w = item[index];
            if (w.serial == b.serial) [[likely]]
                return w;
            if (b.size() <= 64) {
                // a new small buffer in a slot seen before: ByteWrites::reset() without the
                // call (the byte vector is not used at this size)
                ++m_built;
                w.serial = b.serial;
                w.size = b.size();
                w.mask = 0;
                return w;
            }
        }
        return renew(item, index, b);
    }
    /// A store of `size` bytes at `address` (in buffer `b`) by work-item `itemId`.
    [[gnu::always_inline]] void written(uint64_t itemId, uint64_t address, uint64_t size,
                                        const Buffer& b) {
        ByteWrites& w = of(itemId, address, b);
        const uint64_t off = address::offset(address);
        if (off + size <= w.size) w.set(off, size, nullptr);
    }
    /// written() of the first `size` bytes (at most b.size()) of buffer `b` of index `index`
    /// (offset 0) by work-item `itemId`: a buffer just allocated (Memory::allocateNamedBuffer)
    /// and initialized, a declaration's initializer or a parameter. The usual case, a small
    /// buffer in a slot seen before, without of()'s address decoding and bounds test.
    [[gnu::always_inline]] void freshWritten(uint64_t itemId, uint32_t index, uint64_t size,
                                             const Buffer& b) {
        std::vector<ByteWrites>& item = itemOf(itemId);
        if (index < item.size() && b.size() <= 64) [[likely]] {
            ByteWrites& w = item[index];
            if (w.serial != b.serial) { // of()'s reset of a small buffer's flags
                ++m_built;
                w.serial = b.serial;
                w.size = b.size();
                w.mask = 0;
            }
            w.set(0, size, nullptr);
            return;
        }
        written(itemId, address::make(AddressSpace::Private, index, 0), size, b);
    }
    /// Every byte of buffer `b` (at `address`, offset 0) of work-item `itemId` was just
    /// written: a kernel argument bound at the work-item's start (WorkItem::bindArguments).
    /// The same as written() of the whole buffer, but the flags that the previous work-item
    /// of this local id left for an argument buffer of the same index and size (another
    /// WorkItem's buffer, another serial) are taken over when all their bytes are written,
    /// instead of being built again for each work-item (flagsBuilt() does not grow).
    void wholeWritten(uint64_t itemId, uint64_t address, const Buffer& b) {
        std::vector<ByteWrites>& item = itemOf(itemId);
        const uint32_t index = address::buffer(address);
        if (index < item.size()) [[likely]] {
            ByteWrites& w = item[index];
            if (w.serial != b.serial && w.size == b.size() && w.all(0, w.size)) [[likely]] {
                w.serial = b.serial;
                return;
            }
        }
        ByteWrites& w = of(itemId, address, b);
        w.set(0, w.size, nullptr);
    }
    /// wholeWritten() of buffers 1..`count` of `memory`, the `__private` memory of work-item
    /// `itemId` (its kernel arguments, each in its own buffer, all live), in one pass: the
    /// arguments a work-item binds into the buffers kept from the previous one. Flags that
    /// are already the buffer's (same serial) are left as they are: the caller guarantees
    /// they are all written (a kept argument buffer whose bytes the kernel never changes
    /// stays whole; the others were just marked by wholeWritten()).
    [[gnu::always_inline]] void argumentsWritten(uint64_t itemId, const Memory& memory,
                                                 uint32_t count) {
        std::vector<ByteWrites>& item = itemOf(itemId);
        // The usual case, inline: every argument's flags are already its buffer's (the
        // same WorkItem's kept buffers, a pooled WorkItem serving the same local id).
        if (item.size() > count) [[likely]] {
            const ByteWrites* flags = item.data();
            const Buffer* buffers = memory.buffers().data();
            uint32_t i = 1;
            while (i <= count && flags[i].serial == buffers[i].serial)
                ++i;
            if (i > count) return;
        }
        markArguments(item, itemId, memory, count);
    }
    /// How many times flags were built for a buffer (a new allocation seen, or a slot
    /// allocated again) since this object was made (clear() keeps the count): for tests.
    uint64_t flagsBuilt() const { return m_built; }
    /// False when a load of `size` bytes at `address` (in buffer `b`) by work-item `itemId`
    /// reads a byte never written (an uninitialized read).
    bool allWritten(uint64_t itemId, uint64_t address, uint64_t size, const Buffer& b) {
        const ByteWrites& w = of(itemId, address, b);
        const uint64_t off = address::offset(address);
        return off + size > w.size || w.all(off, size);
    }
    /// A byte copy of `size` bytes by work-item `itemId` from `src` (in buffer `sb`) to `dst` (in
    /// buffer `db`), both `__private`: the destination bytes take the written state of the source
    /// bytes (a copy is not a use: UninitializedChecker).
    /// Inline for the usual copy (small buffers seen before: a structure argument, a return
    /// value, an assignment); copiedGeneric() for the others.
    [[gnu::always_inline]] void copied(uint64_t itemId, uint64_t dst, const Buffer& db,
                                       uint64_t src, const Buffer& sb, uint64_t size) {
        std::vector<ByteWrites>& item = itemOf(itemId);
        const uint32_t si = address::buffer(src), di = address::buffer(dst);
        const uint64_t so = address::offset(src), off = address::offset(dst);
        if (si < item.size() && di < item.size() && sb.size() <= 64 && db.size() <= 64 &&
            so + size <= sb.size() && off + size <= db.size()) [[likely]] {
            // small buffers seen before (the usual structure): of()'s reset inline, and the
            // source's mask bits moved at once
            auto fresh = [this](ByteWrites& w, const Buffer& b) -> ByteWrites& {
                if (w.serial != b.serial) {
                    ++m_built;
                    w.serial = b.serial;
                    w.size = b.size();
                    w.mask = 0;
                }
                return w;
            };
            const ByteWrites& s = fresh(item[si], sb);
            const uint64_t ones = size >= 64 ? ~uint64_t(0) : (uint64_t(1) << size) - 1;
            const uint64_t bits = (s.mask >> so) & ones;
            ByteWrites& d = fresh(item[di], db);
            d.mask = (d.mask & ~(ones << off)) | (bits << off);
            return;
        }
        copiedGeneric(item, itemId, dst, db, src, sb, size);
    }
    /// Forgets every work-item and frees the flags (the end of a run).
    void clear() {
        m_items.clear();
        m_last = nullptr;
    }

private:
    /// copied() of buffers that are not both small and seen before (`item` is itemOf(itemId)).
    [[gnu::noinline]] void copiedGeneric(std::vector<ByteWrites>& item, uint64_t itemId,
                                         uint64_t dst, const Buffer& db, uint64_t src,
                                         const Buffer& sb, uint64_t size) {
        const uint32_t si = address::buffer(src), di = address::buffer(dst);
        const uint64_t so = address::offset(src), off = address::offset(dst);
        const uint32_t hi = std::max(di, si);
        if (hi >= item.size()) item.resize(hi + 1); // of() below does not resize again
        const ByteWrites& s = of(itemId, src, sb);
        const bool allWritten = so + size > s.size || s.all(so, size);
        if (!allWritten) {
            m_flags.assign(size, 1);
            for (uint64_t i = 0; i < size; ++i)
                m_flags[i] = s.test(so + i) ? 1 : 0;
        }
        ByteWrites& d = of(itemId, dst, db);
        if (off + size <= d.size) d.set(off, size, allWritten ? nullptr : m_flags.data());
    }
    /// argumentsWritten() when some flags are not the buffers' yet: taken over when they are
    /// there, of the same size and all written (another WorkItem's buffer before), else
    /// built and marked (`item` is itemOf(itemId)).
    [[gnu::noinline]] void markArguments(std::vector<ByteWrites>& item, uint64_t itemId,
                                         const Memory& memory, uint32_t count) {
        const std::vector<Buffer>& buffers = memory.buffers();
        for (uint32_t i = 1; i <= count; ++i) {
            const Buffer& b = buffers[i];
            if (i < item.size()) {
                ByteWrites& w = item[i];
                if (w.serial == b.serial) continue; // all written: argumentsWritten()
                if (w.size == b.size() && w.all(0, w.size)) {
                    w.serial = b.serial;
                    continue;
                }
            }
            ByteWrites& w = of(itemId, address::make(AddressSpace::Private, i, 0), b);
            w.set(0, w.size, nullptr);
        }
    }
    /// of() for a buffer whose flags are not there yet or belong to an earlier allocation.
    [[gnu::noinline]] ByteWrites& renew(std::vector<ByteWrites>& item, uint32_t index,
                                        const Buffer& b) {
        ++m_built;
        if (index >= item.size()) item.resize(index + 1);
        ByteWrites& w = item[index];
        w.reset(b.serial, b.size());
        return w;
    }
    std::vector<ByteWrites>& itemOf(uint64_t item) {
        if (item != m_lastId || !m_last) [[unlikely]] {
            if (item >= m_items.size()) m_items.resize(item + 1);
            m_lastId = item;
            m_last = &m_items[item];
        }
        return *m_last;
    }

    std::vector<std::vector<ByteWrites>> m_items; ///< by local linear id, then buffer index
    uint64_t m_lastId = 0;                        ///< the work-item itemOf() found last
    std::vector<ByteWrites>* m_last = nullptr;    ///< its flags (&m_items[m_lastId]), or null
    std::vector<uint8_t> m_flags;                 ///< copied(): the source's flags
    uint64_t m_built = 0;                         ///< flagsBuilt()
};

} // namespace clstep
