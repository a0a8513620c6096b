// Evaluator: the scalar fast path. Most of a kernel's work is scalar arithmetic, indexing and
// comparisons; evaluating those to one 8-byte Lane instead of a 16-lane Value (128 bytes,
// zeroed and copied at every tree level) is what makes the interpreter fast. The semantics,
// diagnostics and observer notifications are exactly those of eval(): every form either
// mirrors the general code lane for lane or falls back to it.
#include "builtins/BuiltinRegistry.h"
#include "core/LaneOps.h"
#include "runtime/Evaluator.h"
#include "runtime/KernelRun.h"
#include "runtime/LaneMemory.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>

namespace clstep {

using namespace ast;

void Evaluator::evalDiscard(const Expr* e) {
    if (isScalarExpr(e))
        evalScalar(e);
    else
        eval(e);
}

uint64_t Evaluator::accessAlign(const Expr* e) {
    const uint64_t own = e->type->canonical()->align;
    if (e->kind != ExprKind::Member) return own;
    auto* m = static_cast<const MemberExpr*>(e);
    if (!m->field) return own; // a vector component: the vector's alignment covers it
    uint64_t base;
    if (m->arrow) {
        const Type* record = m->base->type->canonical()->pointee.type;
        base = record ? record->canonical()->align : own;
    } else {
        base = accessAlign(m->base.get());
    }
    const uint64_t offset = m->field->offset;
    const uint64_t offsetAlign = offset ? (offset & (~offset + 1)) : base; // lowest set bit
    return std::max<uint64_t>(1, std::min({own, base, offsetAlign}));
}

void Evaluator::storeScalarToLValue(const Expr* lhs, Lane v) {
    if (uint8_t* p = directBytes(lhs)) {
        lanemem::writeLane(p, lhs->type->canonical()->kind, false, v);
        return;
    }
    storeScalar(address(lhs), lhs->type, v, lhs->range, accessAlign(lhs));
}

Lane Evaluator::evalScalar(const Expr* e) {
    switch (e->kind) {
    case ExprKind::IntLiteral: {
        Lane l;
        l.u = static_cast<const IntLiteralExpr*>(e)->value;
        return lane::normalize(l, e->type->canonical()->kind);
    }
    case ExprKind::FloatLiteral: {
        const double d = static_cast<const FloatLiteralExpr*>(e)->value;
        const TypeKind k = e->type->canonical()->kind;
        Lane l;
        l.u = 0;
        if (k == TypeKind::Double) {
            l.d = d;
        } else {
            const float f = static_cast<float>(d);
            l.f = k == TypeKind::Half ? lane::roundToHalf(f) : f;
        }
        return l;
    }
    case ExprKind::Name: {
        auto* n = static_cast<const NameExpr*>(e);
        if (n->decl && n->decl->kind == DeclKind::EnumConstant) {
            Lane l;
            l.i = static_cast<const EnumConstantDecl*>(n->decl)->constant;
            return l;
        }
        if (const uint8_t* p = directBytes(e)) {
            Lane l;
            lanemem::readLane(p, e->type->canonical()->kind, false, l);
            return l;
        }
        return loadScalar(address(e), e->type, e->range);
    }
    case ExprKind::Unary:
        return evalScalarUnary(static_cast<const UnaryExpr*>(e));
    case ExprKind::Binary:
        return evalScalarBinary(static_cast<const BinaryExpr*>(e));
    case ExprKind::Assign:
        return evalScalarAssign(static_cast<const AssignExpr*>(e));
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        if (!isScalarExpr(c->cond.get())) break;
        return condition(c->cond.get()) ? evalScalar(c->thenExpr.get())
                                        : evalScalar(c->elseExpr.get());
    }
    case ExprKind::Index: {
        auto* x = static_cast<const IndexExpr*>(e);
        if (!x->base->isLValue && x->base->type->canonical()->isVector()) break;
        return loadScalar(address(e), e->type, e->range);
    }
    case ExprKind::Member: {
        auto* m = static_cast<const MemberExpr*>(e);
        if (!m->field) {
            // one component of a private vector variable: read just that lane
            if (const uint8_t* p = directBytes(m->base.get())) {
                const Type* et = m->base->type->canonical()->element;
                Lane l;
                lanemem::readLane(p + m->swizzle[0] * et->size, et->kind, false, l);
                return l;
            }
            break; // eval() builds the vector
        }
        return loadScalar(address(m), m->type, m->range, accessAlign(m));
    }
    case ExprKind::Cast:
        return evalScalarCast(static_cast<const CastExpr*>(e)->operand.get(), e->type.type);
    case ExprKind::ImplicitCast: {
        const Expr* operand = static_cast<const ImplicitCastExpr*>(e)->operand.get();
        if (operand->type->canonical()->isArray()) {
            Lane l;
            l.u = address(operand); // array-to-pointer decay
            return l;
        }
        return evalScalarCast(operand, e->type.type);
    }
    case ExprKind::Call: {
        auto* c = static_cast<const CallExpr*>(e);
        if (c->builtin >= 0 && c->args.size() == 1) {
            const BuiltinDef& def = BuiltinRegistry::instance().def(c->builtin);
            if (def.dimQuery) { // get_global_id(d) and friends
                Lane l;
                l.u = (m_wi.env().*
                       def.dimQuery)(static_cast<uint32_t>(evalScalar(c->args[0].get()).u));
                return l;
            }
        }
        return evalCall(c).lanes[0];
    }
    default:
        break;
    }
    return eval(e).lanes[0];
}

