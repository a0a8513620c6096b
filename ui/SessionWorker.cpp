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
    const QString text = QString::fromStdString(command.format());
    const QString operation = QString::fromLatin1(
        *command.info().operation ? command.info().operation : command.info().name);
    const bool quiet = command.verb == C::Select; // selecting within the group is instant
    m_pause = false;
    if (!quiet) emit busyChanged(true);
    // Continue reports no per-group progress: the UI shows an indeterminate bar (total 0)
    if (command.verb == C::Continue) emit progress(0, 0);
    QElapsedTimer clock;
    clock.start();
    m_session.setProgress([&](uint64_t done, uint64_t total) {
        if (clock.elapsed() > 100 || done == total) { // run all: between work-groups
            emit progress(done, total);
            clock.restart();
        }
    });
    const debug::Stop stop = m_session.execute(command);
    m_session.setProgress(nullptr);
    bool ok = stop.ok;
    // a command of the console's vocabulary the GUI has no use for, or wrong arguments:
    // rejected (SessionState::rejected), nothing happened
    QString rejection;
    if (stop.kind == debug::StopKind::FrontEnd)
        rejection = QStringLiteral("'%1' is a console command; the GUI shows it in its panes")
                        .arg(QString::fromLatin1(command.info().name));
    else if (stop.kind == debug::StopKind::Invalid)
        rejection = QString::fromStdString(stop.message());
    if (stop.kind == debug::StopKind::Explored) {
        emit exploreFinished(*stop.explore);
        // explore() runs on copies; reset so the views show a fresh run of the schedule
        ok = m_session.reset();
    }
    const bool selectionOnly =
        command.verb == C::Select || stop.kind == debug::StopKind::None || !rejection.isEmpty();
    publish(operation, ok, selectionOnly, text, rejection, stop);
    if (!quiet) emit busyChanged(false);
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
    run(Command(Command::Explore, {std::to_string(n)}));
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
    for (const AddressSpace space :
         {AddressSpace::Global, AddressSpace::Constant, AddressSpace::Local})
        carry(now.memory[space], m_last->memory[space]);
}

void SessionWorker::publish(const QString& operation, bool ok, bool selectionOnly,
                            const QString& command, const QString& error,
                            const std::optional<debug::Stop>& stop) {
    SessionState st;
    st.stop = stop ? *stop : m_session.lastStop();
    auto snap = std::make_shared<debug::Snapshot>(m_session.snapshot());
    if (selectionOnly) carryLastAccess(*snap);
    if (snap->diagnostics.empty()) {
        snap->diagnostics = m_session.diagnostics();
        snap->diagnosticCounts.assign(snap->diagnostics.size(), 1);
    }
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
