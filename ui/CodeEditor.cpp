#include "CodeEditor.h"
#include "GuiWording.h"

#include "OpenClLexer.h"
#include "RaceInfo.h"
#include "Theme.h"

#include "debug/Snapshot.h"

#include <Qsci/qscicommand.h>
#include <Qsci/qscicommandset.h>
#include <Qsci/qscistyle.h>

#include <QAction>
#include <QContextMenuEvent>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QInputDialog>
#include <QMenu>
#include <QResizeEvent>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <cctype>

namespace clstep::ui {

namespace {
constexpr int kSymbolMargin = 0;
constexpr int kNumberMargin = 1;
constexpr int kCountMargin = 2;

/// `text` broken into lines no wider than `width` px in `fm`: at spaces where a line is too
/// wide, inside a word only when the word alone is too wide. Continuation lines are indented
/// by two spaces; the note's own line breaks stay.
QString wrapToWidth(const QString& text, const QFontMetrics& fm, int width) {
    const QString indent = QStringLiteral("  ");
    QStringList out;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        auto fits = [&](const QString& s) { return fm.horizontalAdvance(s) <= width; };
        for (const QString& word : paragraph.split(QLatin1Char(' '))) {
            const QString candidate = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (fits(candidate) || line.trimmed().isEmpty()) {
                line = candidate;
            } else {
                out << line;
                line = indent + word;
            }
            // a word wider than the whole line: break it where it reaches the edge
            while (!fits(line) && line.size() > indent.size() + 1) {
                int n = static_cast<int>(line.size()) - 1;
                while (n > indent.size() + 1 && !fits(line.left(n)))
                    --n;
                out << line.left(n);
                line = indent + line.mid(n);
            }
        }
        out << line;
    }
    return out.join(QLatin1Char('\n'));
}
} // namespace

CodeEditor::CodeEditor(QWidget* parent) : QsciScintilla(parent) {
    m_lexer = new OpenClLexer(this);
    setLexer(m_lexer);
    setUtf8(true);
    setIndentationsUseTabs(false);
    setTabWidth(4);
    setAutoIndent(true);
    setBraceMatching(SloppyBraceMatch);
    setCaretLineVisible(true);
    setMarginsFont(Theme::codeFont());

    setMarginType(kSymbolMargin, SymbolMargin);
    setMarginWidth(kSymbolMargin, 18);
    setMarginSensitivity(kSymbolMargin, true);
    setMarginMarkerMask(kSymbolMargin, (1 << BreakpointMarker) | (1 << DisabledBreakpointMarker) |
                                           (1 << ConditionMarker) | (1 << CurrentArrowMarker));
    setMarginType(kNumberMargin, NumberMargin);
    setMarginSensitivity(kNumberMargin, true);
    setMarginMarkerMask(kNumberMargin, 0);
    setMarginType(kCountMargin, TextMarginRightJustified);
    setMarginMarkerMask(kCountMargin, 0);

    markerDefine(Invisible, AnchorMarker);
    markerDefine(Circle, BreakpointMarker);
    markerDefine(Circle, DisabledBreakpointMarker);
    markerDefine('?', ConditionMarker);
    markerDefine(RightArrow, CurrentArrowMarker);
    markerDefine(Background, CurrentLineMarker);
    markerDefine(Background, OthersMarker);
    markerDefine(Background, RaceLineMarker);

    indicatorDefine(SquiggleIndicator, ErrorIndicator);
    indicatorDefine(SquiggleIndicator, WarningIndicator);
    indicatorDefine(StraightBoxIndicator, RaceIndicator);
    setAnnotationDisplay(AnnotationBoxed);

    connect(this, &QsciScintilla::marginClicked, this, &CodeEditor::onMarginClicked);
    // Redo has one key, the one the Edit menu shows (QScintilla also binds Ctrl+Y).
    if (QsciCommand* redo = standardCommands()->find(QsciCommand::Redo)) {
        redo->setKey(static_cast<int>(redoKey()[0].toCombined()));
        redo->setAlternateKey(0);
    }
    const int ctrlY = static_cast<int>(QKeyCombination(Qt::CTRL, Qt::Key_Y).toCombined());
    if (QsciCommand* other = standardCommands()->boundTo(ctrlY)) {
        if (other->key() == ctrlY) other->setKey(0);
        if (other->alternateKey() == ctrlY) other->setAlternateKey(0);
    }
    applyTheme();
}

