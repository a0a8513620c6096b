// Data-driven test of the OpenCL C rules Sema checks before a run (docs/rules.md; spec 6.5,
// 6.8, 6.9, 6.11.1). Every kernel in tests/kernels/rules/ states its expected diagnostics in
// comments: `// expect-error: <rule-id>` or `// expect-warning: <rule-id>` on the offending
// line, and `// cl-std: CL2.0` on its first line when it needs another version than 1.2.
// Each file is built with Program::fromFile; every expectation must be met (kind, line and
// a non-empty range) and no other error or warning may appear.
#include "frontend/AstDecl.h"
#include "frontend/Program.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace clstep;

namespace {

const std::string kRulesDir = std::string(CLSTEP_SOURCE_DIR) + "/tests/kernels/rules";

/// One `// expect-<severity>: <kind>` comment.
struct Expectation {
    Severity severity = Severity::Error;
    std::string kind;
    uint32_t line = 0;
};

/// What one corpus file asks for: its -cl-std and the diagnostics it must produce.
struct Case {
    int clVersion = 120;
    std::vector<Expectation> expected;
};

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Case parseCase(const std::string& text) {
    static const std::regex expect(R"(//\s*expect-(error|warning):\s*([\w-]+))");
    static const std::regex std(R"(^//\s*cl-std:\s*(CL\d\.\d))");
    Case c;
    std::istringstream in(text);
    std::string line;
    uint32_t number = 0;
    while (std::getline(in, line)) {
        ++number;
        std::smatch m;
        if (number == 1 && std::regex_search(line, m, std))
            c.clVersion = CompileOptions::parseClStd(m[1].str());
        for (auto it = std::sregex_iterator(line.begin(), line.end(), expect);
             it != std::sregex_iterator(); ++it) {
            Expectation e;
            e.severity = (*it)[1].str() == "error" ? Severity::Error : Severity::Warning;
            e.kind = (*it)[2].str();
            e.line = number;
            c.expected.push_back(e);
        }
    }
    return c;
}

std::string describe(const Diagnostic& d) {
    std::ostringstream s;
    s << d.range.begin.line << ":" << d.range.begin.column << "-" << d.range.end.line << ":"
      << d.range.end.column << " " << severityName(d.severity) << " ["
      << DiagnosticKinds::name(d.kind) << "] " << d.message;
    return s.str();
}

std::string describeAll(const std::vector<Diagnostic>& diags) {
    std::string out;
    for (const Diagnostic& d : diags)
        out += "\n    " + describe(d);
    return out;
}

bool nonEmpty(const SourceRange& r) {
    return r.end.line > r.begin.line ||
           (r.end.line == r.begin.line && r.end.column > r.begin.column);
}

std::unique_ptr<Program> build(const std::string& source, int clVersion = 120) {
    CompileOptions options;
    options.clVersion = clVersion;
    return Program::fromSource("snippet.cl", source, options);
}

/// The only diagnostic of `kind` in `p` (fails the test when there is not exactly one).
const Diagnostic* single(const Program& p, const std::string& kind) {
    const Diagnostic* found = nullptr;
    for (const Diagnostic& d : p.diagnostics) {
        if (DiagnosticKinds::name(d.kind) != kind) continue;
        if (found) return nullptr;
        found = &d;
    }
    return found;
}

/// The text of range `r` (single line) in the main file of `p`.
std::string textOf(const Program& p, const SourceRange& r) {
    if (r.begin.line != r.end.line || r.end.column < r.begin.column) return "<multi-line>";
    std::string_view line = p.sources.lineText(r.begin.file, r.begin.line);
    if (r.begin.column == 0 || r.begin.column - 1 > line.size()) return "<out of range>";
    return std::string(line.substr(r.begin.column - 1, r.end.column - r.begin.column));
}

const ast::VarDecl* findVar(const ast::Stmt* s, const std::string& name);

const ast::VarDecl* findVarInDecls(const std::vector<ast::DeclPtr>& decls,
                                   const std::string& name) {
    for (const ast::DeclPtr& d : decls) {
        if (d->kind == ast::DeclKind::Var && d->name == name)
            return static_cast<const ast::VarDecl*>(d.get());
        if (d->kind == ast::DeclKind::Function) {
            auto* f = static_cast<const ast::FunctionDecl*>(d.get());
            if (f->body)
                if (const ast::VarDecl* v = findVar(f->body.get(), name)) return v;
        }
    }
    return nullptr;
}

const ast::VarDecl* findVar(const ast::Stmt* s, const std::string& name) {
    if (!s) return nullptr;
    if (s->kind == ast::StmtKind::Decl)
        return findVarInDecls(static_cast<const ast::DeclStmt*>(s)->decls, name);
    if (s->kind == ast::StmtKind::Compound)
        for (const ast::StmtPtr& c : static_cast<const ast::CompoundStmt*>(s)->body)
            if (const ast::VarDecl* v = findVar(c.get(), name)) return v;
    return nullptr;
}

const ast::FunctionDecl* findFunction(const Program& p, const std::string& name) {
    for (const ast::DeclPtr& d : p.unit->decls)
        if (d->kind == ast::DeclKind::Function && d->name == name)
            return static_cast<const ast::FunctionDecl*>(d.get());
    return nullptr;
}

} // namespace

