#pragma once

#include <cstdint>

/// The operators of OpenCL C expressions (C99 6.5, OpenCL C 6.3). They are core values:
/// the AST records them (frontend/AstExpr.h), and the component operations (core/ComponentOps.h)
/// and the evaluator dispatch on them. They keep the `ast` namespace they were born in.
namespace clstep::ast {

/// Unary operators (C99 6.5.3, 6.5.2.4): `+ - ! ~ * &`, prefix and postfix `++ --`.
enum class UnaryOp : uint8_t {
    Plus,
    Minus,
    LogNot,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec
};

/// Binary operators (C99 6.5.5 - 6.5.17), and `None` for a plain assignment.
enum class BinaryOp : uint8_t {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr,
    Comma,
    None, ///< AssignExpr only: plain `=`
};

} // namespace clstep::ast