QKeySequence CodeEditor::redoKey() {
    return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
}

void CodeEditor::applyTheme() {
    m_lexer->refreshTheme();
    const QFont code = Theme::codeFont();
    setFont(code);
    setMarginsFont(code);
    setMarginsBackgroundColor(Theme::marginBackground());
    setMarginsForegroundColor(Theme::comment());
    setFoldMarginColors(Theme::marginBackground(), Theme::marginBackground());
    setMarginWidth(kNumberMargin, QStringLiteral("0000"));
    setMarginWidth(kCountMargin, QStringLiteral("×000"));
    setCaretForegroundColor(Theme::editorText());
    QColor caretLine = Theme::editorText();
    caretLine.setAlpha(14);
    setCaretLineBackgroundColor(caretLine);
    setSelectionBackgroundColor(Theme::dark() ? QColor("#264f78") : QColor("#add6ff"));
    setMarkerBackgroundColor(Theme::breakpoint(), BreakpointMarker);
    setMarkerForegroundColor(Theme::breakpoint(), BreakpointMarker);
    setMarkerBackgroundColor(Theme::marginBackground(), DisabledBreakpointMarker); // hollow
    setMarkerForegroundColor(Theme::uninitializedText(), DisabledBreakpointMarker);
    setMarkerForegroundColor(Qt::white, ConditionMarker);
    setMarkerBackgroundColor(Theme::breakpoint(), ConditionMarker);
    setMarkerBackgroundColor(Theme::addressSpace(AddressSpace::Private), CurrentArrowMarker);
    setMarkerForegroundColor(Theme::editorText(), CurrentArrowMarker);
    setMarkerBackgroundColor(Theme::currentLine(), CurrentLineMarker);
    setMarkerBackgroundColor(Theme::otherWorkItems(), OthersMarker);
    setMarkerBackgroundColor(Theme::dark() ? QColor("#4a2020") : QColor("#ffe3e3"), RaceLineMarker);
    setIndicatorForegroundColor(Theme::error(), ErrorIndicator);
    setIndicatorForegroundColor(Theme::warning(), WarningIndicator);
    setIndicatorForegroundColor(Theme::race(), RaceIndicator);
    SendScintilla(SCI_INDICSETALPHA, RaceIndicator, 70);
    SendScintilla(SCI_INDICSETOUTLINEALPHA, RaceIndicator, 200);
    setIndicatorForegroundColor(Theme::benignRace(), BenignRaceIndicator);
    SendScintilla(SCI_INDICSETALPHA, BenignRaceIndicator, 50);
    SendScintilla(SCI_INDICSETOUTLINEALPHA, BenignRaceIndicator, 120);

    QFont small = code;
    small.setPointSizeF(code.pointSizeF() * 0.9);
    const QColor errBg = Theme::dark() ? QColor("#4a1f1f") : QColor("#fde7e7");
    const QColor warnBg = Theme::dark() ? QColor("#4a3d12") : QColor("#fff6d6");
    const QColor errText = Theme::dark() ? QColor("#ff9a9a") : QColor("#a31515");
    auto restyle = [&](QsciStyle& st, const QString& name, const QColor& fg, const QColor& bg) {
        st.setDescription(name);
        st.setColor(fg);
        st.setPaper(bg);
        st.setFont(small);
    };
    restyle(m_errorStyle, QStringLiteral("error annotation"), errText, errBg);
    restyle(m_warningStyle, QStringLiteral("warning annotation"), Theme::editorText(), warnBg);
    restyle(m_countStyle, QStringLiteral("work-item count"),
            Theme::addressSpace(AddressSpace::Global), Theme::marginBackground());
    recolor();
    if (!m_notes.isEmpty()) layoutNotes(); // the notes' font changed
}

void CodeEditor::onMarginClicked(int margin, int line, Qt::KeyboardModifiers) {
    if (margin != kSymbolMargin && margin != kNumberMargin) return;
    if (anchorAt(line + 1) >= 0)
        removeBreakpoint(line + 1);
    else
        addBreakpoint(line + 1);
    emit breakpointsEdited(breakpointLines());
}

