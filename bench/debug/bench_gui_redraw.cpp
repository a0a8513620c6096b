// bench_gui_redraw: how long the GUI takes to show one debugger step. Builds the real
// MainWindow (1600x1000, default layout, runtime checks on) on a kernel with one work-group of
// 256 work-items and 1 MiB of __global buffers, then times N lockstep steps (all 256
// work-items run one statement) and N single steps of work-item 0, each through the path the
// toolbar uses (DebugController -> SessionWorker on its thread -> SessionState -> every
// pane's model), from the request to the end of a synchronous repaint of the whole window.
// Usage: bench_gui_redraw [N] [--no-checks] [--simt]   (N steps of each kind, default 40;
// run under xvfb-run or with QT_QPA_PLATFORM=offscreen). --simt: the `simt` schedule with
// sub-groups of 32, so the grid draws the lanes, with the Efficiency pane raised and a
// multi-watch `lid.x * 2` on all 256 work-items (issue 17's views).
// Prints median and max per kind; exit code 1 when a median exceeds 50 ms, 2 on a setup error.
#include "DebugController.h"
#include "MainWindow.h"
#include "MultiWatchPane.h"
#include "SimtViews.h"

#include <QDockWidget>

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace clstep;
using namespace clstep::ui;

namespace {

// 64 loop iterations: a few hundred statements per work-item, more than the steps timed.
const char* kKernel = R"(__kernel void redraw(__global const float *data, __global float *out)
{
    __local float tile[256];
    const int lid = get_local_id(0);
    tile[lid] = data[get_global_id(0) * 1000];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (int k = 0; k < 64; ++k) {
        float v = tile[(lid + k) % 256];
        acc += v * v;
        out[lid] = acc;
    }
}
)";
// data: 1 MiB - 1 KiB of floats; out: 1 KiB. One work-group of 256 work-items.
const char* kSim = "redraw.cl\nredraw\n256 1 1\n256 1 1\n"
                   "<size=1047552 float range=0:0.5:130943.5>\n"
                   "<size=1024 float fill=0>\n";

struct Sample {
    double total = 0;   ///< request -> repaint finished
    double applied = 0; ///< request -> state applied to every pane (worker + models)
};

void pumpUntil(MainWindow& w, uint64_t step) {
    DebugController* dc = w.controller();
    while (!(dc->state().snapshot && dc->state().snapshot->step >= step && !dc->busy() &&
             dc->pending() == 0))
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
    QCoreApplication::processEvents(); // delayed layouts of the item views
}

Sample timeOne(MainWindow& w, DebugController::Command command) {
    DebugController* dc = w.controller();
    const uint64_t next = dc->state().snapshot->step + 1;
    QElapsedTimer t;
    t.start();
    dc->run(command);
    pumpUntil(w, next);
    Sample s;
    s.applied = static_cast<double>(t.nsecsElapsed()) / 1e6;
    w.repaint(); // every visible pane paints now
    s.total = static_cast<double>(t.nsecsElapsed()) / 1e6;
    return s;
}

void report(const char* what, std::vector<Sample> samples, bool& ok) {
    auto column = [&](double Sample::*field, double& median, double& max) {
        std::vector<double> v;
        for (const Sample& s : samples)
            v.push_back(s.*field);
        std::sort(v.begin(), v.end());
        median = v.empty() ? 0 : v[v.size() / 2];
        max = v.empty() ? 0 : v.back();
    };
    double median = 0, max = 0, appliedMedian = 0, appliedMax = 0;
    column(&Sample::total, median, max);
    column(&Sample::applied, appliedMedian, appliedMax);
    std::printf("%-34s median %6.1f ms  max %6.1f ms   (state applied: median %6.1f ms, "
                "max %6.1f ms; %zu steps)  %s\n",
                what, median, max, appliedMedian, appliedMax, samples.size(),
                median <= 50 ? "ok" : "MISSED (target <= 50 ms)");
    ok = ok && median <= 50;
}

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    int n = 40;
    bool checks = true, simt = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--no-checks") == 0)
            checks = false;
        else if (std::strcmp(argv[i], "--simt") == 0)
            simt = true;
        else
            n = std::max(1, std::atoi(argv[i]));
    }
    QTemporaryDir dir;
    QFile cl(dir.filePath(QStringLiteral("redraw.cl"))),
        sim(dir.filePath(QStringLiteral("redraw.sim")));
    if (!cl.open(QIODevice::WriteOnly) || !sim.open(QIODevice::WriteOnly)) return 2;
    cl.write(kKernel);
    sim.write(kSim);
    cl.close();
    sim.close();

    MainWindow::Options o;
    o.persistSettings = false;
    o.interactive = false;
    MainWindow w(o);
    w.resize(1600, 1000);
    w.show();
    if (!w.openPath(sim.fileName()) || !w.waitIdle(60000) || !w.controller()->state().launched) {
        std::fprintf(stderr, "bench_gui_redraw: cannot open the kernel: %s\n",
                     qPrintable(w.controller()->state().lastError));
        return 2;
    }
    if (!checks) {
        w.controller()->setChecks(CheckOptions::none()); // resets
        w.waitIdle(60000);
    }
    if (simt) {
        w.controller()->setSchedule(debug::SchedulePolicy::Simt, 1);
        w.controller()->setSubGroupSize(32);
        w.simtViews()->multiWatchPane()->setExpression(QStringLiteral("lid.x * 2"));
        if (QDockWidget* d = w.dock(QStringLiteral("dockEfficiency"))) d->raise();
        w.waitIdle(60000);
    }
    QThread::msleep(500); // initial dock sizes settle (MainWindow::applyDockSizes)
    QCoreApplication::processEvents();
    w.repaint();

    std::vector<Sample> lockstep, single;
    timeOne(w, DebugController::Command::Lockstep); // starts the 256 fibers: not counted
    for (int i = 0; i < n; ++i)
        lockstep.push_back(timeOne(w, DebugController::Command::Lockstep));
    for (int i = 0; i < n; ++i)
        single.push_back(timeOne(w, DebugController::Command::Step));
    const auto& st = w.controller()->state();
    size_t globalBytes = 0;
    for (const auto& r : st.snapshot->global)
        globalBytes += r.bytes.size();
    std::printf("bench_gui_redraw: platform %s, window %dx%d, 1 work-group of %zu work-items, "
                "%zu bytes of __global memory, runtime checks %s, schedule %s, stopped at: %s\n",
                qPrintable(QGuiApplication::platformName()), w.width(), w.height(),
                st.snapshot->workItems.size(), globalBytes, checks ? "on" : "off",
                debug::schedulePolicyName(st.policy), st.snapshot->stopReason.c_str());
    bool ok = true;
    report("lockstep step (256 work-items)", lockstep, ok);
    report("single step (work-item 0)", single, ok);
    return ok ? 0 : 1;
}
