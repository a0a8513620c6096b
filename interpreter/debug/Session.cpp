// Session: loading, configuration and execution control.
#include "debug/Session.h"

#include "debug/AccessTracer.h"
#include "debug/SessionController.h"
#include "debug/SnapshotPager.h"
#include "debug/WatchTracker.h"
#include "launch/LaunchPlan.h"
#include "launch/SimParser.h"
#include "runtime/KernelRun.h"
#include "runtime/RunDriver.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <mutex>
#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace clstep::debug {

namespace {
const size_t kKeepFinishedGroups = 256;

/// Snapshots copy the pages of memory a step changed (SnapshotPager) and are dropped soon
/// after. With glibc's default dynamic thresholds those
/// blocks come from fresh mmap()ed or trimmed pages, and the page faults cost ten times the
/// copy itself. Once per process, allocations up to 32 MiB stay on the heap and up to
/// 256 MiB of freed heap is kept for reuse. The trim threshold only holds for the main arena:
/// a thread's own arena unmaps a 64 MiB heap as soon as it is free, which a GUI worker thread
/// that makes a snapshot per step and drops the previous one does every few steps (measured:
/// 27 ms -> 14 ms per step in bench_gui_redraw), so every thread allocates from the main arena.
void keepFreedMemoryForSnapshots() {
#ifdef __GLIBC__
    static std::once_flag once;
    std::call_once(once, [] {
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
        mallopt(M_ARENA_MAX, 1);
    });
#endif
}
/// Gives the memory freed by a closed launch back to the system (the heap keeps up to 256 MiB
/// of freed blocks, and freed pages amid used ones, otherwise: issue 16 item 7).
void returnFreedMemory() {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}
} // namespace

Session::Session()
    : m_controller(std::make_unique<SessionController>()),
      m_tracer(std::make_unique<AccessTracer>()), m_pager(std::make_unique<SnapshotPager>()),
      m_watch(std::make_unique<WatchTracker>()) {
    keepFreedMemoryForSnapshots();
    m_controller->pauseFlag = &m_pauseRequested;
    m_controller->tracer = m_tracer.get();
    m_controller->watch = m_watch.get();
    m_watch->setWatchpoints(&m_watchpoints);
}

Session::~Session() {
    m_driver.reset();
    m_group.reset();
    m_finished.clear();
    m_run.reset();
    m_checks.reset();
}

std::vector<Diagnostic> Session::diagnostics() const {
    std::vector<Diagnostic> out;
    if (m_program) out = m_program->diagnostics;
    out.insert(out.end(), m_launchDiagnostics.begin(), m_launchDiagnostics.end());
    if (m_run) out.insert(out.end(), m_run->diagnostics().begin(), m_run->diagnostics().end());
    return out;
}

bool Session::loadSource(const std::string& path, const std::string& text,
                         const CompileOptions& options) {
    clearRun();
    returnFreedMemory();
    m_launchDiagnostics.clear();
    m_compileOptions = options;
    m_program = Program::fromSource(path, text, options);
    if (m_kernelName.empty() && !m_program->kernels.empty())
        m_kernelName = m_program->kernels.front()->name;
    recompileConditions();
    return !m_program->hasErrors();
}

bool Session::loadFile(const std::string& path, const CompileOptions& options) {
    clearRun();
    returnFreedMemory();
    m_launchDiagnostics.clear();
    m_compileOptions = options;
    m_program = Program::fromFile(path, options);
    if (m_kernelName.empty() && !m_program->kernels.empty())
        m_kernelName = m_program->kernels.front()->name;
    recompileConditions();
    return !m_program->hasErrors();
}

std::vector<std::string> Session::kernelNames() const {
    std::vector<std::string> names;
    if (m_program)
        for (const ast::FunctionDecl* k : m_program->kernels)
            names.push_back(k->name);
    return names;
}