int CodeEditor::anchorAt(int line) const {
    for (auto it = m_breakpoints.begin(); it != m_breakpoints.end(); ++it)
        if (markerLine(it.key()) == line - 1) return it.key();
    return -1;
}

void CodeEditor::redrawBreakpoint(int line) {
    for (int m : {BreakpointMarker, DisabledBreakpointMarker, ConditionMarker})
        markerDelete(line - 1, m);
    const int a = anchorAt(line);
    if (a < 0) return;
    const BreakpointSettings& b = m_breakpoints[a];
    markerAdd(line - 1, b.enabled ? BreakpointMarker : DisabledBreakpointMarker);
    if (!b.condition.isEmpty() || b.hitCount > 1) markerAdd(line - 1, ConditionMarker);
}

void CodeEditor::addBreakpoint(int line) {
    if (line <= 0 || anchorAt(line) >= 0) return;
    m_breakpoints.insert(markerAdd(line - 1, AnchorMarker), BreakpointSettings{});
    redrawBreakpoint(line);
}

void CodeEditor::removeBreakpoint(int line) {
    for (int a = anchorAt(line); a >= 0; a = anchorAt(line)) { // edits may have joined two
        markerDeleteHandle(a);
        m_breakpoints.remove(a);
    }
    redrawBreakpoint(line);
}

QString CodeEditor::conditionAt(int line) const {
    const int a = anchorAt(line);
    return a < 0 ? QString() : m_breakpoints.value(a).condition;
}

void CodeEditor::setCondition(int line, const QString& condition) {
    addBreakpoint(line);
    const int a = anchorAt(line);
    if (a < 0) return;
    m_breakpoints[a].condition = condition.trimmed();
    redrawBreakpoint(line);
}

bool CodeEditor::breakpointEnabled(int line) const {
    const int a = anchorAt(line);
    return a >= 0 && m_breakpoints.value(a).enabled;
}

void CodeEditor::setBreakpointEnabled(int line, bool enabled) {
    const int a = anchorAt(line);
    if (a < 0) return;
    m_breakpoints[a].enabled = enabled;
    redrawBreakpoint(line);
}

quint64 CodeEditor::hitCountAt(int line) const {
    const int a = anchorAt(line);
    return a < 0 ? 0 : m_breakpoints.value(a).hitCount;
}

void CodeEditor::setHitCount(int line, quint64 hitCount) {
    addBreakpoint(line);
    const int a = anchorAt(line);
    if (a < 0) return;
    m_breakpoints[a].hitCount = hitCount;
    redrawBreakpoint(line);
}

void CodeEditor::editCondition(int line) {
    bool ok = false;
    const QString c =
        QInputDialog::getText(this, tr("Breakpoint condition"),
                              tr("Stop at line %1 only when this OpenCL C expression is true\n"
                                 "(e.g. get_local_id(0) == 3, stride == 2; empty: always):")
                                  .arg(line),
                              QLineEdit::Normal, conditionAt(line), &ok);
    if (!ok) return;
    setCondition(line, c);
    emit breakpointsEdited(breakpointLines());
}

void CodeEditor::editHitCount(int line) {
    bool ok = false;
    const int n =
        QInputDialog::getInt(this, tr("Breakpoint hit count"),
                             tr("Stop at line %1 only from the N-th time a work-item reaches it\n"
                                "(counted over all work-items since reset; 0 or 1: every time):")
                                 .arg(line),
                             static_cast<int>(hitCountAt(line)), 0, 1000000000, 1, &ok);
    if (!ok) return;
    setHitCount(line, static_cast<quint64>(n));
    emit breakpointsEdited(breakpointLines());
}

