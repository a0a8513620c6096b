#pragma once
// Helpers for the parser tests (tst_parser, tst_parserdeclarations): parse a source string
// without preprocessing, require a clean parse, reach the last function's body, dump an
// expression, and format diagnostics and source ranges for comparisons.

#include "frontend/AstDump.h"
#include "frontend/Parser.h"
#include "frontend/Preprocessor.h"

#include <QString>
#include <QStringList>
#include <QtTest>

#include <memory>
#include <string>
#include <vector>

namespace clstep::test {

/// Parses `text` as one file (id 1) without preprocessing.
inline ParseResult parse(const std::string& text) {
    return parseOpenCL(PreprocessedSource::identity(text, 1));
}

/// QCOMPARE for std::string values (printed on failure).
#define CHECK_DUMP(actual, expected)                                                               \
    QCOMPARE(QString::fromStdString(actual), QString::fromStdString(expected))

inline QStringList toList(const std::vector<std::string>& v) {
    QStringList l;
    for (const std::string& s : v)
        l << QString::fromStdString(s);
    return l;
}

/// "line:column: message [kind]" lines.
inline QString diagnosticsText(const std::vector<Diagnostic>& diags) {
    QString s;
    for (const Diagnostic& d : diags)
        s += QStringLiteral("%1:%2: %3 [%4]\n")
                 .arg(d.range.begin.line)
                 .arg(d.range.begin.column)
                 .arg(QString::fromStdString(d.message),
                      QString::fromUtf8(DiagnosticKinds::name(d.kind)));
    return s;
}

/// "line:col-line:col" for comparisons.
inline QString rangeText(const SourceRange& r) {
    return QStringLiteral("%1:%2-%3:%4")
        .arg(r.begin.line)
        .arg(r.begin.column)
        .arg(r.end.line)
        .arg(r.end.column);
}

/// Parses `text`, requires no diagnostics, returns the unit (null, with the diagnostics
/// printed as a warning, when there are any).
inline std::unique_ptr<ast::TranslationUnit> parseClean(const std::string& text) {
    ParseResult r = parse(text);
    if (!r.diagnostics.empty()) {
        qWarning("unexpected diagnostics:\n%s", qPrintable(diagnosticsText(r.diagnostics)));
        return nullptr;
    }
    return std::move(r.unit);
}

/// The body statements of the last function in `unit`.
inline const std::vector<ast::StmtPtr>* lastBody(const ast::TranslationUnit& unit) {
    for (auto it = unit.decls.rbegin(); it != unit.decls.rend(); ++it)
        if ((*it)->kind == ast::DeclKind::Function) {
            auto* f = static_cast<const ast::FunctionDecl*>(it->get());
            return f->body ? &f->body->body : nullptr;
        }
    return nullptr;
}

/// Dump of the expression statement `expr;` inside `void f() { prelude expr; }`.
inline std::string exprDump(const std::string& expr, const std::string& prelude = "") {
    auto unit = parseClean("void f() { " + prelude + " " + expr + "; }");
    if (!unit) return "<diagnostics>";
    const std::vector<ast::StmtPtr>* body = lastBody(*unit);
    if (!body || body->empty() || body->back()->kind != ast::StmtKind::Expr)
        return "<no expression>";
    return dumpExpr(static_cast<const ast::ExprStmt*>(body->back().get())->expr.get());
}

} // namespace clstep::test
