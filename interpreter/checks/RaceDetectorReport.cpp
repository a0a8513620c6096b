// RaceDetector: the reports of the races it finds (their text, facts and byte ranges), handed
// to RaceVerdicts for one verdict per pair of source sites. The detection is RaceDetector.cpp.
#include "checks/RaceDetector.h"

#include "common/TextFormat.h"
#include "core/Address.h"
#include "runtime/KernelRun.h"

#include <algorithm>
#include <iterator>
#include <memory>
#include <optional>

namespace clstep {

namespace {

const char* hazardName(int h) {
    return h == 0 ? "RAW" : h == 1 ? "WAR" : "WAW";
}

} // namespace

WorkItemId RaceDetector::idsOf(const Space& sp, const Record& r) const {
    return idsOf(sp, r.stamp, (r.site & kGroup) ? 0 : r.item);
}

WorkItemId RaceDetector::idsOf(const Space& sp, uint32_t stamp, uint64_t item) const {
    const NDRange& range = m_run->range();
    auto it = std::upper_bound(
        sp.groupStamps.begin(), sp.groupStamps.end(), stamp,
        [](uint32_t s, const std::pair<uint32_t, uint64_t>& e) { return s < e.first; });
    uint64_t g = it == sp.groupStamps.begin() ? 0 : std::prev(it)->second;
    WorkItemId id;
    id.group = {g % range.groups(0), (g / range.groups(0)) % range.groups(1),
                g / (range.groups(0) * range.groups(1))};
    std::array<uint64_t, 3> size;
    for (int d = 0; d < 3; ++d)
        size[d] = std::max<uint64_t>(
            1, std::min(range.local[d], range.global[d] - id.group[d] * range.local[d]));
    id.local = {item % size[0], (item / size[0]) % size[1], item / (size[0] * size[1])};
    for (int d = 0; d < 3; ++d)
        id.global[d] = id.group[d] * range.local[d] + id.local[d] + range.offset[d];
    return id;
}

std::string RaceDetector::orderName(uint8_t order) {
    switch (order) {
    case 0:
        return "memory_order_relaxed";
    case 2:
        return "memory_order_acquire";
    case 3:
        return "memory_order_release";
    case 4:
        return "memory_order_acq_rel";
    case 5:
        return "memory_order_seq_cst";
    default:
        return "memory_order " + std::to_string(order);
    }
}

std::string RaceDetector::scopeName(uint8_t scope) {
    switch (scope) {
    case 0:
        return "memory_scope_work_item";
    case 1:
        return "memory_scope_work_group";
    case 2:
        return "memory_scope_device";
    case 3:
        return "memory_scope_all_svm_devices";
    case 4:
        return "memory_scope_sub_group";
    default:
        return "memory_scope " + std::to_string(scope);
    }
}

void RaceDetector::report(Space& sp, const Access& a, const BufferShadow& sh, const Conflict& c,
                          const Record& second) {
    const bool writeWrite = c.hazard == Hazard::WAW;
    const bool firstWrite = c.hazard != Hazard::WAR;
    const bool benign = c.benign;
    const AddressSpace space = address::space(a.address);
    const uint64_t byteAddress = address::make(space, address::buffer(a.address), c.offset);
    const uint16_t firstSite = c.first.site & kSiteMask, secondSite = second.site & kSiteMask;

    // The occurrence in the forms of both verdicts; RaceVerdicts gives the pair of sites one.
    RaceVerdicts::Occurrence o;
    o.benign = benign;
    Diagnostic& d = o.race;
    d.severity = Severity::Error;
    d.kind = DiagnosticKind::DataRace;
    d.range = sp.sites.range(firstSite);
    if (!d.range.valid()) d.range = a.site;
    d.notes.push_back({a.site, {}});
    o.firstSite = d.range;
    o.secondSite = a.site;
    const std::string where = std::string(" data race at ") + addressSpaceShortName(space) +
                              " memory address " + MemoryNames::hexAddress(byteAddress);
    d.message = (writeWrite ? "Write-write" : "Read-write") + where;
    const std::string benignHead =
        (writeWrite ? "Benign write-write" : "Benign read-write") + where;
    uint64_t key = uint64_t(firstSite) | (uint64_t(secondSite) << 16) |
                   (uint64_t(writeWrite) << 32) | (uint64_t(benign) << 33);
    // The facts, ranges and report are delivered in work-group order (parallel runs), by
    // the run's own detector's verdicts.
    auto deliver = [this](RaceVerdicts::Occurrence o) {
        RaceVerdicts* verdicts = m_parent ? &m_parent->m_verdicts : &m_verdicts;
        KernelRun* run = m_run;
        run->inGroupOrder(
            [verdicts, run, o = std::move(o)]() mutable { verdicts->add(*run, std::move(o)); });
    };
    auto benignForm = [this, &o](std::string message) {
        o.benignRace = o.race;
        o.benignRace.severity = m_strictRaces ? Severity::Error : Severity::Warning;
        o.benignRace.kind = DiagnosticKind::BenignRace;
        o.benignRace.message = std::move(message);
    };
    const WorkItemId secondIds = idsOf(sp, second.stamp, a.item);
    o.ranges = rangesOf(a, sh, c, secondIds.group);
    // A repeat keeps the first report's details; with RunOptions::repeatDetails (the
    // debugger) it still gets its own message and work-items.
    const bool repeat = !sp.reported.insert(key).second;
    if (repeat && !m_run->options().repeatDetails) {
        // Known pair of locations: let the run count it (the key fields match the first).
        if (benign) benignForm(benignHead);
        deliver(std::move(o));
        return;
    }

    auto accessName = [&sp](const Record& r, bool write) {
        std::string prefix = (r.site & kGroup)    ? "async copy "
                             : (r.site & kAtomic) ? "atomic "
                                                  : "";
        std::string name = prefix + (write ? "write" : "read");
        auto it = sp.siteSemantics.find(r.site & kSiteMask);
        if ((r.site & kAtomic) && it != sp.siteSemantics.end())
            name += " (" + orderName(it->second.first) + ", " + scopeName(it->second.second) + ")";
        return name;
    };
    auto entity = [](const Record& r, const WorkItemId& id) {
        return (r.site & kGroup)
                   ? "work-group Group(" + std::to_string(id.group[0]) + "," +
                         std::to_string(id.group[1]) + "," + std::to_string(id.group[2]) + ")"
                   : idsText(id);
    };
    const WorkItemId firstIds = idsOf(sp, c.first);
    const uint64_t off = address::offset(a.address);
    std::vector<uint8_t> firstValue;
    if (firstWrite)
        for (uint64_t b = off; b < off + a.size; ++b)
            if (sh.at(b).write == c.first) firstValue.push_back(sh.values[b]);

    std::string firstText = accessName(c.first, firstWrite);
    if (!firstValue.empty()) firstText += " of " + hexBytes(firstValue.data(), firstValue.size());
    std::string secondText = accessName(second, a.write);
    if (a.write) secondText += " of " + hexBytes(a.data, a.size);
    const std::string body = " (" + m_names.describe(byteAddress, a.buffer) + "): " + firstText +
                             " by " + entity(c.first, firstIds) + ", then " + secondText + " by " +
                             entity(second, secondIds) + " [" +
                             hazardName(static_cast<int>(c.hazard)) + "]";
    d.message += body;
    // The value the write left as it was (the write's bytes: the first access's for RAW).
    std::string sameValue;
    if (benign) {
        sameValue = c.hazard == Hazard::RAW ? hexBytes(firstValue.data(), firstValue.size())
                                            : hexBytes(a.data, a.size);
        const std::string same = ": the write stores the value already there (" + sameValue + ")";
        // As a data race: the pair of sites changes a value elsewhere in the run.
        d.message += same + ", but another occurrence of this pair of sites changes a value";
    }
    d.notes.front().message = "second access: " + secondText + " by " + entity(second, secondIds);
    d.workItems = {firstIds, secondIds};
    if (benign)
        benignForm(benignHead + body + ": the write stores the value already there (" + sameValue +
                   ")");

    auto accessJson = [&](const Record& r, const WorkItemId& id, bool write,
                          const SourceRange& range, const uint8_t* value, size_t valueSize) {
        nlohmann::json j = MemoryNames::idsJson(id);
        j["line"] = range.begin.line;
        j["column"] = range.begin.column;
        j["end_line"] = range.end.line;
        j["end_column"] = range.end.column;
        j["access"] = accessName(r, write);
        j["entity"] = (r.site & kGroup) ? "work-group" : "work-item";
        if (value && valueSize) j["value"] = hexBytes(value, valueSize);
        return j;
    };
    nlohmann::json fields = m_names.locationJson(byteAddress, a.buffer);
    fields["race"] = writeWrite ? "write-write" : "read-write";
    fields["hazard"] = hazardName(static_cast<int>(c.hazard));
    if (benign) fields["value"] = sameValue; // left out of the data-race form
    fields["first"] = accessJson(c.first, firstIds, firstWrite, sp.sites.range(firstSite),
                                 firstValue.data(), firstValue.size());
    fields["second"] =
        accessJson(second, secondIds, a.write, a.site, a.write ? a.data : nullptr, a.size);
    // `pair` (the debugger) is this occurrence's own facts, kept for each of its ranges.
    if (m_run->options().repeatDetails) o.pair = std::make_shared<const nlohmann::json>(fields);
    if (!repeat) o.fields = std::move(fields);
    deliver(std::move(o));
}

std::vector<CheckDetails::Range>
RaceDetector::rangesOf(const Access& a, const BufferShadow& sh, const Conflict& c,
                       const std::array<uint64_t, 3>& group) const {
    const AddressSpace space = address::space(a.address);
    const uint64_t off = address::offset(a.address), end = off + a.size;
    // The bytes of the access whose recorded access is the conflict's first one (for a
    // write-write race, unless uniform writes count, only those storing another value).
    auto raced = [&](uint64_t o) {
        const ByteState& b = sh.at(o);
        switch (c.hazard) {
        case Hazard::RAW:
            return b.write == c.first;
        case Hazard::WAW:
            return b.write == c.first && (m_uniformWrites || sh.values[o] != a.data[o - off]);
        case Hazard::WAR:
            return b.read[0] == c.first || b.read[1] == c.first;
        }
        return false;
    };
    std::vector<CheckDetails::Range> ranges;
    CheckDetails::Range r;
    if (space == AddressSpace::Local) r.group = group;
    for (uint64_t o = off; o < end;) {
        if (!raced(o)) {
            ++o;
            continue;
        }
        const uint64_t first = o;
        while (o < end && raced(o))
            ++o;
        r.address = address::make(space, address::buffer(a.address), first);
        r.size = o - first;
        ranges.push_back(r);
    }
    return ranges;
}

} // namespace clstep
