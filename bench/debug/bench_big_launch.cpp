// bench_big_launch: the debugger on a big launch (issue 16 item 7). Loads a .sim headless
// through debug::Session (default bench/kernels/big_launch.sim: 16,777,216 work-items, two
// 64 MiB buffers), then performs STEPS debugger actions, each followed by a snapshot as the GUI
// takes one (the two latest snapshots are kept alive, as the GUI's worker and models hold
// them): lockstep steps of the selected work-group, single steps of one work-item, then one
// step back. Reports the time of every action + snapshot, the peak RSS (getrusage) and the
// RSS after closing the launch and opening a small file (/proc/self/statm).
// Targets: peak < 1.5 GB, < 150 ms per step, memory returned on close (exit code 1 if a
// target is missed).
// Usage: bench_big_launch [FILE.sim [STEPS [SMALL.sim]]]
#include "debug/Session.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace clstep;
using namespace clstep::debug;

namespace {

double mib(uint64_t bytes) {
    return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

/// Resident set size now, in bytes.
uint64_t rssNow() {
    std::ifstream f("/proc/self/statm");
    uint64_t pages = 0, resident = 0;
    f >> pages >> resident;
    return resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

/// Peak resident set size of the process, in bytes.
uint64_t rssPeak() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<uint64_t>(u.ru_maxrss) * 1024;
}

double timeMs(const std::function<void()>& f) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

int main(int argc, char** argv) {
    const std::string sim =
        argc > 1 ? argv[1] : std::string(CLSTEP_SOURCE_DIR "/bench/kernels/big_launch.sim");
    const int steps = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    const std::string small =
        argc > 3 ? argv[3] : std::string(CLSTEP_SOURCE_DIR "/samples/reduction.sim");

    const uint64_t rss0 = rssNow();
    auto session = std::make_unique<Session>();
    double loadMs = timeMs([&] {
        if (!session->loadSim(sim) || !session->reset()) {
            std::fprintf(stderr, "bench_big_launch: cannot launch %s: %s\n", sim.c_str(),
                         session->lastError().c_str());
            for (const Diagnostic& d : session->diagnostics())
                std::fprintf(stderr, "  %s\n", d.message.c_str());
            std::exit(2);
        }
    });
    std::shared_ptr<const Snapshot> previous, current;
    double firstSnapMs = timeMs([&] { current = std::make_shared<Snapshot>(session->snapshot()); });
    const NDRange& r = session->ndRange();
    uint64_t items = r.global[0] * r.global[1] * r.global[2], bytes = 0;
    for (const MemoryRegion& m : current->global)
        bytes += m.bytes.size();
    std::printf("bench_big_launch: %s: %llu work-items, %.0f MiB of __global memory\n", sim.c_str(),
                static_cast<unsigned long long>(items), mib(bytes));
    std::printf("  load + reset %.0f ms, first snapshot %.0f ms, RSS %.0f MiB\n", loadMs,
                firstSnapMs, mib(rssNow()));

    double worst = 0, total = 0;
    int actions = 0;
    auto act = [&](const char* what, const std::function<bool()>& f) {
        bool ok = true;
        const double ms = timeMs([&] {
            ok = f();
            previous = current;
            current = std::make_shared<Snapshot>(session->snapshot());
        });
        if (std::string(what).find("step") != std::string::npos) { // steps, not selections
            worst = std::max(worst, ms);
            total += ms;
            ++actions;
        }
        std::printf("  %-22s %8.1f ms  RSS %7.0f MiB%s\n", what, ms, mib(rssNow()),
                    ok ? "" : "  (returned false)");
    };
    for (int i = 0; i < steps; ++i)
        act("lockstep (256 items)", [&] { return session->stepLockstep(); });
    for (int i = 0; i < steps; ++i)
        act("step (1 work-item)", [&] { return session->step(); });
    act("select global 70000", [&] { return session->selectGlobal({70000, 0, 0}); });
    for (int i = 0; i < steps; ++i)
        act("step (1 work-item)", [&] { return session->step(); });
    const double backMs = timeMs([&] { session->stepBack(); });
    std::printf("  step back (replay)     %8.1f ms  RSS %7.0f MiB\n", backMs, mib(rssNow()));

    const uint64_t peak = rssPeak();
    // close the document: the GUI drops its snapshots and loads the next file
    previous.reset();
    current.reset();
    double closeMs = timeMs([&] {
        session->loadSim(small);
        session->reset();
        current = std::make_shared<Snapshot>(session->snapshot());
    });
    const uint64_t afterClose = rssNow();
    std::printf("  open %s %.0f ms\n", small.c_str(), closeMs);
    std::printf("peak RSS %.0f MiB (target < 1536), worst step + snapshot %.1f ms (target "
                "< 150), mean %.1f ms over %d steps, RSS after closing %.0f MiB (at start %.0f "
                "MiB)\n",
                mib(peak), worst, total / actions, actions, mib(afterClose), mib(rss0));
    const bool ok = mib(peak) < 1536 && worst < 150 && mib(afterClose) < mib(rss0) + 64;
    return ok ? 0 : 1;
}
