#pragma once

#include <QObject>
#include <QStringList>

namespace clstep::ui {

class MainWindow;

/// Drives a MainWindow from a list of commands (`clstep --do "lockstep 3;select 3"`), waiting
/// for the debugger to be idle between them. Used for demos, screenshots and tests.
///
/// Debugger commands are the console's (debug::Command, parsed by it): step|next|lockstep
/// [N], finish, continue, tobarrier, barrier, rungroup, runall, back [N], rcontinue,
/// run|reset, workitem|global GX [GY GZ], group GX [GY GZ], select LX [LY LZ], schedule
/// POLICY [SEED], errors on|off, explore [N], break LINE [if CONDITION], quit. The older
/// script spelling stays valid: NAME*N repeats a command N times whatever it stops at,
/// NAME:ARG passes an argument (ids with commas: select:3,1). Commands of the GUI itself:
///
///   untilrace            lockstep steps until a data race is reported (at most 2000)
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
///   subgroup:N           the sub-group size (work-items, a power of two; restarts the run)
///   multiwatch:EXPR      the multi-watch expression (`lid.x + lid.y * 16`, `partial[lid]`)
///   multiwatchmode:numbers|colours   how the multi-watch grid shows values
///   memcolour:SPACE:access|count|conflict   what a memory pane's colours show
///   tooltip:SPACE:ROW    show the tooltip of a memory row
///   screenshot:FILE      save a PNG of the window;   wait:MS
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
    /// Runs a debugger command (debug::Command) through the DebugController; false with
    /// error() when it does not parse or is a console-only command.
    bool runDebuggerCommand(const QString& command);
    /// The console form of a script command: "lockstep*3" -> "lockstep", "select:3,1" ->
    /// "select 3 1"; "step 3" stays as it is.
    static QString debuggerText(const QString& command);

    MainWindow* m_window;
    QString m_error;
    bool m_tooltipShown = false;
};

} // namespace clstep::ui
