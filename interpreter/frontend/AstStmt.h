#pragma once

#include "frontend/AstExpr.h"

#include <memory>
#include <string>
#include <vector>

namespace clstep::ast {

struct Decl;
using DeclPtr = std::unique_ptr<Decl>;

enum class StmtKind : uint8_t {
    Compound,
    Decl,
    Expr,
    If,
    While,
    DoWhile,
    For,
    Switch,
    Case,
    Default,
    Break,
    Continue,
    Return,
    Goto,
    Label,
    Null,
};

/// Base of all statements; `range` covers the whole statement. Every statement is a possible
/// stopping point of the debugger ("statement boundary").
struct Stmt {
    StmtKind kind;
    SourceRange range;
    /// After Sema (linkStatements): the enclosing statement, null for a function body.
    const Stmt* parent = nullptr;
    explicit Stmt(StmtKind k) : kind(k) {}
    virtual ~Stmt() = default;
};
using StmtPtr = std::unique_ptr<Stmt>;

struct CompoundStmt : Stmt {
    std::vector<StmtPtr> body;
    CompoundStmt() : Stmt(StmtKind::Compound) {}
};

/// A declaration inside a function: variables, typedefs, struct/union/enum definitions.
struct DeclStmt : Stmt {
    std::vector<DeclPtr> decls;
    DeclStmt();
    ~DeclStmt() override;
};

struct ExprStmt : Stmt {
    ExprPtr expr;
    ExprStmt() : Stmt(StmtKind::Expr) {}
};

struct IfStmt : Stmt {
    ExprPtr cond;
    StmtPtr thenStmt, elseStmt;
    IfStmt() : Stmt(StmtKind::If) {}
};

struct WhileStmt : Stmt {
    ExprPtr cond;
    StmtPtr body;
    WhileStmt() : Stmt(StmtKind::While) {}
};

struct DoWhileStmt : Stmt {
    StmtPtr body;
    ExprPtr cond;
    DoWhileStmt() : Stmt(StmtKind::DoWhile) {}
};

/// `for (init; cond; inc) body`; `init` is a DeclStmt or ExprStmt or null; `cond`/`inc` may
/// be null.
struct ForStmt : Stmt {
    StmtPtr init;
    ExprPtr cond, inc;
    StmtPtr body;
    ForStmt() : Stmt(StmtKind::For) {}
};

struct CaseStmt;
struct DefaultStmt;

struct SwitchStmt : Stmt {
    ExprPtr cond;
    StmtPtr body;
    /// After Sema (linkStatements): the switch's own case labels in source order (not those
    /// of nested switches) and its default label (or null).
    std::vector<const CaseStmt*> cases;
    const DefaultStmt* defaultLabel = nullptr;
    SwitchStmt() : Stmt(StmtKind::Switch) {}
};

/// `case value: sub` — Sema folds `value` into `constant`.
struct CaseStmt : Stmt {
    ExprPtr value;
    StmtPtr sub;
    int64_t constant = 0;
    CaseStmt() : Stmt(StmtKind::Case) {}
};

struct DefaultStmt : Stmt {
    StmtPtr sub;
    DefaultStmt() : Stmt(StmtKind::Default) {}
};

struct BreakStmt : Stmt {
    BreakStmt() : Stmt(StmtKind::Break) {}
};

struct ContinueStmt : Stmt {
    ContinueStmt() : Stmt(StmtKind::Continue) {}
};

struct ReturnStmt : Stmt {
    ExprPtr value;
    ReturnStmt() : Stmt(StmtKind::Return) {}
};

struct GotoStmt : Stmt {
    std::string label;
    struct LabelStmt* target = nullptr; ///< Sema
    GotoStmt() : Stmt(StmtKind::Goto) {}
};

struct LabelStmt : Stmt {
    std::string label;
    StmtPtr sub;
    LabelStmt() : Stmt(StmtKind::Label) {}
};

struct NullStmt : Stmt {
    NullStmt() : Stmt(StmtKind::Null) {}
};

} // namespace clstep::ast
