#pragma once

#include "SessionState.h"

#include <QMap>
#include <QObject>
#include <QPoint>
#include <QString>

class QsciScintilla;

namespace clstep::ui {

/// Heat marks in a margin of the kernel editor: one narrow margin strip for divergence
/// (amber: branch splits, masked lane-slots) and one for memory efficiency (red: `__local`
/// bank conflicts, `__global` coalescing), shaded by EfficiencyHeat level. Owns editor
/// margins 3 and 4 and markers 12..19 (CodeEditor uses margins 0..2 and markers 0..7).
class EfficiencyMarks : public QObject {
    Q_OBJECT
public:
    explicit EfficiencyMarks(QsciScintilla* editor);

    /// Marks the lines of file `mainFile` from the snapshot's statistics (clears without).
    void setState(const SessionState& state);
    /// Heat level 0..4 of `line` (1-based) for divergence.
    int divergenceAt(int line) const { return m_divergence.value(line); }
    /// Heat level 0..4 of `line` (1-based) for memory (worst record of the line).
    int memoryAt(int line) const { return m_memory.value(line); }
    /// The tooltip of the heat strip at `pos` (editor viewport coordinates): what the mark of
    /// that line means; empty outside the strips or on an unmarked line.
    QString tooltipAt(const QPoint& pos) const;

protected:
    /// Shows tooltipAt() for tooltip events over the strips.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void apply();

    QsciScintilla* m_editor;
    QMap<int, int> m_divergence;
    QMap<int, int> m_memory;
};

} // namespace clstep::ui
