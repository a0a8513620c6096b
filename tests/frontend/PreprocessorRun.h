#pragma once
// Helpers for the preprocessor tests (tst_preprocessor, tst_preprocessorpositions,
// tst_macroargdirectives): one Boost.Wave run of a virtual file, its output in comparable
// forms, the original position of an output token, and its diagnostics.

#include "frontend/Preprocessor.h"

#include <QByteArray>
#include <QString>
#include <QtTest>

#include <algorithm>
#include <memory>
#include <string>

namespace clstep::test {

/// One preprocessor run and the sources it used.
struct PreprocessorRun {
    SourceManager sources;
    uint32_t file = 0;
    PreprocessedSource out;

    /// The output with runs of whitespace collapsed to one blank.
    QString simplified() const { return QString::fromStdString(out.text).simplified(); }

    /// The output without any whitespace (where Wave puts blanks differs from clang's -E).
    QString compact() const {
        QString s = QString::fromStdString(out.text);
        s.removeIf([](QChar c) { return c.isSpace(); });
        return s;
    }

    /// The original location of the `occurrence`-th (0-based) appearance of `needle` in the
    /// output; a default SourceLocation if there is none.
    SourceLocation origin(const std::string& needle, int occurrence = 0) const {
        size_t pos = out.text.find(needle);
        for (int i = 0; i < occurrence && pos != std::string::npos; ++i)
            pos = out.text.find(needle, pos + 1);
        if (pos == std::string::npos) return {};
        uint32_t line = 1, column = 1;
        for (size_t i = 0; i < pos; ++i) {
            if (out.text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        return out.originalLocation(line, column);
    }

    /// The output line (1-based) holding the first `needle`, 0 if absent.
    int outputLine(const std::string& needle) const {
        size_t pos = out.text.find(needle);
        if (pos == std::string::npos) return 0;
        return 1 + static_cast<int>(std::count(out.text.begin(), out.text.begin() + pos, '\n'));
    }

    /// True if a DiagnosticKind::Preprocessor diagnostic of `severity` contains `text` (and it
    /// is at line:column of the real file, where they are not 0).
    bool hasDiagnostic(const std::string& text, uint32_t line = 0, uint32_t column = 0,
                       Severity severity = Severity::Error) const {
        for (const Diagnostic& d : out.diagnostics)
            if (d.message.find(text) != std::string::npos && d.severity == severity &&
                d.kind == DiagnosticKind::Preprocessor &&
                (line == 0 || d.range.begin.line == line) &&
                (column == 0 || d.range.begin.column == column))
                return true;
        return false;
    }

    /// All diagnostics, one per line ("severity line:column message"), then the output: for
    /// failure messages.
    QByteArray dump() const {
        QByteArray s;
        for (const Diagnostic& d : out.diagnostics)
            s += QByteArray(severityName(d.severity)) + " " +
                 QByteArray::number(d.range.begin.line) + ":" +
                 QByteArray::number(d.range.begin.column) + " " +
                 QByteArray::fromStdString(d.message) + "\n";
        return s + "--- output:\n" + QByteArray::fromStdString(out.text);
    }
};

/// Preprocesses `text` as the file `path` (which need not exist on disk).
inline std::unique_ptr<PreprocessorRun> preprocess(const std::string& text,
                                                   PreprocessorOptions options = {},
                                                   const std::string& path = "/virtual/kernel.cl") {
    auto run = std::make_unique<PreprocessorRun>();
    run->file = run->sources.addFile(path, text);
    run->out = Preprocessor::run(run->sources, run->file, options);
    return run;
}

/// True if `loc` is file:line:column.
inline bool sameLocation(SourceLocation loc, uint32_t file, uint32_t line, uint32_t column) {
    return loc.file == file && loc.line == line && loc.column == column;
}

} // namespace clstep::test

/// Fails the test, with every diagnostic and the output, if `run` has an error.
#define CHECK_NO_ERRORS(run) QVERIFY2(!hasErrors((run)->out.diagnostics), (run)->dump().constData())
/// Fails the test unless `run` has the diagnostic (PreprocessorRun::hasDiagnostic's arguments).
#define CHECK_DIAG(run, ...) QVERIFY2((run)->hasDiagnostic(__VA_ARGS__), (run)->dump().constData())
/// Fails the test unless the location `where` is fileId:lineNo:columnNo.
#define CHECK_AT(where, fileId, lineNo, columnNo)                                                  \
    do {                                                                                           \
        const SourceLocation at_ = (where);                                                        \
        QVERIFY2(sameLocation(at_, fileId, lineNo, columnNo),                                      \
                 (QByteArray::number(at_.file) + ":" + QByteArray::number(at_.line) + ":" +        \
                  QByteArray::number(at_.column))                                                  \
                     .constData());                                                                \
    } while (false)