class TestRules : public QObject {
    Q_OBJECT

private slots:
    void corpus_data();
    void corpus();
    void corpusCoversEveryKindOfCase();
    void ruleIdsAreDocumented();
    void exactRanges_data();
    void exactRanges();
    void relatedLocations();
    void versionDecidesVerdict();
    void endianRecordedInType();
};

void TestRules::corpus_data() {
    QTest::addColumn<QString>("path");
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(kRulesDir))
        if (entry.path().extension() == ".cl") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    for (const std::string& f : files)
        QTest::newRow(std::filesystem::path(f).filename().string().c_str())
            << QString::fromStdString(f);
}

void TestRules::corpus() {
    QFETCH(QString, path);
    const std::string file = path.toStdString();
    const Case c = parseCase(readFile(file));
    CompileOptions options;
    options.clVersion = c.clVersion;
    std::unique_ptr<Program> p = Program::fromFile(file, options);
    QVERIFY(p);

    std::vector<bool> used(p->diagnostics.size(), false);
    std::string failures;
    for (const Expectation& e : c.expected) {
        bool met = false;
        for (size_t i = 0; i < p->diagnostics.size() && !met; ++i) {
            const Diagnostic& d = p->diagnostics[i];
            if (used[i] || d.severity != e.severity || DiagnosticKinds::name(d.kind) != e.kind ||
                d.range.begin.file != p->mainFile || d.range.begin.line != e.line)
                continue;
            used[i] = true;
            met = true;
            if (!nonEmpty(d.range)) failures += "\n  empty range: " + describe(d);
            if (d.message.empty()) failures += "\n  empty message: " + describe(d);
        }
        // The parser may report a malformed line more than once while it recovers.
        if (met && e.kind == "syntax-error")
            for (size_t i = 0; i < p->diagnostics.size(); ++i)
                if (DiagnosticKinds::name(p->diagnostics[i].kind) == e.kind &&
                    p->diagnostics[i].range.begin.line == e.line)
                    used[i] = true;
        if (!met)
            failures += "\n  missing: line " + std::to_string(e.line) + " " +
                        severityName(e.severity) + " [" + e.kind + "]";
    }
    for (size_t i = 0; i < p->diagnostics.size(); ++i) {
        const Diagnostic& d = p->diagnostics[i];
        if (!used[i] && d.severity != Severity::Note) failures += "\n  unexpected: " + describe(d);
    }
    if (!failures.empty())
        QFAIL(("diagnostics differ from the expectations:" + failures +
               "\n  all diagnostics:" + describeAll(p->diagnostics))
                  .c_str());
}

void TestRules::corpusCoversEveryKindOfCase() {
    size_t files = 0, legal = 0, violations = 0, cl20 = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kRulesDir)) {
        if (entry.path().extension() != ".cl") continue;
        ++files;
        Case c = parseCase(readFile(entry.path().string()));
        (c.expected.empty() ? legal : violations) += 1;
        if (c.clVersion >= 200) ++cl20;
    }
    QVERIFY2(files >= 80, qPrintable(QString("only %1 rule kernels").arg(files)));
    QVERIFY(legal >= 30);
    QVERIFY(violations >= 50);
    QVERIFY(cl20 >= 10);
}

void TestRules::ruleIdsAreDocumented() {
    const std::string doc = readFile(std::string(CLSTEP_SOURCE_DIR) + "/docs/rules.md");
    QVERIFY(!doc.empty());
    std::set<std::string> kinds;
    for (const auto& entry : std::filesystem::directory_iterator(kRulesDir))
        if (entry.path().extension() == ".cl")
            for (const Expectation& e : parseCase(readFile(entry.path().string())).expected)
                kinds.insert(e.kind);
    for (const std::string& k : kinds)
        QVERIFY2(doc.find("`" + k + "`") != std::string::npos,
                 qPrintable(QString::fromStdString("rule id not in docs/rules.md: " + k)));
}