void CodeEditor::contextMenuEvent(QContextMenuEvent* event) {
    int marginsWidth = 0;
    for (int m : {kSymbolMargin, kNumberMargin, kCountMargin})
        marginsWidth += marginWidth(m);
    if (event->pos().x() >= marginsWidth) {
        QsciScintilla::contextMenuEvent(event);
        return;
    }
    // lineAt() finds no line in the margin (no text there): the line at that height
    const long position =
        SendScintilla(SCI_POSITIONFROMPOINT, static_cast<unsigned long>(marginsWidth + 1),
                      static_cast<long>(event->pos().y()));
    const int line = static_cast<int>(SendScintilla(SCI_LINEFROMPOSITION, position)) + 1;
    if (line <= 0) return;
    QMenu menu(this);
    menu.setObjectName(QStringLiteral("breakpointMenu"));
    fillBreakpointMenu(menu, line);
    menu.exec(event->globalPos());
}

void CodeEditor::fillBreakpointMenu(QMenu& menu, int line) {
    const bool has = anchorAt(line) >= 0;
    auto edited = [this] { emit breakpointsEdited(breakpointLines()); };
    if (!has) {
        menu.addAction(tr("Add breakpoint"), this, [this, line, edited] {
            addBreakpoint(line);
            edited();
        });
    }
    menu.addAction(has ? tr("Edit condition…") : tr("Add conditional breakpoint…"), this,
                   [this, line] { editCondition(line); });
    menu.addAction(tr("Hit count…"), this, [this, line] { editHitCount(line); });
    if (has) {
        QAction* enabled = menu.addAction(tr("Enabled"));
        enabled->setCheckable(true);
        enabled->setChecked(breakpointEnabled(line));
        connect(enabled, &QAction::toggled, this, [this, line, edited](bool on) {
            setBreakpointEnabled(line, on);
            edited();
        });
        if (!conditionAt(line).isEmpty())
            menu.addAction(tr("Remove condition"), this, [this, line, edited] {
                setCondition(line, QString());
                edited();
            });
        menu.addAction(tr("Delete breakpoint"), this, [this, line, edited] {
            removeBreakpoint(line);
            edited();
        });
    }
    menu.addSeparator();
    menu.addAction(tr("Show all breakpoints"), this, [this] { emit breakpointsPaneRequested(); });
}

QList<int> CodeEditor::breakpointLines() const {
    QList<int> out;
    for (auto it = m_breakpoints.begin(); it != m_breakpoints.end(); ++it) {
        const int l = markerLine(it.key());
        if (l >= 0 && !out.contains(l + 1)) out << l + 1;
    }
    std::sort(out.begin(), out.end());
    return out;
}

void CodeEditor::setBreakpointLines(const QSet<int>& lines) {
    markerDeleteAll(AnchorMarker);
    markerDeleteAll(BreakpointMarker);
    markerDeleteAll(DisabledBreakpointMarker);
    markerDeleteAll(ConditionMarker);
    m_breakpoints.clear();
    for (int l : lines)
        addBreakpoint(l);
}

void CodeEditor::setExecutionLines(int currentLine, const QMap<int, int>& othersPerLine) {
    markerDeleteAll(CurrentArrowMarker);
    markerDeleteAll(CurrentLineMarker);
    markerDeleteAll(OthersMarker);
    clearMarginText();
    m_others = othersPerLine;
    // the count margin as wide as its widest count ("×1023" must not cover the line number)
    int widest = 0;
    for (auto it = othersPerLine.begin(); it != othersPerLine.end(); ++it)
        widest = std::max(widest, it.value());
    setMarginWidth(kCountMargin,
                   QStringLiteral("×") +
                       QString(std::max(3, int(QString::number(widest).size())), QLatin1Char('0')) +
                       QLatin1Char(' '));
    for (auto it = othersPerLine.begin(); it != othersPerLine.end(); ++it) {
        if (it.key() <= 0) continue;
        markerAdd(it.key() - 1, OthersMarker);
        setMarginText(it.key() - 1, QStringLiteral("×%1").arg(it.value()), m_countStyle);
    }
    if (currentLine > 0) {
        markerAdd(currentLine - 1, CurrentLineMarker);
        markerAdd(currentLine - 1, CurrentArrowMarker);
        ensureLineVisible(currentLine - 1);
    }
}

