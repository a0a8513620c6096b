// Sema: expression typing (C99 6.5 with the OpenCL C 6.3 operator rules for vectors).
#include "builtins/BuiltinRegistry.h"
#include "frontend/Program.h"
#include "frontend/Sema.h"

namespace clstep {

using namespace ast;

namespace {
// The component names of OpenCL C 6.1.7: x y z w for components 0 to 3, and (OpenCL C 3.0)
// r g b a for the same components. Both select within any vector width, as clang does: `.x` of
// a char8 is component 0; a name past the vector's last component is an error.
bool isXyzwSwizzle(char c) {
    return c == 'x' || c == 'y' || c == 'z' || c == 'w';
}
bool isRgbaSwizzle(char c) {
    return c == 'r' || c == 'g' || c == 'b' || c == 'a';
}
int letterIndex(char c) {
    return c == 'x' || c == 'r' ? 0 : c == 'y' || c == 'g' ? 1 : c == 'z' || c == 'b' ? 2 : 3;
}
int hexIndex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
bool validVectorWidth(size_t n) {
    return n == 2 || n == 3 || n == 4 || n == 8 || n == 16;
}
} // namespace

void Sema::requireModifiable(Expr* e, const char* what) {
    if (!e->isLValue) {
        error(DiagnosticKind::NotAssignable, e->range,
              std::string("expression is not assignable (") + what + ")");
        return;
    }
    if (e->type.space == AddressSpace::Constant) {
        std::vector<RelatedLocation> notes;
        if (auto n = constantOriginNote(e)) notes.push_back(*n);
        error(DiagnosticKind::ConstantWrite, e->range,
              std::string("cannot ") + what +
                  " memory in the __constant address space: it is read-only (OpenCL C 6.5.3)",
              std::move(notes));
        return;
    }
    if (e->type.isConst) {
        error(DiagnosticKind::ConstWrite, e->range,
              std::string("cannot ") + what + " a const-qualified object");
    }
}

void Sema::checkExpr(ExprPtr& e) {
    if (!e) return;
    switch (e->kind) {
    case ExprKind::IntLiteral: {
        auto* l = static_cast<IntLiteralExpr*>(e.get());
        const std::string& s = l->suffix;
        bool u = s.find('u') != std::string::npos;
        bool lng = s.find('l') != std::string::npos;
        TypeKind k;
        if (l->isChar)
            k = TypeKind::Int;
        else if (u && lng)
            k = TypeKind::ULong;
        else if (u)
            k = l->value <= 0xffffffffull ? TypeKind::UInt : TypeKind::ULong;
        else if (lng)
            k = (l->value <= 0x7fffffffffffffffull || l->isDecimal) ? TypeKind::Long
                                                                    : TypeKind::ULong;
        else if (l->value <= 0x7fffffffull)
            k = TypeKind::Int;
        else if (!l->isDecimal && l->value <= 0xffffffffull)
            k = TypeKind::UInt;
        else if (l->value <= 0x7fffffffffffffffull)
            k = TypeKind::Long;
        else
            k = TypeKind::ULong;
        l->type = QualType{m_types.scalar(k)};
        break;
    }
    case ExprKind::FloatLiteral: {
        auto* l = static_cast<FloatLiteralExpr*>(e.get());
        TypeKind k = l->suffix == "f"   ? TypeKind::Float
                     : l->suffix == "h" ? TypeKind::Half
                                        : TypeKind::Double;
        l->type = QualType{m_types.scalar(k)};
        break;
    }
    case ExprKind::StringLiteral: {
        auto* l = static_cast<StringLiteralExpr*>(e.get());
        // `__constant char[N]` (spec 6.5.3); read-only through its address space, not const,
        // so `constant char *p = "x";` keeps every qualifier.
        l->type = QualType{m_types.array(m_types.scalar(TypeKind::Char), l->value.size() + 1),
                           AddressSpace::Constant};
        l->isLValue = true;
        break;
    }
    case ExprKind::Name: {
        auto* n = static_cast<NameExpr*>(e.get());
        Decl* d = lookup(n->name);
        if (!d) {
            if (BuiltinRegistry::instance().contains(n->name)) {
                n->builtin = BuiltinRegistry::instance().lookup(n->name).front();
                n->type = QualType{m_types.scalar(TypeKind::Void)};
                break;
            }
            error(DiagnosticKind::UndeclaredIdentifier, n->range,
                  "use of undeclared identifier '" + n->name + "'");
            n->type = QualType{m_types.scalar(TypeKind::Int)};
            break;
        }
        n->decl = d;
        switch (d->kind) {
        case DeclKind::Var:
            n->type = static_cast<VarDecl*>(d)->type;
            n->isLValue = true;
            if (!static_cast<VarDecl*>(d)->isProgramScope)
                n->frameSlot = static_cast<int32_t>(static_cast<VarDecl*>(d)->slot);
            break;
        case DeclKind::Param:
            n->type = static_cast<ParamDecl*>(d)->type;
            n->isLValue = true;
            n->frameSlot = static_cast<int32_t>(static_cast<ParamDecl*>(d)->slot);
            break;
        case DeclKind::EnumConstant:
            n->type = QualType{m_types.scalar(TypeKind::Int)};
            break;
        case DeclKind::Function:
            n->type = static_cast<FunctionDecl*>(d)->type;
            break;
        default:
            error(DiagnosticKind::NotAValue, n->range, "'" + n->name + "' is a type, not a value");
            n->type = QualType{m_types.scalar(TypeKind::Int)};
        }
        if (!n->type.type) n->type.type = m_types.scalar(TypeKind::Int);
        break;
    }
    case ExprKind::Unary:
        checkUnary(static_cast<UnaryExpr*>(e.get()));
        break;
    case ExprKind::Binary:
        checkBinary(static_cast<BinaryExpr*>(e.get()));
        break;
    case ExprKind::Assign:
        checkAssign(static_cast<AssignExpr*>(e.get()));
        break;
    case ExprKind::Conditional:
        checkConditional(static_cast<ConditionalExpr*>(e.get()));
        break;
    case ExprKind::Call:
        checkCall(static_cast<CallExpr*>(e.get()));
        break;
    case ExprKind::Index: {
        auto* x = static_cast<IndexExpr*>(e.get());
        checkExpr(x->base);
        checkExpr(x->index);
        decay(x->index);
        x->type = QualType{m_types.scalar(TypeKind::Int)};
        if (x->base->type.type && x->base->type->canonical()->isVector()) {
            const Type* vt = x->base->type->canonical();
            x->type = QualType{vt->element, x->base->type.space, x->base->type.isConst};
            x->isLValue = x->base->isLValue;
        } else {
            decay(x->base);
            const Type* bt = x->base->type.type ? x->base->type->canonical() : nullptr;
            if (!bt || !bt->isPointer()) {
                error(DiagnosticKind::SubscriptNotPointer, x->range,
                      "subscripted value is not an array, pointer or vector");
                break;
            }
            x->type = bt->pointee;
            x->isLValue = true;
        }
        if (!x->index->type.type || !x->index->type->canonical()->isInteger())
            error(DiagnosticKind::SubscriptNotInteger, x->index->range,
                  "array subscript is not an integer");
        else
            implicitCast(x->index, QualType{m_types.scalar(TypeKind::Long)});
        break;
    }
    case ExprKind::Member:
        checkMember(static_cast<MemberExpr*>(e.get()));
        break;
    case ExprKind::Cast:
        checkCast(static_cast<CastExpr*>(e.get()));
        break;
    case ExprKind::VectorLiteral:
        checkVectorLiteral(static_cast<VectorLiteralExpr*>(e.get()));
        break;
    case ExprKind::CompoundLiteral: {
        auto* c = static_cast<CompoundLiteralExpr*>(e.get());
        QualType t = resolveType(c->typeSyntax.get());
        t.space = AddressSpace::Private;
        checkInitList(c->init.get(), t);
        if (t.type && t->canonical()->isArray() && t->canonical()->count == 0)
            t.type = c->init->type.type;
        c->type = t;
        c->isLValue = true;
        if (m_frameSlotsOpen && c->slot == CompoundLiteralExpr::kNoSlot) c->slot = m_nextSlot++;
        break;
    }
    case ExprKind::InitList:
        error(DiagnosticKind::UnexpectedInitializerList, e->range,
              "initializer list is not valid here");
        e->type = QualType{m_types.scalar(TypeKind::Int)};
        break;
    case ExprKind::Sizeof:
    case ExprKind::Alignof:
    case ExprKind::VecStep:
        checkTypeTrait(static_cast<TypeTraitExpr*>(e.get()));
        break;
    case ExprKind::ImplicitCast:
        break;
    }
    if (!e->type.type) e->type.type = m_types.scalar(TypeKind::Int);
}

void Sema::checkTypeTrait(TypeTraitExpr* t) {
    QualType q;
    if (t->operand) {
        checkExpr(t->operand);
        q = t->operand->type;
    } else {
        q = resolveType(t->typeSyntax.get());
    }
    t->type = QualType{m_types.builtin("size_t")};
    if (!q.type) return;
    const Type* c = q->canonical();
    if (t->kind == ExprKind::Sizeof) {
        if (c->isVoid() || c->isFunction() || !c->complete)
            error(DiagnosticKind::SizeofIncomplete, t->range,
                  "invalid application of sizeof to an incomplete type");
        t->value = c->size;
    } else if (t->kind == ExprKind::Alignof) {
        t->value = q->align;
    } else {
        t->type = QualType{m_types.scalar(TypeKind::Int)};
        if (!c->isArithmetic())
            error(DiagnosticKind::VecStepType, t->range,
                  "vec_step requires a scalar or vector type");
        t->value = c->isVector() ? (c->count == 3 ? 4 : c->count) : 1;
    }
}

void Sema::checkMember(MemberExpr* m) {
    checkExpr(m->base);
    m->type = QualType{m_types.scalar(TypeKind::Int)};
    QualType bt = m->base->type;
    if (!bt.type) return;
    const Type* c = bt->canonical();
    if (m->arrow) {
        decay(m->base);
        c = m->base->type->canonical();
        if (!c->isPointer()) {
            error(DiagnosticKind::MemberAccess, m->range,
                  "member reference with '->' on a non-pointer");
            return;
        }
        bt = c->pointee;
        c = bt.type ? bt->canonical() : nullptr;
        if (!c) return;
    }
    if (c->isRecord()) {
        const Field* f = c->findField(m->member);
        if (!f) {
            error(DiagnosticKind::NoMember, m->memberRange,
                  "no member named '" + m->member + "' in '" + c->name + "'");
            m->isLValue = true; // recovery, as for an invalid component selection
            return;
        }
        m->field = f;
        m->type = f->type;
        m->type.space = bt.space;
        m->type.isConst |= bt.isConst;
        m->isLValue = m->arrow || m->base->isLValue;
        return;
    }
    if (c->isVector()) {
        const std::string& s = m->member;
        uint32_t n = c->count;
        std::vector<uint8_t> idx;
        bool ok = true;
        if (s == "lo" || s == "hi" || s == "even" || s == "odd") {
            uint32_t half = (n == 3 ? 4 : n) / 2;
            for (uint32_t i = 0; i < half; ++i) {
                uint32_t k = s == "lo" ? i : s == "hi" ? i + half : s == "even" ? 2 * i : 2 * i + 1;
                idx.push_back(static_cast<uint8_t>(k));
            }
        } else if (!s.empty() && (s[0] == 's' || s[0] == 'S') && s.size() > 1) {
            for (size_t i = 1; i < s.size() && ok; ++i) {
                int k = hexIndex(s[i]);
                if (k < 0 || static_cast<uint32_t>(k) >= n)
                    ok = false;
                else
                    idx.push_back(static_cast<uint8_t>(k));
            }
        } else {
            // One set of names per selection: `.xg` mixes them and is an error, as in clang.
            const bool rgba = !s.empty() && isRgbaSwizzle(s[0]);
            for (char ch : s) {
                if (!(rgba ? isRgbaSwizzle(ch) : isXyzwSwizzle(ch)) ||
                    static_cast<uint32_t>(letterIndex(ch)) >= n) {
                    ok = false;
                    break;
                }
                idx.push_back(static_cast<uint8_t>(letterIndex(ch)));
            }
            if (ok && rgba && m_clVersion < 300)
                warning(DiagnosticKind::RgbaComponents, m->memberRange,
                        "the component names r, g, b, a are OpenCL C 3.0 (6.1.7); use x, y, z, "
                        "w before it");
        }
        if (!ok || idx.empty() || (idx.size() != 1 && !validVectorWidth(idx.size()))) {
            error(DiagnosticKind::InvalidSwizzle, m->memberRange,
                  "'" + s + "' is not a valid component selection for '" + c->name +
                      "' (OpenCL C 6.1.7)");
            // Recovery: the refused selection stands for an assignable value, so `a.z = 1`
            // gives one error, not a second "not assignable" one.
            m->isLValue = true;
            return;
        }
        m->swizzle = idx;
        QualType r;
        r.type = idx.size() == 1 ? c->element
                                 : m_types.vector(c->element, static_cast<uint32_t>(idx.size()));
        r.space = bt.space;
        r.isConst = bt.isConst;
        m->type = r;
        bool repeated = false;
        for (size_t i = 0; i < idx.size(); ++i)
            for (size_t j = i + 1; j < idx.size(); ++j)
                repeated |= idx[i] == idx[j];
        m->isLValue = m->base->isLValue && !repeated;
        return;
    }
    error(DiagnosticKind::MemberAccess, m->range,
          "member reference base type '" + c->name + "' is not a structure, union or vector");
}

void Sema::checkVectorLiteral(VectorLiteralExpr* v) {
    QualType t = resolveType(v->typeSyntax.get());
    t.space = AddressSpace::None;
    for (ExprPtr& el : v->elements) {
        checkExpr(el);
        decay(el);
    }
    v->type = QualType{t.type};
    if (!t.type) return;
    const Type* c = t->canonical();
    if (!c->isVector()) {
        v->isCommaCast = true; // (T)(a, b): comma expression then cast
        ExprPtr& last = v->elements.back();
        if (last->type.type && (last->type->canonical()->isPointer() || c->isPointer())) {
            if (last->type->canonical()->isPointer() && c->isPointer())
                checkPointerConversion(last->type, t, v->range, "cast", true);
        } else if (last->type.type && last->type->canonical()->isVector() && !c->isVoid()) {
            error(DiagnosticKind::InvalidCast, v->range,
                  "cannot cast vector '" + last->type->name + "' to '" + c->name + "'");
        }
        return;
    }
    uint32_t lanes = 0;
    for (ExprPtr& el : v->elements) {
        const Type* et = el->type.type ? el->type->canonical() : nullptr;
        if (!et) continue;
        if (et->isVector()) {
            if (et->element != c->element) {
                error(DiagnosticKind::VectorLiteralElement, el->range,
                      "vector literal component of type '" + et->name + "' does not match '" +
                          c->name + "': use convert_" +
                          m_types.vector(c->element, et->count)->name + "() (OpenCL C 6.1.6)");
            }
            lanes += et->count;
        } else if (et->isScalarArithmetic()) {
            implicitCast(el, QualType{c->element});
            lanes += 1;
        } else {
            error(DiagnosticKind::VectorLiteralElement, el->range,
                  "invalid vector literal component of type '" + et->name + "'");
        }
    }
    if (!(v->elements.size() == 1 && lanes == 1) && lanes != c->count)
        error(DiagnosticKind::VectorLiteralSize, v->range,
              "vector literal for '" + c->name + "' has " + std::to_string(lanes) +
                  " components, expected " + std::to_string(c->count) + " (OpenCL C 6.1.6)");
}

void Sema::checkCast(CastExpr* c) {
    QualType t = resolveType(c->typeSyntax.get());
    checkExpr(c->operand);
    decay(c->operand);
    c->type = QualType{t.type};
    if (!t.type || !c->operand->type.type) return;
    const Type* to = t->canonical();
    const Type* from = c->operand->type->canonical();
    if (to->isVoid()) return;
    if (to->isPointer() && from->isPointer()) {
        std::vector<RelatedLocation> notes;
        if (auto n = exprPointerNote(c->operand.get())) notes.push_back(*n);
        checkPointerConversion(c->operand->type, t, c->range, "cast", true, std::move(notes));
        return;
    }
    if (to->isVector() && from->isVector() && to != from) {
        error(DiagnosticKind::InvalidCast, c->range,
              "explicit casts between vector types are not allowed ('" + from->name + "' to '" +
                  to->name + "'): use convert_" + to->name + "() or as_" + to->name +
                  "() (OpenCL C 6.2.2)");
        return;
    }
    if (from->isVector() && !to->isVector()) {
        error(DiagnosticKind::InvalidCast, c->range,
              "cannot cast vector '" + from->name + "' to '" + to->name + "'");
        return;
    }
    if ((to->isRecord() || from->isRecord()) && to != from)
        error(DiagnosticKind::InvalidCast, c->range,
              "cannot cast '" + from->name + "' to '" + to->name + "'");
    // C99 6.5.4p4: a pointer converts only to and from integer types (and pointers).
    if ((to->isPointer() && (from->isFloating() || from->isVector())) ||
        (from->isPointer() && (to->isFloating() || to->isVector())))
        error(DiagnosticKind::InvalidCast, c->range,
              "cannot cast '" + from->name + "' to '" + to->name +
                  "': a pointer converts only to and from integer types (C99 6.5.4)");
}

void Sema::checkConditional(ConditionalExpr* c) {
    checkExpr(c->cond);
    decay(c->cond);
    checkExpr(c->thenExpr);
    checkExpr(c->elseExpr);
    decay(c->thenExpr);
    decay(c->elseExpr);
    const Type* a = c->thenExpr->type->canonical();
    const Type* b = c->elseExpr->type->canonical();
    if (c->cond->type->canonical()->isVector()) {
        const Type* r = arithmeticResultType(c->thenExpr, c->elseExpr, c->range, "?:");
        c->type = QualType{r ? r : a};
        return;
    }
    if (!c->cond->type->canonical()->isScalar())
        error(DiagnosticKind::InvalidCondition, c->cond->range, "condition must have scalar type");
    if (a->isArithmetic() && b->isArithmetic()) {
        const Type* r = arithmeticResultType(c->thenExpr, c->elseExpr, c->range, "?:");
        c->type = QualType{r ? r : a};
    } else if (a->isPointer() || b->isPointer()) {
        // The result points into the operands' common address space: in 2.0 a generic
        // operand absorbs a named one (spec 6.5.5); otherwise both must agree (spec 6.5).
        bool thenIsTarget = a->isPointer();
        if (a->isPointer() && b->isPointer() && m_clVersion >= 200 &&
            b->pointee.space == AddressSpace::Generic && a->pointee.space != AddressSpace::Generic)
            thenIsTarget = false;
        ExprPtr& targetExpr = thenIsTarget ? c->thenExpr : c->elseExpr;
        QualType target = targetExpr->type;
        convertForAssignment(thenIsTarget ? c->elseExpr : c->thenExpr, target,
                             "conditional operand", exprPointerNote(targetExpr.get()));
        c->type = QualType{target.type};
    } else {
        if (a != b)
            error(DiagnosticKind::IncompatibleTypes, c->range,
                  "incompatible operand types in conditional");
        c->type = c->thenExpr->type;
        c->type.space = AddressSpace::None;
    }
}

} // namespace clstep
