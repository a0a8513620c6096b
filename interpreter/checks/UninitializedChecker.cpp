#include "checks/UninitializedChecker.h"

#include "core/Address.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>

namespace clstep {

void UninitializedChecker::Written::reset(uint64_t newSerial, uint64_t newSize) {
    serial = newSerial;
    size = newSize;
    mask = 0;
    if (newSize > 64)
        bytes.assign(newSize, 0);
    else
        bytes.clear();
}

void UninitializedChecker::Written::set(uint64_t offset, uint64_t count, const uint8_t* flags) {
    if (size <= 64 && !flags) {
        mask |= (count >= 64 ? ~uint64_t(0) : ((uint64_t(1) << count) - 1)) << offset;
    } else if (size <= 64) {
        for (uint64_t i = 0; i < count; ++i) {
            uint64_t bit = uint64_t(1) << (offset + i);
            if (!flags || flags[i])
                mask |= bit;
            else
                mask &= ~bit;
        }
    } else if (!flags) {
        std::memset(bytes.data() + offset, 1, count);
    } else {
        std::memcpy(bytes.data() + offset, flags, count);
    }
}

UninitializedChecker::UninitializedChecker(CheckDetails& details) : m_details(details) {}

void UninitializedChecker::onRunBegin(KernelRun& run) {
    m_run = &run;
    m_names.onRunBegin(run);
    m_sites.clear();
    m_reported.clear();
    m_global.clear();
    m_constant.clear();
    m_local.clear();
    m_private.clear();
    m_lastItem = nullptr;
    m_lastPrivate = nullptr;
    m_copyPending = false;
    // Buffers the host left uninitialized: track them from the start of the run.
    const auto& args = run.arguments();
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].kind != KernelArgument::Kind::Buffer || !args[i].noInit) continue;
        const std::vector<uint8_t>& p = run.parameterBytes(i);
        if (p.size() != 8) continue;
        uint64_t a = 0;
        std::memcpy(&a, p.data(), 8);
        bool constant = address::space(a) == AddressSpace::Constant;
        Memory& mem = constant ? run.constantMemory() : run.globalMemory();
        const Buffer* b = mem.buffer(a);
        if (!b) continue;
        std::vector<Written>& v = constant ? m_constant : m_global;
        uint32_t index = address::buffer(a);
        if (v.size() <= index) v.resize(index + 1);
        v[index].reset(b->serial, b->size());
    }
}

void UninitializedChecker::onRunEnd(KernelRun&) {
    m_global.clear();
    m_constant.clear();
    m_local.clear();
    m_private.clear();
    m_lastItem = nullptr;
    m_lastPrivate = nullptr;
}

void UninitializedChecker::onWorkGroupBegin(WorkGroup& group) {
    m_names.onWorkGroupBegin(group);
}

void UninitializedChecker::onWorkGroupEnd(WorkGroup&) {
    // The group's work-items (and their private memories) go away with it.
    m_private.clear();
    m_lastItem = nullptr;
    m_lastPrivate = nullptr;
}

UninitializedChecker::Written* UninitializedChecker::shadowFor(const MemoryAccess& a) {
    uint32_t index = address::buffer(a.address);
    std::vector<Written>* shadows = nullptr;
    switch (address::space(a.address)) {
    case AddressSpace::Private:
        if (a.workItem != m_lastItem) {
            m_lastItem = a.workItem;
            m_lastPrivate = &m_private[a.workItem];
        }
        shadows = m_lastPrivate;
        break;
    case AddressSpace::Local:
        shadows = &m_local;
        break;
    case AddressSpace::Global:
    case AddressSpace::Constant: {
        // Only noinit buffers are tracked; their serial was recorded at run start.
        std::vector<Written>& v =
            address::space(a.address) == AddressSpace::Global ? m_global : m_constant;
        if (index >= v.size() || v[index].serial != a.buffer->serial) return nullptr;
        return &v[index];
    }
    default:
        return nullptr;
    }
    if (index >= shadows->size()) shadows->resize(index + 1);
    Written& w = (*shadows)[index];
    if (w.serial != a.buffer->serial) w.reset(a.buffer->serial, a.buffer->size());
    return &w;
}

