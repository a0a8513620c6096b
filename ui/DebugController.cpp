#include "DebugController.h"

#include <QMetaObject>

namespace clstep::ui {

DebugController::DebugController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<clstep::ui::SessionState>();
    qRegisterMetaType<clstep::debug::ExploreResult>();
    qRegisterMetaType<clstep::ui::LaunchResult>();
    m_worker = new SessionWorker;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(
        m_worker, &SessionWorker::stateReady, this,
        [this](const SessionState& st) {
            m_state = st;
            emit stateChanged(st);
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &SessionWorker::busyChanged, this,
        [this](bool b) {
            m_busy = b;
            emit busyChanged(b);
        },
        Qt::QueuedConnection);
    connect(m_worker, &SessionWorker::progress, this, &DebugController::progress,
            Qt::QueuedConnection);
    connect(m_worker, &SessionWorker::exploreFinished, this, &DebugController::exploreFinished,
            Qt::QueuedConnection);
    connect(m_worker, &SessionWorker::launchApplied, this, &DebugController::launchApplied,
            Qt::QueuedConnection);
    m_thread.setObjectName(QStringLiteral("clstep-session"));
    m_thread.start();
}

DebugController::~DebugController() {
    m_worker->requestPause();
    m_thread.quit();
    m_thread.wait();
}

void DebugController::post(std::function<void(SessionWorker&)> job) {
    ++m_pending;
    SessionWorker* w = m_worker;
    QMetaObject::invokeMethod(
        w,
        [this, w, job = std::move(job)] {
            job(*w);
            QMetaObject::invokeMethod(
                this, [this] { --m_pending; }, Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void DebugController::openSim(const QString& simPath, const QString& kernelText,
                              const BreakpointList& breakpoints) {
    post([=](SessionWorker& w) { w.openSim(simPath, kernelText, breakpoints); });
}

void DebugController::openKernel(const QString& path, const QString& text,
                                 const BreakpointList& breakpoints) {
    post([=](SessionWorker& w) { w.openKernel(path, text, breakpoints); });
}

void DebugController::rebuild(const QString& path, const QString& text,
                              const BreakpointList& breakpoints) {
    post([=](SessionWorker& w) { w.rebuild(path, text, breakpoints); });
}

void DebugController::run(const Command& command) {
    post([=](SessionWorker& w) { w.run(command); });
}

namespace {
std::vector<std::string> idArgs(const std::array<uint64_t, 3>& id) {
    return {std::to_string(id[0]), std::to_string(id[1]), std::to_string(id[2])};
}
} // namespace

void DebugController::selectGroup(const std::array<uint64_t, 3>& group) {
    run(Command(Command::Group, idArgs(group)));
}

void DebugController::selectLocal(const std::array<uint64_t, 3>& local) {
    run(Command(Command::Select, idArgs(local)));
}

void DebugController::selectGlobal(const std::array<uint64_t, 3>& global) {
    run(Command(Command::Workitem, idArgs(global)));
}

void DebugController::addWatchpoint(const QString& expression, debug::WatchKind kind) {
    post([=](SessionWorker& w) { w.addWatchpoint(expression, kind); });
}

void DebugController::removeWatchpoint(int id) {
    post([=](SessionWorker& w) { w.removeWatchpoint(id); });
}

void DebugController::setWatchpointEnabled(int id, bool enabled) {
    post([=](SessionWorker& w) { w.setWatchpointEnabled(id, enabled); });
}

void DebugController::setBreakpoints(const BreakpointList& lines) {
    post([=](SessionWorker& w) { w.setBreakpoints(lines); });
}

void DebugController::setSchedule(debug::SchedulePolicy policy, uint64_t seed) {
    run(Command(Command::Schedule, {debug::schedulePolicyName(policy), std::to_string(seed)}));
}

void DebugController::setDeviceBigEndian(bool big, const QString& path, const QString& text) {
    post([=](SessionWorker& w) { w.setDeviceBigEndian(big, path, text); });
}

void DebugController::setKernel(const QString& name) {
    post([=](SessionWorker& w) { w.setKernel(name); });
}

void DebugController::explore(int n) {
    post([=](SessionWorker& w) { w.explore(n); });
}

void DebugController::applyLaunch(const QString& text, const QString& simPath,
                                  const QString& saveTo, bool deviceBigEndian, quint64 maxSteps) {
    post(
        [=](SessionWorker& w) { w.applyLaunch(text, simPath, saveTo, deviceBigEndian, maxSteps); });
}

void DebugController::setWatches(const QStringList& expressions) {
    post([=](SessionWorker& w) { w.setWatches(expressions); });
}

void DebugController::setMultiWatch(const QString& expression) {
    post([=](SessionWorker& w) { w.setMultiWatch(expression); });
}

void DebugController::setSubGroupSize(quint32 workItems) {
    post([=](SessionWorker& w) { w.setSubGroupSize(workItems); });
}

void DebugController::setByteStatistics(bool on) {
    post([=](SessionWorker& w) { w.setByteStatistics(on); });
}

void DebugController::setChecks(const CheckOptions& checks) {
    post([=](SessionWorker& w) { w.setChecks(checks); });
}

void DebugController::setBreakOnError(bool on) {
    run(Command(Command::Errors, {on ? "on" : "off"}));
}

void DebugController::pause() {
    m_worker->requestPause();
}

} // namespace clstep::ui
