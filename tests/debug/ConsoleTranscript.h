#pragma once

// Drives the interactive console (`clstep-cli run FILE.sim -i`) through the real binary with
// a scripted session on stdin (not a terminal: no readline, commands echoed). Used by
// tst_console and tst_console_simt.

#include <QProcess>
#include <QString>
#include <QStringList>

namespace clstep::test {

/// What a console session printed (stdout and stderr merged) and its exit code: -1 when the
/// process did not start or ran past 60 s (then killed), -2 when it crashed.
struct Transcript {
    int exitCode = -1;
    QString out;
};

/// Runs `clstep-cli run SIM -i EXTRA...` in the source directory, writes `script` to its
/// stdin and closes it, and waits up to 60 s for it to end.
inline Transcript runConsole(const QString& sim, const QString& script,
                             const QStringList& extra = {}) {
    QProcess p;
    p.setWorkingDirectory(CLSTEP_SOURCE_DIR);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(CLSTEP_CLI, QStringList{"run", sim, "-i"} + extra);
    Transcript t;
    if (!p.waitForStarted(10000)) return t;
    p.write(script.toUtf8());
    p.closeWriteChannel();
    if (!p.waitForFinished(60000)) {
        p.kill();
        return t;
    }
    t.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    t.out = QString::fromUtf8(p.readAll());
    return t;
}

} // namespace clstep::test
