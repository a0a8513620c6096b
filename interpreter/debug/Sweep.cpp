// Sweep: one launch under every configuration of a matrix, on every core.
#include "debug/Sweep.h"

#include "common/DeepStackThread.h"
#include "debug/ScheduledRun.h"
#include "debug/Scheduler.h"

#include <atomic>
#include <memory>
#include <new>
#include <sstream>
#include <thread>

namespace clstep::debug {

launch::SweepRunResult Sweep::runOne(const SweepLaunch& l, const launch::SweepConfiguration& c) {
    launch::SweepRunResult result;
    result.config = c;
    try {
        const Program* program = c.bigEndian ? l.bigEndian : l.littleEndian;
        if (!program) {
            result.failure = "no program built for this byte order";
            return result;
        }
        NDRange range = l.range;
        range.local = c.localSize;
        range.localGiven = true;
        // a launch without a work-group size of its own gives __local sizes for none: as written
        std::vector<KernelArgument> args =
            l.range.localGiven ? launch::SweepMatrix::argumentsFor(l.args, l.range.local,
                                                                   c.localSize, l.pinnedLocals)
                               : l.args;
        RunOptions options = l.run;
        options.deviceBigEndian = c.bigEndian;
        options.threads = 1;
        if (c.subGroupSize) options.subGroupSize = c.subGroupSize;
        SchedulePolicy policy = SchedulePolicy::InOrder;
        if (!parseSchedulePolicy(c.schedule, policy)) {
            result.failure = "unknown schedule '" + c.schedule + "'";
            return result;
        }
        std::unique_ptr<AccessStats> stats;
        if (l.accessStats) {
            AccessStatsOptions so = *l.accessStats;
            so.subGroupSize = options.subGroupSize;
            stats = std::make_unique<AccessStats>(so);
        }
        std::vector<ExecutionObserver*> observers;
        if (stats) observers.push_back(stats.get());
        ScheduledOutcome o = runUnderSchedule(*program, l.kernel, range, args, options, l.checks,
                                              Scheduler(policy, c.seed), false, observers);
        if (stats && o.launched) result.access = launch::SweepAccessSummary::of(*stats);
        result.launched = o.launched;
        result.diagnostics = std::move(o.diagnostics);
        result.counts = std::move(o.counts);
        result.dumps.resize(o.buffers.size());
        for (size_t i = 0; i < o.buffers.size(); ++i)
            if (i < l.dump.size() && l.dump[i]) result.dumps[i] = std::move(o.buffers[i]);
    } catch (const std::bad_alloc&) {
        result.launched = false;
        result.failure = "the host ran out of memory";
    } catch (const std::exception& e) {
        result.launched = false;
        result.failure = std::string("internal error: ") + e.what();
    } catch (...) {
        result.launched = false;
        result.failure = "internal error: an exception of no known type";
    }
    return result;
}

namespace {

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    if (text.empty()) return out;
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, ',');)
        out.push_back(item);
    return out;
}

} // namespace

bool Sweep::parseMatrix(const SweepMatrixText& t, launch::SweepMatrixOptions& m, std::string& why) {
    if (!t.local.empty() && !launch::SweepMatrix::parseLocalList(t.local, m.localSizes, why)) {
        why = "--local: " + why;
        return false;
    }
    for (const std::string& s : splitList(t.subGroups)) {
        unsigned long n = 0;
        try {
            size_t used = 0;
            n = std::stoul(s, &used);
            if (used != s.size()) n = 0;
        } catch (...) {
        }
        if (n < 1 || n > 1024 || s.find('-') != std::string::npos) {
            why = "--sub-group-size: '" + s + "' is no size from 1 to 1024 work-items";
            return false;
        }
        m.subGroupSizes.push_back(static_cast<uint32_t>(n));
    }
    for (const std::string& s : splitList(t.schedules)) {
        SchedulePolicy p;
        if (!parseSchedulePolicy(s, p) || p == SchedulePolicy::Random) {
            why = "--schedules: unknown schedule '" + s +
                  "' (in-order, reverse, round-robin, simt; --random N for random ones)";
            return false;
        }
        m.schedules.push_back(s);
    }
    m.randomSchedules = t.random;
    for (const std::string& s : splitList(t.endians)) {
        if (s != "little" && s != "big") {
            why = "--device-endian: '" + s + "' is neither little nor big";
            return false;
        }
        m.bigEndian.push_back(s == "big");
    }
    return true;
}

void Sweep::run(const SweepLaunch& l, const std::vector<launch::SweepConfiguration>& configurations,
                unsigned jobs, launch::SweepResults& results) {
    if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
    jobs =
        static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>(jobs, configurations.size())));
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (;;) {
            // results waiting for an earlier configuration (the reference) hold their
            // buffers: start no other run while `jobs` of them wait
            results.waitUntilHeldBelow(jobs);
            const size_t i = next++;
            if (i >= configurations.size()) return;
            launch::SweepRunResult r = runOne(l, configurations[i]);
            try {
                results.add(i, std::move(r));
            } catch (const std::bad_alloc&) {
                launch::SweepRunResult failed;
                failed.config = configurations[i];
                failed.failure = "the host ran out of memory";
                results.add(i, std::move(failed));
            }
        }
    };
    if (jobs <= 1) {
        runOnDeepStack(work);
        return;
    }
    std::vector<std::unique_ptr<DeepStackThread>> threads;
    for (unsigned t = 0; t < jobs; ++t) {
        auto thread = std::make_unique<DeepStackThread>();
        if (thread->start(work)) threads.push_back(std::move(thread));
    }
    if (threads.empty()) runOnDeepStack(work);
    for (auto& t : threads)
        t->join();
}

} // namespace clstep::debug
