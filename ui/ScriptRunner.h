#pragma once

#include <QObject>
#include <QStringList>

namespace clstep::ui {

class MainWindow;

/// Drives a MainWindow from a list of commands (`clstep --do "lockstep*3;select:3"`), waiting
/// for the debugger to be idle between them. Used for demos, screenshots and tests:
///
///   step|next|finish|lockstep|tobarrier|barrier|continue|runall|reset|back [*N]
///   untilrace            lockstep steps until a data race is reported (at most 2000)
///   select:X[,Y[,Z]]     select a work-item of the group by local id
///   global:X[,Y[,Z]]     select a work-item by global id;   group:X[,Y[,Z]]
///   break:LINE           toggle a breakpoint;   diag:N   activate diagnostic row N
///   diagrow:N            select diagnostic row N in its pane (no jump, no selection change)
///   endian:big|little    set the device byte order in the launch panel and apply it
///   format:SPACE:REGION:TYPE   e.g. format:global:via_plain_ptr:uint
///   show:SPACE:REGION[:BYTE]   show a region (scrolls to the byte)
///   raise:DOCK           raise a dock (workitems, variables, watch, diagnostics, trace, ...)
///   watch:EXPR           add a watch expression
///   repl:ENTRY           evaluate an entry in the Scratchpad (write ';' in it as "\;")
///   present|dark|zoom:N  presentation mode, dark theme, zoom steps
///   teaching             the teaching layout (editor, work-item grid, __local memory)
///   schedule:NAME [SEED] the schedule policy (in-order, reverse, round-robin, random, simt)
///   subgroup:N           the sub-group size (work-items, a power of two; restarts the run)
///   multiwatch:EXPR      the multi-watch expression (`lid.x + lid.y * 16`, `partial[lid]`)
///   multiwatchmode:numbers|colours   how the multi-watch grid shows values
///   memcolour:SPACE:access|count|conflict   what a memory pane's colours show
///   tooltip:SPACE:ROW    show the tooltip of a memory row
///   screenshot:FILE      save a PNG of the window;   wait:MS;   quit
class ScriptRunner : public QObject {
    Q_OBJECT
public:
    ScriptRunner(MainWindow* window, QObject* parent = nullptr);

    /// Runs `commands` (blocking, with the event loop running). False at the first command
    /// that fails, with error() telling why.
    bool run(const QStringList& commands);
    /// Splits "a;b;c" into commands ("\;" is a ';' inside a command).
    static QStringList split(const QString& script);
    QString error() const { return m_error; }
    /// Saves a PNG of the window (or of the whole screen when `wholeScreen`, which also
    /// shows tooltips); false if it could not be written.
    static bool screenshot(MainWindow* window, const QString& file, bool wholeScreen);

private:
    bool runOne(const QString& command);

    MainWindow* m_window;
    QString m_error;
    bool m_tooltipShown = false;
};

} // namespace clstep::ui
