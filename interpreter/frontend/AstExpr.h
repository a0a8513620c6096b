#pragma once

#include "builtins/BuiltinCall.h"
#include "core/Operator.h"
#include "core/Type.h"
#include "frontend/AstType.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clstep::ast {

struct Decl;
struct FunctionDecl;

/// Expression node kinds. The interpreter dispatches on this with a switch.
enum class ExprKind : uint8_t {
    IntLiteral,
    FloatLiteral,
    StringLiteral,
    Name,
    Unary,
    Binary,
    Assign,
    Conditional,
    Call,
    Index,
    Member,
    Cast,
    VectorLiteral,
    CompoundLiteral,
    InitList,
    Sizeof,       ///< sizeof expr / sizeof(type)
    Alignof,      ///< __alignof__/_Alignof(type) or (expr)
    VecStep,      ///< vec_step(expr) / vec_step(type)
    ImplicitCast, ///< inserted by Sema only
};

/// Spelling of an operator ("+", "<<=", "!") for messages.
const char* unaryOpSpelling(UnaryOp op);
const char* binaryOpSpelling(BinaryOp op);

/// Base of all expressions. `range` covers the whole expression. Sema fills `type`
/// (with the address space of an lvalue's storage) and `isLValue`.
struct Expr {
    ExprKind kind;
    SourceRange range;
    QualType type;
    bool isLValue = false;
    explicit Expr(ExprKind k) : kind(k) {}
    virtual ~Expr() = default;
};

/// Integer or character literal. `value` holds the bits; `suffix` is the spelled suffix in
/// lower case ("", "u", "l", "ul"); `isChar` for 'c' literals; `spelling` is the source text.
struct IntLiteralExpr : Expr {
    uint64_t value = 0;
    std::string suffix;
    std::string spelling;
    bool isChar = false;
    bool isDecimal = true; ///< decimal literals never take unsigned types implicitly (C99 6.4.4.1)
    IntLiteralExpr() : Expr(ExprKind::IntLiteral) {}
};

/// Floating literal; `suffix` is "" (double), "f" (float) or "h" (half).
struct FloatLiteralExpr : Expr {
    double value = 0;
    std::string suffix;
    std::string spelling;
    FloatLiteralExpr() : Expr(ExprKind::FloatLiteral) {}
};

/// String literal with escapes decoded; adjacent literals are concatenated. Its storage is
/// `__constant` (spec 6.5.3).
struct StringLiteralExpr : Expr {
    std::string value;
    StringLiteralExpr() : Expr(ExprKind::StringLiteral) {}
};

/// A use of a name: variable, parameter, function, enum constant, or builtin function.
/// Sema sets `decl` (null for builtins, then `builtin` names the builtin).
struct NameExpr : Expr {
    std::string name;
    Decl* decl = nullptr;
    int builtin = -1;
    /// Sema: the frame slot of a parameter or function-scope variable (VarDecl/ParamDecl
    /// `slot`), -1 for everything else; lets the interpreter reach the variable directly.
    int32_t frameSlot = -1;
    NameExpr() : Expr(ExprKind::Name) {}
};

struct UnaryExpr : Expr {
    UnaryOp op = UnaryOp::Plus;
    ExprPtr operand;
    UnaryExpr() : Expr(ExprKind::Unary) {}
};

/// Binary operator, including `,`, `&&` and `||`. `opRange` covers the operator token.
struct BinaryExpr : Expr {
    BinaryOp op = BinaryOp::Add;
    ExprPtr lhs, rhs;
    SourceRange opRange;
    QualType computeType; ///< Sema: type the operands are converted to before the operation
    BinaryExpr() : Expr(ExprKind::Binary) {}
};

/// `lhs = rhs` (op == None) or compound assignment `lhs op= rhs`.
struct AssignExpr : Expr {
    BinaryOp op = BinaryOp::None;
    ExprPtr lhs, rhs;
    SourceRange opRange;
    QualType computeType; ///< Sema: compound assignment computation type
    AssignExpr() : Expr(ExprKind::Assign) {}
};

