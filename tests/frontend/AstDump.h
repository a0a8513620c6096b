#pragma once

// Test helper: a compact, deterministic S-expression dump of the clstep AST, so tests can
// compare whole shapes in one line, e.g. `(+ a (* b c))` or `(var p (ptr global float))`.

#include "frontend/Ast.h"

#include <string>

namespace clstep::test {

inline std::string dumpExpr(const ast::Expr* e);
inline std::string dumpType(const ast::TypeSyntax* t);
inline std::string dumpStmt(const ast::Stmt* s);
inline std::string dumpDecl(const ast::Decl* d);

/// Qualifiers as written at one level ("global const ").
inline std::string dumpQuals(const ast::TypeQualifiers& q) {
    std::string s;
    if (q.space != AddressSpace::None) s += std::string(addressSpaceShortName(q.space)) + " ";
    if (q.isConst) s += "const ";
    if (q.isVolatile) s += "volatile ";
    if (q.isRestrict) s += "restrict ";
    if (q.access == AccessQualifier::ReadOnly) s += "read_only ";
    if (q.access == AccessQualifier::WriteOnly) s += "write_only ";
    if (q.access == AccessQualifier::ReadWrite) s += "read_write ";
    return s;
}

/// Attributes as " @name(identifierArg,arg,...)".
inline std::string dumpAttrs(const std::vector<ast::Attribute>& attrs) {
    std::string s;
    for (const ast::Attribute& a : attrs) {
        s += " @" + a.name;
        if (a.identifierArg.empty() && a.args.empty()) continue;
        s += "(";
        bool first = true;
        if (!a.identifierArg.empty()) {
            s += a.identifierArg;
            first = false;
        }
        for (const ast::ExprPtr& x : a.args) {
            if (!first) s += ',';
            s += dumpExpr(x.get());
            first = false;
        }
        s += ")";
    }
    return s;
}

inline std::string dumpType(const ast::TypeSyntax* t) {
    using K = ast::TypeSyntax::Kind;
    if (!t) return "<null-type>";
    std::string q = dumpQuals(t->quals);
    if (!t->attrs.empty()) q += dumpAttrs(t->attrs).substr(1) + " ";
    switch (t->kind) {
    case K::Builtin:
        return q + t->name;
    case K::TypedefName:
        return q + "typedef:" + t->name;
    case K::Record:
        return q + (t->isUnion ? "union " : "struct ") + (t->name.empty() ? "<anon>" : t->name) +
               (t->record ? "{}" : "");
    case K::Enum:
        return q + "enum " + (t->name.empty() ? "<anon>" : t->name) + (t->enumDecl ? "{}" : "");
    case K::Pointer:
        return "(" + q + "ptr " + dumpType(t->inner.get()) + ")";
    case K::Array:
        return "(array " + (t->arraySize ? dumpExpr(t->arraySize.get()) : std::string("?")) + " " +
               dumpType(t->inner.get()) + ")";
    case K::Function: {
        std::string s = "(fn " + dumpType(t->inner.get()) + " (";
        for (size_t i = 0; i < t->params.size(); ++i)
            s += (i ? " " : "") + dumpType(t->params[i]->typeSyntax.get());
        if (t->variadic) s += " ...";
        return s + "))";
    }
    }
    return "?";
}

inline std::string dumpExpr(const ast::Expr* e) {
    using namespace ast;
    if (!e) return "<null>";
    switch (e->kind) {
    case ExprKind::IntLiteral: {
        auto* x = static_cast<const IntLiteralExpr*>(e);
        return std::to_string(x->value) + x->suffix;
    }
    case ExprKind::FloatLiteral: {
        auto* x = static_cast<const FloatLiteralExpr*>(e);
        return x->spelling;
    }
    case ExprKind::StringLiteral:
        return "\"" + static_cast<const StringLiteralExpr*>(e)->value + "\"";
    case ExprKind::Name:
        return static_cast<const NameExpr*>(e)->name;
    case ExprKind::Unary: {
        auto* x = static_cast<const UnaryExpr*>(e);
        bool post = x->op == UnaryOp::PostInc || x->op == UnaryOp::PostDec;
        return std::string("(") + (post ? "post" : "") + unaryOpSpelling(x->op) + " " +
               dumpExpr(x->operand.get()) + ")";
    }
    case ExprKind::Binary: {
        auto* x = static_cast<const BinaryExpr*>(e);
        return std::string("(") + binaryOpSpelling(x->op) + " " + dumpExpr(x->lhs.get()) + " " +
               dumpExpr(x->rhs.get()) + ")";
    }
    case ExprKind::Assign: {
        auto* x = static_cast<const AssignExpr*>(e);
        return std::string("(") + (x->op == BinaryOp::None ? "" : binaryOpSpelling(x->op)) + "= " +
               dumpExpr(x->lhs.get()) + " " + dumpExpr(x->rhs.get()) + ")";
    }
    case ExprKind::Conditional: {
        auto* x = static_cast<const ConditionalExpr*>(e);
        return "(? " + dumpExpr(x->cond.get()) + " " + dumpExpr(x->thenExpr.get()) + " " +
               dumpExpr(x->elseExpr.get()) + ")";
    }
    case ExprKind::Call: {
        auto* x = static_cast<const CallExpr*>(e);
        std::string s = "(call " + dumpExpr(x->callee.get());
        for (const ExprPtr& a : x->args)
            s += " " + dumpExpr(a.get());
        return s + ")";
    }
    case ExprKind::Index: {
        auto* x = static_cast<const IndexExpr*>(e);
        return "([] " + dumpExpr(x->base.get()) + " " + dumpExpr(x->index.get()) + ")";
    }
    case ExprKind::Member: {
        auto* x = static_cast<const MemberExpr*>(e);
        return std::string("(") + (x->arrow ? "->" : ".") + " " + dumpExpr(x->base.get()) + " " +
               x->member + ")";
    }
    case ExprKind::Cast: {
        auto* x = static_cast<const CastExpr*>(e);
        return "(cast " + dumpType(x->typeSyntax.get()) + " " + dumpExpr(x->operand.get()) + ")";
    }
    case ExprKind::VectorLiteral: {
        auto* x = static_cast<const VectorLiteralExpr*>(e);
        std::string s = "(vec " + dumpType(x->typeSyntax.get());
        for (const ExprPtr& a : x->elements)
            s += " " + dumpExpr(a.get());
        return s + ")";
    }
    case ExprKind::CompoundLiteral: {
        auto* x = static_cast<const CompoundLiteralExpr*>(e);
        return "(compound " + dumpType(x->typeSyntax.get()) + " " + dumpExpr(x->init.get()) + ")";
    }
    case ExprKind::InitList: {
        auto* x = static_cast<const InitListExpr*>(e);
        std::string s = "{";
        for (size_t i = 0; i < x->elements.size(); ++i) {
            if (i) s += " ";
            for (const Designator& d : x->elements[i].designators)
                s += d.field.empty() ? "[" + dumpExpr(d.index.get()) + "]" : "." + d.field;
            if (!x->elements[i].designators.empty()) s += "=";
            s += dumpExpr(x->elements[i].value.get());
        }
        return s + "}";
    }
    case ExprKind::Sizeof:
    case ExprKind::Alignof:
    case ExprKind::VecStep: {
        auto* x = static_cast<const TypeTraitExpr*>(e);
        std::string n = e->kind == ExprKind::Sizeof    ? "sizeof"
                        : e->kind == ExprKind::Alignof ? "alignof"
                                                       : "vec_step";
        return "(" + n + " " +
               (x->typeSyntax ? "type " + dumpType(x->typeSyntax.get())
                              : dumpExpr(x->operand.get())) +
               ")";
    }
    case ExprKind::ImplicitCast:
        return "(implicit)";
    }
    return "?";
}

inline std::string dumpStmt(const ast::Stmt* s) {
    using namespace ast;
    if (!s) return "_";
    switch (s->kind) {
    case StmtKind::Compound: {
        std::string r = "{";
        for (const StmtPtr& b : static_cast<const CompoundStmt*>(s)->body)
            r += " " + dumpStmt(b.get());
        return r + " }";
    }
    case StmtKind::Decl: {
        std::string r = "(decl";
        for (const DeclPtr& d : static_cast<const DeclStmt*>(s)->decls)
            r += " " + dumpDecl(d.get());
        return r + ")";
    }
    case StmtKind::Expr:
        return dumpExpr(static_cast<const ExprStmt*>(s)->expr.get()) + ";";
    case StmtKind::If: {
        auto* x = static_cast<const IfStmt*>(s);
        return "(if " + dumpExpr(x->cond.get()) + " " + dumpStmt(x->thenStmt.get()) +
               (x->elseStmt ? " else " + dumpStmt(x->elseStmt.get()) : "") + ")";
    }
    case StmtKind::While: {
        auto* x = static_cast<const WhileStmt*>(s);
        return "(while " + dumpExpr(x->cond.get()) + " " + dumpStmt(x->body.get()) + ")";
    }
    case StmtKind::DoWhile: {
        auto* x = static_cast<const DoWhileStmt*>(s);
        return "(do " + dumpStmt(x->body.get()) + " " + dumpExpr(x->cond.get()) + ")";
    }
    case StmtKind::For: {
        auto* x = static_cast<const ForStmt*>(s);
        return "(for " + dumpStmt(x->init.get()) + " " + (x->cond ? dumpExpr(x->cond.get()) : "_") +
               " " + (x->inc ? dumpExpr(x->inc.get()) : "_") + " " + dumpStmt(x->body.get()) + ")";
    }
    case StmtKind::Switch: {
        auto* x = static_cast<const SwitchStmt*>(s);
        return "(switch " + dumpExpr(x->cond.get()) + " " + dumpStmt(x->body.get()) + ")";
    }
    case StmtKind::Case: {
        auto* x = static_cast<const CaseStmt*>(s);
        return "(case " + dumpExpr(x->value.get()) + " " + dumpStmt(x->sub.get()) + ")";
    }
    case StmtKind::Default:
        return "(default " + dumpStmt(static_cast<const DefaultStmt*>(s)->sub.get()) + ")";
    case StmtKind::Break:
        return "break;";
    case StmtKind::Continue:
        return "continue;";
    case StmtKind::Return: {
        auto* x = static_cast<const ReturnStmt*>(s);
        return x->value ? "(return " + dumpExpr(x->value.get()) + ")" : "(return)";
    }
    case StmtKind::Goto:
        return "(goto " + static_cast<const GotoStmt*>(s)->label + ")";
    case StmtKind::Label: {
        auto* x = static_cast<const LabelStmt*>(s);
        return "(label " + x->label + " " + dumpStmt(x->sub.get()) + ")";
    }
    case StmtKind::Null:
        return ";";
    }
    return "?";
}

inline std::string dumpDecl(const ast::Decl* d) {
    using namespace ast;
    if (!d) return "<null-decl>";
    switch (d->kind) {
    case DeclKind::Var: {
        auto* v = static_cast<const VarDecl*>(d);
        return "(var " + v->name + " " + dumpType(v->typeSyntax.get()) + dumpAttrs(v->attrs) +
               (v->init ? " = " + dumpExpr(v->init.get()) : "") + ")";
    }
    case DeclKind::Typedef: {
        auto* v = static_cast<const TypedefDecl*>(d);
        return "(typedef " + v->name + " " + dumpType(v->typeSyntax.get()) + dumpAttrs(v->attrs) +
               ")";
    }
    case DeclKind::Function: {
        auto* f = static_cast<const FunctionDecl*>(d);
        std::string s = std::string("(") + (f->isKernel ? "kernel " : "") +
                        (f->isInline ? "inline " : "") + "function " + f->name + " " +
                        dumpType(f->returnType.get()) + " (";
        for (size_t i = 0; i < f->params.size(); ++i)
            s += (i ? ", " : "") + f->params[i]->name + ":" +
                 dumpType(f->params[i]->typeSyntax.get()) + dumpAttrs(f->params[i]->attrs);
        if (f->variadic) s += ", ...";
        s += ")" + dumpAttrs(f->attrs);
        if (f->body) s += " " + dumpStmt(f->body.get());
        return s + ")";
    }
    case DeclKind::Record: {
        auto* r = static_cast<const RecordDecl*>(d);
        std::string s = std::string("(") + (r->isUnion ? "union " : "struct ") +
                        (r->name.empty() ? "<anon>" : r->name) + dumpAttrs(r->attrs);
        if (r->isDefinition) {
            s += " {";
            for (const auto& f : r->fields)
                s += " " + f->name + ":" + dumpType(f->typeSyntax.get()) +
                     (f->bitWidth ? ":" + dumpExpr(f->bitWidth.get()) : "") + dumpAttrs(f->attrs) +
                     ";";
            s += " }";
        }
        return s + ")";
    }
    case DeclKind::Enum: {
        auto* e = static_cast<const EnumDecl*>(d);
        std::string s = "(enum " + (e->name.empty() ? std::string("<anon>") : e->name);
        if (e->isDefinition) {
            s += " {";
            for (const auto& c : e->constants)
                s += " " + c->name + (c->value ? "=" + dumpExpr(c->value.get()) : "");
            s += " }";
        }
        return s + ")";
    }
    default:
        return "?";
    }
}

/// All declarations of a unit, one per line.
inline std::string dumpUnit(const ast::TranslationUnit& unit) {
    std::string s;
    for (const ast::DeclPtr& d : unit.decls)
        s += dumpDecl(d.get()) + "\n";
    return s;
}

} // namespace clstep::test
