// exec::Lowerer: expressions of vector type to vector nodes (Node::vec, VectorHandlers);
// each operator's handler is picked here for the operator and the element component type. A
// vector form Sema does not produce becomes an unsupported() node.
#include "builtins/BuiltinRegistry.h"
#include "runtime/exec/KindDispatch.h"
#include "runtime/exec/Lowerer.h"
#include "runtime/exec/VectorHandlers.h"

namespace clstep::exec {

using namespace ast;
using namespace dispatch;
using VH = VectorHandlers;
using H = Handlers;

namespace {

/// `fn(KindC<k>{})` for the arithmetic element component types; null otherwise.
template <typename Fn>
Node::VecFn byElementKind(TypeKind k, Fn fn) {
    return byKind<Node::VecFn>(k, [&](auto K) -> Node::VecFn {
        if constexpr (decltype(K)::value == TypeKind::Pointer)
            return nullptr;
        else
            return fn(K);
    });
}

/// True if `t` is a vector type (canonical).
bool isVector(const Type* t) {
    return t && t->canonical()->isVector();
}

} // namespace

bool Lowerer::isVectorExpr(const Expr* e) {
    return e->type.type && isVector(e->type.type);
}

const Node* Lowerer::vector(const Expr* e) {
    if (const Node* n = vectorOrNull(e)) {
        ++m_program.stats().lowered;
        return n;
    }
    return unsupported(e);
}

const Node* Lowerer::operand(const Expr* e) {
    return isVectorExpr(e) ? vector(e) : scalar(e);
}

const Node* Lowerer::discardVector(const Expr* e) {
    return make(&VH::discard, e, vector(e));
}

const Node* Lowerer::component(const MemberExpr* m) {
    if (m->swizzle.size() != 1) return nullptr;
    if (m->arrow) return make(&H::load, m, address(m)); // `p->x`: that component only
    if (!isVectorExpr(m->base.get())) return nullptr;
    const Type* vt = m->base->type->canonical();
    Node* n = make(&VH::component, m, vector(m->base.get()));
    n->imm.u = m->swizzle[0];
    const int32_t slot = privateSlot(m->base.get());
    if (slot >= 0) {
        n->slot = static_cast<uint32_t>(slot);
        n->from = vt->element->kind;
        n->align = vt->element->size; // bytes per component
    }
    return n;
}

const Node* Lowerer::vectorOrNull(const Expr* e) {
    const Type* t = e->type->canonical();
    if (!t->isVector()) return nullptr;
    Node* n = nullptr;
    switch (e->kind) {
    case ExprKind::Name: {
        const int32_t slot = privateSlot(e);
        if (slot >= 0) {
            n = make(nullptr, e);
            n->vec = &VH::loadSlot;
            if (t->element->kind == TypeKind::Float) {
                switch (t->count) {
                case 2:
                    n->vec = &VH::loadSlotFloat<2>;
                    break;
                case 3:
                    n->vec = &VH::loadSlotFloat<3>;
                    break;
                case 4:
                    n->vec = &VH::loadSlotFloat<4>;
                    break;
                case 8:
                    n->vec = &VH::loadSlotFloat<8>;
                    break;
                case 16:
                    n->vec = &VH::loadSlotFloat<16>;
                    break;
                default:
                    break;
                }
            }
            n->slot = static_cast<uint32_t>(slot);
            break;
        }
        auto* name = static_cast<const NameExpr*>(e);
        if (!name->decl || name->decl->kind != DeclKind::Var ||
            !static_cast<const VarDecl*>(name->decl)->isProgramScope)
            return nullptr;
        n = make(nullptr, e, address(e));
        n->vec = &VH::load;
        break;
    }
    case ExprKind::Index: {
        auto* x = static_cast<const IndexExpr*>(e);
        if (x->base->type->canonical()->isVector()) return nullptr;
        n = make(nullptr, e, address(e));
        n->vec = &VH::load;
        break;
    }
    case ExprKind::Member: {
        auto* m = static_cast<const MemberExpr*>(e);
        if (m->field) {
            n = make(nullptr, e, address(e));
            n->vec = &VH::load;
            n->align = accessAlign(m);
            break;
        }
        if (m->arrow) { // `p->xy`: the whole vector through the pointer, then the components
            const Type* vt = m->base->type->canonical()->pointee->canonical();
            n = make(nullptr, e, scalar(m->base.get()));
            n->vec = &VH::loadSwizzle;
            n->align = vt->align;
            break;
        }
        if (!isVectorExpr(m->base.get())) return nullptr;
        n = make(nullptr, e, vector(m->base.get()));
        n->vec = &VH::swizzle;
        break;
    }
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        const Expr* operand = u->operand.get();
        switch (u->op) {
        case UnaryOp::Deref:
            n = make(nullptr, e, scalar(operand));
            n->vec = &VH::load;
            break;
        case UnaryOp::Plus:
            if (!isVectorExpr(operand)) return nullptr;
            return vector(operand);
        case UnaryOp::Minus:
            if (!isVectorExpr(operand)) return nullptr;
            n = make(nullptr, e, vector(operand));
            n->vec = byElementKind(t->element->kind, [](auto K) -> Node::VecFn {
                return &VH::negate<decltype(K)::value>;
            });
            break;
        case UnaryOp::BitNot:
            if (!isVectorExpr(operand)) return nullptr;
            n = make(nullptr, e, vector(operand));
            n->vec = &VH::bitNot;
            n->to = t->element->kind;
            break;
        case UnaryOp::LogNot:
            if (!isVectorExpr(operand)) return nullptr;
            n = make(nullptr, e, vector(operand));
            n->vec = &VH::logNot;
            n->from = operand->type->canonical()->element->kind;
            break;
        case UnaryOp::PreInc:
        case UnaryOp::PreDec:
        case UnaryOp::PostInc:
        case UnaryOp::PostDec:
            return vectorIncDec(u);
        default:
            return nullptr;
        }
        break;
    }
    case ExprKind::Binary:
        return vectorBinary(static_cast<const BinaryExpr*>(e));
    case ExprKind::Assign:
        return vectorAssign(static_cast<const AssignExpr*>(e));
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        if (isVectorExpr(c->cond.get())) return select(c, t->count);
        if (!isScalarExpr(c->cond.get()) || !isVectorExpr(c->thenExpr.get()) ||
            !isVectorExpr(c->elseExpr.get()))
            return nullptr;
        n = make(nullptr, e, vector(c->thenExpr.get()), vector(c->elseExpr.get()),
                 scalar(c->cond.get()));
        n->vec = &VH::conditional;
        n->from = c->cond->type->canonical()->kind;
        break;
    }
    case ExprKind::Cast:
        return vectorCast(e, static_cast<const CastExpr*>(e)->operand.get());
    case ExprKind::ImplicitCast:
        return vectorCast(e, static_cast<const ImplicitCastExpr*>(e)->operand.get());
    case ExprKind::VectorLiteral:
        return vectorLiteral(static_cast<const VectorLiteralExpr*>(e));
    case ExprKind::CompoundLiteral:
        return compoundLiteral(static_cast<const CompoundLiteralExpr*>(e), false);
    case ExprKind::Call: {
        auto* c = static_cast<const CallExpr*>(e);
        if (c->builtin < 0) return userCall(c); // exec::Call (LowerCall.cpp)
        const BuiltinDef& def = BuiltinRegistry::instance().def(c->builtin);
        if (def.dimQuery || !def.impl) return nullptr;
        n = builtinArguments(c, make(nullptr, c));
        if (!n) return nullptr;
        n->vec = &VH::callBuiltin;
        break;
    }
    default:
        return nullptr;
    }
    if (!n || !n->vec) return nullptr;
    n->count = t->count;
    return n;
}

