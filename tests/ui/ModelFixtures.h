#pragma once
// Hand-made snapshots shared by the item-model tests (tst_models, tst_memorymodel).

#include "debug/Snapshot.h"

#include "common/Diagnostic.h"
#include "core/Address.h"

#include <QString>

#include <memory>
#include <vector>

namespace clstep::ui::test {

/// A written region of `space` named `name`, buffer number `buffer`, holding `bytes` (every
/// byte written, no accessor yet).
inline debug::MemoryRegion region(AddressSpace space, const char* name, uint32_t buffer,
                                  std::vector<uint8_t> bytes) {
    debug::MemoryRegion r;
    r.space = space;
    r.name = name;
    r.address = address::make(space, buffer, 0);
    r.flags.assign(bytes.size(), debug::ByteWritten);
    r.lastAccessor.assign(bytes.size(), -1);
    r.lastStep.assign(bytes.size(), 0);
    r.bytes = std::move(bytes);
    return r;
}

/// A read-write data race at `address` between global work-items `a` and `b`, on lines
/// `line1` (the report) and `line2` (its note), in file 1.
inline Diagnostic race(uint64_t address, uint64_t a, uint64_t b, uint32_t line1, uint32_t line2) {
    Diagnostic d;
    d.kind = DiagnosticKind::DataRace;
    d.message = "Read-write data race at local memory address 0x" +
                QString::number(address, 16).toStdString() + " (partial[1])";
    d.range.begin = {1, line1, 9};
    d.range.end = {1, line1, 20};
    RelatedLocation n;
    n.range.begin = {1, line2, 9};
    n.message = "second access";
    d.notes.push_back(n);
    WorkItemId first, second;
    first.global = {a, 0, 0};
    second.global = {b, 0, 0};
    d.workItems = {first, second};
    return d;
}

/// A running snapshot at step 10 of 2 work-groups of 4 work-items: work-item 0 at a barrier,
/// the others ready, work-item i on line 5 + i.
inline std::shared_ptr<debug::Snapshot> baseSnapshot() {
    auto s = std::make_shared<debug::Snapshot>();
    s->step = 10;
    s->running = true;
    s->groupSize = {4, 1, 1};
    s->numGroups = {2, 1, 1};
    for (uint64_t i = 0; i < 4; ++i) {
        debug::WorkItemSnapshot w;
        w.id.local = {i, 0, 0};
        w.id.global = {i, 0, 0};
        w.linearLocalId = i;
        w.state = i == 0 ? debug::WorkItemState::AtBarrier : debug::WorkItemState::Ready;
        w.position.begin = {1, 5 + static_cast<uint32_t>(i), 1};
        s->workItems.push_back(w);
    }
    return s;
}

} // namespace clstep::ui::test
