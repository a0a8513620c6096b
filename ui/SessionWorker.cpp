#include "SessionWorker.h"

#include "frontend/Ast.h"
#include "launch/LaunchPlan.h"
#include "launch/SimParser.h"
#include "launch/SimWriter.h"

#include <QFile>
#include <QFileInfo>

#include <QElapsedTimer>
#include <QRegularExpression>

#include <algorithm>

namespace clstep::ui {

namespace {

const char* commandName(SessionWorker::Command c) {
    using C = SessionWorker::Command;
    switch (c) {
    case C::Reset:
        return "reset";
    case C::Step:
        return "step";
    case C::Next:
        return "next";
    case C::Finish:
        return "finish";
    case C::Lockstep:
        return "lockstep step";
    case C::ToBarrier:
        return "run to barrier";
    case C::GroupToBarrier:
        return "group to barrier";
    case C::GroupToEnd:
        return "run group";
    case C::Continue:
        return "continue";
    case C::RunAll:
        return "run all";
    case C::StepBack:
        return "step back";
    case C::ReverseContinue:
        return "reverse continue";
    }
    return "";
}
/// True when `expression` uses an identifier that is no word of the program's `source` and
/// no built-in (a watch carried over from another kernel: set aside, not an error).
bool notInProgram(const QString& expression, const QString& source) {
    static const QRegularExpression ident(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
    static const QRegularExpression member(QStringLiteral("(\\.|->)\\s*$"));
    for (auto it = ident.globalMatch(expression); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString word = m.captured();
        if (member.match(expression.left(m.capturedStart())).hasMatch()) continue; // .x, ->f
        if (word.startsWith(QLatin1String("get_")) || word.startsWith(QLatin1String("__")) ||
            word == QLatin1String("sizeof"))
            continue;
        const QRegularExpression inSource(QStringLiteral("\\b%1\\b").arg(word));
        if (!inSource.match(source).hasMatch()) return true;
    }
    return false;
}

} // namespace

SessionWorker::SessionWorker(QObject* parent) : QObject(parent) {
    qRegisterMetaType<clstep::ui::SessionState>();
    qRegisterMetaType<clstep::debug::ExploreResult>();
    qRegisterMetaType<clstep::ui::LaunchResult>();
    RunOptions o = m_session.runOptions();
    o.stepLimitSetting = "Launch › Step limit"; // the GUI's setting, not clstep-cli's flag
    m_session.setRunOptions(o);
}

SessionWorker::~SessionWorker() = default;

void SessionWorker::requestPause() {
    m_pause = true;
    m_session.requestPause();
}

void SessionWorker::applyLaunchSettings(const launch::LaunchConfig* config) {
    // Settings belong to the launch: what the .sim saved, else the defaults (never the
    // previous file's).
    const bool big = config && config->deviceBigEndian.value_or(false);
    RunOptions o = m_session.runOptions();
    o.deviceBigEndian = big;
    o.subGroupSize =
        config && config->subGroupSize ? *config->subGroupSize : RunOptions{}.subGroupSize;
    m_session.setRunOptions(o);
    m_compileOptions = CompileOptions{}; // the .sim's build options apply in loadSim()
    m_compileOptions.deviceLittleEndian = !big;
    CheckOptions checks;
    if (config && config->checks) {
        const auto has = [&](const char* name) {
            return std::find(config->checks->begin(), config->checks->end(), name) !=
                   config->checks->end();
        };
        checks = CheckOptions::none();
        checks.dataRaces = has("races");
        checks.uninitialized = has("uninitialized");
        checks.endianEvents = has("endian");
        checks.uniformWrites = has("uniform-writes");
        checks.asyncCopies = has("async-copies");
    }
    m_session.setCheckOptions(checks);
    debug::SchedulePolicy policy = debug::SchedulePolicy::InOrder;
    if (config && config->schedule) debug::parseSchedulePolicy(*config->schedule, policy);
    m_session.setSchedule(policy, config ? config->scheduleSeed : 1);
}

void SessionWorker::openSim(const QString& simPath, const QString& kernelText,
                            const BreakpointList& breakpoints) {
    emit busyChanged(true);
    {
        SourceManager sources;
        std::vector<Diagnostic> diags;
        const auto config = launch::SimParser::parseFile(sources, simPath.toStdString(), diags);
        applyLaunchSettings(config ? &*config : nullptr);
    }
    bool ok = m_session.loadSim(simPath.toStdString(), m_compileOptions);
    m_compileOptions = m_session.compileOptions(); // edits rebuild with the .sim's options
    if (!kernelText.isNull() && m_session.program()) {
        const std::string path = m_session.program()->sources.path(m_session.program()->mainFile);
        ok = m_session.loadSource(path, kernelText.toStdString(), m_compileOptions) && ok;
    }
    if (ok) ok = m_session.reset();
    applyBreakpoints(breakpoints);
    publish(QStringLiteral("open"), ok);
    emit busyChanged(false);
}

void SessionWorker::openKernel(const QString& path, const QString& text,
                               const BreakpointList& breakpoints) {
    emit busyChanged(true);
    applyLaunchSettings(nullptr);
    bool ok = m_session.loadSource(path.toStdString(), text.toStdString(), m_compileOptions);
    if (ok && m_session.program()) {
        const Program& p = *m_session.program();
        const bool known =
            std::any_of(p.kernels.begin(), p.kernels.end(), [&](const ast::FunctionDecl* k) {
                return k->name == m_session.kernelName();
            });
        if (!known && !p.kernels.empty()) m_session.setKernel(p.kernels.front()->name);
    }
    if (ok) ok = m_session.reset();
    applyBreakpoints(breakpoints);
    publish(QStringLiteral("open"), ok);
    emit busyChanged(false);
}

void SessionWorker::rebuild(const QString& path, const QString& text,
                            const BreakpointList& breakpoints) {
    emit busyChanged(true);
    bool ok = m_session.loadSource(path.toStdString(), text.toStdString(), m_compileOptions);
    if (ok && !m_session.kernelName().empty()) ok = m_session.reset();
    applyBreakpoints(breakpoints);
    publish(QStringLiteral("rebuild"), ok);
    emit busyChanged(false);
}

void SessionWorker::run(Command command) {
    m_pause = false;
    emit busyChanged(true);
    bool ok = false;
    using C = Command;
    switch (command) {
    case C::Reset:
        ok = m_session.reset();
        break;
    case C::Step:
        ok = m_session.step();
        break;
    case C::Next:
        ok = m_session.next();
        break;
    case C::Finish:
        ok = m_session.finish();
        break;
    case C::Lockstep:
        ok = m_session.stepLockstep();
        break;
    case C::ToBarrier:
        ok = m_session.runToBarrier(false);
        break;
    case C::GroupToBarrier:
        ok = m_session.runToBarrier(true);
        break;
    case C::GroupToEnd:
        ok = m_session.runGroupToEnd();
        break;
    case C::Continue:
        ok = continueWithProgress();
        break;
    case C::RunAll:
        ok = runAllWithProgress();
        break;
    case C::StepBack:
        ok = m_session.stepBack();
        break;
    case C::ReverseContinue:
        ok = m_session.reverseContinue();
        break;
    }
    publish(QString::fromLatin1(commandName(command)), ok);
    emit busyChanged(false);
}

uint64_t SessionWorker::selectedGroupLinear() const {
    const NDRange& r = m_session.ndRange();
    return m_viewGroup[0] + r.groups(0) * (m_viewGroup[1] + r.groups(1) * m_viewGroup[2]);
}

bool SessionWorker::runAllWithProgress() {
    // Selecting a later work-group runs every group before it to completion: walking the
    // groups one selection at a time gives progress reports and pause points between them.
    const NDRange& r = m_session.ndRange();
    const uint64_t total = r.totalGroups();
    QElapsedTimer clock;
    clock.start();
    for (uint64_t g = selectedGroupLinear() + 1; g < total; ++g) {
        if (m_pause) {
            m_session.requestPause();
            return true;
        }
        const std::array<uint64_t, 3> id{g % r.groups(0), (g / r.groups(0)) % r.groups(1),
                                         g / (r.groups(0) * r.groups(1))};
        if (!m_session.selectGroup(id)) return false;
        m_viewGroup = id;
        if (clock.elapsed() > 100) {
            emit progress(g, total);
            clock.restart();
        }
    }
    const bool ok = m_session.runAll();
    emit progress(total, total);
    return ok;
}

bool SessionWorker::continueWithProgress() {
    // continueRun() follows the schedule policy and stops at breakpoints, watchpoints and
    // errors; it reports no per-group progress, so the UI shows an indeterminate bar (total 0).
    emit progress(0, 0);
    return m_session.continueRun();
}

void SessionWorker::selectGroup(const std::array<uint64_t, 3>& group) {
    emit busyChanged(true);
    const bool ok = m_session.selectGroup(group);
    publish(QStringLiteral("select group"), ok);
    emit busyChanged(false);
}

void SessionWorker::selectLocal(const std::array<uint64_t, 3>& local) {
    const bool ok = m_session.selectLocal(local);
    publish(QStringLiteral("select work-item"), ok, true);
}

void SessionWorker::selectGlobal(const std::array<uint64_t, 3>& global) {
    emit busyChanged(true);
    const bool ok = m_session.selectGlobal(global);
    publish(QStringLiteral("select work-item"), ok);
    emit busyChanged(false);
}

void SessionWorker::applyBreakpoints(const BreakpointList& breakpoints) {
    std::vector<int> ids;
    for (const debug::Breakpoint& b : m_session.breakpoints())
        ids.push_back(b.id);
    for (int id : ids)
        m_session.removeBreakpoint(id);
    m_breakpointErrors.clear();
    for (const BreakpointSpec& b : breakpoints) {
        int id = 0;
        if (b.condition.empty()) {
            id = m_session.addBreakpoint(b.line);
        } else if (!(id = m_session.addBreakpoint(b.line, b.condition))) {
            m_breakpointErrors << QStringLiteral("line %1: %2")
                                      .arg(b.line)
                                      .arg(QString::fromStdString(m_session.lastError()));
            id = m_session.addBreakpoint(b.line); // keep it, unconditional
        }
        m_session.setBreakpointEnabled(id, b.enabled);
        m_session.setBreakpointHitCount(id, b.hitCount);
    }
}

void SessionWorker::addWatchpoint(const QString& expression, debug::WatchKind kind) {
    const int id = m_session.addWatchpoint(expression.toStdString(), kind);
    publish(QStringLiteral("watchpoint"), id != 0);
}

void SessionWorker::removeWatchpoint(int id) {
    publish(QStringLiteral("watchpoint"), m_session.removeWatchpoint(id));
}

void SessionWorker::setWatchpointEnabled(int id, bool enabled) {
    publish(QStringLiteral("watchpoint"), m_session.setWatchpointEnabled(id, enabled));
}

void SessionWorker::setBreakpoints(const BreakpointList& breakpoints) {
    applyBreakpoints(breakpoints);
    publish(QStringLiteral("breakpoints"), true);
}

void SessionWorker::setSchedule(debug::SchedulePolicy policy, uint64_t seed) {
    m_session.setSchedule(policy, seed);
    publish(QStringLiteral("schedule"), true);
}

void SessionWorker::setDeviceBigEndian(bool big, const QString& path, const QString& text) {
    RunOptions o = m_session.runOptions();
    o.deviceBigEndian = big;
    m_session.setRunOptions(o);
    m_compileOptions.deviceLittleEndian = !big;
    BreakpointList lines;
    for (const debug::Breakpoint& b : m_session.breakpoints())
        lines.push_back({b.line, b.condition, b.enabled, b.hitCount});
    rebuild(path, text, lines);
}

void SessionWorker::setKernel(const QString& name) {
    m_session.setKernel(name.toStdString());
    const bool ok = m_session.reset();
    publish(QStringLiteral("kernel"), ok);
}

void SessionWorker::applyLaunch(const QString& text, const QString& simPath, const QString& saveTo,
                                bool deviceBigEndian, quint64 maxSteps) {
    LaunchResult result;
    std::vector<Diagnostic> diags;
    SourceManager sources;
    const std::string simText = text.toStdString();
    const uint32_t fileId = sources.addFile(simPath.toStdString(), simText);
    auto config = launch::SimParser::parse(simText, simPath.toStdString(), fileId, diags);
    const Program* program = m_session.program();
    launch::LaunchPlan plan;
    if (config && program) {
        plan = launch::prepare(*program, *config, diags);
        result.ok = plan.ok && !hasErrors(diags);
    } else if (!program) {
        Diagnostic d;
        d.message = "no program is loaded";
        diags.push_back(d);
    }
    if (result.ok) {
        m_session.setKernel(config->kernelName);
        m_session.setNDRange(plan.range);
        std::vector<std::string> simTypes;
        for (const auto& a : config->args)
            simTypes.push_back(a.writtenType ? std::string(launch::elementTypeName(*a.writtenType))
                                             : std::string());
        m_session.setArguments(std::move(plan.arguments), std::move(simTypes));
        RunOptions o = m_session.runOptions();
        const bool endianChanged = o.deviceBigEndian != deviceBigEndian;
        o.deviceBigEndian = deviceBigEndian;
        o.maxStepsPerWorkItem = maxSteps;
        // the launch's own sub-group size (the panel writes it as a directive), else 32
        o.subGroupSize = config->subGroupSize.value_or(RunOptions{}.subGroupSize);
        m_session.setRunOptions(o);
        if (endianChanged && program) {
            m_compileOptions.deviceLittleEndian = !deviceBigEndian;
            const std::string path = program->sources.path(program->mainFile);
            const std::string source = program->sources.text(program->mainFile);
            m_session.loadSource(path, source, m_compileOptions);
        }
        if (!saveTo.isEmpty()) {
            std::vector<Diagnostic> writeDiags;
            if (auto out = launch::SimWriter::write(*config, writeDiags, saveTo.toStdString())) {
                QFile f(saveTo);
                if (f.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
                    f.write(out->data(), static_cast<qint64>(out->size())) >= 0)
                    result.savedPath = saveTo;
                else {
                    result.messages << QStringLiteral("error: cannot write %1").arg(saveTo);
                    result.lines << 0;
                }
            }
            diags.insert(diags.end(), writeDiags.begin(), writeDiags.end());
        }
    }
    for (const Diagnostic& d : diags) {
        result.lines << static_cast<int>(d.range.begin.line);
        result.messages << QString::fromLatin1(severityName(d.severity)) + QStringLiteral(": ") +
                               QString::fromStdString(d.message);
    }
    emit launchApplied(result);
    if (result.ok) {
        const bool ok = m_session.reset();
        publish(QStringLiteral("launch"), ok);
    }
}

void SessionWorker::setChecks(const CheckOptions& checks) {
    m_session.setCheckOptions(checks);
    const bool ok = m_session.reset();
    publish(QStringLiteral("checks"), ok);
}

void SessionWorker::setBreakOnError(bool on) {
    m_session.setBreakOnError(on);
    publish(QStringLiteral("break on error"), true);
}

void SessionWorker::setMultiWatch(const QString& expression) {
    m_multiWatch = expression.trimmed();
    publish(QStringLiteral("multi-watch"), true);
}

void SessionWorker::setSubGroupSize(quint32 workItems) {
    RunOptions o = m_session.runOptions();
    o.subGroupSize = std::max<quint32>(1, workItems);
    m_session.setRunOptions(o);
    const bool ok = m_session.running() ? m_session.reset() : true;
    publish(QStringLiteral("sub-group size"), ok);
}

void SessionWorker::setByteStatistics(bool on) {
    if (on == m_session.byteStatistics()) return;
    m_session.setByteStatistics(on);
    publish(QStringLiteral("memory colours"), true, true);
}

void SessionWorker::setWatches(const QStringList& expressions) {
    m_watches = expressions;
    publish(QStringLiteral("watch"), true);
}

void SessionWorker::explore(int n) {
    m_pause = false;
    emit busyChanged(true);
    debug::ExploreResult result = m_session.explore(n);
    emit exploreFinished(result);
    // explore() runs on copies; reset so the views show a fresh run of the current schedule.
    const bool ok = m_session.reset();
    publish(QStringLiteral("explore"), ok);
    emit busyChanged(false);
}

void SessionWorker::carryLastAccess(debug::Snapshot& now) const {
    // Selecting a work-item changes no memory, but the Session counts it as an action, which
    // clears the "last read/write" marks: keep the marks of the action before.
    if (!m_last || m_last->group != now.group) return;
    auto carry = [](std::vector<debug::MemoryRegion>& to,
                    const std::vector<debug::MemoryRegion>& from) {
        constexpr uint8_t kMarks = debug::ByteLastRead | debug::ByteLastWrite;
        constexpr size_t kPage = debug::PagedArray<uint8_t>::kPageElements;
        for (debug::MemoryRegion& r : to)
            for (const debug::MemoryRegion& p : from) {
                if (p.address != r.address || p.flags.size() != r.flags.size() || p.name != r.name)
                    continue;
                // only pages that differ can differ in marks; a shared page already has them
                for (size_t pg = 0; pg < r.flags.pageCount(); ++pg) {
                    if (r.flags.sharesPage(p.flags, pg) || !p.flags.page(pg)) continue;
                    const auto& old = *p.flags.page(pg);
                    for (size_t k = 0; k < old.size(); ++k)
                        if (old[k] & kMarks) r.flags[pg * kPage + k] |= old[k] & kMarks;
                }
            }
    };
    carry(now.global, m_last->global);
    carry(now.constant, m_last->constant);
    carry(now.local, m_last->local);
}

void SessionWorker::publish(const QString& operation, bool ok, bool selectionOnly) {
    SessionState st;
    auto snap = std::make_shared<debug::Snapshot>(m_session.snapshot());
    if (selectionOnly) carryLastAccess(*snap);
    if (snap->diagnostics.empty()) {
        snap->diagnostics = m_session.diagnostics();
        snap->diagnosticCounts.assign(snap->diagnostics.size(), 1);
    }
    m_viewGroup = snap->group;
    m_last = snap;
    st.snapshot = std::move(snap);
    st.operation = operation;
    st.ok = ok;
    st.lastError = QString::fromStdString(m_session.lastError());
    if (const Program* p = m_session.program()) {
        st.built = !p->hasErrors();
        st.mainFile = p->mainFile;
        st.kernelPath = QString::fromStdString(p->sources.path(p->mainFile));
        for (const ast::FunctionDecl* k : p->kernels)
            st.kernels << QString::fromStdString(k->name);
    }
    st.launched = m_session.running();
    st.kernelName = QString::fromStdString(m_session.kernelName());
    st.range = m_session.ndRange();
    st.deviceBigEndian = m_session.runOptions().deviceBigEndian;
    st.checks = m_session.checkOptions();
    st.subGroupSize = m_session.runOptions().subGroupSize;
    st.breakpoints = m_session.breakpoints();
    st.watchpoints = m_session.watchpoints();
    st.breakpointErrors = m_breakpointErrors;
    st.breakOnError = m_session.breakOnError();
    if (st.launched) {
        const Program* p = m_session.program();
        const QString source = p ? QString::fromStdString(p->sources.text(p->mainFile)) : QString();
        for (const QString& w : m_watches) {
            st.watches.push_back(m_session.evaluate(w.toStdString()));
            st.watchAside.push_back(!st.watches.back().ok && notInProgram(w, source));
        }
    }
    st.multiWatch = m_multiWatch;
    if (st.launched && !m_multiWatch.isEmpty())
        st.multiWatchValues = m_session.evaluateEach(m_multiWatch.toStdString());
    st.policy = m_session.scheduler().policy();
    st.seed = m_session.scheduler().seed();
    emit stateReady(st);
}

} // namespace clstep::ui
