#include "checks/RaceVerdicts.h"

#include "runtime/KernelRun.h"

#include <algorithm>
#include <utility>

namespace clstep {

namespace {

/// The facts of a benign race as those of a data race: without the unchanged "value".
nlohmann::json withoutValue(nlohmann::json fields) {
    fields.erase("value");
    return fields;
}

} // namespace

RaceVerdicts::RaceVerdicts(CheckDetails& details) : m_details(details) {}

void RaceVerdicts::reset() {
    m_pairs.clear();
    m_heldReports.clear();
    m_heldIndex.clear();
    m_held.clear();
}

RaceVerdicts::PairKey RaceVerdicts::keyOf(const Occurrence& o) {
    auto flat = [](const SourceRange& r) {
        return std::array<uint32_t, 6>{r.begin.file, r.begin.line, r.begin.column,
                                       r.end.file,   r.end.line,   r.end.column};
    };
    std::array<uint32_t, 6> a = flat(o.firstSite), b = flat(o.secondSite);
    if (b < a) std::swap(a, b); // the pair in either order
    PairKey key;
    std::copy(a.begin(), a.end(), key.begin());
    std::copy(b.begin(), b.end(), key.begin() + 6);
    return key;
}

void RaceVerdicts::deliver(KernelRun& run, Diagnostic d, std::optional<nlohmann::json> fields,
                           const std::vector<CheckDetails::Range>& ranges,
                           std::shared_ptr<const nlohmann::json> pair) {
    if (fields) m_details.record(d, std::move(*fields));
    for (const CheckDetails::Range& r : ranges) {
        m_details.addRange(d, r);
        if (pair) m_details.addOccurrence(d, r, pair);
    }
    run.report(std::move(d));
}

void RaceVerdicts::deliverHeld(KernelRun& run, const Held& h, bool asRace) {
    const Diagnostic& first = asRace ? h.first.race : h.first.benignRace;
    const Diagnostic& latest = asRace ? h.latestRace : h.latestBenign;
    if (h.first.fields)
        m_details.record(first, asRace ? withoutValue(*h.first.fields) : *h.first.fields);
    // Every byte range held back, and (the debugger) each one's own pair.
    for (const CheckDetails::Range& r : m_held.ranges(h.first.benignRace))
        m_details.addRange(first, r);
    for (const CheckDetails::Occurrence& o : m_held.occurrences(h.first.benignRace))
        m_details.addOccurrence(
            first, o.range,
            asRace ? std::make_shared<const nlohmann::json>(withoutValue(*o.fields)) : o.fields);
    // The run merges them into one report with their count; the latest comes last.
    run.report(first);
    for (uint64_t i = 1; i < h.count; ++i)
        run.report(latest);
}

void RaceVerdicts::add(KernelRun& run, Occurrence o) {
    Pair& pair = m_pairs[keyOf(o)];
    if (o.benign && !pair.racy) {
        // Held back until the pair changes a value or the run ends.
        const std::string identity = CheckDetails::keyOf(o.benignRace);
        auto [it, added] = m_heldIndex.try_emplace(identity, m_heldReports.size());
        if (added) {
            pair.held.push_back(m_heldReports.size());
            m_heldReports.push_back({});
        }
        Held& h = m_heldReports[it->second];
        for (const CheckDetails::Range& r : o.ranges) {
            m_held.addRange(o.benignRace, r);
            if (o.pair) m_held.addOccurrence(o.benignRace, r, o.pair);
        }
        ++h.count;
        h.latestRace = o.race;
        h.latestBenign = o.benignRace;
        if (added) {
            o.ranges.clear();
            o.pair.reset();
            h.first = std::move(o);
        }
        return;
    }
    if (!pair.racy) {
        // The first occurrence of this pair that changes a value: the occurrences held back
        // (earlier in the run) are data races too, delivered first.
        pair.racy = true;
        for (size_t index : pair.held)
            deliverHeld(run, m_heldReports[index], true);
        pair.held.clear();
    }
    std::optional<nlohmann::json> fields;
    if (o.fields) fields = o.benign ? withoutValue(std::move(*o.fields)) : std::move(*o.fields);
    std::shared_ptr<const nlohmann::json> facts = o.pair;
    if (facts && o.benign) facts = std::make_shared<const nlohmann::json>(withoutValue(*facts));
    deliver(run, std::move(o.race), std::move(fields), o.ranges, std::move(facts));
}

void RaceVerdicts::finish(KernelRun& run) {
    // In the order of their first occurrence (not the pairs' order).
    std::vector<bool> benign(m_heldReports.size(), false);
    for (const auto& [key, pair] : m_pairs)
        if (!pair.racy)
            for (size_t index : pair.held)
                benign[index] = true;
    for (size_t i = 0; i < m_heldReports.size(); ++i)
        if (benign[i]) deliverHeld(run, m_heldReports[i], false);
    reset();
}

} // namespace clstep