const Node* Lowerer::vectorBinary(const BinaryExpr* b) {
    const Expr* lhs = b->lhs.get();
    const Expr* rhs = b->rhs.get();
    const Type* t = b->type->canonical();
    const Type* lt = lhs->type->canonical();
    const Type* rt = rhs->type->canonical();
    if (b->op == BinaryOp::Comma) {
        const Node* first = discard(lhs);
        Node* n = make(nullptr, b, first, vector(rhs));
        n->vec = &VH::comma;
        n->count = t->count;
        return n;
    }
    if (lt->isVector() && rt->isScalarArithmetic() && lt->count == t->count &&
        (b->op == BinaryOp::Shl || b->op == BinaryOp::Shr)) {
        // `v << n`: Sema leaves a scalar shift count alone; it shifts every component
        // (spec 6.3.j)
        Node::VecFn fn = byArithOp<Node::VecFn>(b->op, [&](auto O) {
            return byElementKind(t->element->kind, [](auto K) -> Node::VecFn {
                return &VH::arith<decltype(O)::value, decltype(K)::value>;
            });
        });
        const Node* x = vector(lhs);
        Node* n = make(nullptr, b, x, splatOf(rhs, t));
        n->vec = fn;
        n->count = t->count;
        return n;
    }
    if (!lt->isVector() || !rt->isVector() || lt->count != t->count || rt->count != t->count)
        return nullptr; // forms Sema does not produce
    if (b->op == BinaryOp::LogAnd || b->op == BinaryOp::LogOr) {
        Node* n = make(nullptr, b, vector(lhs), vector(rhs));
        n->vec = &VH::logical;
        n->from = lt->element->kind;
        n->imm.u = b->op == BinaryOp::LogOr ? 1 : 0;
        n->count = t->count;
        return n;
    }
    Node::VecFn fn = byCompareOp<Node::VecFn>(b->op, [&](auto O) {
        return byElementKind(lt->element->kind, [](auto K) -> Node::VecFn {
            return &VH::compare<decltype(O)::value, decltype(K)::value>;
        });
    });
    if (!fn)
        fn = byArithOp<Node::VecFn>(b->op, [&](auto O) {
            return byElementKind(t->element->kind, [](auto K) -> Node::VecFn {
                return &VH::arith<decltype(O)::value, decltype(K)::value>;
            });
        });
    if (!fn) return nullptr;
    Node* n = make(nullptr, b, vector(lhs), vector(rhs));
    n->vec = fn;
    n->count = t->count;
    return n;
}

