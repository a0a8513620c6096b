// Session: the runtime checks' results in snapshots (the facts of each diagnostic, and the
// per-byte race and endian-conversion marks of the memory regions).
#include "debug/Session.h"

#include "core/Address.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace clstep::debug {

namespace {

/// The "address" field of a check's facts ("0x6000010000000004"), 0 when there is none.
uint64_t addressOf(const nlohmann::json& facts) {
    auto it = facts.find("address");
    if (it == facts.end() || !it->is_string()) return 0;
    const std::string& text = it->get_ref<const std::string&>();
    if (text.size() < 3) return 0;
    uint64_t value = 0;
    for (size_t i = 2; i < text.size(); ++i) {
        const char c = text[i];
        const int digit = c >= '0' && c <= '9'   ? c - '0'
                          : c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : -1;
        if (digit < 0) return 0;
        value = value * 16 + static_cast<uint64_t>(digit);
    }
    return value;
}

} // namespace

const nlohmann::json* Session::checkDetails(const Diagnostic& d) const {
    return m_checks ? m_checks->details(d) : nullptr;
}

void Session::fillCheckResults(Snapshot& s) const {
    s.diagnosticDetails.assign(s.diagnostics.size(), nullptr);
    if (!m_run || !m_checks) return;
    const std::vector<Diagnostic>& reports = m_run->diagnostics();
    if (reports.size() > s.diagnostics.size()) return;
    for (size_t i = m_detailCache.size(); i < reports.size(); ++i) {
        const nlohmann::json* facts = m_checks->details(reports[i]);
        m_detailCache.push_back(facts ? std::make_shared<const nlohmann::json>(*facts) : nullptr);
    }
    const size_t first = s.diagnostics.size() - reports.size();
    const WorkItem* selected = selectedItem();
    // Sets `flag` on `size` bytes from address `a` where they are shown: __local bytes only
    // in the memory of the viewed group (when `group` names it), __private bytes only in the
    // selected work-item's (when `global` names it).
    auto mark = [&](uint64_t a, uint64_t size, uint8_t flag, const std::array<uint64_t, 3>* group,
                    const std::array<uint64_t, 3>* global) {
        std::vector<MemoryRegion>* regions = nullptr;
        switch (address::space(a)) {
        case AddressSpace::Global:
            regions = &s.global;
            break;
        case AddressSpace::Constant:
            regions = &s.constant;
            break;
        case AddressSpace::Local:
            if (group && *group == s.group) regions = &s.local;
            break;
        case AddressSpace::Private:
            if (selected && global && *global == selected->ids().global) regions = &s.privateMemory;
            break;
        default:
            break;
        }
        if (!a || !regions) return;
        const uint64_t base = address::make(address::space(a), address::buffer(a), 0);
        for (MemoryRegion& r : *regions) {
            if (r.address != base) continue;
            const uint64_t begin = address::offset(a);
            const uint64_t end = std::min<uint64_t>(begin + size, r.flags.size());
            for (uint64_t k = begin; k < end; ++k)
                r.flags[k] |= flag;
        }
    };
    for (size_t i = 0; i < reports.size(); ++i) {
        s.diagnosticDetails[first + i] = m_detailCache[i];
        if (!m_detailCache[i]) continue;
        const Diagnostic& d = reports[i];
        const nlohmann::json& facts = *m_detailCache[i];
        const std::array<uint64_t, 3>* who =
            d.workItems.empty() ? nullptr : &d.workItems.front().global;
        if (d.kind == DiagnosticKind::DataRace) {
            // every raced byte range of the merged report (each __local one with its group)
            for (const CheckDetails::Range& r : m_checks->ranges(d))
                mark(r.address, r.size, ByteRace, &r.group, who);
            // and each range's own pair of accesses
            for (CheckDetails::Occurrence& o : m_checks->occurrences(d))
                s.raceOccurrences.push_back(
                    {first + i, o.range.address, o.range.size, o.range.group, std::move(o.fields)});
        } else if (d.kind == DiagnosticKind::EndianConversion) {
            const uint64_t size = std::max<uint64_t>(1, facts.value("size", uint64_t(1)));
            mark(addressOf(facts), size, ByteEndian,
                 d.workItems.empty() ? nullptr : &d.workItems.front().group, who);
        }
    }
}

} // namespace clstep::debug
