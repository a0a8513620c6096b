#include "ScriptRunner.h"

#include "WatchPane.h"

#include "CodeEditor.h"
#include "DebugActions.h"
#include "DebugController.h"
#include "DiagnosticsModel.h"
#include "LaunchPanel.h"
#include "MainWindow.h"
#include "MemoryPane.h"
#include "MemoryTableModel.h"
#include "MultiWatchPane.h"
#include "ScratchpadPane.h"
#include "SimtViews.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QPixmap>
#include <QScreen>
#include <QTabBar>
#include <QTableView>
#include <QThread>
#include <QToolTip>

namespace clstep::ui {

namespace {
AddressSpace spaceNamed(const QString& s) {
    if (s == QStringLiteral("local")) return AddressSpace::Local;
    if (s == QStringLiteral("constant")) return AddressSpace::Constant;
    if (s == QStringLiteral("private")) return AddressSpace::Private;
    return AddressSpace::Global;
}

void pump(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(5);
    }
}
} // namespace

ScriptRunner::ScriptRunner(MainWindow* window, QObject* parent)
    : QObject(parent), m_window(window) {}

QStringList ScriptRunner::split(const QString& script) {
    QStringList out;
    QString current;
    auto flush = [&] {
        if (!current.trimmed().isEmpty()) out << current.trimmed();
        current.clear();
    };
    for (int i = 0; i < script.size(); ++i) {
        if (script[i] == QLatin1Char('\\') && i + 1 < script.size() &&
            script[i + 1] == QLatin1Char(';')) {
            current += QLatin1Char(';'); // "\;": a semicolon inside a command
            ++i;
        } else if (script[i] == QLatin1Char(';')) {
            flush();
        } else {
            current += script[i];
        }
    }
    flush();
    return out;
}

bool ScriptRunner::run(const QStringList& commands) {
    for (const QString& c : commands) {
        if (!m_window->waitIdle()) {
            m_error = QStringLiteral("timed out before '%1'").arg(c);
            return false;
        }
        if (!runOne(c)) {
            if (m_error.isEmpty()) m_error = QStringLiteral("command failed: %1").arg(c);
            return false;
        }
    }
    return m_window->waitIdle();
}

bool ScriptRunner::screenshot(MainWindow* window, const QString& file, bool wholeScreen) {
    window->waitIdle();
    pump(150);
    // the first layout holds the docks' heights for a moment, which can grow the window past
    // the screen until it settles (MainWindow::applyDockSizes): the picture is of the settled
    // window
    if (const QScreen* s = window->screen(); s && QGuiApplication::platformName() != "offscreen")
        for (int i = 0; i < 30 && !s->availableGeometry().contains(window->frameGeometry()); ++i)
            pump(50);
    QPixmap pix;
    QScreen* screen = window->screen();
    if (wholeScreen && screen && QGuiApplication::platformName() != QStringLiteral("offscreen"))
        pix = screen->grabWindow(0, window->x(), window->y(), window->frameGeometry().width(),
                                 window->frameGeometry().height());
    if (pix.isNull()) pix = window->grab();
    return pix.save(file, "PNG");
}

QString ScriptRunner::debuggerText(const QString& command) {
    // NAME[*N][:ARG] -> "NAME ARG" (ids "3,1" -> "3 1"); the repeat is done by the caller
    QString name = command.section(QLatin1Char(':'), 0, 0).trimmed();
    QString arg = command.contains(QLatin1Char(':'))
                      ? command.section(QLatin1Char(':'), 1).trimmed()
                      : QString();
    if (name.contains(QLatin1Char('*'))) name = name.section(QLatin1Char('*'), 0, 0);
    if (!command.contains(QLatin1Char(':')) && !command.contains(QLatin1Char('*')))
        return command.trimmed(); // already the console's form: "step 3", "workitem 4 1"
    static const QStringList idVerbs = {QStringLiteral("select"), QStringLiteral("global"),
                                        QStringLiteral("group"), QStringLiteral("workitem"),
                                        QStringLiteral("wi")};
    if (idVerbs.contains(name)) arg.replace(QLatin1Char(','), QLatin1Char(' '));
    return arg.isEmpty() ? name : name + QLatin1Char(' ') + arg;
}

