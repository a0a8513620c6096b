#pragma once

#include "checks/CheckDetails.h"

#include <memory>
#include <string>
#include <vector>

namespace clstep {

class KernelRun;
class RaceDetector;
class UninitializedChecker;
class EndianTracer;
class AsyncCopyChecker;

/// Which runtime checks a run gets (`clstep-cli run` flags --no-data-races,
/// --no-uninitialized, --no-endian-events, --no-checks, --uniform-writes, --strict-races; the async
/// copy checks are on unless --no-checks).
struct CheckOptions {
    bool dataRaces = true;      ///< RaceDetector
    bool uninitialized = true;  ///< UninitializedChecker
    bool endianEvents = true;   ///< EndianTracer
    bool uniformWrites = false; ///< also report write-write races that store equal values
    bool asyncCopies = true;    ///< AsyncCopyChecker (async copy divergence and events)
    bool strictRaces = false;   ///< benign races (kind `benign-race`) are errors, not warnings
    /// By kernel argument index: where the bytes of a `noinit` buffer argument came from, for
    /// the origin of uninitialized reads (the OpenCL platform: "buffer 3 created by
    /// clCreateBuffer without data"); empty: the launch's noinit argument.
    std::vector<std::string> noInitOrigins;
    /// Every check off (the run then has no observers and pays nothing for checks).
    static CheckOptions none() {
        CheckOptions o;
        o.dataRaces = o.uninitialized = o.endianEvents = o.asyncCopies = false;
        return o;
    }
};

/// Creates the enabled checks for one kernel run and owns them and their CheckDetails.
/// Out-of-bounds, null, dangling, read-only/write-only, constant-write and misaligned
/// accesses and barrier divergence are always reported by the runtime itself.
///
/// Usage: `CheckSet checks(options); checks.attach(run); run.runAll();` then look up the
/// structured facts of a diagnostic with details(). The CheckSet must outlive the run.
class CheckSet {
public:
    explicit CheckSet(const CheckOptions& options);
    ~CheckSet();
    CheckSet(const CheckSet&) = delete;
    CheckSet& operator=(const CheckSet&) = delete;

    /// Adds the enabled checks to `run` as observers (before KernelRun::runAll()).
    void attach(KernelRun& run);
    /// Structured facts recorded for `d` (data races, uninitialized reads, endian events;
    /// fields as documented in docs/diagnostics.md), or nullptr.
    const nlohmann::json* details(const Diagnostic& d) const { return m_details.find(d); }
    /// The memory ranges of every occurrence of `d` (for a data race: the raced bytes of each
    /// merged access pair, `__local` ones with their work-group; at most
    /// CheckDetails::kMaxRanges), or nothing.
    std::vector<CheckDetails::Range> ranges(const Diagnostic& d) const {
        return m_details.ranges(d);
    }
    /// Each raced range of `d` with its own pair of accesses (CheckDetails::occurrences;
    /// recorded with RunOptions::repeatDetails, the debugger).
    std::vector<CheckDetails::Occurrence> occurrences(const Diagnostic& d) const {
        return m_details.occurrences(d);
    }
    const CheckOptions& options() const { return m_options; }

private:
    CheckOptions m_options;
    CheckDetails m_details;
    std::unique_ptr<RaceDetector> m_races;
    std::unique_ptr<UninitializedChecker> m_uninitialized;
    std::unique_ptr<EndianTracer> m_endian;
    std::unique_ptr<AsyncCopyChecker> m_asyncCopies;
};

} // namespace clstep