struct ConditionalExpr : Expr {
    ExprPtr cond, thenExpr, elseExpr;
    ConditionalExpr() : Expr(ExprKind::Conditional) {}
};

/// Function call. Sema sets `function` for user functions or `builtin` for builtins.
struct CallExpr : Expr {
    ExprPtr callee;
    std::vector<ExprPtr> args;
    FunctionDecl* function = nullptr;
    int builtin = -1;
    /// For a call Sema resolved to a builtin: what the builtin's implementation gets
    /// (`resolved.builtin == builtin`).
    BuiltinCall resolved;
    CallExpr() : Expr(ExprKind::Call) {}
};

struct IndexExpr : Expr {
    ExprPtr base, index;
    IndexExpr() : Expr(ExprKind::Index) {}
};

/// `base.member` or `base->member`. On a vector, `member` is a swizzle (`xyzw`, `s0123`,
/// `lo`, `hi`, `even`, `odd`); Sema fills `swizzle` with component indices. On a record Sema fills
/// `field`.
struct MemberExpr : Expr {
    ExprPtr base;
    std::string member;
    SourceRange memberRange;
    bool arrow = false;
    const Field* field = nullptr;
    std::vector<uint8_t> swizzle;
    MemberExpr() : Expr(ExprKind::Member) {}
};

/// Explicit cast `(type)operand`.
struct CastExpr : Expr {
    TypeSyntaxPtr typeSyntax;
    ExprPtr operand;
    CastExpr() : Expr(ExprKind::Cast) {}
};

/// `(type)(e1, e2, ...)` where the operand of a cast is parenthesized: a vector literal
/// when `type` is a vector type (spec 6.1.6). When Sema finds `type` is not a vector it
/// treats it as a cast of the comma expression e1, e2, ... (`isCommaCast` set by Sema).
struct VectorLiteralExpr : Expr {
    TypeSyntaxPtr typeSyntax;
    std::vector<ExprPtr> elements;
    bool isCommaCast = false;
    VectorLiteralExpr() : Expr(ExprKind::VectorLiteral) {}
};

/// One element of a braced initializer, with optional designators (`.x = `, `[3] = `).
struct Designator {
    std::string field; ///< non-empty for `.field`
    ExprPtr index;     ///< non-null for `[index]`
    SourceRange range;
};
struct InitElement {
    std::vector<Designator> designators;
    ExprPtr value;
};

/// `{ a, b, .c = d }`.
struct InitListExpr : Expr {
    std::vector<InitElement> elements;
    InitListExpr() : Expr(ExprKind::InitList) {}
};

/// `(type){ ... }`.
struct CompoundLiteralExpr : Expr {
    /// `slot` of a compound literal that has no frame slot (outside a function body: a
    /// debugger expression, program scope).
    static constexpr uint32_t kNoSlot = UINT32_MAX;
    TypeSyntaxPtr typeSyntax;
    std::unique_ptr<InitListExpr> init;
    /// Inside a function body, the frame slot of the literal's object (set by Sema, numbered
    /// with the function's variables): the object has automatic storage associated with the
    /// enclosing block (C11 6.5.2.5p5), so evaluating the literal again, in a loop or after a
    /// `goto`, gives the same object a new value rather than creating another. kNoSlot
    /// elsewhere.
    uint32_t slot = kNoSlot;
    CompoundLiteralExpr() : Expr(ExprKind::CompoundLiteral) {}
};

/// sizeof / alignof / vec_step of either an expression (`operand`) or a type (`typeSyntax`).
/// Sema folds it into `value`.
struct TypeTraitExpr : Expr {
    ExprPtr operand;
    TypeSyntaxPtr typeSyntax;
    uint64_t value = 0;
    explicit TypeTraitExpr(ExprKind k) : Expr(k) {}
};

/// Conversion inserted by Sema (lvalue-to-rvalue is implicit in the interpreter; this node
/// converts between arithmetic types, array/function to pointer decay, and pointer casts).
struct ImplicitCastExpr : Expr {
    ExprPtr operand;
    ImplicitCastExpr() : Expr(ExprKind::ImplicitCast) {}
};

} // namespace clstep::ast