bool ScriptRunner::runDebuggerCommand(const QString& command) {
    using C = debug::Command;
    DebugController* dc = m_window->controller();
    std::string why;
    const std::optional<C> c = C::parse(debuggerText(command).toStdString(), why);
    if (!c) {
        m_error = QString::fromStdString(why);
        return false;
    }
    // the legacy repeat form `lockstep*3` runs the command three times, whatever stops
    int repeat = 1;
    const QString head = command.section(QLatin1Char(':'), 0, 0);
    if (head.contains(QLatin1Char('*'))) repeat = head.section(QLatin1Char('*'), 1).toInt();
    if (c->verb == C::Break) { // the editor owns the breakpoints: set one there, apply them
        bool isLine = false;
        const int at = c->args.empty() ? 0 : QString::fromStdString(c->args[0]).toInt(&isLine);
        if (!isLine || at <= 0) {
            m_error = QStringLiteral("break LINE [if CONDITION], not '%1'").arg(command);
            return false;
        }
        const size_t cond = c->text.find(" if ");
        m_window->editor()->addBreakpoint(at);
        if (cond != std::string::npos)
            m_window->editor()->setCondition(at, QString::fromStdString(c->text.substr(cond + 4)));
        dc->setBreakpoints(m_window->breakpointLines());
        return true;
    }
    if (c->verb == C::Quit) {
        QCoreApplication::quit();
        return true;
    }
    // everything else is the Session's (SessionWorker::run -> Session::execute), which
    // rejects wrong arguments and the console's own verbs
    for (int i = 0; i < repeat; ++i) {
        dc->run(*c);
        m_window->waitIdle();
    }
    const SessionState& s = dc->state();
    if (s.rejected && s.command == QString::fromStdString(c->format())) {
        m_error = s.lastError;
        return false;
    }
    return true;
}