void UninitializedChecker::onMemoryAccess(const MemoryAccess& a) {
    if (!a.buffer || !m_run) return;
    if (!a.copy) {
        // The common case first: a __global / __constant buffer the host initialized (only
        // noinit buffers are tracked), as shadowFor() decides it, without the call.
        const AddressSpace space = address::space(a.address);
        if (space == AddressSpace::Global || space == AddressSpace::Constant) {
            const std::vector<Written>& v = space == AddressSpace::Global ? m_global : m_constant;
            const uint32_t index = address::buffer(a.address);
            if (index >= v.size() || v[index].serial != a.buffer->serial) return;
        }
    }
    Written* w = shadowFor(a);
    uint64_t off = address::offset(a.address);
    if (w && off + a.size > w->size) w = nullptr;
    if (a.copy) {
        if (!a.write) {
            // Remember which source bytes were written; the write half copies the flags.
            m_copyFlags.assign(a.size, 1);
            if (w)
                for (uint64_t i = 0; i < a.size; ++i)
                    m_copyFlags[i] = w->test(off + i) ? 1 : 0;
            m_copyItem = a.workItem;
            m_copyPending = true;
            return;
        }
        bool matches = m_copyPending && m_copyItem == a.workItem && m_copyFlags.size() == a.size;
        m_copyPending = false;
        if (w) w->set(off, a.size, matches ? m_copyFlags.data() : nullptr);
        return;
    }
    if (!w) return;
    if (a.write) {
        w->set(off, a.size, nullptr);
        return;
    }
    if (w->all(off, a.size)) return;
    for (uint64_t i = 0; i < a.size; ++i)
        if (!w->test(off + i)) {
            report(a, off + i);
            // Report once per read; later reads of the same bytes are reported again.
            return;
        }
}

void UninitializedChecker::report(const MemoryAccess& a, uint64_t firstUnwritten) {
    const AddressSpace space = address::space(a.address);
    Diagnostic d;
    d.severity = Severity::Warning;
    d.kind = "uninitialized-read";
    d.range = a.site;
    d.message = "Uninitialized value read of size " + std::to_string(a.size) + " at " +
                addressSpaceShortName(space) + " memory address " +
                MemoryNames::hexAddress(a.address);
    uint64_t key = uint64_t(m_sites.intern(a.site)) | (uint64_t(space) << 16) | (a.size << 20);
    const bool repeat = !m_reported.insert(key).second;
    if (repeat && !m_run->options().repeatDetails) {
        m_run->report(std::move(d));
        return;
    }
    WorkItemId ids = a.workItem ? a.workItem->ids() : WorkItemId{};
    uint64_t off = address::offset(a.address);
    d.message += " (" + m_names.describe(a.address, a.buffer) + "): byte " +
                 std::to_string(firstUnwritten - off) + " of the value was never written";
    if (a.workItem) d.workItems.push_back(ids);
    nlohmann::json fields = m_names.locationJson(a.address, a.buffer);
    fields["size"] = a.size;
    fields["first_uninitialized_offset"] = firstUnwritten;
    fields["access"] = a.atomic ? "atomic read" : "read";
    if (a.workItem) fields["work_item"] = MemoryNames::idsJson(ids);
    if (repeat) // the details are the first report's
        m_run->report(std::move(d));
    else
        m_details.recordAndReport(*m_run, std::move(d), std::move(fields));
}

std::unique_ptr<ExecutionObserver> UninitializedChecker::forThread() {
    // Each copy tracks the noinit buffers itself (its onRunBegin). That is exact because a
    // parallel run needs the race detector's proof that no group accessed a __global byte
    // another group wrote (KernelRun::parallelObservable): whether a group's read finds its
    // bytes written depends on that group alone, as in the sequential run.
    return std::make_unique<UninitializedChecker>(m_details);
}

void UninitializedChecker::onRunDiscarded(KernelRun&) {
    m_details.clear();
}

} // namespace clstep
