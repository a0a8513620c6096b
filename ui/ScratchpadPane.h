#pragma once

#include "repl/EntryAccumulator.h"

#include <QStringList>
#include <QThreadPool>
#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QListView;

namespace clstep::repl {
class Repl;
}

namespace clstep::ui {

class ScratchpadModel;
struct ScratchpadEntry;

/// The OpenCL C scratchpad dock: an input line over the REPL engine (repl::Repl, the same
/// as `clstep-cli repl`) and the list of entries with their value, type and bytes, or their
/// diagnostics at the entry's line:col. Declarations and variables stay across entries.
/// Up/Down walk the input history; an entry with an open bracket continues on the next line
/// ("..." prompt); `:help` lists the commands. Entries run one at a time on a pool thread,
/// so an endless loop (stopped by the step limit) does not freeze the window.
class ScratchpadPane : public QWidget {
    Q_OBJECT
public:
    explicit ScratchpadPane(QWidget* parent = nullptr);
    ~ScratchpadPane() override;

    /// Evaluates a whole entry (several lines allowed), as if typed. Ignored (false) while
    /// another entry runs or when it is blank.
    bool submit(const QString& entry);
    /// True while an entry is being evaluated.
    bool busy() const { return m_busy; }
    /// Forgets the output (the REPL's declarations and variables stay).
    void clearOutput();
    /// Starts a fresh REPL (no declarations, no variables) once no entry runs.
    void restart();
    /// Previous inputs, oldest first.
    const QStringList& history() const { return m_history; }

    ScratchpadModel* model() const { return m_model; }
    QLineEdit* input() const { return m_input; }
    QListView* view() const { return m_view; }

signals:
    /// Entry `row` of model() was evaluated.
    void evaluated(int row);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onReturn();
    void browseHistory(int direction);
    void finish(int row, const ScratchpadEntry& entry);

    std::unique_ptr<repl::Repl> m_repl; ///< used on m_pool's thread only while m_busy
    QThreadPool m_pool;
    ScratchpadModel* m_model = nullptr;
    QListView* m_view = nullptr;
    QLabel* m_prompt = nullptr;
    QLineEdit* m_input = nullptr;
    repl::EntryAccumulator m_accumulator;
    QStringList m_pendingLines; ///< lines of an entry that is not complete yet
    QStringList m_history;
    int m_historyPos = 0; ///< index into m_history while browsing (== size: the draft)
    QString m_draft;
    int m_entries = 0; ///< entries submitted (the REPL's "<entry N>" numbering)
    bool m_busy = false;
};

} // namespace clstep::ui
