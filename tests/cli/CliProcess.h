#pragma once
// Runs the real `clstep-cli` binary (CLSTEP_CLI, set by tests/CMakeLists.txt) for the cli
// tests, and writes their input files.

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <sys/resource.h>

namespace clstep::test {

/// What one clstep-cli process did.
struct CliResult {
    int code = -1; ///< exit code; -1 after a crash (signal) or a timeout
    QString out, err;
};

/// Runs clstep-cli with `args`, feeding `input` on stdin (none if null); kills it after
/// 300 s (code -1). With `addressSpaceBytes` (not 0) the process (and its children) get that
/// RLIMIT_AS: the host really runs out of memory past it.
inline CliResult cli(const QStringList& args, const QByteArray& input = {},
                     rlim_t addressSpaceBytes = 0) {
    QProcess p;
    if (addressSpaceBytes)
        p.setChildProcessModifier([addressSpaceBytes] {
            struct rlimit limit;
            if (getrlimit(RLIMIT_AS, &limit) == 0) {
                limit.rlim_cur = addressSpaceBytes;
                setrlimit(RLIMIT_AS, &limit);
            }
        });
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

/// The sample grading exercise (samples/grading/): `name` in it.
inline QString grading(const QString& name = {}) {
    return QStringLiteral(CLSTEP_SOURCE_DIR "/samples/grading/") + name;
}

/// The JSON object in file `path` (empty when it is missing or no object).
inline QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// Whether python3 with jsonschema (Debian python3-jsonschema) is there to validate.
inline bool haveJsonSchema() {
    QProcess probe;
    probe.start(QStringLiteral("python3"),
                {QStringLiteral("-c"), QStringLiteral("import jsonschema")});
    return probe.waitForFinished(30000) && probe.exitStatus() == QProcess::NormalExit &&
           probe.exitCode() == 0;
}

/// Validates the JSON file `document` against the schema docs/`schema` (JSON Schema
/// 2020-12, python3's jsonschema): "" when valid, else the validator's error.
inline QString schemaErrors(const QString& schema, const QString& document) {
    QProcess p;
    p.start(QStringLiteral("python3"),
            {QStringLiteral("-c"),
             QStringLiteral("import json,sys,jsonschema\n"
                            "jsonschema.validate(json.load(open(sys.argv[2])), "
                            "json.load(open(sys.argv[1])))\n"),
             QStringLiteral(CLSTEP_SOURCE_DIR "/docs/") + schema, document});
    if (!p.waitForFinished(30000)) return QStringLiteral("python3 did not finish");
    if (p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0) return {};
    const QString why = QString::fromUtf8(p.readAllStandardError());
    return why.isEmpty() ? QStringLiteral("invalid") : why;
}

} // namespace clstep::test
