#pragma once

#include "common/Diagnostic.h"

#include <Qsci/qsciscintilla.h>
#include <Qsci/qscistyle.h>

#include <QHash>
#include <QMap>
#include <QSet>

#include <vector>

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
    /// their ranges and an annotation under the line; a race marks both of its lines.
    void setDiagnostics(const std::vector<Diagnostic>& diags, uint32_t mainFile);
    /// The selected work-item's line (0: none) and, per line, how many other work-items of
    /// the group stand there.
    void setExecutionLines(int currentLine, const QMap<int, int>& othersPerLine);
    /// Breakpoint lines (replaces the markers).
    void setBreakpointLines(const QSet<int>& lines);
    /// Breakpoint lines as the markers stand now (they move with edits).
    QList<int> breakpointLines() const;
    /// The condition of the breakpoint at `line` ("" for none or unconditional).
    QString conditionAt(int line) const;
    /// Puts a breakpoint on `line` with `condition` ("" makes it unconditional).
    void setCondition(int line, const QString& condition);
    /// Scrolls to `line` and flashes it.
    void jumpToLine(int line);
    /// Re-applies Theme colours and fonts (theme switch, zoom, presentation mode).
    void applyTheme();
    /// Lines that currently carry a diagnostic squiggle (for tests).
    QList<int> diagnosticLines() const { return m_diagnosticLines; }
    /// How many other work-items the margin shows at `line` (0 for none).
    int othersAt(int line) const { return m_others.value(line); }
    /// The annotation text under `line`.
    QString annotationAt(int line) const { return annotation(line - 1); }

signals:
    /// The user toggled a breakpoint or edited a condition; markers are already updated.
    void breakpointsEdited(const QList<int>& lines);

private:
    // Background markers with a higher number are drawn over lower ones.
    enum Marker {
        BreakpointMarker = 1,
        ConditionMarker,
        OthersMarker,
        RaceLineMarker,
        CurrentLineMarker,
        CurrentArrowMarker
    };
    enum Indicator { ErrorIndicator = 8, WarningIndicator, RaceIndicator };
    void onMarginClicked(int margin, int line, Qt::KeyboardModifiers state);
    void contextMenuEvent(QContextMenuEvent* event) override;
    void editCondition(int line);
    void fillRange(int indicator, const SourceRange& range);

    OpenClLexer* m_lexer = nullptr;
    QList<int> m_diagnosticLines;
    QMap<int, int> m_others;
    QHash<int, QString> m_conditions; ///< by the handle of the line's ConditionMarker
    QsciStyle m_errorStyle;
    QsciStyle m_warningStyle;
    QsciStyle m_countStyle;
};

} // namespace clstep::ui
