#include "checks/CheckDetails.h"

#include "runtime/KernelRun.h"

#include <algorithm>
#include <iterator>

namespace clstep {

namespace {
std::string locationKey(const SourceLocation& l) {
    return std::to_string(l.file) + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
}
} // namespace

std::string CheckDetails::keyOf(const Diagnostic& d) {
    std::string key =
        std::string(DiagnosticKinds::name(d.kind)) + "|" + locationKey(d.range.begin) + "|";
    if (!d.notes.empty()) key += locationKey(d.notes.front().range.begin);
    key += "|" + d.message.substr(0, 40);
    return key;
}

void CheckDetails::record(const Diagnostic& d, nlohmann::json fields) {
    std::lock_guard<std::mutex> lock(m_mutex);
    Entry& e = m_entries[keyOf(d)];
    if (e.hasFields) return;
    e.fields = std::move(fields);
    e.hasFields = true;
}

bool CheckDetails::contains(const Diagnostic& d) const {
    return find(d) != nullptr;
}

const nlohmann::json* CheckDetails::find(const Diagnostic& d) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto it = m_entries.find(keyOf(d));
    return it == m_entries.end() || !it->second.hasFields ? nullptr : &it->second.fields;
}

void CheckDetails::addRange(const Diagnostic& d, const Range& r) {
    if (r.size == 0) return;
    std::lock_guard<std::mutex> lock(m_mutex);
    RangeMap& ranges = m_entries[keyOf(d)].ranges;
    uint64_t begin = r.address, end = r.address + r.size;
    // Merge with the range before that reaches `begin`, then with those starting up to `end`.
    auto it = ranges.upper_bound({r.group, begin});
    if (it != ranges.begin()) {
        auto before = std::prev(it);
        if (before->first.first == r.group && before->second >= begin) {
            begin = before->first.second;
            end = std::max(end, before->second);
            it = ranges.erase(before);
        }
    }
    while (it != ranges.end() && it->first.first == r.group && it->first.second <= end) {
        end = std::max(end, it->second);
        it = ranges.erase(it);
    }
    // Only a range that merged with none can exceed the bound (a merge erased one at least).
    if (ranges.size() >= kMaxRanges) return;
    ranges.emplace_hint(it, std::make_pair(r.group, begin), end);
}

std::vector<CheckDetails::Range> CheckDetails::ranges(const Diagnostic& d) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<Range> out;
    auto it = m_entries.find(keyOf(d));
    if (it == m_entries.end()) return out;
    out.reserve(it->second.ranges.size());
    for (const auto& [start, end] : it->second.ranges)
        out.push_back({start.second, end - start.second, start.first});
    return out;
}

void CheckDetails::addOccurrence(const Diagnostic& d, const Range& r,
                                 std::shared_ptr<const nlohmann::json> fields) {
    if (r.size == 0 || !fields) return;
    std::lock_guard<std::mutex> lock(m_mutex);
    auto& occurrences = m_entries[keyOf(d)].occurrences;
    const auto key = std::make_pair(r.group, r.address);
    auto it = occurrences.find(key);
    if (it != occurrences.end())
        it->second = {r, std::move(fields)};
    else if (occurrences.size() < kMaxRanges)
        occurrences.emplace(key, Occurrence{r, std::move(fields)});
}

std::vector<CheckDetails::Occurrence> CheckDetails::occurrences(const Diagnostic& d) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    std::vector<Occurrence> out;
    auto it = m_entries.find(keyOf(d));
    if (it == m_entries.end()) return out;
    out.reserve(it->second.occurrences.size());
    for (const auto& [key, o] : it->second.occurrences)
        out.push_back(o);
    return out;
}

void CheckDetails::clear() {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_entries.clear();
}

void CheckDetails::recordAndReport(KernelRun& run, Diagnostic d, nlohmann::json fields) {
    run.inGroupOrder([this, &run, d = std::move(d), fields = std::move(fields)]() mutable {
        record(d, std::move(fields));
        run.report(std::move(d));
    });
}

} // namespace clstep