void CodeEditor::fillRange(int indicator, const SourceRange& range) {
    if (!range.valid()) return;
    const int lastLine = lines();
    const int l0 = static_cast<int>(range.begin.line) - 1;
    if (l0 >= lastLine) return;
    long start = SendScintilla(SCI_POSITIONFROMLINE, l0) +
                 std::max<int>(0, static_cast<int>(range.begin.column) - 1);
    long end = start + 1;
    if (range.end.valid() && range.end.line >= range.begin.line) {
        const int l1 = std::min<int>(static_cast<int>(range.end.line) - 1, lastLine - 1);
        end = SendScintilla(SCI_POSITIONFROMLINE, l1) +
              std::max<int>(0, static_cast<int>(range.end.column) - 1);
    }
    const long lineStart = SendScintilla(SCI_POSITIONFROMLINE, l0);
    const long lineEnd = SendScintilla(SCI_GETLINEENDPOSITION, l0);
    if (end <= start) end = std::max(start + 1, lineEnd);
    if (start >= lineEnd && lineEnd > lineStart) {
        // a point past the line's last character (clang's "expected ';'" at the end of a
        // half-typed line): a squiggle there would cover only the line break, so it
        // underlines the last word (or character) before it
        long last = lineEnd - 1;
        while (last > lineStart &&
               std::isspace(static_cast<int>(SendScintilla(SCI_GETCHARAT, last))))
            --last;
        start = std::min<long>(last, SendScintilla(SCI_WORDSTARTPOSITION, last + 1, true));
        end = last + 1;
    }
    SendScintilla(SCI_SETINDICATORCURRENT, indicator);
    SendScintilla(SCI_INDICATORFILLRANGE, start, end - start);
}

QString CodeEditor::squiggledText(int line) const {
    const QString text = this->text(line - 1);
    const long lineStart = SendScintilla(SCI_POSITIONFROMLINE, line - 1);
    const long lineEnd = SendScintilla(SCI_GETLINEENDPOSITION, line - 1);
    QString out;
    for (long pos = lineStart; pos < lineEnd; ++pos) {
        bool under = false;
        for (int ind : {ErrorIndicator, WarningIndicator, RaceIndicator, BenignRaceIndicator})
            under = under || SendScintilla(SCI_INDICATORVALUEAT, ind, pos) != 0;
        if (under) out += text.mid(pos - lineStart, 1);
    }
    return out;
}

void CodeEditor::setDiagnostics(const std::vector<Diagnostic>& diags, uint32_t mainFile,
                                const debug::Snapshot* snapshot) {
    const long length = SendScintilla(SCI_GETLENGTH);
    for (int ind : {ErrorIndicator, WarningIndicator, RaceIndicator, BenignRaceIndicator}) {
        SendScintilla(SCI_SETINDICATORCURRENT, ind);
        SendScintilla(SCI_INDICATORCLEARRANGE, 0, length);
    }
    clearAnnotations();
    m_notes.clear();
    markerDeleteAll(RaceLineMarker);
    m_diagnosticLines.clear();
    QMap<int, QStringList> notes;
    QMap<int, bool> lineIsError;
    auto inMain = [&](const SourceRange& r) {
        return r.valid() && r.begin.file != debug::kLaunchFileId && // a .sim line
               (mainFile == 0 || r.begin.file == mainFile || r.begin.file == 0);
    };
    for (size_t index = 0; index < diags.size(); ++index) {
        const Diagnostic& d = diags[index];
        const bool race = d.kind == DiagnosticKind::DataRace;
        // A benign race (the write stored the bytes already there) in its own, quieter
        // colour, without the race line marker.
        const bool benign = d.kind == DiagnosticKind::BenignRace;
        const int indicator = race                            ? RaceIndicator
                              : benign                        ? BenignRaceIndicator
                              : d.severity == Severity::Error ? ErrorIndicator
                                                              : WarningIndicator;
        const QString sev = QString::fromLatin1(severityName(d.severity));
        QString text = QStringLiteral("%1: %2 [%3]")
                           .arg(sev, QString::fromStdString(guiWording().message(d)),
                                QString::fromUtf8(DiagnosticKinds::name(d.kind)));
        if (snapshot) text += RaceInfo::occurrenceText(*snapshot, index);
        if (inMain(d.range)) {
            fillRange(indicator, d.range);
            const int line = static_cast<int>(d.range.begin.line);
            notes[line] << text;
            lineIsError[line] = lineIsError.value(line) || d.severity == Severity::Error;
            if (!m_diagnosticLines.contains(line)) m_diagnosticLines << line;
            if (race) markerAdd(line - 1, RaceLineMarker);
        }
        for (const RelatedLocation& n : d.notes) {
            if (!inMain(n.range)) continue;
            fillRange(race     ? RaceIndicator
                      : benign ? BenignRaceIndicator
                               : WarningIndicator,
                      n.range);
            const int line = static_cast<int>(n.range.begin.line);
            if (race) markerAdd(line - 1, RaceLineMarker);
            if (!m_diagnosticLines.contains(line)) m_diagnosticLines << line;
            if (line != static_cast<int>(d.range.begin.line) || !n.message.empty())
                notes[line]
                    << QStringLiteral("note: %1")
                           .arg(n.message.empty()
                                    ? QStringLiteral("related to line %1").arg(d.range.begin.line)
                                    : QString::fromStdString(n.message));
        }
    }
    for (auto it = notes.begin(); it != notes.end(); ++it) {
        QStringList unique;
        for (const QString& s : it.value())
            if (!unique.contains(s)) unique << s;
        if (unique.size() > 4) {
            const int more = static_cast<int>(unique.size()) - 4;
            unique = unique.mid(0, 4);
            unique << tr("… and %1 more").arg(more);
        }
        if (it.key() - 1 < lines())
            m_notes.insert(it.key() - 1,
                           {unique.join(QLatin1Char('\n')), lineIsError.value(it.key())});
    }
    layoutNotes();
}