void TestRules::exactRanges_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("clVersion");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("text");

    QTest::newRow("__local qualifier in a nested block")
        << "kernel void k(global float *o) {\n  if (o) {\n    __local float c;\n  }\n}\n"
        << 120 << "local-variable-scope" << 3 << "__local";
    QTest::newRow("__local initializer")
        << "kernel void k(global float *o) {\n  local float a = 1.5f;\n  o[0] = a;\n}\n"
        << 120 << "local-variable-initializer" << 2 << "= 1.5f";
    QTest::newRow("kernel parameter name")
        << "kernel void k(bool flag, global int *o) { o[0] = flag; }\n"
        << 120 << "kernel-parameter-type" << 1 << "flag";
    QTest::newRow("kernel pointer parameter name")
        << "kernel void k(float *data) { data[0] = 1.0f; }\n"
        << 120 << "kernel-pointer-parameter-space" << 1 << "data";
    QTest::newRow("assigned pointer")
        << "kernel void k(global int *g, local int *l) {\n  g = l;\n}\n"
        << 120 << "address-space-mismatch" << 2 << "l";
    QTest::newRow("explicit cast")
        << "kernel void k(global int *g) {\n  local int *l = (local int *)g;\n}\n"
        << 120 << "address-space-cast" << 2 << "(local int *)g";
    QTest::newRow("string literal initializer")
        << "kernel void k(global char *o) {\n  char *p = \"abc\";\n  o[0] = p[0];\n}\n"
        << 120 << "address-space-mismatch" << 2 << "\"abc\"";
    QTest::newRow("write to __constant")
        << "constant int limit = 3;\nkernel void k() {\n  limit = 4;\n}\n"
        << 120 << "constant-write" << 3 << "limit";
    QTest::newRow("return type qualifier") << "private int f(void) { return 0; }\n"
                                           << 120 << "return-address-space" << 1 << "private";
    QTest::newRow("parameter qualifier") << "void f(global int x) {}\n"
                                         << 120 << "parameter-address-space" << 1 << "global";
    QTest::newRow("automatic __global")
        << "kernel void k() {\n  __global int x;\n}\n"
        << 120 << "automatic-variable-address-space" << 2 << "__global";
    QTest::newRow("program scope unqualified name")
        << "int counter;\n"
        << 120 << "program-scope-address-space" << 1 << "counter";
    QTest::newRow("program scope qualifier")
        << "local int shared;\n"
        << 200 << "program-scope-address-space" << 1 << "local";
    QTest::newRow("uninitialized __constant name")
        << "constant int table[4];\n"
        << 120 << "constant-variable-uninitialized" << 1 << "table";
    QTest::newRow("non-constant initializer")
        << "kernel void k(global int *g) {\n  constant int c = g[0];\n}\n"
        << 120 << "constant-initializer-not-constant" << 2 << "g[0]";
    QTest::newRow("aligned attribute") << "constant int x __attribute__((aligned(12))) = 1;\n"
                                       << 120 << "aligned-not-power-of-two" << 1 << "aligned(12)";
    QTest::newRow("kernel return type") << "kernel int k(global int *o) { return 0; }\n"
                                        << 120 << "kernel-return-type" << 1 << "int";
    QTest::newRow("kernel pointer return type")
        << "__kernel global int *k(global int *o) { return o; }\n"
        << 120 << "kernel-return-type" << 1 << "global int *";
    QTest::newRow("static kernel") << "static kernel void k() {}\n"
                                   << 120 << "kernel-static" << 1 << "static";
    QTest::newRow("generic before 2.0") << "void f(generic int *p) {}\n"
                                        << 120 << "generic-before-cl20" << 1 << "generic";
    QTest::newRow("variable length array size") << "kernel void k(int n) {\n  int a[n];\n}\n"
                                                << 120 << "variable-length-array" << 2 << "n";
    QTest::newRow("bit-field width") << "struct S { int a : 3; };\n"
                                     << 120 << "bit-field" << 1 << "3";
    QTest::newRow("recursive call") << "int f(int n) { return f(n - 1); }\n"
                                    << 120 << "recursion" << 1 << "f(n - 1)";
}

void TestRules::exactRanges() {
    QFETCH(QString, source);
    QFETCH(int, clVersion);
    QFETCH(QString, kind);
    QFETCH(int, line);
    QFETCH(QString, text);
    std::unique_ptr<Program> p = build(source.toStdString(), clVersion);
    const Diagnostic* d = single(*p, kind.toStdString());
    QVERIFY2(d, qPrintable(QString::fromStdString("expected one [" + kind.toStdString() +
                                                  "]:" + describeAll(p->diagnostics))));
    QCOMPARE(static_cast<int>(d->range.begin.line), line);
    QCOMPARE(QString::fromStdString(textOf(*p, d->range)), text);
}

