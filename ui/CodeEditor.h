#pragma once

#include "common/Diagnostic.h"

#include <Qsci/qsciscintilla.h>
#include <Qsci/qscistyle.h>

#include <QHash>
#include <QKeySequence>
#include <QMap>
#include <QSet>

#include <vector>

namespace clstep::debug {
struct Snapshot;
}

class QMenu;

namespace clstep::ui {

class OpenClLexer;

/// The kernel editor: QScintilla with the OpenCL C lexer, line numbers, a breakpoint margin
/// (a click toggles a breakpoint), the selected work-item's current line, faint markers and a
/// count where the other work-items of the group stand, and diagnostics drawn as squiggles
/// plus inline annotations. All lines here are 1-based, as in SourceRange.
class CodeEditor : public QsciScintilla {
    Q_OBJECT
public:
    explicit CodeEditor(QWidget* parent = nullptr);

    /// Shows `diags` whose range is in file `mainFile` (others are ignored): squiggles over
    /// their ranges and an annotation under the line; a race marks both of its lines. With
    /// the `snapshot` the diagnostics come from, a note of a report that stands for several
    /// occurrences says which one it shows ("(occurrence 1 of 4)").
    void setDiagnostics(const std::vector<Diagnostic>& diags, uint32_t mainFile,
                        const debug::Snapshot* snapshot = nullptr);
    /// The selected work-item's line (0: none) and, per line, how many other work-items of
    /// the group stand there.
    void setExecutionLines(int currentLine, const QMap<int, int>& othersPerLine);
    /// Breakpoint lines (replaces the markers: enabled, unconditional breakpoints).
    void setBreakpointLines(const QSet<int>& lines);
    /// Breakpoint lines as the markers stand now (they move with edits), disabled ones too.
    QList<int> breakpointLines() const;
    /// The condition of the breakpoint at `line` ("" for none or unconditional).
    QString conditionAt(int line) const;
    /// Puts a breakpoint on `line` with `condition` ("" makes it unconditional).
    void setCondition(int line, const QString& condition);
    /// Adds an enabled, unconditional breakpoint at `line` (no-op if there is one).
    void addBreakpoint(int line);
    /// Removes the breakpoint at `line` with its settings.
    void removeBreakpoint(int line);
    /// Whether the breakpoint at `line` is enabled (false when there is none).
    bool breakpointEnabled(int line) const;
    /// Enables or disables the breakpoint at `line` (a disabled one is drawn hollow grey).
    void setBreakpointEnabled(int line, bool enabled);
    /// Hit count of the breakpoint at `line`: stop from the N-th hit (0: every time).
    quint64 hitCountAt(int line) const;
    void setHitCount(int line, quint64 hitCount);
    /// Scrolls to `line` and flashes it.
    void jumpToLine(int line);
    /// Re-applies Theme colours and fonts (theme switch, zoom, presentation mode).
    void applyTheme();
    /// The one Redo shortcut (Ctrl+Shift+Z) of the editor and the Edit menu.
    static QKeySequence redoKey();
    /// Lines that currently carry a diagnostic squiggle (for tests).
    QList<int> diagnosticLines() const { return m_diagnosticLines; }
    /// The characters of `line` (1-based) under a diagnostic squiggle of any kind, in order
    /// (for tests: a squiggle over no visible character is not one).
    QString squiggledText(int line) const;
    /// How many other work-items the margin shows at `line` (0 for none).
    int othersAt(int line) const { return m_others.value(line); }
    /// The diagnostic note under `line` as written, one line per report ("" for none).
    QString annotationAt(int line) const { return m_notes.value(line - 1).first; }
    /// The note under `line` as drawn: broken at spaces so that no row runs past the
    /// viewport's right edge (rows after a break are indented by two spaces); it is broken
    /// again when the editor is resized or its font changes (zoom, presentation mode).
    QString displayedNoteAt(int line) const { return annotation(line - 1); }
    /// Where the note under `line` starts, in px from the viewport's left edge when the text
    /// is not scrolled sideways: the margins and the line's indentation (a boxed annotation
    /// is indented like its line).
    int noteLeft(int line) const;
    /// The width in px a row of the note under `line` may take: the viewport right of
    /// noteLeft(), without a character's room and the box's padding (at least 20 characters).
    int noteWidth(int line) const;
    /// The font of the notes (the code font at 90 %, following zoom and presentation mode).
    QFont noteFont() const { return m_errorStyle.font(); }
    /// The hover text at `pos` (viewport coordinates): the whole diagnostic note of the line
    /// there, as written, empty for a line without one.
    QString noteTooltipAt(const QPoint& pos) const;

protected:
    /// Shows noteTooltipAt() for tooltip events.
    bool viewportEvent(QEvent* event) override;
    /// Breaks the notes again for the new width.
    void resizeEvent(QResizeEvent* event) override;

signals:
    /// The user toggled a breakpoint or edited a condition; markers are already updated.
    void breakpointsEdited(const QList<int>& lines);
    /// The user asked for the Breakpoints pane from the margin menu.
    void breakpointsPaneRequested();

private:
    // Background markers with a higher number are drawn over lower ones.
    enum Marker {
        AnchorMarker = 0, ///< invisible: where a breakpoint is (its settings by handle)
        BreakpointMarker,
        DisabledBreakpointMarker,
        ConditionMarker,
        OthersMarker,
        RaceLineMarker,
        CurrentLineMarker,
        CurrentArrowMarker
    };
    enum Indicator { ErrorIndicator = 8, WarningIndicator, RaceIndicator, BenignRaceIndicator };
    void onMarginClicked(int margin, int line, Qt::KeyboardModifiers state);
    void contextMenuEvent(QContextMenuEvent* event) override;
    void editCondition(int line);
    void editHitCount(int line);
    /// The margin menu of `line`: add, condition, hit count, enable, delete.
    void fillBreakpointMenu(QMenu& menu, int line);
    /// Handle of the AnchorMarker of the breakpoint at `line`, -1 if none.
    int anchorAt(int line) const;
    /// Redraws the visible markers of the breakpoint at `line` from its settings.
    void redrawBreakpoint(int line);
    /// Settings of one breakpoint, kept by its anchor so they move with edits.
    struct BreakpointSettings {
        QString condition;
        bool enabled = true;
        quint64 hitCount = 0;
    };
    void fillRange(int indicator, const SourceRange& range);
    /// Draws m_notes as annotations, broken to noteWidth().
    void layoutNotes();

    OpenClLexer* m_lexer = nullptr;
    QList<int> m_diagnosticLines;
    QMap<int, int> m_others;
    QHash<int, BreakpointSettings> m_breakpoints; ///< by the handle of the line's AnchorMarker
    QsciStyle m_errorStyle;
    QsciStyle m_warningStyle;
    QsciStyle m_countStyle;
    /// The diagnostic notes by 0-based line: text as written, and whether it is an error.
    QMap<int, QPair<QString, bool>> m_notes;
    int m_notesWidth = -1; ///< the viewport width (px) the notes were broken for
};

} // namespace clstep::ui
