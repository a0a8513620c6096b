#include "frontend/Ast.h"

namespace clstep::ast {

Attribute::Attribute() = default;
Attribute::Attribute(Attribute&&) noexcept = default;
Attribute& Attribute::operator=(Attribute&&) noexcept = default;
Attribute::~Attribute() = default;

TypeSyntax::TypeSyntax() = default;
TypeSyntax::~TypeSyntax() = default;

DeclStmt::DeclStmt() : Stmt(StmtKind::Decl) {}
DeclStmt::~DeclStmt() = default;

const char* unaryOpSpelling(UnaryOp op) {
    switch (op) {
    case UnaryOp::Plus: return "+";
    case UnaryOp::Minus: return "-";
    case UnaryOp::LogNot: return "!";
    case UnaryOp::BitNot: return "~";
    case UnaryOp::Deref: return "*";
    case UnaryOp::AddrOf: return "&";
    case UnaryOp::PreInc:
    case UnaryOp::PostInc: return "++";
    case UnaryOp::PreDec:
    case UnaryOp::PostDec: return "--";
    }
    return "?";
}

const char* binaryOpSpelling(BinaryOp op) {
    static const char* names[] = {"*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=", "==",
                                  "!=", "&", "^", "|", "&&", "||", ",", "="};
    return names[static_cast<int>(op)];
}

} // namespace clstep::ast
