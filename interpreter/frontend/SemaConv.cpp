// Sema: implicit conversions, assignment compatibility and the pointer address-space
// conversion rules of OpenCL C 6.5 (1.x) and 6.5.5 (2.0 generic address space).
#include "frontend/Program.h"
#include "frontend/Sema.h"

namespace clstep {

using namespace ast;

namespace {

bool isNullPointerConstant(const Expr* e) {
    while (e->kind == ExprKind::ImplicitCast || e->kind == ExprKind::Cast) {
        if (e->kind == ExprKind::Cast) {
            auto* c = static_cast<const CastExpr*>(e);
            if (!c->type.type ||
                !(c->type->isInteger() || (c->type->isPointer() && c->type->pointee->isVoid())))
                return false;
            e = c->operand.get();
        } else {
            e = static_cast<const ImplicitCastExpr*>(e)->operand.get();
        }
    }
    if (!e->type.type || !e->type->isInteger()) return false;
    auto v = Sema::evalIntConstant(e);
    return v && *v == 0;
}

std::string spaceWord(AddressSpace s) {
    return s == AddressSpace::None ? std::string("__private") : addressSpaceName(s);
}

} // namespace

void Sema::decay(ExprPtr& e) {
    if (!e || !e->type.type) return;
    const Type* t = e->type->canonical();
    if (t->isArray()) {
        QualType elem{t->element, e->type.space, e->type.isConst, e->type.isVolatile};
        if (elem.space == AddressSpace::None) elem.space = AddressSpace::Private;
        auto cast = std::make_unique<ImplicitCastExpr>();
        cast->range = e->range;
        cast->type = QualType{m_types.pointer(elem)};
        cast->operand = std::move(e);
        e = std::move(cast);
    }
}

void Sema::implicitCast(ExprPtr& e, QualType target) {
    if (!e || !e->type.type || !target.type) return;
    const Type* from = e->type->canonical();
    const Type* to = target->canonical();
    if (from == to && !from->isRecord()) {
        if (e->isLValue) {
            // keep node, but the value is an rvalue of the same type
        }
        return;
    }
    if (from == to) return;
    auto cast = std::make_unique<ImplicitCastExpr>();
    cast->range = e->range;
    cast->type = QualType{target.type};
    cast->operand = std::move(e);
    e = std::move(cast);
}

/// Spec 6.5 (1.x): a pointer to address space A converts only to a pointer to A, implicitly
/// or by a cast. Spec 6.5.5 (2.0): pointers to __global, __local and __private convert
/// implicitly to generic; generic converts back to those only by an explicit cast; __constant
/// never converts to or from generic. Below the outermost pointer (`T *A *` vs `T *B *`)
/// the address spaces must agree exactly at every level.
bool Sema::checkPointerConversion(QualType fromQ, QualType toQ, const SourceRange& r,
                                  const std::string& what, bool explicitCast,
                                  std::vector<RelatedLocation> notes) {
    const Type* from = fromQ->canonical();
    const Type* to = toQ->canonical();
    AddressSpace fs = from->pointee.space, ts = to->pointee.space;
    bool cl2 = m_clVersion >= 200;
    if (fs != ts) {
        bool ok = false;
        if (cl2 && ts == AddressSpace::Generic && fs != AddressSpace::Constant)
            ok = true;
        else if (cl2 && explicitCast && fs == AddressSpace::Generic && ts != AddressSpace::Constant)
            ok = true;
        if (!ok) {
            DiagnosticKind kind = explicitCast ? DiagnosticKind::AddressSpaceCast
                                               : DiagnosticKind::AddressSpaceMismatch;
            std::string msg;
            if ((fs == AddressSpace::Constant && ts == AddressSpace::Generic) ||
                (ts == AddressSpace::Constant && fs == AddressSpace::Generic))
                msg = what + " converts between a " + spaceWord(fs) + " pointer and a " +
                      spaceWord(ts) +
                      " pointer: __constant cannot be converted to or from the generic address "
                      "space (OpenCL C 6.5.5)";
            else if (cl2 && fs == AddressSpace::Generic)
                msg = what + " converts a generic pointer to a " + spaceWord(ts) +
                      " pointer without an explicit cast (OpenCL C 6.5.5)";
            else
                msg = what + " converts a pointer to " + spaceWord(fs) + " into a pointer to " +
                      spaceWord(ts) +
                      ": pointers to different address spaces are incompatible (OpenCL C 6.5)";
            error(kind, r, msg, std::move(notes));
            return false;
        }
    }
    // Nested pointers: every pointed-to pointer type must agree on its address space.
    const Type* fp = from->pointee.type ? from->pointee->canonical() : nullptr;
    const Type* tp = to->pointee.type ? to->pointee->canonical() : nullptr;
    while (!explicitCast && fp && tp && fp->isPointer() && tp->isPointer()) {
        if (fp->pointee.space != tp->pointee.space) {
            error(DiagnosticKind::AddressSpaceMismatch, r,
                  what +
                      " converts between pointers to pointers into different address "
                      "spaces (" +
                      spaceWord(fp->pointee.space) + " vs " + spaceWord(tp->pointee.space) +
                      "); only the outermost pointer may change address space (OpenCL C 6.5)",
                  std::move(notes));
            return false;
        }
        fp = fp->pointee.type ? fp->pointee->canonical() : nullptr;
        tp = tp->pointee.type ? tp->pointee->canonical() : nullptr;
    }
    if (!explicitCast && fromQ->pointee.isConst && !toQ->pointee.isConst)
        warning(DiagnosticKind::DiscardsConst, r,
                what + " discards the 'const' qualifier of the pointee");
    return true;
}

void Sema::convertForAssignment(ExprPtr& e, QualType target, const std::string& what,
                                std::optional<RelatedLocation> targetNote) {
    if (!e || !e->type.type || !target.type) return;
    decay(e);
    const Type* from = e->type->canonical();
    const Type* to = target->canonical();
    if (to->isPointer()) {
        if (isNullPointerConstant(e.get())) {
            // `0`, `(void *)0` and NULL convert to a pointer into any address space.
        } else if (from->isPointer()) {
            std::vector<RelatedLocation> notes;
            if (targetNote) notes.push_back(*targetNote);
            if (auto n = exprPointerNote(e.get())) notes.push_back(*n);
            checkPointerConversion(e->type, target, e->range, what, false, std::move(notes));
        } else {
            error(DiagnosticKind::IncompatibleTypes, e->range,
                  what + " converts '" + e->type->name + "' to pointer type '" + to->name + "'");
            return;
        }
        implicitCast(e, target);
        return;
    }
    if (to->isRecord()) {
        if (from != to)
            error(DiagnosticKind::IncompatibleTypes, e->range,
                  what + " converts '" + e->type->name + "' to '" + target->name + "'");
        return;
    }
    if (to->isVector()) {
        if (from->isVector() && from != to) {
            error(DiagnosticKind::IncompatibleTypes, e->range,
                  what + " converts between different vector types '" + from->name + "' and '" +
                      to->name + "': use convert_" + to->name + "() (OpenCL C 6.2.1)");
            return;
        }
        if (!from->isVector() && !from->isScalarArithmetic()) {
            error(DiagnosticKind::IncompatibleTypes, e->range,
                  what + " converts '" + from->name + "' to '" + to->name + "'");
            return;
        }
        implicitCast(e, target);
        return;
    }
    if (to->isScalarArithmetic()) {
        if (from->isVector()) {
            error(DiagnosticKind::IncompatibleTypes, e->range,
                  what + " converts vector '" + from->name + "' to scalar '" + to->name + "'");
            return;
        }
        if (from->isPointer() && to->kind != TypeKind::Bool) {
            error(DiagnosticKind::IncompatibleTypes, e->range,
                  what + " converts a pointer to integer '" + to->name + "' without a cast");
            return;
        }
        if (!from->isScalar()) {
            error(DiagnosticKind::IncompatibleTypes, e->range,
                  what + " converts '" + e->type->name + "' to '" + to->name + "'");
            return;
        }
        implicitCast(e, target);
        return;
    }
    // event_t from the integer constant 0 ("no event"), as clang accepts it (OpenCL C
    // 6.12.10: async copies take 0 or an event). The value is the event number 0 either way.
    if (to == m_types.builtin("event_t") && from->isInteger() && isNullPointerConstant(e.get()))
        return;
    // sampler_t from a 32-bit literal of CLK_* bits (OpenCL C 1.2 6.12.14.1: "a sampler ...
    // declared in the outermost scope or as a const kernel variable ... initialized with a
    // literal value of type uint"). The handle is the bits themselves.
    if (to == m_types.builtin("sampler_t") && from->isInteger()) return;
    if (from != to)
        error(DiagnosticKind::IncompatibleTypes, e->range,
              what + " converts '" + e->type->name + "' to '" + target->name + "'");
}

SourceRange Sema::objectQualifierRange(const TypeSyntax* ts) {
    for (; ts; ts = ts->kind == TypeSyntax::Kind::Array ? ts->inner.get() : nullptr)
        if (ts->quals.spaceRange.valid()) return ts->quals.spaceRange;
    return {};
}

std::optional<RelatedLocation> Sema::declPointerNote(const Decl* d) const {
    if (!d) return std::nullopt;
    const TypeSyntax* ts = nullptr;
    QualType type;
    if (d->kind == DeclKind::Var) {
        ts = static_cast<const VarDecl*>(d)->typeSyntax.get();
        type = static_cast<const VarDecl*>(d)->type;
    } else if (d->kind == DeclKind::Param) {
        ts = static_cast<const ParamDecl*>(d)->typeSyntax.get();
        type = static_cast<const ParamDecl*>(d)->type;
    }
    if (!ts || !type.type) return std::nullopt;
    const Type* c = type->canonical();
    std::string what;
    AddressSpace space;
    if (c->isPointer()) {
        what = "pointer";
        space = c->pointee.space;
    } else if (c->isArray()) {
        what = "array";
        space = type.space;
    } else {
        return std::nullopt;
    }
    // The qualifier of the pointee (or of the array's elements) as written.
    const TypeSyntax* pointee = ts->inner.get();
    SourceRange written =
        pointee && (ts->kind == TypeSyntax::Kind::Pointer || ts->kind == TypeSyntax::Kind::Array)
            ? objectQualifierRange(pointee)
            : SourceRange{};
    if (written.valid())
        return RelatedLocation{written,
                               what + " '" + d->name + "' declared " + spaceWord(space) + " here"};
    return RelatedLocation{d->nameRange, what + " '" + d->name +
                                             "' declared here without an address space: it "
                                             "points to " +
                                             spaceWord(space)};
}

std::optional<RelatedLocation> Sema::exprPointerNote(const Expr* e) const {
    while (e && e->kind == ExprKind::ImplicitCast)
        e = static_cast<const ImplicitCastExpr*>(e)->operand.get();
    if (!e) return std::nullopt;
    if (e->kind == ExprKind::Name) return declPointerNote(static_cast<const NameExpr*>(e)->decl);
    if (e->kind != ExprKind::Unary || static_cast<const UnaryExpr*>(e)->op != UnaryOp::AddrOf)
        return std::nullopt;
    // &x, &a[i], &s.m: the object's own address space.
    const Expr* o = static_cast<const UnaryExpr*>(e)->operand.get();
    while (o && (o->kind == ExprKind::Index || o->kind == ExprKind::ImplicitCast ||
                 (o->kind == ExprKind::Member && !static_cast<const MemberExpr*>(o)->arrow))) {
        if (o->kind == ExprKind::Index)
            o = static_cast<const IndexExpr*>(o)->base.get();
        else if (o->kind == ExprKind::Member)
            o = static_cast<const MemberExpr*>(o)->base.get();
        else
            o = static_cast<const ImplicitCastExpr*>(o)->operand.get();
    }
    if (!o || o->kind != ExprKind::Name) return std::nullopt;
    const Decl* d = static_cast<const NameExpr*>(o)->decl;
    if (!d || d->kind != DeclKind::Var) return std::nullopt;
    auto* v = static_cast<const VarDecl*>(d);
    SourceRange written = objectQualifierRange(v->typeSyntax.get());
    std::string space = spaceWord(v->type.space);
    if (written.valid())
        return RelatedLocation{written, "'" + v->name + "' declared " + space + " here"};
    return RelatedLocation{v->nameRange, "'" + v->name + "' declared here (" + space + ")"};
}

std::vector<RelatedLocation> Sema::operandNotes(const Expr* a, const Expr* b) const {
    std::vector<RelatedLocation> notes;
    if (auto n = exprPointerNote(a)) notes.push_back(*n);
    if (auto n = exprPointerNote(b)) notes.push_back(*n);
    return notes;
}

std::optional<RelatedLocation> Sema::constantOriginNote(const Expr* e) const {
    // Walk to the variable or pointer the written lvalue comes from.
    while (e) {
        if (e->kind == ExprKind::ImplicitCast) {
            e = static_cast<const ImplicitCastExpr*>(e)->operand.get();
        } else if (e->kind == ExprKind::Index) {
            e = static_cast<const IndexExpr*>(e)->base.get();
        } else if (e->kind == ExprKind::Member) {
            e = static_cast<const MemberExpr*>(e)->base.get();
        } else if (e->kind == ExprKind::Unary &&
                   static_cast<const UnaryExpr*>(e)->op == UnaryOp::Deref) {
            e = static_cast<const UnaryExpr*>(e)->operand.get();
        } else {
            break;
        }
    }
    if (!e) return std::nullopt;
    if (e->kind == ExprKind::StringLiteral)
        return RelatedLocation{e->range,
                               "string literals are stored in __constant (OpenCL C 6.5.3)"};
    if (e->kind != ExprKind::Name) return std::nullopt;
    const Decl* d = static_cast<const NameExpr*>(e)->decl;
    if (d && d->kind == DeclKind::Var &&
        static_cast<const VarDecl*>(d)->type.space == AddressSpace::Constant) {
        auto* v = static_cast<const VarDecl*>(d);
        SourceRange q = objectQualifierRange(v->typeSyntax.get());
        return RelatedLocation{q.valid() ? q : v->nameRange,
                               "'" + v->name + "' declared __constant here"};
    }
    return declPointerNote(d);
}

} // namespace clstep