bool Session::loadSim(const std::string& path, const CompileOptions& options) {
    clearRun();
    returnFreedMemory();
    m_launchDiagnostics.clear();
    SourceManager sources;
    m_launchPath = path;
    // The .sim's diagnostics carry file ids of its own SourceManager, which would name a file
    // of the program: mark them as launch-file diagnostics whatever way this returns.
    struct Remap {
        std::vector<Diagnostic>& diags;
        ~Remap() {
            auto mark = [](SourceRange& r) {
                if (r.valid()) r.begin.file = r.end.file = kLaunchFileId;
            };
            for (Diagnostic& d : diags) {
                mark(d.range);
                for (RelatedLocation& n : d.notes)
                    mark(n.range);
            }
        }
    } remap{m_launchDiagnostics};
    auto config = launch::SimParser::parseFile(sources, path, m_launchDiagnostics);
    if (!config) return fail("cannot read launch file '" + path + "'");
    m_compileOptions = options;
    std::string why; // the directive was checked by SimParser
    if (config->buildOptions) m_compileOptions.applyBuildOptions(*config->buildOptions, why);
    m_program = Program::fromFile(config->kernelFile, m_compileOptions);
    m_kernelName = config->kernelName;
    recompileConditions();
    if (m_program->hasErrors()) return fail("the kernel has errors");
    const ast::FunctionDecl* k = m_program->findKernel(m_kernelName);
    if (!k && m_program->kernels.empty())
        return fail(config->kernelFile + " has no kernel: declare a __kernel function to run");
    if (!k && m_kernelName.empty()) return fail("no kernel chosen in " + config->kernelFile);
    if (!k) return fail("no kernel named '" + m_kernelName + "' in " + config->kernelFile);
    config->memoryBudgetBytes = m_runOptions.globalMemoryBytes;
    launch::LaunchPlan plan = launch::prepare(*m_program, *config, m_launchDiagnostics);
    if (!plan.ok) return fail("the launch file does not match the kernel");
    m_range = plan.range;
    m_args = std::move(plan.arguments);
    m_dumpArgs = std::move(plan.dump);
    m_argTypeNames.clear();
    for (const auto& a : config->args)
        m_argTypeNames.push_back(
            a.writtenType ? std::string(launch::elementTypeName(*a.writtenType)) : std::string());
    return true;
}

void Session::clearRun() {
    m_controller->run = nullptr;
    m_driver.reset();
    m_group.reset();
    m_finished.clear();
    m_run.reset();
    m_checks.reset(); // after the run it observed
    m_stats.reset();
    m_detailCache.clear();
    m_history.clear();
    m_pager->clear();
    m_step = 0;
}

uint64_t Session::linearGroupId(const std::array<uint64_t, 3>& g) const {
    return RunDriver::linearGroupId(m_range, g);
}

std::array<uint64_t, 3> Session::groupIdOf(uint64_t linear) const {
    return RunDriver::groupId(m_range, linear);
}

bool Session::reset() {
    clearRun();
    m_lastError.clear();
    stopAt(StopKind::Reset, "reset");
    m_tracer->clear();
    if (!m_program) return fail("no program loaded", StopKind::Reset);
    if (m_program->hasErrors()) return fail("the program has errors", StopKind::Reset);
    RunOptions options = m_runOptions;
    options.repeatDetails = true; // each stop at a repeated report shows its own work-items
    m_run = std::make_unique<KernelRun>(*m_program, m_kernelName, m_range, m_args, options);
    if (!m_run->ready()) {
        std::string msg =
            m_run->diagnostics().empty() ? "invalid launch" : m_run->diagnostics().front().message;
        m_run.reset();
        return fail(msg, StopKind::Reset);
    }
    m_run->addObserver(m_tracer.get());
    m_run->addObserver(m_watch.get());
    // A fresh CheckSet per run: replays (step back) and resets report each problem once.
    m_checks = std::make_unique<CheckSet>(m_checkOptions);
    m_checks->attach(*m_run);
    AccessStatsOptions statsOptions;
    statsOptions.subGroupSize = m_runOptions.subGroupSize;
    statsOptions.byteCosts = true; // the memory panes' "by conflict" colouring
    m_stats = std::make_unique<AccessStats>(statsOptions);
    m_run->addObserver(m_stats.get());
    for (ExecutionObserver* o : m_observers)
        m_run->addObserver(o);
    m_tracer->setMarkEndian(m_checkOptions.endianEvents);
    m_watch->clear();
    for (Breakpoint& b : m_breakpoints)
        b.hits = b.reached = 0;
    for (Watchpoint& w : m_watchpoints)
        w.hits = 0;
    m_controller->run = m_run.get();
    m_controller->seenReports = 0;
    m_controller->errorPending = false;
    m_controller->shownIndex = -1;
    m_controller->erred.clear();
    m_controller->bigEndian = m_runOptions.deviceBigEndian;
    m_driver = std::make_unique<RunDriver>(*m_run, m_controller.get());
    m_driver->beginRun();
    m_controller->mainFile = m_program->mainFile;
    if (!m_replaying) {
        m_initialPolicy = m_scheduler.policy();
        m_initialSeed = m_scheduler.seed();
    }
    m_groupsFinished = 0;
    m_selected = 0;
    m_scheduler.restart();
    startNextGroup();
    return true;
}