Lane Evaluator::evalScalarCast(const Expr* operand, const Type* to) {
    const Type* from = operand->type->canonical();
    to = to->canonical();
    if (!isScalarExpr(operand)) return convertValue(eval(operand), from, to).lanes[0];
    const Lane v = evalScalar(operand);
    if (from == to) return v;
    if (from->isScalarArithmetic() && to->isScalarArithmetic())
        return lane::convert(v, from->kind, to->kind);
    // pointer conversions, as convertValue()
    Lane r;
    r.u = 0;
    if (to->kind == TypeKind::Bool)
        r.u = v.u != 0;
    else if (to->isPointer() && !from->isPointer())
        r.u = from->isFloating() ? 0 : v.u;
    else
        r = to->isPointer() ? v : lane::normalize(v, to->kind);
    return r;
}

Lane Evaluator::evalScalarBinary(const BinaryExpr* b) {
    Lane r;
    r.u = 0;
    switch (b->op) {
    case BinaryOp::Comma:
        evalDiscard(b->lhs.get());
        return evalScalar(b->rhs.get());
    case BinaryOp::LogAnd:
        r.i = condition(b->lhs.get()) && condition(b->rhs.get());
        return r;
    case BinaryOp::LogOr:
        r.i = condition(b->lhs.get()) || condition(b->rhs.get());
        return r;
    default:
        break;
    }
    if (!isScalarExpr(b->lhs.get()) || !isScalarExpr(b->rhs.get())) return evalBinary(b).lanes[0];
    const Lane x = evalScalar(b->lhs.get());
    const Lane y = evalScalar(b->rhs.get());
    const Type* lt = b->lhs->type->canonical();
    const Type* rt = b->rhs->type->canonical();
    switch (b->op) {
    case BinaryOp::Lt:
    case BinaryOp::Gt:
    case BinaryOp::Le:
    case BinaryOp::Ge:
    case BinaryOp::Eq:
    case BinaryOp::Ne: {
        const TypeKind k = lt->isPointer() || rt->isPointer() ? TypeKind::Pointer : lt->kind;
        r.i = compareLane(b->op, k, x, y) ? 1 : 0;
        return r;
    }
    case BinaryOp::Add:
    case BinaryOp::Sub:
        if (lt->isPointer() && rt->isPointer()) {
            const uint64_t size =
                lt->pointee->canonical()->size ? lt->pointee->canonical()->size : 1;
            const int64_t d = static_cast<int64_t>(address::offset(x.u) - address::offset(y.u));
            r.i = d / static_cast<int64_t>(size);
            return r;
        }
        if (lt->isPointer()) return pointerAddLane(x, lt, b->op == BinaryOp::Add ? y.i : -y.i);
        if (rt->isPointer()) return pointerAddLane(y, rt, x.i);
        [[fallthrough]];
    default: {
        const TypeKind k = b->type->canonical()->kind;
        if (lane::quickArith(b->op, k, x, y, r)) return r;
        return arithLane(b->op, k, x, y, b->opRange);
    }
    }
}

