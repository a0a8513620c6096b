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
std::array<uint64_t, 3> ids(const QString& text) {
    std::array<uint64_t, 3> out{};
    const QStringList parts = text.split(QLatin1Char(','));
    for (int i = 0; i < 3 && i < parts.size(); ++i)
        out[static_cast<size_t>(i)] = parts[i].toULongLong();
    return out;
}

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
    QPixmap pix;
    QScreen* screen = window->screen();
    if (wholeScreen && screen && QGuiApplication::platformName() != QStringLiteral("offscreen"))
        pix = screen->grabWindow(0, window->x(), window->y(), window->frameGeometry().width(),
                                 window->frameGeometry().height());
    if (pix.isNull()) pix = window->grab();
    return pix.save(file, "PNG");
}

bool ScriptRunner::runOne(const QString& command) {
    using C = DebugController::Command;
    DebugController* dc = m_window->controller();
    QString name = command.section(QLatin1Char(':'), 0, 0).trimmed();
    const QString arg = command.section(QLatin1Char(':'), 1).trimmed();
    int repeat = 1;
    if (name.contains(QLatin1Char('*'))) {
        repeat = name.section(QLatin1Char('*'), 1).toInt();
        name = name.section(QLatin1Char('*'), 0, 0);
    }
    static const QHash<QString, C> commands = {
        {QStringLiteral("step"), C::Step},           {QStringLiteral("next"), C::Next},
        {QStringLiteral("finish"), C::Finish},       {QStringLiteral("lockstep"), C::Lockstep},
        {QStringLiteral("tobarrier"), C::ToBarrier}, {QStringLiteral("barrier"), C::GroupToBarrier},
        {QStringLiteral("continue"), C::Continue},   {QStringLiteral("runall"), C::RunAll},
        {QStringLiteral("reset"), C::Reset},         {QStringLiteral("back"), C::StepBack},
    };
    if (commands.contains(name)) {
        for (int i = 0; i < repeat; ++i) {
            dc->run(commands.value(name));
            m_window->waitIdle();
        }
        return true;
    }
    if (name == QStringLiteral("untilrace")) {
        for (int i = 0; i < 2000; ++i) {
            const SessionState& s = dc->state();
            if (s.snapshot)
                for (const Diagnostic& d : s.snapshot->diagnostics)
                    if (d.kind == "data-race") return true;
            if (!s.launched || (s.snapshot && s.snapshot->runFinished)) break;
            dc->run(C::Lockstep);
            m_window->waitIdle();
        }
        m_error = QStringLiteral("no data race was reported");
        return false;
    }
    if (name == QStringLiteral("select"))
        dc->selectLocal(ids(arg));
    else if (name == QStringLiteral("global"))
        dc->selectGlobal(ids(arg));
    else if (name == QStringLiteral("group"))
        dc->selectGroup(ids(arg));
    else if (name == QStringLiteral("break")) {
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
    } else if (name == QStringLiteral("schedule")) {
        debug::SchedulePolicy policy;
        if (!debug::parseSchedulePolicy(arg.section(QLatin1Char(' '), 0, 0).toStdString(),
                                        policy)) {
            m_error = QStringLiteral("unknown schedule '%1'").arg(arg);
            return false;
        }
        dc->setSchedule(policy,
                        std::max<qulonglong>(1, arg.section(QLatin1Char(' '), 1, 1).toULongLong()));
        m_window->waitIdle();
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
    } else if (name == QStringLiteral("quit")) {
        QCoreApplication::quit();
    } else {
        m_error = QStringLiteral("unknown command '%1'").arg(name);
        return false;
    }
    return true;
}

} // namespace clstep::ui
