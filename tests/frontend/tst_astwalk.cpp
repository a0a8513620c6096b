// ast::forEachChild / ast::walk (frontend/AstWalk.h): every child of every statement and
// expression kind in source order, pre-order, Skip and Stop, statements-only walks, and
// kernelScopeLocals.

#include "ParseHelpers.h"

#include "frontend/AstWalk.h"
#include "frontend/Program.h"

#include <QtTest>

#include <memory>
#include <string>

using namespace clstep;
using namespace clstep::ast;
using namespace clstep::test;

namespace {

/// Short names of the nodes a walk visits: statements in capitals, expressions by kind.
std::string stmtName(const Stmt* s) {
    static const char* const names[] = {"{",      "DECL",   "EXPR",  "IF",      "WHILE", "DO",
                                        "FOR",    "SWITCH", "CASE",  "DEFAULT", "BREAK", "CONTINUE",
                                        "RETURN", "GOTO",   "LABEL", "NULL"};
    return names[static_cast<int>(s->kind)];
}

std::string exprName(const Expr* e) {
    switch (e->kind) {
    case ExprKind::IntLiteral:
        return std::to_string(static_cast<const IntLiteralExpr*>(e)->value);
    case ExprKind::StringLiteral:
        return "\"" + static_cast<const StringLiteralExpr*>(e)->value + "\"";
    case ExprKind::Name:
        return static_cast<const NameExpr*>(e)->name;
    case ExprKind::Binary:
        return binaryOpSpelling(static_cast<const BinaryExpr*>(e)->op);
    case ExprKind::Assign:
        return "=";
    case ExprKind::Unary:
        return unaryOpSpelling(static_cast<const UnaryExpr*>(e)->op);
    case ExprKind::Conditional:
        return "?:";
    case ExprKind::Call:
        return "call";
    case ExprKind::Index:
        return "[]";
    case ExprKind::Member:
        return "." + static_cast<const MemberExpr*>(e)->member;
    case ExprKind::InitList:
        return "{init}";
    case ExprKind::Sizeof:
        return "sizeof";
    default:
        return "expr";
    }
}

/// The body of the last function of `source` (parsed only, no Sema).
struct Parsed {
    std::unique_ptr<TranslationUnit> unit;
    const Stmt* body = nullptr;
};

Parsed parseBody(const std::string& source) {
    Parsed p;
    p.unit = parseClean(source);
    if (!p.unit) return p;
    for (const DeclPtr& d : p.unit->decls)
        if (d->kind == DeclKind::Function && static_cast<const FunctionDecl*>(d.get())->body)
            p.body = static_cast<const FunctionDecl*>(d.get())->body.get();
    return p;
}

QString joined(const std::vector<std::string>& names) {
    QStringList l = toList(names);
    return l.join(' ');
}

} // namespace

class TestAstWalk : public QObject {
    Q_OBJECT
private slots:
    void preOrderInSourceOrder() {
        Parsed p = parseBody(R"(
void f(int a, int *b) {
    int x = a + 1, y[2] = {[1] = a, 3};
    if (a) x = 2; else { x = -a; }
    while (a < 3) a++;
    do { a--; } while (a);
    for (int i = 0; i < a; ++i) b[i] = i ? x : y[0];
    switch (a) { case 1: break; default: return; }
    lbl: ;
    goto lbl;
    f(sizeof(x), b);
})");
        QVERIFY(p.body);
        std::vector<std::string> seen;
        QVERIFY(walk(
            p.body, [&](const Stmt* s) { seen.push_back(stmtName(s)); },
            [&](const Expr* e) { seen.push_back(exprName(e)); }));
        QCOMPARE(joined(seen), QStringLiteral("{ DECL + a 1 {init} 1 a 3 "
                                              "IF a EXPR = x 2 { EXPR = x - a "
                                              "WHILE < a 3 EXPR ++ a "
                                              "DO { EXPR -- a a "
                                              "FOR DECL 0 < i a ++ i EXPR = [] b i ?: i x [] y 0 "
                                              "SWITCH a { CASE 1 BREAK DEFAULT RETURN "
                                              "LABEL NULL GOTO "
                                              "EXPR call f sizeof x b"));
    }

