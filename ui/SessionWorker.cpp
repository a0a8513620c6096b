#include "SessionWorker.h"

#include "debug/LaunchFile.h"

#include <QFile>
#include <QFileInfo>

#include <QElapsedTimer>
#include <QRegularExpression>

#include <algorithm>

namespace clstep::ui {

namespace {

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

void SessionWorker::openSim(const QString& simPath, const QString& kernelText,
                            const BreakpointList& breakpoints) {
    emit busyChanged(true);
    {
        SourceManager sources;
        std::vector<Diagnostic> diags;
        const auto config = debug::LaunchFile::read(sources, simPath.toStdString(), diags);
        debug::LaunchFile::applySettings(config ? &*config : nullptr, m_session, m_compileOptions);
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
    debug::LaunchFile::applySettings(nullptr, m_session, m_compileOptions);
    bool ok = m_session.loadSource(path.toStdString(), text.toStdString(), m_compileOptions);
    if (ok && m_session.program()) {
        const std::vector<std::string> kernels = m_session.kernelNames();
        const bool known =
            std::find(kernels.begin(), kernels.end(), m_session.kernelName()) != kernels.end();
        if (!known && !kernels.empty()) m_session.setKernel(kernels.front());
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

void SessionWorker::run(const Command& command) {
    using C = Command;
    // a command built in code is checked by the same parser as a typed one
    std::string why;
    const std::optional<Command> checked = Command::parse(command.format(), why);
    const QString text = QString::fromStdString(command.format());
    const QString operation = QString::fromLatin1(
        *command.info().operation ? command.info().operation : command.info().name);
    if (!checked) {
        publish(operation, false, true, text, QString::fromStdString(why));
        return;
    }
    const Command& c = *checked;
    const bool quiet = c.verb == C::Select; // selecting within the group is instant
    m_pause = false;
    if (!quiet) emit busyChanged(true);
    bool ok = false;
    bool selectionOnly = false;
    QString failure;
    // `step 3`: up to three steps, fewer when one stops for another reason (a breakpoint)
    auto repeat = [&](auto once, const char* plainStop) {
        bool good = true;
        for (uint64_t i = 0; i < c.count() && good && !m_pause; ++i) {
            good = once();
            if (good && plainStop && m_session.stopReason() != plainStop) break;
        }
        return good;
    };
    switch (c.verb) {
    case C::Reset:
        ok = m_session.reset();
        break;
    case C::Step:
        ok = repeat([&] { return m_session.step(); }, "step");
        break;
    case C::Next:
        ok = repeat([&] { return m_session.next(); }, "step");
        break;
    case C::Finish:
        ok = m_session.finish();
        break;
    case C::Lockstep:
        ok = repeat([&] { return m_session.stepLockstep(); }, "lockstep step");
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
        ok = repeat([&] { return m_session.stepBack(); }, nullptr);
        break;
    case C::ReverseContinue:
        ok = m_session.reverseContinue();
        break;
    case C::Workitem:
    case C::Group:
    case C::Select: {
        if (c.args.empty()) { // `group` alone: shows the selection
            ok = true;
            selectionOnly = true;
            break;
        }
        const std::array<uint64_t, 3> id = *c.id();
        ok = c.verb == C::Workitem ? m_session.selectGlobal(id)
             : c.verb == C::Group  ? m_session.selectGroup(id)
                                   : m_session.selectLocal(id);
        selectionOnly = c.verb == C::Select;
        break;
    }
    case C::Schedule: {
        debug::SchedulePolicy policy = m_session.scheduler().policy();
        uint64_t seed = 1;
        if (!c.args.empty() && !debug::parseSchedulePolicy(c.args[0], policy))
            failure =
                QStringLiteral("unknown schedule '%1' (hint: %2)")
                    .arg(QString::fromStdString(c.args[0]), QString::fromLatin1(c.info().usage));
        else if (c.args.size() > 1 && !(seed = QString::fromStdString(c.args[1]).toULongLong()))
            failure = QStringLiteral("'%1' is not a seed").arg(QString::fromStdString(c.args[1]));
        else
            m_session.setSchedule(policy, seed);
        ok = failure.isEmpty();
        break;
    }
    case C::Errors:
        if (!c.args.empty() && c.args[0] != "on" && c.args[0] != "off")
            failure =
                QStringLiteral("'%1' is neither on nor off").arg(QString::fromStdString(c.args[0]));
        else if (!c.args.empty())
            m_session.setBreakOnError(c.args[0] == "on");
        ok = failure.isEmpty();
        break;
    default:
        failure = QStringLiteral("'%1' is a console command; the GUI shows it in its panes")
                      .arg(QString::fromLatin1(c.info().name));
        selectionOnly = true;
        break;
    }
    publish(operation, ok, selectionOnly, text, failure);
    if (!quiet) emit busyChanged(false);
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
    const debug::LaunchFile::Applied applied = debug::LaunchFile::apply(
        m_session, m_compileOptions, text.toStdString(), simPath.toStdString(),
        saveTo.toStdString(), deviceBigEndian, maxSteps);
    LaunchResult result;
    result.ok = applied.ok;
    result.savedPath = QString::fromStdString(applied.savedPath);
    for (const Diagnostic& d : applied.diags) {
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

void SessionWorker::publish(const QString& operation, bool ok, bool selectionOnly,
                            const QString& command, const QString& error) {
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
    st.lastError = error.isEmpty() ? QString::fromStdString(m_session.lastError()) : error;
    st.command = command;
    st.rejected = !error.isEmpty();
    if (const Program* p = m_session.program()) {
        st.built = !p->hasErrors();
        st.mainFile = p->mainFile;
        st.kernelPath = QString::fromStdString(p->sources.path(p->mainFile));
        for (const std::string& k : m_session.kernelNames())
            st.kernels << QString::fromStdString(k);
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