bool ScriptRunner::runOne(const QString& command) {
    using C = debug::Command;
    DebugController* dc = m_window->controller();
    const QString name = command.section(QLatin1Char(':'), 0, 0)
                             .section(QLatin1Char('*'), 0, 0)
                             .section(QLatin1Char(' '), 0, 0)
                             .trimmed();
    const QString arg = command.section(QLatin1Char(':'), 1).trimmed();
    const bool colon = command.contains(QLatin1Char(':'));
    // the GUI's own commands; everything else is a debugger command (debug::Command)
    static const QStringList guiOnly = {
        QStringLiteral("untilrace"), QStringLiteral("diag"),       QStringLiteral("diagrow"),
        QStringLiteral("endian"),    QStringLiteral("format"),     QStringLiteral("show"),
        QStringLiteral("tooltip"),   QStringLiteral("raise"),      QStringLiteral("teaching"),
        QStringLiteral("repl"),      QStringLiteral("multiwatch"), QStringLiteral("multiwatchmode"),
        QStringLiteral("memcolour"), QStringLiteral("subgroup"),   QStringLiteral("present"),
        QStringLiteral("dark"),      QStringLiteral("zoom"),       QStringLiteral("line"),
        QStringLiteral("wait"),      QStringLiteral("screenshot")};
    const bool legacyGui =
        colon && (name == QStringLiteral("break") || name == QStringLiteral("watch"));
    if (!guiOnly.contains(name) && !legacyGui) return runDebuggerCommand(command);
    if (name == QStringLiteral("untilrace")) {
        for (int i = 0; i < 2000; ++i) {
            const SessionState& s = dc->state();
            if (s.snapshot)
                for (const Diagnostic& d : s.snapshot->diagnostics)
                    if (d.kind == DiagnosticKind::DataRace) return true;
            if (!s.launched || (s.snapshot && s.snapshot->runFinished)) break;
            dc->run(C::Lockstep);
            m_window->waitIdle();
        }
        m_error = QStringLiteral("no data race was reported");
        return false;
    }
    if (name == QStringLiteral("break")) { // break:LINE toggles (break LINE sets)
        QList<int> lines = m_window->editor()->breakpointLines();
        const int line = arg.toInt();
        QSet<int> set(lines.begin(), lines.end());
        if (!set.remove(line)) set.insert(line);
        m_window->editor()->setBreakpointLines(set);
        BreakpointList v;
        for (int l : set)
            v.push_back({static_cast<uint32_t>(l), {}});
        dc->setBreakpoints(v);
    } else if (name == QStringLiteral("diag")) {
        m_window->activateDiagnostic(arg.toInt());
    } else if (name == QStringLiteral("diagrow")) {
        const int row = arg.toInt();
        if (row < 0 || row >= m_window->diagnosticsModel()->rowCount()) {
            m_error = QStringLiteral("no diagnostic row %1").arg(row);
            return false;
        }
        m_window->diagnosticsView()->selectRow(row); // highlight only: nothing runs
        if (QDockWidget* d = m_window->dock(QStringLiteral("dockDiagnostics"))) d->raise();
    } else if (name == QStringLiteral("endian")) {
        LaunchPanel* p = m_window->launchPanel();
        p->setDeviceBigEndian(arg == QStringLiteral("big"));
        if (!p->validate()) {
            m_error = QStringLiteral("the launch configuration is not valid");
            return false;
        }
        dc->applyLaunch(p->composeSim(), p->simPath(), QString(), p->deviceBigEndian(),
                        p->maxSteps());
    } else if (name == QStringLiteral("format") || name == QStringLiteral("show") ||
               name == QStringLiteral("tooltip")) {
        const QStringList parts = arg.split(QLatin1Char(':'));
        MemoryPane* pane = m_window->memoryPane(spaceNamed(parts.value(0)));
        if (!pane) return false;
        if (QDockWidget* d = qobject_cast<QDockWidget*>(pane->parentWidget())) d->raise();
        if (name == QStringLiteral("tooltip")) {
            const QModelIndex idx =
                pane->model()->index(parts.value(1).toInt(), MemoryTableModel::ValueColumn);
            pane->view()->scrollTo(idx);
            const QRect r = pane->view()->visualRect(idx);
            const QPoint at = pane->view()->viewport()->mapToGlobal(r.center());
            QToolTip::showText(at, idx.data(Qt::ToolTipRole).toString(), pane->view()->viewport());
            pump(400);
            return true;
        }
        if (!pane->selectRegion(parts.value(1))) {
            m_error = QStringLiteral("no region '%1' in %2").arg(parts.value(1), parts.value(0));
            return false;
        }
        if (name == QStringLiteral("format")) {
            const auto f = ValueFormat::fromName(parts.value(2));
            if (!f) {
                m_error = QStringLiteral("unknown type '%1'").arg(parts.value(2));
                return false;
            }
            pane->setFormat(*f);
        } else if (parts.size() > 2) {
            const auto* reg = pane->model()->region();
            if (reg) pane->showAddress(reg->address + parts.value(2).toULongLong());
        }
    } else if (name == QStringLiteral("raise")) {
        const QHash<QString, QString> docks = {
            {QStringLiteral("workitems"), QStringLiteral("dockWorkItems")},
            {QStringLiteral("variables"), QStringLiteral("dockVariables")},
            {QStringLiteral("diagnostics"), QStringLiteral("dockDiagnostics")},
            {QStringLiteral("launch"), QStringLiteral("dockLaunch")},
            {QStringLiteral("stack"), QStringLiteral("dockCallStack")},
            {QStringLiteral("output"), QStringLiteral("dockOutput")},
            {QStringLiteral("watch"), QStringLiteral("dockWatch")},
            {QStringLiteral("trace"), QStringLiteral("dockTrace")},
            {QStringLiteral("scratchpad"), QStringLiteral("dockScratchpad")},
            {QStringLiteral("breakpoints"), QStringLiteral("dockBreakpoints")},
            {QStringLiteral("efficiency"), QStringLiteral("dockEfficiency")},
            {QStringLiteral("multiwatch"), QStringLiteral("dockMultiWatch")}};
        QDockWidget* d = m_window->dock(docks.value(arg, arg));
        if (!d) {
            m_error = QStringLiteral("no dock '%1'").arg(arg);
            return false;
        }
        d->show();
        d->raise();
    } else if (name == QStringLiteral("teaching")) {
        m_window->teachingLayout();
        pump(300);
    } else if (name == QStringLiteral("repl")) {
        ScratchpadPane* pad = m_window->scratchpad();
        m_window->showScratchpad();
        if (!pad->submit(command.section(QLatin1Char(':'), 1).trimmed())) {
            m_error = QStringLiteral("the scratchpad is busy or the entry is empty");
            return false;
        }
        QElapsedTimer t;
        t.start();
        while (pad->busy() && t.elapsed() < 60000)
            pump(20);
    } else if (name == QStringLiteral("watch")) {
        m_window->watchPane()->addExpression(command.section(QLatin1Char(':'), 1));
    } else if (name == QStringLiteral("multiwatch")) {
        m_window->simtViews()->multiWatchPane()->setExpression(
            command.section(QLatin1Char(':'), 1));
        m_window->waitIdle();
    } else if (name == QStringLiteral("multiwatchmode")) {
        m_window->simtViews()->multiWatchPane()->setColours(arg == QStringLiteral("colours"));
    } else if (name == QStringLiteral("memcolour")) {
        const QStringList parts = arg.split(QLatin1Char(':'));
        const QStringList modes = {QStringLiteral("access"), QStringLiteral("count"),
                                   QStringLiteral("conflict")};
        MemoryPane* pane = m_window->memoryPane(spaceNamed(parts.value(0)));
        if (!pane || !modes.contains(parts.value(1))) {
            m_error = QStringLiteral("memcolour:SPACE:access|count|conflict, not '%1'").arg(arg);
            return false;
        }
        pane->setColourMode(static_cast<MemoryColourMode>(modes.indexOf(parts.value(1))));
        m_window->waitIdle();
    } else if (name == QStringLiteral("subgroup")) {
        if (arg.toUInt() == 0 || (arg.toUInt() & (arg.toUInt() - 1)) != 0) {
            m_error = QStringLiteral("the sub-group size must be a power of two: '%1'").arg(arg);
            return false;
        }
        dc->setSubGroupSize(arg.toUInt());
        m_window->waitIdle();
    } else if (name == QStringLiteral("present")) {
        m_window->setPresentationMode(true);
    } else if (name == QStringLiteral("dark")) {
        m_window->setDarkTheme(true);
    } else if (name == QStringLiteral("zoom")) {
        m_window->zoom(arg.toInt());
    } else if (name == QStringLiteral("line")) {
        m_window->editor()->jumpToLine(arg.toInt());
    } else if (name == QStringLiteral("wait")) {
        pump(arg.toInt());
    } else if (name == QStringLiteral("screenshot")) {
        if (!screenshot(m_window, arg, true)) {
            m_error = QStringLiteral("cannot write %1").arg(arg);
            return false;
        }
    } else {
        m_error = QStringLiteral("unknown command '%1'").arg(name);
        return false;
    }
    return true;
}

} // namespace clstep::ui
