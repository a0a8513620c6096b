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
            if (!c->type.type || !(c->type->isInteger() || (c->type->isPointer() &&
                                                            c->type->pointee->isVoid())))
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

bool Sema::checkPointerConversion(QualType fromQ, QualType toQ, const SourceRange& r,
                                  const std::string& what, bool explicitCast) {
    const Type* from = fromQ->canonical();
    const Type* to = toQ->canonical();
    AddressSpace fs = from->pointee.space, ts = to->pointee.space;
    bool cl2 = m_clVersion >= 200;
    if (fs != ts) {
        bool ok = false;
        if (cl2 && ts == AddressSpace::Generic && fs != AddressSpace::Constant) ok = true;
        else if (cl2 && explicitCast && fs == AddressSpace::Generic && ts != AddressSpace::Constant)
            ok = true;
        if (!ok) {
            std::string kind = explicitCast ? "address-space-cast" : "address-space-mismatch";
            std::string msg;
            if ((fs == AddressSpace::Constant && ts == AddressSpace::Generic) ||
                (ts == AddressSpace::Constant && fs == AddressSpace::Generic))
                msg = what + " converts between a " + spaceWord(fs) + " pointer and a " +
                      spaceWord(ts) + " pointer: __constant cannot be converted to or from the "
                      "generic address space (OpenCL C 6.5.5)";
            else if (cl2 && fs == AddressSpace::Generic)
                msg = what + " converts a generic pointer to a " + spaceWord(ts) +
                      " pointer without an explicit cast (OpenCL C 6.5.5)";
            else
                msg = what + " converts a pointer to " + spaceWord(fs) + " into a pointer to " +
                      spaceWord(ts) + ": pointers to different address spaces are incompatible"
                      " (OpenCL C 6.5)";
            error(kind, r, msg);
            return false;
        }
    }
    // nested pointers: the pointed-to pointer types must agree on their address spaces
    const Type* fp = from->pointee.type ? from->pointee->canonical() : nullptr;
    const Type* tp = to->pointee.type ? to->pointee->canonical() : nullptr;
    if (fp && tp && fp->isPointer() && tp->isPointer() && !explicitCast) {
        if (fp->pointee.space != tp->pointee.space) {
            error("address-space-mismatch", r,
                  what + " converts between pointers to pointers into different address spaces (" +
                      spaceWord(fp->pointee.space) + " vs " + spaceWord(tp->pointee.space) +
                      ") (OpenCL C 6.5)");
            return false;
        }
    }
    if (!explicitCast && fromQ->pointee.isConst && !toQ->pointee.isConst)
        warning("discards-const", r, what + " discards the 'const' qualifier of the pointee");
    return true;
}

void Sema::convertForAssignment(ExprPtr& e, QualType target, const std::string& what) {
    if (!e || !e->type.type || !target.type) return;
    decay(e);
    const Type* from = e->type->canonical();
    const Type* to = target->canonical();
    if (to->isPointer()) {
        if (from->isPointer()) {
            checkPointerConversion(e->type, target, e->range, what, false);
        } else if (!isNullPointerConstant(e.get())) {
            error("incompatible-types", e->range,
                  what + " converts '" + e->type->name + "' to pointer type '" + to->name + "'");
            return;
        }
        implicitCast(e, target);
        return;
    }
    if (to->isRecord()) {
        if (from != to)
            error("incompatible-types", e->range,
                  what + " converts '" + e->type->name + "' to '" + target->name + "'");
        return;
    }
    if (to->isVector()) {
        if (from->isVector() && from != to) {
            error("incompatible-types", e->range,
                  what + " converts between different vector types '" + from->name + "' and '" +
                      to->name + "': use convert_" + to->name + "() (OpenCL C 6.2.1)");
            return;
        }
        if (!from->isVector() && !from->isScalarArithmetic()) {
            error("incompatible-types", e->range,
                  what + " converts '" + from->name + "' to '" + to->name + "'");
            return;
        }
        implicitCast(e, target);
        return;
    }
    if (to->isScalarArithmetic()) {
        if (from->isVector()) {
            error("incompatible-types", e->range,
                  what + " converts vector '" + from->name + "' to scalar '" + to->name + "'");
            return;
        }
        if (from->isPointer() && to->kind != TypeKind::Bool) {
            error("incompatible-types", e->range,
                  what + " converts a pointer to integer '" + to->name + "' without a cast");
            return;
        }
        if (!from->isScalar()) {
            error("incompatible-types", e->range,
                  what + " converts '" + e->type->name + "' to '" + to->name + "'");
            return;
        }
        implicitCast(e, target);
        return;
    }
    if (from != to)
        error("incompatible-types", e->range,
              what + " converts '" + e->type->name + "' to '" + target->name + "'");
}

} // namespace clstep