const Node* Lowerer::vectorAssign(const AssignExpr* a) {
    const Expr* lhs = a->lhs.get();
    const Expr* rhs = a->rhs.get();
    const Type* lt = lhs->type->canonical();
    if (!isVectorExpr(rhs) &&
        !(isScalarExpr(rhs) && (a->op == BinaryOp::Shl || a->op == BinaryOp::Shr)))
        return nullptr; // `v <<= n` has a scalar n (Sema); other forms have a vector rhs
    Node::VecFn fn = &VH::assign;
    if (a->op != BinaryOp::None) {
        const Type* ct = a->computeType.type ? a->computeType->canonical() : lt;
        if (ct != lt) return nullptr; // a conversion around the operator: tree walk
        fn = byArithOp<Node::VecFn>(a->op, [&](auto O) {
            return byElementKind(lt->element->kind, [](auto K) -> Node::VecFn {
                return &VH::compoundAssign<decltype(O)::value, decltype(K)::value>;
            });
        });
        if (!fn) return nullptr;
    }
    // Lowered in evaluation order: a compound assignment reads the lvalue before rhs.
    const Node* current = a->op != BinaryOp::None ? vector(lhs) : nullptr;
    // `v <<= n`: a scalar shift count shifts every component (spec 6.3.j)
    const Node* value =
        isVectorExpr(rhs) || a->op == BinaryOp::None ? operand(rhs) : splatOf(rhs, lt);
    Node* n = make(nullptr, a, value, nullptr, current);
    n->vec = fn;
    n->count = lt->count;
    vectorLValue(n, lhs);
    return n;
}