void Session::startNextGroup() {
    m_groupLinear = m_driver->nextGroup();
    m_viewLinear = m_groupLinear;
    m_group = m_driver->startGroup();
    m_selected = std::min(m_selected, m_group->workItems().size() - 1);
    m_scheduler.restart();
}

bool Session::finishCurrentGroup() {
    if (!m_group) return true;
    // The rest of the group runs under the chosen schedule (Run all, selecting a later
    // group): a per-statement policy resumes one statement at a time, the others run each
    // picked work-item to its next barrier or its end.
    m_controller->mode = m_scheduler.perStatement() ? SessionController::Mode::AnyStatement
                                                    : SessionController::Mode::Never;
    m_controller->breakpointsOn = false;
    m_controller->eventsOn = false;
    const bool ran = m_driver->runItems(
        *m_group, [this](const auto& items) { return m_scheduler.pick(items); },
        [this](WorkItem& wi) {
            m_controller->pollReports(&wi);
            // A pause request makes every resumed work-item yield at once: stop here, the
            // group unfinished, instead of resuming it again and again (a livelock on an
            // endless loop).
            return !m_pauseRequested;
        });
    if (!ran) return false;
    endCurrentGroup();
    return true;
}

void Session::endCurrentGroup() {
    m_driver->endGroup(*m_group); // and the run after its last group
    ++m_groupsFinished;
    if (m_finished.size() < kKeepFinishedGroups) m_finished[m_groupLinear] = std::move(m_group);
    m_group.reset();
}

bool Session::finished() const {
    return m_run && !m_group;
}

WorkItem* Session::selectedItem() const {
    const WorkGroup* g = viewedGroup();
    if (!g || m_selected >= g->workItems().size()) return nullptr;
    return g->workItems()[m_selected].get();
}

const WorkGroup* Session::viewedGroup() const {
    if (m_group && m_viewLinear == m_groupLinear) return m_group.get();
    auto it = m_finished.find(m_viewLinear);
    return it == m_finished.end() ? nullptr : it->second.get();
}

int Session::addBreakpoint(uint32_t line) {
    for (Breakpoint& b : m_breakpoints)
        if (b.line == line) {
            b.condition.clear();
            m_conditions.erase(b.id);
            return b.id;
        }
    Breakpoint b;
    b.id = m_nextBreakpointId++;
    b.line = line;
    m_breakpoints.push_back(b);
    return m_breakpoints.back().id;
}

bool Session::setBreakpointEnabled(int id, bool enabled) {
    for (Breakpoint& b : m_breakpoints)
        if (b.id == id) {
            b.enabled = enabled;
            return true;
        }
    return false;
}

bool Session::setBreakpointHitCount(int id, uint64_t hitCount) {
    for (Breakpoint& b : m_breakpoints)
        if (b.id == id) {
            b.hitCount = hitCount;
            return true;
        }
    return false;
}

bool Session::removeBreakpoint(int id) {
    for (auto it = m_breakpoints.begin(); it != m_breakpoints.end(); ++it)
        if (it->id == id) {
            m_conditions.erase(id);
            m_breakpoints.erase(it);
            return true;
        }
    return false;
}

} // namespace clstep::debug