void TestRules::relatedLocations() {
    // The mismatch points at the assigned operand and names where both pointers were
    // declared, underlining their address-space qualifiers.
    std::unique_ptr<Program> p =
        build("kernel void k(global int *g,\n              local int *l) {\n  g = l;\n}\n");
    const Diagnostic* d = single(*p, "address-space-mismatch");
    QVERIFY2(d, describeAll(p->diagnostics).c_str());
    QCOMPARE(d->notes.size(), size_t(2));
    QCOMPARE(QString::fromStdString(textOf(*p, d->notes[0].range)), QString("global"));
    QCOMPARE(static_cast<int>(d->notes[0].range.begin.line), 1);
    QVERIFY(d->notes[0].message.find("__global") != std::string::npos);
    QCOMPARE(QString::fromStdString(textOf(*p, d->notes[1].range)), QString("local"));
    QCOMPARE(static_cast<int>(d->notes[1].range.begin.line), 2);
    QVERIFY(d->notes[1].message.find("__local") != std::string::npos);

    // A __local initializer names the variable it belongs to.
    p = build("kernel void k() {\n  local int x = 1;\n}\n");
    d = single(*p, "local-variable-initializer");
    QVERIFY2(d, describeAll(p->diagnostics).c_str());
    QCOMPARE(d->notes.size(), size_t(1));
    QCOMPARE(QString::fromStdString(textOf(*p, d->notes[0].range)), QString("x"));

    // Recursion points back at the function being re-entered.
    p = build("int f(int n) {\n  return f(n);\n}\n");
    d = single(*p, "recursion");
    QVERIFY2(d, describeAll(p->diagnostics).c_str());
    QCOMPARE(d->notes.size(), size_t(1));
    QCOMPARE(static_cast<int>(d->notes[0].range.begin.line), 1);
}

void TestRules::versionDecidesVerdict() {
    const std::string named = "kernel void k(global int *g) {\n  int *p = g;\n  *p = 1;\n}\n";
    for (int v : {100, 110, 120})
        QVERIFY(single(*build(named, v), "address-space-mismatch"));
    for (int v : {200, 300})
        QVERIFY(!build(named, v)->hasErrors());

    const std::string programScope = "int counter = 0;\nkernel void k() {}\n";
    QVERIFY(single(*build(programScope, 120), "program-scope-address-space"));
    QVERIFY(!build(programScope, 200)->hasErrors());

    const std::string ptrToPtr = "kernel void k(global int *global *pp) {}\n";
    QVERIFY(single(*build(ptrToPtr, 120), "kernel-pointer-to-pointer"));
    QVERIFY(!build(ptrToPtr, 200)->hasErrors());
}

void TestRules::endianRecordedInType() {
    CompileOptions options;
    options.clVersion = 110;
    std::unique_ptr<Program> p = Program::fromFile(kRulesDir + "/at_endian_pointer_ok.cl", options);
    QVERIFY2(!p->hasErrors(), describeAll(p->diagnostics).c_str());
    const ast::FunctionDecl* k = findFunction(*p, "k");
    QVERIFY(k);
    // Parameter `in` and variable `p` point to host-endian data; `out` does not.
    const Type* in = k->params[0]->type.type;
    QVERIFY(in && in->canonical()->isPointer());
    QCOMPARE(in->canonical()->pointee.endian, Endian::Host);
    QCOMPARE(k->params[1]->type->canonical()->pointee.endian, Endian::Device);
    const ast::VarDecl* v = findVar(k->body.get(), "p");
    QVERIFY(v && v->type.type);
    QCOMPARE(v->type->canonical()->pointee.endian, Endian::Host);

    // On a non-pointer variable the attribute qualifies the variable itself.
    options.clVersion = 100;
    p = Program::fromFile(kRulesDir + "/at_endian_variable_ok.cl", options);
    QVERIFY2(!p->hasErrors(), describeAll(p->diagnostics).c_str());
    const ast::VarDecl* magic = findVarInDecls(p->unit->decls, "magic");
    QVERIFY(magic);
    QCOMPARE(magic->type.endian, Endian::Host);
    const ast::VarDecl* dev = findVarInDecls(p->unit->decls, "v");
    QVERIFY(dev);
    QCOMPARE(dev->type.endian, Endian::Device);
}

QTEST_APPLESS_MAIN(TestRules)
#include "tst_rules.moc"