void Lowerer::vectorLValue(Node* n, const Expr* lhs) {
    const MemberExpr* swizzle = nullptr;
    if (lhs->kind == ExprKind::Member) {
        auto* m = static_cast<const MemberExpr*>(lhs);
        if (!m->field) swizzle = m; // more than one component (a vector)
    }
    const int32_t slot = swizzle ? -1 : privateSlot(lhs);
    if (swizzle) // the base vector's address: the pointer itself for `p->xy`
        n->b = swizzle->arrow ? scalar(swizzle->base.get()) : address(swizzle->base.get());
    else if (slot < 0)
        n->b = address(lhs);
    if (swizzle) {
        const Type* vt = swizzle->arrow ? swizzle->base->type->canonical()->pointee->canonical()
                                        : swizzle->base->type->canonical();
        n->imm.u = 1;
        n->align = swizzle->arrow ? vt->element->align
                                  : std::min(accessAlign(swizzle->base.get()), vt->element->align);
    } else {
        n->align = accessAlign(lhs);
    }
    if (slot >= 0) {
        n->slot = static_cast<uint32_t>(slot);
        n->from = lhs->type->canonical()->element->kind;
    }
}

const Node* Lowerer::splatOf(const Expr* e, const Type* vt) {
    const Type* from = e->type->canonical();
    Node* n = make(nullptr, e, scalar(e));
    n->vec = &VH::splat;
    n->from = from->kind;
    n->to = vt->element->kind;
    n->count = vt->count;
    return n;
}

const Node* Lowerer::select(const ConditionalExpr* c, uint32_t count) {
    const Type* ct = c->cond->type->canonical();
    const Node* cond = vector(c->cond.get());
    const Node* a = operand(c->thenExpr.get());
    const Node* b = operand(c->elseExpr.get());
    Node* n = make(nullptr, c, a, b, cond);
    n->vec = &VH::select;
    n->slot = static_cast<uint32_t>(ct->element->size * 8 - 1); // the most significant bit
    n->count = std::min(count, ct->count);
    return n;
}

const Node* Lowerer::vectorIncDec(const UnaryExpr* u) {
    const Expr* operand = u->operand.get();
    const Type* t = operand->type->canonical();
    Node* n = make(nullptr, u, nullptr, nullptr, vector(operand));
    n->vec = byElementKind(t->element->kind,
                           [](auto K) -> Node::VecFn { return &VH::incDec<decltype(K)::value>; });
    n->count = t->count;
    vectorLValue(n, operand);
    return n;
}

const Node* Lowerer::vectorCast(const Expr* e, const Expr* operand) {
    const Type* t = e->type->canonical();
    const Type* from = operand->type->canonical();
    if (from->isScalarArithmetic()) {
        Node* n = make(nullptr, e, scalar(operand));
        n->vec = &VH::splat;
        n->from = from->kind;
        n->to = t->element->kind;
        n->count = t->count;
        return n;
    }
    if (!from->isVector() || from->count != t->count) return nullptr;
    if (from == t) return vector(operand);
    Node* n = make(nullptr, e, vector(operand));
    n->vec = &VH::convert;
    n->from = from->element->kind;
    n->to = t->element->kind;
    n->count = t->count;
    return n;
}

const Node* Lowerer::vectorLiteral(const VectorLiteralExpr* v) {
    if (v->isCommaCast) return nullptr;
    for (const ExprPtr& el : v->elements)
        if (!isScalarExpr(el.get()) && !isVectorExpr(el.get())) return nullptr;
    const Node** list = m_program.newList(v->elements.size());
    for (size_t i = 0; i < v->elements.size(); ++i)
        list[i] = operand(v->elements[i].get());
    Node* n = make(nullptr, v);
    n->vec = &VH::literal;
    n->list = list;
    n->imm.u = v->elements.size();
    n->count = v->type->canonical()->count;
    return n;
}

} // namespace clstep::exec