int CodeEditor::noteLeft(int line) const {
    auto* self = const_cast<CodeEditor*>(this);
    // a boxed annotation starts at its line's indentation, which scrolls with the text
    const long indent = self->SendScintilla(SCI_GETLINEINDENTPOSITION, line - 1);
    return static_cast<int>(self->SendScintilla(SCI_POINTXFROMPOSITION, 0, indent) +
                            self->SendScintilla(SCI_GETXOFFSET));
}

int CodeEditor::noteWidth(int line) const {
    const QFontMetrics fm(m_errorStyle.font());
    // the annotation box's border and padding, and a character's room before the edge
    const int room = viewport()->width() - noteLeft(line) - fm.averageCharWidth() - 8;
    return std::max(room, 20 * fm.averageCharWidth()); // a sliver of a window wraps no further
}

void CodeEditor::layoutNotes() {
    clearAnnotations();
    const QFontMetrics fm(m_errorStyle.font());
    for (auto it = m_notes.cbegin(); it != m_notes.cend(); ++it)
        annotate(it.key(), wrapToWidth(it.value().first, fm, noteWidth(it.key() + 1)),
                 it.value().second ? m_errorStyle : m_warningStyle);
    m_notesWidth = viewport()->width();
}

void CodeEditor::resizeEvent(QResizeEvent* event) {
    QsciScintilla::resizeEvent(event);
    if (!m_notes.isEmpty() && viewport()->width() != m_notesWidth) layoutNotes();
}

QString CodeEditor::noteTooltipAt(const QPoint& pos) const {
    const long position = const_cast<CodeEditor*>(this)->SendScintilla(
        SCI_POSITIONFROMPOINT, static_cast<unsigned long>(pos.x()), static_cast<long>(pos.y()));
    const int line = static_cast<int>(const_cast<CodeEditor*>(this)->SendScintilla(
        SCI_LINEFROMPOSITION, static_cast<unsigned long>(position)));
    // (the note rows under a line belong to that line)
    const QString note = m_notes.value(line).first;
    if (note.isEmpty()) return {};
    return note.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
}

bool CodeEditor::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = noteTooltipAt(help->pos());
        if (!text.isEmpty()) {
            QToolTip::showText(help->globalPos(), QStringLiteral("<p>%1</p>").arg(text),
                               viewport());
            return true;
        }
        QToolTip::hideText();
    }
    return QsciScintilla::viewportEvent(event);
}

void CodeEditor::jumpToLine(int line) {
    if (line <= 0) return;
    setCursorPosition(line - 1, 0);
    ensureLineVisible(line - 1);
    SendScintilla(SCI_SCROLLCARET);
    setFocus();
}

} // namespace clstep::ui
