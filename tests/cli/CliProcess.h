#pragma once
// Runs the real `clstep-cli` binary (CLSTEP_CLI, set by tests/CMakeLists.txt) for the cli
// tests, and writes their input files.

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

namespace clstep::test {

/// What one clstep-cli process did.
struct CliResult {
    int code = -1; ///< exit code; -1 after a crash (signal) or a timeout
    QString out, err;
};

/// Runs clstep-cli with `args`, feeding `input` on stdin (none if null); kills it after
/// 300 s (code -1).
inline CliResult cli(const QStringList& args, const QByteArray& input = {}) {
    QProcess p;
    p.start(QStringLiteral(CLSTEP_CLI), args);
    if (!p.waitForStarted(30000)) return {};
    if (!input.isNull()) p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

/// Writes `text` to `name` in `dir`; returns its path.
inline QString write(QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile f(dir.filePath(name));
    f.open(QIODevice::WriteOnly);
    f.write(text);
    return f.fileName();
}

} // namespace clstep::test
