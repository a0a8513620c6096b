#pragma once

#include "common/Diagnostic.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace clstep {

class KernelRun;

/// Structured facts about runtime-check diagnostics, kept beside the diagnostics themselves
/// (a Diagnostic only has text, ranges and work-item ids): for a data race the hazard, the
/// memory location and both accesses; for an uninitialized read or an endian conversion the
/// memory location and bytes. Keys are the same identity KernelRun::report merges by (kind,
/// range start, first note's start, message prefix), so the facts recorded for the first
/// occurrence are found again from the diagnostic that KernelRun kept.
///
/// Besides the facts of the first occurrence, a report can collect the memory ranges of all
/// its occurrences (the RaceDetector records every raced byte range of a merged race report,
/// which the debugger marks). They are kept per report as disjoint, sorted ranges; ranges that
/// touch merge, and beyond kMaxRanges disjoint ranges further ones are dropped.
///
/// Thread-safe. The JSON field names are the ones documented in docs/diagnostics.md.
class CheckDetails {
public:
    /// Most disjoint memory ranges kept per report (docs/diagnostics.md).
    static constexpr size_t kMaxRanges = 4096;

    /// A byte range of device memory: `size` bytes from the encoded device address `address`
    /// (core/Address.h). `group` is the work-group whose `__local` memory it is (`__local`
    /// addresses name one buffer of every group); {0, 0, 0} for the other spaces.
    struct Range {
        uint64_t address = 0;
        uint64_t size = 0;
        std::array<uint64_t, 3> group{};
        friend bool operator==(const Range&, const Range&) = default;
    };

    /// One occurrence of a report at one memory range: the facts (same fields as record()'s)
    /// of the pair of accesses that raced on those bytes, so that a view shows each element's
    /// own pair rather than the pair of the report's first occurrence.
    struct Occurrence {
        Range range;
        std::shared_ptr<const nlohmann::json> fields;
    };

    /// Identity of `d` as KernelRun merges it.
    static std::string keyOf(const Diagnostic& d);

    /// Records `fields` for `d` unless facts for the same identity exist already.
    void record(const Diagnostic& d, nlohmann::json fields);
    /// True when facts for the identity of `d` were recorded (the caller can then skip
    /// building them again and only let KernelRun count the occurrence).
    bool contains(const Diagnostic& d) const;
    /// The facts recorded for `d`, or nullptr.
    const nlohmann::json* find(const Diagnostic& d) const;
    /// Adds the memory range `r` (size > 0) to the report identified by `d` (with or without
    /// facts), merging it with the ranges of the same group it overlaps or touches. Dropped
    /// when the report already has kMaxRanges disjoint ranges and `r` touches none of them.
    void addRange(const Diagnostic& d, const Range& r);
    /// The ranges recorded for `d`: disjoint, sorted by (group, address); empty if none.
    std::vector<Range> ranges(const Diagnostic& d) const;
    /// Records `fields` as the pair of the report identified by `d` at the bytes of `r` (size
    /// > 0), replacing the pair recorded earlier at the same first byte (the latest race
    /// there). Beyond kMaxRanges recorded ranges, further first bytes are dropped.
    void addOccurrence(const Diagnostic& d, const Range& r,
                       std::shared_ptr<const nlohmann::json> fields);
    /// The occurrences recorded for `d`, sorted by (group, address); empty if none.
    std::vector<Occurrence> occurrences(const Diagnostic& d) const;
    /// Forgets everything (a new run).
    void clear();
    /// Records `fields` for `d` (as record()) and then reports `d` to `run`, both in
    /// work-group order (KernelRun::inGroupOrder), so parallel runs record the facts of the
    /// same occurrence as a sequential run.
    void recordAndReport(KernelRun& run, Diagnostic d, nlohmann::json fields);

private:
    /// (group, first address) -> one past the last address.
    using RangeMap = std::map<std::pair<std::array<uint64_t, 3>, uint64_t>, uint64_t>;
    struct Entry {
        nlohmann::json fields;
        bool hasFields = false;
        RangeMap ranges;
        std::map<std::pair<std::array<uint64_t, 3>, uint64_t>, Occurrence> occurrences;
    };
    mutable std::mutex m_mutex;
    std::map<std::string, Entry> m_entries;
};

} // namespace clstep