    void skipAndStop() {
        Parsed p = parseBody("void f(int a) { if (a) { a = 1; } a = sizeof(a = 2); a = 3; }");
        QVERIFY(p.body);
        // Skip: no children of the if statement or of sizeof
        std::vector<std::string> seen;
        QVERIFY(walk(
            p.body,
            [&](const Stmt* s) {
                seen.push_back(stmtName(s));
                return s->kind == StmtKind::If ? Visit::Skip : Visit::Children;
            },
            [&](const Expr* e) {
                seen.push_back(exprName(e));
                return e->kind == ExprKind::Sizeof ? Visit::Skip : Visit::Children;
            }));
        QCOMPARE(joined(seen), QStringLiteral("{ IF EXPR = a sizeof EXPR = a 3"));
        // Stop at the first integer literal: nothing after it, and walk says so
        seen.clear();
        QVERIFY(!walk(
            p.body, [&](const Stmt* s) { seen.push_back(stmtName(s)); },
            [&](const Expr* e) {
                seen.push_back(exprName(e));
                return e->kind == ExprKind::IntLiteral ? Visit::Stop : Visit::Children;
            }));
        QCOMPARE(joined(seen), QStringLiteral("{ IF a { EXPR = a 1"));
        // Statements only
        seen.clear();
        QVERIFY(walk(p.body, [&](const Stmt* s) { seen.push_back(stmtName(s)); }));
        QCOMPARE(joined(seen), QStringLiteral("{ IF { EXPR EXPR EXPR"));
        // An expression tree alone; null nodes are fine
        const auto* last = static_cast<const CompoundStmt*>(p.body)->body.back().get();
        seen.clear();
        QVERIFY(walk(static_cast<const ExprStmt*>(last)->expr.get(),
                     [&](const Expr* e) { seen.push_back(exprName(e)); }));
        QCOMPARE(joined(seen), QStringLiteral("= a 3"));
        QVERIFY(walk(static_cast<const Stmt*>(nullptr), [](const Stmt*) {}));
        QVERIFY(walk(static_cast<const Expr*>(nullptr), [](const Expr*) {}));
    }

    void directChildrenOnly() {
        Parsed p = parseBody("void f(int a) { for (a = 0; a < 2; a++) { a += 1; } }");
        QVERIFY(p.body);
        const Stmt* loop = static_cast<const CompoundStmt*>(p.body)->body.front().get();
        std::vector<std::string> seen;
        forEachChild(
            loop, [&](const Stmt* s) { seen.push_back(stmtName(s)); },
            [&](const Expr* e) { seen.push_back(exprName(e)); });
        QCOMPARE(joined(seen), QStringLiteral("EXPR < ++ {"));
    }

    void kernelScopeLocalsAreTheKernelsOwn() {
        auto program = Program::fromSource("k.cl", R"(
__kernel void k(__global int *out) {
    __local int a[4];
    int p = 0;
    if (p) {
        int q = 1;
        p = q;
    }
    __local int c;
    out[0] = a[0] + p + c;
})",
                                           CompileOptions{});
        QVERIFY(!program->hasErrors());
        const FunctionDecl* k = program->findKernel("k");
        QVERIFY(k);
        std::vector<std::string> names;
        for (const VarDecl* v : kernelScopeLocals(k->body.get()))
            names.push_back(v->name);
        QCOMPARE(joined(names), QStringLiteral("a c"));
        QVERIFY(kernelScopeLocals(nullptr).empty());
    }

    // Regression: the walks recursed once per nesting level, so a deep tree overflowed the
    // caller's stack (KernelRun's barrier-reachability walk under ASan on 5,000 unary minus).
    // A million levels need far more than the test thread's 8 MiB if the walk recurses.
    void deepTreesDoNotUseTheCallersStack() {
        constexpr int depth = 1000000;
        auto leaf = std::make_unique<IntLiteralExpr>();
        ExprPtr root = std::move(leaf);
        for (int i = 0; i < depth; ++i) {
            auto u = std::make_unique<UnaryExpr>();
            u->op = UnaryOp::Minus;
            u->operand = std::move(root);
            root = std::move(u);
        }
        ExprStmt stmt;
        stmt.expr = std::move(root);
        int exprs = 0, stmts = 0;
        QVERIFY(walk(
            static_cast<const Stmt*>(&stmt), [&stmts](const Stmt*) { ++stmts; },
            [&exprs](const Expr*) { ++exprs; }));
        QCOMPARE(stmts, 1);
        QCOMPARE(exprs, depth + 1);
        int seen = 0;
        QVERIFY(!walk(stmt.expr.get(), [&seen](const Expr* e) {
            ++seen;
            return e->kind == ExprKind::IntLiteral ? Visit::Stop : Visit::Children;
        }));
        QCOMPARE(seen, depth + 1);
        // Take the chain apart from the top: destroying it as one unique_ptr chain recurses.
        ExprPtr cur = std::move(stmt.expr);
        while (cur && cur->kind == ExprKind::Unary) {
            ExprPtr next = std::move(static_cast<UnaryExpr*>(cur.get())->operand);
            cur = std::move(next);
        }
    }
};

QTEST_APPLESS_MAIN(TestAstWalk)
#include "tst_astwalk.moc"
