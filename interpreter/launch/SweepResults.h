#pragma once

#include "launch/LaunchConfig.h"
#include "launch/SweepReport.h"

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace clstep::launch {

/// The results of a sweep's configurations (docs/sweep.md), collected as each run finishes,
/// in any order and from any thread, so that a sweep's memory is bounded by its largest run
/// (times the runs going on at once), not by the sum of its runs.
///
/// The *reference* is the first configuration in matrix order that launched: its dumped
/// buffers are kept whole. Every other configuration is compared with it as soon as both are
/// known (integers exactly, floats within `ulp`, BufferComparison::equalElements) and its
/// buffers are then released: an equal one joins the reference's class; another joins the
/// class whose buffers have the same digest (a 64-bit FNV-1a hash of their bytes: equal bit
/// for bit), or starts a new class, whose first differing elements from the reference (at
/// most 20) and their count are kept. A configuration that finishes while one before it in
/// matrix order is still running (the reference may not be known yet) is *held* whole until
/// it is; Sweep::run starts no new configuration while `held()` reaches its jobs.
class SweepResults {
public:
    /// A store for `configurations` runs of a launch whose argument specifications (names,
    /// element types) are `specs`, floats equal within `ulp`. With `keepBuffers` (`sweep
    /// --json-buffers`) every run's dumped buffers stay (memory: the sum of the runs).
    SweepResults(size_t configurations, std::vector<KernelArgSpec> specs, uint64_t ulp,
                 bool keepBuffers = false);

    /// Dumped buffers a configuration's run is expected to leave (one per argument, empty
    /// for those not dumped; `grade`: the reference's under the same configuration), or null
    /// when there is nothing to compare with.
    using ExpectedBuffers = std::shared_ptr<const std::vector<std::vector<uint8_t>>>;
    /// What one configuration's run left against its expected buffers.
    struct ExpectedComparison {
        bool compared = false;                   ///< it launched and had expected buffers
        std::vector<ElementDifference> elements; ///< the first differences (first: expected)
        uint64_t total = 0;                      ///< differing elements in all
    };
    /// Before the first add(): compare each launched run, as it is added (before its buffers
    /// are released), with `expected(index)`, keeping its first `limit` differing elements
    /// and their count (`sweep --expect-json`, what `grade` asks of each submission). Not
    /// thread-safe against add().
    void setExpected(std::function<ExpectedBuffers(size_t index)> expected, size_t limit);
    /// Per configuration, its comparison with its expected buffers (after the sweep).
    const std::vector<ExpectedComparison>& expectedComparisons() const { return m_compared; }

    /// Stores the result of configuration `index` (< the count given): compares it at once
    /// when the reference is known, else holds it. Thread-safe. An index given twice, or out
    /// of range, is ignored.
    void add(size_t index, SweepRunResult result);
    /// Blocks until fewer than `limit` results are held (returns at once for `limit` 0).
    void waitUntilHeldBelow(size_t limit);

    /// Results kept whole until the reference is known (launched runs only).
    size_t held() const;
    /// Bytes of dumped buffers kept now: the reference's, the held results', and every run's
    /// with `keepBuffers`.
    uint64_t retainedBytes() const;
    /// The largest retainedBytes() so far.
    uint64_t peakRetainedBytes() const;
    /// Runs whose dumped buffers are kept now (see retainedBytes()).
    size_t retainedRuns() const;

    /// The runs in matrix order, their diagnostics and counts, `launched` and `failure` as
    /// each ended; `dumps` are empty except the reference's (and every run's with
    /// `keepBuffers`). A configuration never added is a default SweepRunResult. Call after
    /// the sweep (not thread-safe against add()).
    std::vector<SweepRunResult>& runs() { return m_runs; }
    const std::vector<SweepRunResult>& runs() const { return m_runs; }
    /// Launched configurations grouped by equal results, each class in matrix order, the
    /// classes in order of their first configuration (the reference's first). After the sweep.
    std::vector<std::vector<size_t>> resultClasses() const;
    /// For each class after the first: its first elements that differ from the reference's
    /// (SweepDifference, firstClass 0), in the order of resultClasses(). After the sweep.
    std::vector<SweepDifference> differences() const;

private:
    struct Class {
        uint64_t digest = 0;
        std::vector<size_t> members;
        std::vector<ElementDifference> elements;
        uint64_t total = 0;
    };
    /// Compares run `index` (arrived, launched) with the reference and releases its buffers.
    void classify(size_t index);
    /// Finds the reference if the runs before it have arrived, then classifies the held runs.
    void advance();
    bool equalToReference(const SweepRunResult& run) const;
    uint64_t digest(const SweepRunResult& run) const;
    static uint64_t bytesOf(const SweepRunResult& run);
    void release(SweepRunResult& run);
    void retain(uint64_t bytes);

    std::function<ExpectedBuffers(size_t)> m_expected;
    size_t m_expectedLimit = 0;
    std::vector<ExpectedComparison> m_compared;
    std::vector<KernelArgSpec> m_specs;
    uint64_t m_ulp = 0;
    bool m_keepBuffers = false;
    std::vector<SweepRunResult> m_runs;
    std::vector<char> m_arrived;
    std::vector<size_t> m_held;
    size_t m_scan = 0;               ///< runs before it arrived and did not launch
    size_t m_reference = ~size_t(0); ///< the reference run, when known
    std::vector<Class> m_classes;    ///< [0] is the reference's once known
    uint64_t m_retained = 0, m_peak = 0;
    size_t m_retainedRuns = 0;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
};

} // namespace clstep::launch