Lane Evaluator::evalScalarUnary(const UnaryExpr* u) {
    const Type* t = u->type->canonical();
    const Expr* operand = u->operand.get();
    Lane r;
    r.u = 0;
    switch (u->op) {
    case UnaryOp::AddrOf:
        r.u = addressOfOperand(operand);
        return r;
    case UnaryOp::Deref:
        return loadScalar(evalScalar(operand).u, u->type, u->range);
    case UnaryOp::Plus:
        return evalScalar(operand);
    case UnaryOp::Minus:
        return arithLane(BinaryOp::Sub, t->kind, r, evalScalar(operand), u->range);
    case UnaryOp::BitNot: {
        const Lane v = evalScalar(operand);
        r.u = ~v.u;
        return lane::normalize(r, t->kind);
    }
    case UnaryOp::LogNot: {
        if (!isScalarExpr(operand)) break;
        const Type* ot = operand->type->canonical();
        const Lane v = evalScalar(operand);
        r.i = ot->isFloating() ? lane::toDouble(v, ot->kind) == 0 : v.u == 0;
        return r;
    }
    case UnaryOp::PreInc:
    case UnaryOp::PreDec:
    case UnaryOp::PostInc:
    case UnaryOp::PostDec: {
        const bool inc = u->op == UnaryOp::PreInc || u->op == UnaryOp::PostInc;
        uint8_t* p = directBytes(operand);
        uint64_t a = 0;
        Lane cur;
        if (p) {
            lanemem::readLane(p, t->kind, false, cur);
        } else {
            a = address(operand);
            cur = loadScalar(a, operand->type, operand->range, accessAlign(operand));
        }
        Lane next;
        if (t->isPointer()) {
            next = pointerAddLane(cur, t, inc ? 1 : -1);
        } else {
            const Lane one = lane::convert(Lane{.i = 1}, TypeKind::Int, t->kind);
            const BinaryOp op = inc ? BinaryOp::Add : BinaryOp::Sub;
            if (!lane::quickArith(op, t->kind, cur, one, next))
                next = arithLane(op, t->kind, cur, one, u->range);
        }
        if (p)
            lanemem::writeLane(p, t->kind, false, next);
        else
            storeScalar(a, operand->type, next, operand->range, accessAlign(operand));
        return (u->op == UnaryOp::PreInc || u->op == UnaryOp::PreDec) ? next : cur;
    }
    }
    return evalUnary(u).lanes[0];
}

Lane Evaluator::evalScalarAssign(const AssignExpr* a) {
    const Expr* lhs = a->lhs.get();
    const Expr* rhs = a->rhs.get();
    if (!isScalarExpr(rhs)) return evalAssign(a).lanes[0];
    if (a->op == BinaryOp::None) {
        const Lane v = evalScalar(rhs);
        storeScalarToLValue(lhs, v);
        return v;
    }
    const Type* lt = lhs->type->canonical();
    uint8_t* p = directBytes(lhs);
    uint64_t addr = 0;
    Lane cur;
    if (p) {
        lanemem::readLane(p, lt->kind, false, cur);
    } else {
        addr = address(lhs);
        cur = loadScalar(addr, lhs->type, lhs->range, accessAlign(lhs));
    }
    const Lane y = evalScalar(rhs);
    Lane result;
    if (lt->isPointer()) {
        result = pointerAddLane(cur, lt, a->op == BinaryOp::Add ? y.i : -y.i);
    } else {
        const Type* ct = a->computeType.type ? a->computeType->canonical() : lt;
        const Lane l = lane::convert(cur, lt->kind, ct->kind);
        Lane z;
        if (!lane::quickArith(a->op, ct->kind, l, y, z))
            z = arithLane(a->op, ct->kind, l, y, a->opRange);
        result = lane::convert(z, ct->kind, lt->kind);
    }
    if (p)
        lanemem::writeLane(p, lt->kind, false, result);
    else
        storeScalar(addr, lhs->type, result, lhs->range, accessAlign(lhs));
    return result;
}

} // namespace clstep
