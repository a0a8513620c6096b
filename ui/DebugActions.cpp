#include "DebugActions.h"

#include "Theme.h"

#include "debug/ExploreReport.h"

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QIcon>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QScreen>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <QWidget>

namespace clstep::ui {

namespace {
int raceCount(const SessionState& s) {
    int n = 0;
    if (s.snapshot)
        for (const Diagnostic& d : s.snapshot->diagnostics)
            n += d.kind == DiagnosticKind::DataRace;
    return n;
}
} // namespace

DebugActions::DebugActions(DebugController* controller, QWidget* window)
    : QObject(window), m_controller(controller), m_window(window) {
    m_menu = new QMenu(tr("&Debug"), window);
    m_toolBar = new QToolBar(tr("Debug"), window);
    m_toolBar->setObjectName(QStringLiteral("debugToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    add(Reset, tr("&Reset"), QKeySequence(Qt::CTRL | Qt::Key_R),
        tr("Restart the kernel from the beginning"), QStringLiteral("view-refresh"));
    m_menu->addSeparator();
    add(Step, tr("&Step"), QKeySequence(Qt::Key_F11),
        tr("Selected work-item: run one statement, entering calls"), QStringLiteral("go-next"));
    add(Next, tr("&Next"), QKeySequence(Qt::Key_F10),
        tr("Selected work-item: run one statement, stepping over calls"),
        QStringLiteral("go-jump"));
    add(Finish, tr("&Finish"), QKeySequence(Qt::SHIFT | Qt::Key_F11),
        tr("Selected work-item: run until the function returns"), QStringLiteral("go-up"));
    add(Lockstep, tr("&Lockstep step"), QKeySequence(Qt::Key_F7),
        tr("Every work-item of the group runs one statement (SIMT view)"),
        QStringLiteral("media-seek-forward"));
    add(ToBarrier, tr("Run to &barrier"), QKeySequence(Qt::Key_F8),
        tr("Selected work-item: run to the next barrier"), QStringLiteral("go-last"));
    add(GroupToBarrier, tr("&Group to barrier"), QKeySequence(Qt::SHIFT | Qt::Key_F8),
        tr("Every work-item of the group runs to the next barrier"), QStringLiteral("go-bottom"));
    m_menu->addSeparator();
    add(Continue, tr("&Continue"), QKeySequence(Qt::Key_F5),
        tr("Run under the schedule until a breakpoint or the end"),
        QStringLiteral("media-playback-start"));
    add(RunAll, tr("Run &all"), QKeySequence(Qt::CTRL | Qt::Key_F5),
        tr("Run the whole NDRange to the end, ignoring breakpoints"),
        QStringLiteral("media-skip-forward"));
    add(Pause, tr("&Pause"), QKeySequence(Qt::Key_F6), tr("Stop a running operation or auto-play"),
        QStringLiteral("media-playback-pause"));
    m_menu->addSeparator();
    add(StepBack, tr("Step &back"), QKeySequence(Qt::SHIFT | Qt::Key_F10),
        tr("Undo the last action (deterministic replay)"), QStringLiteral("go-previous"));
    add(ReverseContinue, tr("Re&verse continue"), QKeySequence(Qt::SHIFT | Qt::Key_F5),
        tr("Go back to the previous breakpoint stop"), QStringLiteral("media-seek-backward"));
    m_menu->addSeparator();
    add(Explore, tr("&Explore schedules…"), QKeySequence(Qt::CTRL | Qt::Key_E),
        tr("Run the kernel under several schedules and compare the results"),
        QStringLiteral("system-search"));
    QAction* play = add(AutoPlay, tr("A&uto-play"), QKeySequence(Qt::CTRL | Qt::Key_P),
                        tr("Repeat the chosen step at the chosen speed"),
                        QStringLiteral("media-playlist-repeat"));
    play->setCheckable(true);
    m_menu->addSeparator();
    QAction* breakOnError =
        add(BreakOnError, tr("Break on &runtime errors"), QKeySequence(),
            tr("Stop where a data race, out-of-bounds access or other runtime error is reported"),
            QStringLiteral("process-stop"));
    breakOnError->setCheckable(true);
    breakOnError->setChecked(true);
    connect(breakOnError, &QAction::toggled, m_controller, &DebugController::setBreakOnError);
    // the toolbar's shorter labels (the menu and the tooltips keep the whole names): with the
    // auto-play mode and speed, the bar fits a 1024-pixel projector (issue #31 item 9)
    m_actions.value(Lockstep)->setIconText(tr("Lockstep"));
    m_actions.value(Explore)->setIconText(tr("Explore…"));

    m_toolBar->addSeparator();
    m_autoMode = new QComboBox;
    m_autoMode->addItem(tr("lockstep"), static_cast<int>(debug::Command::Lockstep));
    m_autoMode->addItem(tr("step"), static_cast<int>(debug::Command::Step));
    m_autoMode->addItem(tr("group to barrier"), static_cast<int>(debug::Command::GroupToBarrier));
    m_autoMode->setToolTip(tr("What auto-play repeats"));
    m_autoMode->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_autoMode->setMinimumContentsLength(8); // "lockstep"; the list shows the whole names
    m_toolBar->addWidget(m_autoMode);
    m_speed = new QSlider(Qt::Horizontal);
    m_speed->setRange(1, 30);
    m_speed->setValue(4);
    m_speed->setFixedWidth(72);
    m_speed->setToolTip(tr("Auto-play speed: steps per second"));
    m_toolBar->addWidget(m_speed);
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("busyIndicator"));
    m_progress->setFixedWidth(160);
    m_progress->setFormat(tr("%v / %m groups"));
    // a widget in a toolbar is shown and hidden through its action (QToolBar::addWidget)
    m_progressAction = m_toolBar->addWidget(m_progress);
    m_progressAction->setVisible(false);

    m_autoTimer = new QTimer(this);
    connect(m_autoTimer, &QTimer::timeout, this, &DebugActions::tick);
    connect(m_speed, &QSlider::valueChanged, this,
            [this] { m_autoTimer->setInterval(autoPlayInterval()); });
    connect(play, &QAction::toggled, this, [this](bool on) {
        if (on) {
            m_raceCount = raceCount(m_controller->state());
            m_autoTimer->start(autoPlayInterval());
        } else {
            m_autoTimer->stop();
        }
        updateEnabled();
    });
    connect(m_controller, &DebugController::stateChanged, this, &DebugActions::onState);
    connect(m_controller, &DebugController::busyChanged, this, &DebugActions::onBusy);
    connect(m_controller, &DebugController::progress, this, [this](quint64 done, quint64 total) {
        m_progress->setRange(0, static_cast<int>(total)); // total 0: busy indicator
        m_progress->setValue(static_cast<int>(done));
        m_progress->setFormat(total ? tr("%v / %m groups") : tr("running…"));
        m_progressAction->setVisible(m_runningLong || m_controller->busy());
    });
    // Whatever started it (Continue, Run all, a script, a rebuild), an operation that takes
    // longer than a moment shows the busy indicator until it ends.
    m_busyDelay = new QTimer(this);
    m_busyDelay->setSingleShot(true);
    m_busyDelay->setInterval(250);
    connect(m_busyDelay, &QTimer::timeout, this, [this] {
        if (!m_controller->busy() || m_progressAction->isVisible()) return;
        m_progress->setRange(0, 0);
        m_progress->setFormat(tr("running…"));
        m_progressAction->setVisible(true);
    });
    connect(m_controller, &DebugController::exploreFinished, this,
            [this](const debug::ExploreResult& r) {
                const QString head =
                    r.outputsDiffer || r.localsDiffer
                        ? tr("The %1 schedules gave DIFFERENT results: the kernel depends on the "
                             "order of work-items.")
                              .arg(r.schedules)
                        : tr("All %1 schedules gave the same results.").arg(r.schedules);
                m_lastExplore =
                    head + QStringLiteral("\n\n") +
                    QString::fromStdString(debug::exploreReport(r, nullptr)); // as the console
                emit message(r.outputsDiffer || r.localsDiffer
                                 ? tr("explore: results differ between schedules")
                                 : tr("explore: all schedules agree"));
                if (m_window->isVisible()) showExploreDialog();
            });
    setAutoPlaySpeed(4);
    updateEnabled();
}

void DebugActions::showExploreDialog() {
    // Long results stay readable: a resizable dialog that fits the screen, the text scrolls.
    QDialog dialog(m_window);
    dialog.setWindowTitle(tr("Explore schedules"));
    auto* layout = new QVBoxLayout(&dialog);
    auto* text = new QPlainTextEdit(m_lastExplore);
    text->setObjectName(QStringLiteral("exploreText"));
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    text->setFont(Theme::codeFont());
    layout->addWidget(text);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    const QRect avail =
        m_window->screen() ? m_window->screen()->availableGeometry() : QRect(0, 0, 1024, 768);
    dialog.resize(std::min(900, avail.width() * 9 / 10), std::min(600, avail.height() * 8 / 10));
    dialog.exec();
}

QAction* DebugActions::add(Id id, const QString& text, const QKeySequence& key, const QString& tip,
                           const QString& icon) {
    auto* a = new QAction(QIcon::fromTheme(icon), text, m_window);
    a->setShortcut(key);
    a->setShortcutContext(Qt::ApplicationShortcut);
    a->setToolTip(key.isEmpty()
                      ? tip
                      : QStringLiteral("%1 (%2)").arg(tip, key.toString(QKeySequence::NativeText)));
    a->setStatusTip(tip);
    a->setObjectName(QStringLiteral("action_%1").arg(static_cast<int>(id)));
    m_actions.insert(id, a);
    m_menu->addAction(a);
    if (id != Finish && id != ReverseContinue && id != ToBarrier && id != BreakOnError)
        m_toolBar->addAction(a);
    if (id != AutoPlay && id != BreakOnError)
        connect(a, &QAction::triggered, this, [this, id] { trigger(id); });
    return a;
}

int DebugActions::autoPlayInterval() const {
    return 1000 / std::max(1, m_speed->value());
}
void DebugActions::setAutoPlaySpeed(int stepsPerSecond) {
    m_speed->setValue(stepsPerSecond);
    m_autoTimer->setInterval(autoPlayInterval());
}
bool DebugActions::autoPlaying() const {
    return m_autoTimer->isActive();
}
void DebugActions::stopAutoPlay() {
    m_actions.value(AutoPlay)->setChecked(false);
}

std::optional<debug::Command::Verb> DebugActions::verbOf(Id id) {
    using C = debug::Command;
    switch (id) {
    case Step:
        return C::Step;
    case Next:
        return C::Next;
    case Finish:
        return C::Finish;
    case Lockstep:
        return C::Lockstep;
    case ToBarrier:
        return C::ToBarrier;
    case GroupToBarrier:
        return C::GroupToBarrier;
    case Continue:
        return C::Continue;
    case RunAll:
        return C::RunAll;
    case StepBack:
        return C::StepBack;
    case ReverseContinue:
        return C::ReverseContinue;
    case Reset:
        return C::Reset;
    default:
        return std::nullopt;
    }
}

void DebugActions::trigger(Id id) {
    if (const std::optional<debug::Command::Verb> verb = verbOf(id)) {
        if (*verb == debug::Command::Continue || *verb == debug::Command::RunAll)
            m_runningLong = true;
        m_controller->run(*verb);
        updateEnabled();
        return;
    }
    switch (id) {
    case Pause:
        stopAutoPlay();
        m_controller->pause();
        break;
    case Explore: {
        bool ok = true;
        const int n =
            m_window->isVisible()
                ? QInputDialog::getInt(m_window, tr("Explore schedules"),
                                       tr("Number of schedules to compare:"), 8, 2, 64, 1, &ok)
                : 8;
        if (ok) {
            m_runningLong = true;
            m_controller->explore(n);
        }
        break;
    }
    default: // AutoPlay and BreakOnError are toggles; the rest are commands (above)
        break;
    }
    updateEnabled();
}

void DebugActions::tick() {
    if (m_controller->busy() || m_controller->pending() > 0) return; // never queue up ticks
    m_controller->run(static_cast<debug::Command::Verb>(m_autoMode->currentData().toInt()));
}

void DebugActions::onState(const SessionState& s) {
    if (autoPlaying()) {
        const int races = raceCount(s);
        QString why;
        if (!s.launched || (s.snapshot && s.snapshot->runFinished))
            why = tr("the kernel finished");
        else if (!s.ok)
            why = s.lastError;
        else if (s.stop.kind == debug::StopKind::Breakpoint)
            why = tr("breakpoint");
        else if (races > m_raceCount)
            why = tr("a data race was found");
        m_raceCount = races;
        if (!why.isEmpty()) {
            stopAutoPlay();
            emit message(tr("auto-play stopped: %1").arg(why));
        }
    }
    updateEnabled();
}

void DebugActions::onBusy(bool busy) {
    if (busy) {
        m_busyDelay->start();
    } else {
        m_busyDelay->stop();
        m_runningLong = false;
        m_progressAction->setVisible(false);
    }
    updateEnabled();
}

void DebugActions::updateEnabled() {
    const SessionState& s = m_controller->state();
    const bool busy = m_controller->busy();
    const bool running = s.launched && s.snapshot && !s.snapshot->runFinished;
    for (Id id : {Step, Next, Finish, Lockstep, ToBarrier, GroupToBarrier, Continue, RunAll})
        m_actions.value(id)->setEnabled(!busy && running);
    m_actions.value(StepBack)->setEnabled(!busy && s.launched && s.snapshot &&
                                          s.snapshot->step > 0);
    m_actions.value(ReverseContinue)
        ->setEnabled(!busy && s.launched && s.snapshot && s.snapshot->step > 0);
    m_actions.value(Reset)->setEnabled(!busy && s.built);
    m_actions.value(Explore)->setEnabled(!busy && s.launched);
    m_actions.value(Pause)->setEnabled(busy || autoPlaying());
    m_actions.value(AutoPlay)->setEnabled(running || autoPlaying());
}

} // namespace clstep::ui
