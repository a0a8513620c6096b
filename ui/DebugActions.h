#pragma once

#include "DebugController.h"

#include <QHash>
#include <QObject>

#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QSlider;
class QTimer;
class QToolBar;
class QWidget;

namespace clstep::ui {

/// The debugger's actions (menu items, toolbar buttons, shortcuts), auto-play at an
/// adjustable speed, and the run progress bar. Sends commands to the DebugController and
/// enables what makes sense for the current state.
class DebugActions : public QObject {
    Q_OBJECT
public:
    enum Id {
        Step,
        Next,
        Finish,
        Lockstep,
        ToBarrier,
        GroupToBarrier,
        Continue,
        RunAll,
        Pause,
        StepBack,
        ReverseContinue,
        Reset,
        Explore,
        AutoPlay,
        BreakOnError
    };
    Q_ENUM(Id)

    DebugActions(DebugController* controller, QWidget* window);

    /// The debugger command verb an action runs (Step ... Reset); nullopt for Pause,
    /// Explore, AutoPlay and BreakOnError, which are no debugger command.
    static std::optional<debug::Command::Verb> verbOf(Id id);

    QAction* action(Id id) const { return m_actions.value(id); }
    QMenu* menu() const { return m_menu; }
    QToolBar* toolBar() const { return m_toolBar; }
    /// Auto-play interval in milliseconds.
    int autoPlayInterval() const;
    void setAutoPlaySpeed(int stepsPerSecond);
    bool autoPlaying() const;
    void stopAutoPlay();
    /// The last explore result as shown (the console's text, debug::exploreReport).
    QString lastExploreText() const { return m_lastExplore; }
    /// Shows the last explore result in a resizable dialog that fits the screen and scrolls.
    void showExploreDialog();

signals:
    /// An auto-play tick or explore finished with a message for the status bar.
    void message(const QString& text);

private:
    QAction* add(Id id, const QString& text, const QKeySequence& key, const QString& tip,
                 const QString& icon);
    void trigger(Id id);
    void onState(const SessionState& state);
    void onBusy(bool busy);
    void tick();
    void updateEnabled();

    DebugController* m_controller;
    QWidget* m_window;
    QHash<int, QAction*> m_actions;
    QMenu* m_menu = nullptr;
    QToolBar* m_toolBar = nullptr;
    QTimer* m_autoTimer = nullptr;
    QAction* m_progressAction = nullptr; ///< shows/hides m_progress in the toolbar
    QTimer* m_busyDelay = nullptr;       ///< shows the busy indicator when an operation lasts
    QString m_lastExplore;               ///< the text of the last explore result
    QSlider* m_speed = nullptr;
    QComboBox* m_autoMode = nullptr;
    QProgressBar* m_progress = nullptr;
    int m_raceCount = 0;
    bool m_runningLong = false;
};

} // namespace clstep::ui
