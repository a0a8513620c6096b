// Session: the runtime checks' results in snapshots (the facts of each diagnostic, and the
// per-byte race and endian-conversion marks of the memory regions).
#include "debug/Session.h"

#include "runtime/Address.h"
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

/// A "group_id" array of a check's facts.
bool readGroupId(const nlohmann::json& access, std::array<uint64_t, 3>& out) {
    auto it = access.find("group_id");
    if (it == access.end() || !it->is_array() || it->size() != 3) return false;
    for (size_t d = 0; d < 3; ++d)
        out[d] = (*it)[d].get<uint64_t>();
    return true;
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
    for (size_t i = 0; i < reports.size(); ++i) {
        s.diagnosticDetails[first + i] = m_detailCache[i];
        if (!m_detailCache[i]) continue;
        const Diagnostic& d = reports[i];
        const nlohmann::json& facts = *m_detailCache[i];
        uint8_t flag = 0;
        uint64_t size = 1; // a race names its first conflicting byte
        if (d.kind == "data-race") {
            flag = ByteRace;
        } else if (d.kind == "endian-conversion") {
            flag = ByteEndian;
            size = std::max<uint64_t>(1, facts.value("size", uint64_t(1)));
        } else {
            continue;
        }
        const uint64_t a = addressOf(facts);
        if (!a) continue;
        std::vector<MemoryRegion>* regions = nullptr;
        switch (address::space(a)) {
        case AddressSpace::Global:
            regions = &s.global;
            break;
        case AddressSpace::Constant:
            regions = &s.constant;
            break;
        case AddressSpace::Local: {
            // the __local memory of the work-group that made the accesses, if it is shown
            std::array<uint64_t, 3> group{};
            const bool known = flag == ByteRace
                                   ? readGroupId(facts.value("first", nlohmann::json()), group)
                                   : !d.workItems.empty();
            if (flag == ByteEndian && known) group = d.workItems.front().group;
            if (known && group == s.group) regions = &s.local;
            break;
        }
        case AddressSpace::Private:
            if (selected && !d.workItems.empty() &&
                d.workItems.front().global == selected->ids().global)
                regions = &s.privateMemory;
            break;
        default:
            break;
        }
        if (!regions) continue;
        const uint64_t base = address::make(address::space(a), address::buffer(a), 0);
        for (MemoryRegion& r : *regions) {
            if (r.address != base) continue;
            const uint64_t begin = address::offset(a);
            const uint64_t end = std::min<uint64_t>(begin + size, r.flags.size());
            for (uint64_t k = begin; k < end; ++k)
                r.flags[k] |= flag;
        }
    }
}

} // namespace clstep::debug
