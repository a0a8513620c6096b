// Evaluator: operators (C99 6.5 and OpenCL C 6.3: vectors component-wise, shifts modulo the
// bit width, vector comparisons giving -1/0) and conversions (spec 6.2).
#include "core/LaneOps.h"
#include "runtime/Evaluator.h"
#include "runtime/KernelRun.h"
#include "runtime/LaneMemory.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cmath>

namespace clstep {

using namespace ast;

Value Evaluator::convertValue(const Value& v, const Type* from, const Type* to) {
    from = from->canonical();
    to = to->canonical();
    if (from == to || to->isVoid()) return v;
    if (from->isScalarArithmetic() && to->isScalarArithmetic()) { // common case: one lane
        Value r;
        r.lanes[0] = lane::convert(v.lanes[0], from->kind, to->kind);
        return r;
    }
    if (to->isPointer() || from->isPointer()) {
        Value r;
        if (to->kind == TypeKind::Bool)
            r.lanes[0].u = v.lanes[0].u != 0;
        else if (to->isPointer() && !from->isPointer())
            r.lanes[0].u = from->isFloating() ? 0 : v.lanes[0].u;
        else
            r.lanes[0] = to->isPointer() ? v.lanes[0] : lane::normalize(v.lanes[0], to->kind);
        return r;
    }
    if (to->isRecord() || from->isRecord()) return v;
    Value r;
    const Type* fe = from->scalarType();
    const Type* te = to->scalarType();
    if (to->isVector() && !from->isVector()) {
        Lane l = lane::convert(v.lanes[0], fe->kind, te->kind);
        // scalar -> vector splat (spec 6.2.6): a true bool/relational becomes all ones for ints?
        // no:
        for (uint32_t i = 0; i < to->count; ++i)
            r.lanes[i] = l;
        return r;
    }
    uint32_t n = to->lanes();
    for (uint32_t i = 0; i < n; ++i)
        r.lanes[i] = lane::convert(v.lanes[i], fe->kind, te->kind);
    return r;
}

Value Evaluator::pointerAdd(const Value& p, const Type* ptrType, int64_t n) {
    Value r;
    r.lanes[0] = pointerAddLane(p.lanes[0], ptrType, n);
    return r;
}

Lane Evaluator::arithLane(BinaryOp op, TypeKind k, Lane x, Lane y, const SourceRange& r) {
    bool divisionByZero = false;
    const Lane z = lane::arith(op, k, x, y, divisionByZero);
    if (divisionByZero) reportDivisionByZero(r);
    return z;
}

void Evaluator::reportDivisionByZero(const SourceRange& r) {
    reportError("division-by-zero", "integer division by zero (result is undefined; using 0)", r);
}

bool Evaluator::compareLane(BinaryOp op, TypeKind k, Lane x, Lane y) {
    return lane::compare(op, k, x, y);
}

Value Evaluator::arith(BinaryOp op, const Type* t, const Value& a, const Value& b,
                       const SourceRange& r) {
    t = t->canonical();
    const TypeKind k = t->scalarType()->kind;
    const uint32_t n = t->lanes();
    Value out;
    for (uint32_t i = 0; i < n; ++i)
        if (!lane::quickArith(op, k, a.lanes[i], b.lanes[i], out.lanes[i]))
            out.lanes[i] = arithLane(op, k, a.lanes[i], b.lanes[i], r);
    return out;
}

Value Evaluator::compare(BinaryOp op, const Type* t, const Value& a, const Value& b) {
    t = t->canonical();
    const TypeKind k = t->isPointer() ? TypeKind::Pointer : t->scalarType()->kind;
    const uint32_t n = t->lanes();
    const bool vector = t->isVector();
    Value out;
    for (uint32_t i = 0; i < n; ++i) {
        bool res = compareLane(op, k, a.lanes[i], b.lanes[i]);
        out.lanes[i].i = vector ? (res ? -1 : 0) : (res ? 1 : 0);
    }
    return out;
}

Value Evaluator::evalBinary(const BinaryExpr* b) {
    switch (b->op) {
    case BinaryOp::Comma:
        eval(b->lhs.get());
        return eval(b->rhs.get());
    case BinaryOp::LogAnd:
    case BinaryOp::LogOr: {
        if (b->type->canonical()->isVector()) {
            Value x = eval(b->lhs.get()), y = eval(b->rhs.get());
            Value r;
            for (uint32_t i = 0; i < b->type->canonical()->count; ++i) {
                bool v = b->op == BinaryOp::LogAnd ? (x.lanes[i].u && y.lanes[i].u)
                                                   : (x.lanes[i].u || y.lanes[i].u);
                r.lanes[i].i = v ? -1 : 0;
            }
            return r;
        }
        bool l = condition(b->lhs.get());
        if (b->op == BinaryOp::LogAnd && !l) return Value::ofInt(0);
        if (b->op == BinaryOp::LogOr && l) return Value::ofInt(1);
        return Value::ofInt(condition(b->rhs.get()) ? 1 : 0);
    }
    default:
        break;
    }
    Value x = eval(b->lhs.get());
    Value y = eval(b->rhs.get());
    const Type* lt = b->lhs->type->canonical();
    const Type* rt = b->rhs->type->canonical();
    switch (b->op) {
    case BinaryOp::Lt:
    case BinaryOp::Gt:
    case BinaryOp::Le:
    case BinaryOp::Ge:
    case BinaryOp::Eq:
    case BinaryOp::Ne:
        return compare(b->op, lt->isPointer() ? lt : rt->isPointer() ? rt : lt, x, y);
    case BinaryOp::Add:
    case BinaryOp::Sub:
        if (lt->isPointer() && rt->isPointer()) {
            uint64_t size = lt->pointee->canonical()->size ? lt->pointee->canonical()->size : 1;
            int64_t d =
                static_cast<int64_t>(address::offset(x.lanes[0].u) - address::offset(y.lanes[0].u));
            return Value::ofInt(d / static_cast<int64_t>(size));
        }
        if (lt->isPointer())
            return pointerAdd(x, lt, b->op == BinaryOp::Add ? y.lanes[0].i : -y.lanes[0].i);
        if (rt->isPointer()) return pointerAdd(y, rt, x.lanes[0].i);
        [[fallthrough]];
    default:
        return arith(b->op, b->type.type, x, y, b->opRange);
    }
}

void Evaluator::storeToLValue(const Expr* lhs, const Value& v) {
    if (lhs->kind == ExprKind::Member) {
        auto* m = static_cast<const MemberExpr*>(lhs);
        if (!m->field && m->swizzle.size() > 1) {
            const Type* vt = m->base->type->canonical();
            uint64_t base = address(m->base.get());
            const uint64_t align = std::min(accessAlign(m->base.get()), vt->element->align);
            for (size_t i = 0; i < m->swizzle.size(); ++i) {
                Value lane;
                lane.lanes[0] = v.lanes[i];
                storeAt(base + m->swizzle[i] * vt->element->size,
                        QualType{vt->element, m->base->type.space}, lane, lhs->range, align);
            }
            return;
        }
    }
    const Type* t = lhs->type->canonical();
    if (uint8_t* p = directBytes(lhs)) {
        if (t->isVector())
            lanemem::writeLanes(p, t->element->kind, t->element->size, t->count, v.lanes);
        else
            lanemem::writeLane(p, t->kind, false, v.lanes[0]);
        return;
    }
    uint64_t a = address(lhs);
    if (t->isRecord() || t->isArray())
        copyBytes(a, v.lanes[0].u, t->size, lhs->range);
    else
        storeAt(a, lhs->type, v, lhs->range, accessAlign(lhs));
}

Value Evaluator::evalAssign(const AssignExpr* a) {
    if (a->op == BinaryOp::None) {
        Value v = eval(a->rhs.get());
        storeToLValue(a->lhs.get(), v);
        return v;
    }
    Value cur = eval(a->lhs.get());
    Value rhs = eval(a->rhs.get());
    const Type* lt = a->lhs->type->canonical();
    Value result;
    if (lt->isPointer()) {
        result = pointerAdd(cur, lt, a->op == BinaryOp::Add ? rhs.lanes[0].i : -rhs.lanes[0].i);
    } else {
        const Type* ct = a->computeType.type ? a->computeType->canonical() : lt;
        Value l = convertValue(cur, lt, ct);
        Value r = arith(a->op, ct, l, rhs, a->opRange);
        result = convertValue(r, ct, lt);
    }
    storeToLValue(a->lhs.get(), result);
    return result;
}

Value Evaluator::evalUnary(const UnaryExpr* u) {
    const Type* t = u->type->canonical();
    switch (u->op) {
    case UnaryOp::AddrOf:
        return Value::ofUInt(addressOfOperand(u->operand.get()));
    case UnaryOp::Deref: {
        uint64_t a = eval(u->operand.get()).lanes[0].u;
        if (t->isRecord() || t->isArray()) return Value::ofUInt(a);
        return load(a, u->type, u->range);
    }
    case UnaryOp::Plus:
        return eval(u->operand.get());
    case UnaryOp::Minus: {
        Value v = eval(u->operand.get());
        Value zero;
        return arith(BinaryOp::Sub, t, zero, v, u->range);
    }
    case UnaryOp::BitNot: {
        Value v = eval(u->operand.get());
        for (uint32_t i = 0; i < t->lanes(); ++i)
            v.lanes[i] = lane::normalize(Lane{.u = ~v.lanes[i].u}, t->scalarType()->kind);
        return v;
    }
    case UnaryOp::LogNot: {
        const Type* ot = u->operand->type->canonical();
        Value v = eval(u->operand.get());
        Value r;
        for (uint32_t i = 0; i < ot->lanes(); ++i) {
            bool zero = lane::toDouble(v.lanes[i], ot->isPointer() ? TypeKind::ULong
                                                                   : ot->scalarType()->kind) == 0 &&
                        (ot->scalarType()->isFloating() || v.lanes[i].u == 0);
            r.lanes[i].i = ot->isVector() ? (zero ? -1 : 0) : (zero ? 1 : 0);
        }
        return r;
    }
    case UnaryOp::PreInc:
    case UnaryOp::PreDec:
    case UnaryOp::PostInc:
    case UnaryOp::PostDec: {
        Value cur = eval(u->operand.get());
        bool inc = u->op == UnaryOp::PreInc || u->op == UnaryOp::PostInc;
        Value next;
        if (t->isPointer()) {
            next = pointerAdd(cur, t, inc ? 1 : -1);
        } else {
            Value one;
            const Type* e = t->scalarType();
            for (uint32_t i = 0; i < t->lanes(); ++i)
                one.lanes[i] = lane::convert(Lane{.i = 1}, TypeKind::Int, e->kind);
            next = arith(inc ? BinaryOp::Add : BinaryOp::Sub, t, cur, one, u->range);
        }
        storeToLValue(u->operand.get(), next);
        return (u->op == UnaryOp::PreInc || u->op == UnaryOp::PreDec) ? next : cur;
    }
    }
    return Value();
}

} // namespace clstep
