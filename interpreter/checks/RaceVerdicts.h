#pragma once

#include "checks/CheckDetails.h"
#include "common/Diagnostic.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace clstep {

class KernelRun;

/// Gives the RaceDetector's reports one verdict per pair of source sites (issue #32): the
/// pair of the two accesses' source ranges, in either order, whatever the hazard or the
/// memory word. While every occurrence of a pair so far stored the bytes that were already
/// there, its reports are held back as "benign-race" reports; once one occurrence changes a
/// value, the pair is a data race: the reports held back are delivered as "data-race"
/// occurrences (merged with, and counted in, the pair's other data-race reports, their byte
/// ranges added to those reports' CheckDetails ranges), and so is every later occurrence of
/// the pair. The reports of pairs that never changed a value are delivered as "benign-race"
/// reports by finish(), at the end of the run: a benign verdict needs the whole run.
///
/// Delivered means: facts recorded in CheckDetails (record(), addRange(), addOccurrence())
/// and the diagnostic reported to the KernelRun, which merges and counts equal ones. Not
/// thread-safe: a parallel run calls add() in work-group order (KernelRun::inGroupOrder), so
/// the verdicts and the order of reports are those of a sequential run.
class RaceVerdicts {
public:
    /// One occurrence of a race, as the RaceDetector found it, in the forms of both verdicts.
    struct Occurrence {
        /// The source ranges of the first and second access (the pair's identity).
        SourceRange firstSite, secondSite;
        /// The write stored the bytes that were already there.
        bool benign = false;
        /// The report as a data race (kind "data-race", an error).
        Diagnostic race;
        /// The report as a benign race (kind "benign-race"); set when `benign`.
        Diagnostic benignRace;
        /// The facts (CheckDetails::record) of the first occurrence of this report's identity,
        /// with the "value" field of a benign race (left out of the data-race form); empty
        /// for a repeat, whose facts were recorded already.
        std::optional<nlohmann::json> fields;
        /// The raced byte ranges of this occurrence (CheckDetails::addRange).
        std::vector<CheckDetails::Range> ranges;
        /// This occurrence's own facts for each of its ranges (CheckDetails::addOccurrence, the
        /// debugger), or null.
        std::shared_ptr<const nlohmann::json> pair;
    };

    /// `details` receives the facts of the reports delivered; it must outlive this object.
    explicit RaceVerdicts(CheckDetails& details);

    /// Forgets every pair and the reports held back (a new run, or a discarded one).
    void reset();
    /// Delivers occurrence `o` to `run` as a data race, or holds it back while its pair has
    /// only stored unchanged bytes (see the class comment).
    void add(KernelRun& run, Occurrence o);
    /// Delivers the reports held back, as benign races (the end of the run), in the order
    /// of their first occurrence.
    void finish(KernelRun& run);

private:
    /// The occurrences of one benign-race identity (CheckDetails::keyOf) held back: its first
    /// occurrence, its latest, how many there were. Their ranges and pairs are kept in
    /// m_held, under the benign-race form's identity.
    struct Held {
        Occurrence first;
        Diagnostic latestRace, latestBenign;
        uint64_t count = 0;
    };
    /// The verdict of one pair of sites so far and the identities it holds back (indexes
    /// into m_heldReports).
    struct Pair {
        bool racy = false;
        std::vector<size_t> held;
    };
    using PairKey = std::array<uint32_t, 12>;
    static PairKey keyOf(const Occurrence& o);
    /// Delivers the occurrences of `h` as data races (`asRace`) or benign races.
    void deliverHeld(KernelRun& run, const Held& h, bool asRace);
    /// Records facts and ranges of `d` and reports it.
    void deliver(KernelRun& run, Diagnostic d, std::optional<nlohmann::json> fields,
                 const std::vector<CheckDetails::Range>& ranges,
                 std::shared_ptr<const nlohmann::json> pair);

    CheckDetails& m_details;
    std::map<PairKey, Pair> m_pairs;
    std::vector<Held> m_heldReports;                     ///< in order of first occurrence
    std::unordered_map<std::string, size_t> m_heldIndex; ///< benign identity -> m_heldReports
    CheckDetails m_held; ///< ranges and pairs of the occurrences held back
};

} // namespace clstep
