// bench_session: cost of the debugger's hot operations on one 256-work-item work-group with
// 1 MiB of __global memory: Session::snapshot() (target <= 5 ms) and one lockstep step of all
// 256 work-items (target <= 5 ms); also a breakpoint continue and an expression evaluation.
// Usage: bench_session [REPEATS]   (prints medians and maxima in milliseconds; exit code 1 when
// a median misses its target).
#include "debug/Session.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace clstep;
using namespace clstep::debug;

namespace {

const char* kKernel = R"(
__kernel void bench(__global const float *data, __global float *out)
{
    __local float tile[256];
    const int lid = get_local_id(0);
    tile[lid] = data[get_global_id(0) * 1000];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (int k = 0; k < 16; ++k) {
        float v = tile[(lid + k) % 256];
        acc += v * v;
    }
    out[get_global_id(0)] = acc;
}
)";
const uint32_t kBreakLine = 11; // acc += v * v;

struct Stats {
    double median = 0, max = 0, mean = 0;
};

Stats stats(std::vector<double> ms) {
    Stats s;
    if (ms.empty()) return s;
    std::sort(ms.begin(), ms.end());
    s.median = ms[ms.size() / 2];
    s.max = ms.back();
    for (double v : ms)
        s.mean += v;
    s.mean /= static_cast<double>(ms.size());
    return s;
}

double timeMs(const std::function<void()>& f) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

bool setUp(Session& s) {
    if (!s.loadSource("bench.cl", kKernel)) {
        std::fprintf(stderr, "bench_session: the kernel does not build\n");
        return false;
    }
    NDRange r;
    r.dims = 1;
    r.global = {256, 1, 1};
    r.local = {256, 1, 1};
    KernelArgument data;
    data.kind = KernelArgument::Kind::Buffer;
    data.name = "data";
    data.size = (1u << 20) - 1024; // with `out`: 1 MiB of __global memory
    data.bytes.resize(data.size);
    for (size_t i = 0; i + 4 <= data.bytes.size(); i += 4) {
        float f = static_cast<float>(i % 97);
        std::memcpy(data.bytes.data() + i, &f, 4);
    }
    data.elementBytes = 4;
    KernelArgument out;
    out.kind = KernelArgument::Kind::Buffer;
    out.name = "out";
    out.size = 1024;
    out.bytes.assign(out.size, 0);
    out.elementBytes = 4;
    s.setKernel("bench");
    s.setNDRange(r);
    s.setArguments({data, out});
    if (!s.reset()) {
        std::fprintf(stderr, "bench_session: cannot launch: %s\n", s.lastError().c_str());
        return false;
    }
    return true;
}

void report(const char* what, const Stats& s, double target) {
    std::printf("%-44s median %7.3f ms  mean %7.3f ms  max %7.3f ms", what, s.median, s.mean,
                s.max);
    if (target > 0)
        std::printf("  (target <= %.0f ms: %s)", target, s.median <= target ? "ok" : "MISSED");
    std::printf("\n");
}

} // namespace

int main(int argc, char** argv) {
    int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
    bool ok = true;

    // ---- lockstep latency: every one of the 256 work-items runs one statement ----
    std::vector<double> lockstep;
    uint64_t statements = 0;
    for (int rep = 0; rep < std::max(1, repeats / 10); ++rep) {
        Session s;
        if (!setUp(s)) return 2;
        for (int i = 0; i < 200; ++i) {
            bool stepped = true;
            lockstep.push_back(timeMs([&] { stepped = s.stepLockstep(); }));
            if (!stepped) {
                lockstep.pop_back();
                break;
            }
            ++statements;
        }
    }
    Stats lock = stats(lockstep);

    // ---- snapshot cost, mid-run (shadows and trace populated) ----
    Session s;
    if (!setUp(s)) return 2;
    for (int i = 0; i < 12; ++i)
        s.stepLockstep(); // past the barrier, into the loop
    std::vector<double> snaps;
    size_t globalBytes = 0;
    for (int i = 0; i < repeats; ++i) {
        Snapshot snap;
        snaps.push_back(timeMs([&] { snap = s.snapshot(); }));
        globalBytes = 0;
        for (const MemoryRegion& r : snap.global)
            globalBytes += r.bytes.size();
    }
    Stats snap = stats(snaps);

    // ---- evaluate an expression in the selected work-item's scope ----
    std::vector<double> evals;
    for (int i = 0; i < repeats; ++i)
        evals.push_back(timeMs([&] { s.evaluate("tile[(lid + k) % 256] * 2"); }));
    Stats eval = stats(evals);

    // ---- continue to a conditional breakpoint (condition checked by 256 work-items) ----
    std::vector<double> conts;
    for (int rep = 0; rep < std::max(1, repeats / 10); ++rep) {
        Session c;
        if (!setUp(c)) return 2;
        c.addBreakpoint(kBreakLine, "lid == 255 && k == 15");
        conts.push_back(timeMs([&] { c.continueRun(); }));
    }
    Stats cont = stats(conts);

    std::printf("bench_session: 1 work-group of 256 work-items, %zu bytes of __global memory\n",
                globalBytes);
    report("snapshot()", snap, 5);
    report("stepLockstep() (256 work-items)", lock, 5);
    report("evaluate(\"tile[(lid + k) % 256] * 2\")", eval, 0);
    report("continueRun() to a conditional breakpoint", cont, 0);
    std::printf("(%zu snapshots, %llu lockstep steps, %zu evaluations, %zu continues)\n",
                snaps.size(), static_cast<unsigned long long>(statements), evals.size(),
                conts.size());
    ok = snap.median <= 5 && lock.median <= 5;
    return ok ? 0 : 1;
}
