// exec::Lowerer: expressions of struct, union or array type (aggregate nodes, evaluating to
// the aggregate's address) and initializers flattened into exec::InitPlan steps (C99 6.7.8:
// zero-fill of each list's object, then each element in order).
#include "core/ComponentOps.h"
#include "frontend/Sema.h"
#include "runtime/exec/AggregateHandlers.h"
#include "runtime/exec/Handlers.h"
#include "runtime/exec/Lowerer.h"

#include <algorithm>
#include <optional>

namespace clstep::exec {

using namespace ast;

bool Lowerer::isAggregateExpr(const Expr* e) {
    if (!e->type.type) return false;
    const Type* t = e->type->canonical();
    return t->isRecord() || t->isArray();
}

const Node* Lowerer::aggregate(const Expr* e) {
    if (const Node* n = aggregateOrNull(e)) {
        ++m_program.stats().lowered;
        return n;
    }
    return unsupported(e);
}

uint64_t Lowerer::accessAlign(const Expr* e) {
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

const Node* Lowerer::aggregateOrNull(const Expr* e) {
    switch (e->kind) {
    case ExprKind::Name:
    case ExprKind::Index:
        return address(e); // the variable's or element's own storage
    case ExprKind::Member:
        if (!static_cast<const MemberExpr*>(e)->field) return nullptr;
        return address(e);
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        if (u->op != UnaryOp::Deref) return nullptr;
        return scalar(u->operand.get()); // `*p`: the pointer is the address
    }
    case ExprKind::Call: {
        auto* c = static_cast<const CallExpr*>(e);
        if (c->builtin >= 0) return nullptr;
        return userCall(c);
    }
    case ExprKind::Assign: {
        auto* a = static_cast<const AssignExpr*>(e);
        if (a->op != BinaryOp::None || !isAggregateExpr(a->rhs.get())) return nullptr;
        const Node* value = aggregate(a->rhs.get()); // rhs first, then the lvalue
        const Node* lvalue = address(a->lhs.get());
        Node* n = make(&AggregateHandlers::assign, e, value, lvalue);
        n->imm.u = a->lhs->type->canonical()->size;
        return n;
    }
    case ExprKind::CompoundLiteral: // `(S){1, 2}`: its temporary
        return compoundLiteral(static_cast<const CompoundLiteralExpr*>(e), true);
    case ExprKind::StringLiteral: // `"abc"` as a value: the array in constant memory
        return make(&Handlers::stringLiteral, e);
    case ExprKind::Binary: { // `(a, s)`: a for its effects, then s
        auto* b = static_cast<const BinaryExpr*>(e);
        if (b->op != BinaryOp::Comma || !isAggregateExpr(b->rhs.get())) return nullptr;
        const Node* first = discard(b->lhs.get());
        return make(&Handlers::comma, e, first, aggregate(b->rhs.get()));
    }
    case ExprKind::VectorLiteral: { // `(S)(a, s)`: a comma expression of struct type
        auto* v = static_cast<const VectorLiteralExpr*>(e);
        if (!v->isCommaCast || v->elements.empty() || !isAggregateExpr(v->elements.back().get()))
            return nullptr;
        const Node* last = aggregate(v->elements.back().get());
        for (size_t i = v->elements.size() - 1; i-- > 0;)
            last = make(&Handlers::comma, e, discard(v->elements[i].get()), last);
        return last;
    }
    case ExprKind::Cast:
    case ExprKind::ImplicitCast: { // to the same struct or union type: the object itself
        const Expr* operand = e->kind == ExprKind::Cast
                                  ? static_cast<const CastExpr*>(e)->operand.get()
                                  : static_cast<const ImplicitCastExpr*>(e)->operand.get();
        if (!isAggregateExpr(operand)) return nullptr;
        return aggregate(operand);
    }
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        if (!isScalarExpr(c->cond.get()) || !isAggregateExpr(c->thenExpr.get()) ||
            !isAggregateExpr(c->elseExpr.get()))
            return nullptr;
        Node* n = make(&Handlers::conditional, e, aggregate(c->thenExpr.get()),
                       aggregate(c->elseExpr.get()), scalar(c->cond.get()));
        n->from = c->cond->type->canonical()->kind;
        return n;
    }
    default:
        return nullptr;
    }
}

bool Lowerer::staticIndexCheck(const IndexExpr* x, const Node* index, bool addressOnly) {
    if (x->base->kind != ExprKind::ImplicitCast) return false;
    const Expr* array = static_cast<const ImplicitCastExpr*>(x->base.get())->operand.get();
    const Type* at = array->type->canonical();
    if (!at->isArray() || at->count == 0 || array->kind == ExprKind::Name) return false;
    if (index->fn == &Handlers::constant) {
        const int64_t i = index->imm.i;
        const int64_t n = static_cast<int64_t>(at->count);
        if (i >= 0 && (i < n || (addressOnly && i == n))) return false;
    }
    return true;
}

bool Lowerer::initPlan(QualType type, const Expr* init, uint64_t offset, uint64_t align,
                       std::vector<InitStep>& out) {
    const Type* t = type->canonical();
    if (!align) align = t->align;
    // a member of a packed record may be less aligned than its type (accessAlign())
    auto within = [align](uint64_t off, uint64_t own) {
        const uint64_t offsetAlign = off ? (off & (~off + 1)) : align;
        return std::max<uint64_t>(1, std::min({own, align, offsetAlign}));
    };
    InitStep step;
    step.offset = offset;
    step.expr = init;
    if (init->kind == ExprKind::InitList) {
        step.kind = InitStep::Kind::Zero;
        step.size = t->size;
        out.push_back(step);
        auto* list = static_cast<const InitListExpr*>(init);
        uint64_t index = 0;
        for (const InitElement& el : list->elements) {
            if (!el.designators.empty()) {
                const Designator& d = el.designators.front();
                if (!d.field.empty()) {
                    const Field* f = t->findField(d.field);
                    index = f ? static_cast<uint64_t>(f - t->fields.data()) : 0;
                } else if (d.index) { // a constant (Sema checked it: `[N - 1]`, `[sizeof(x)]`)
                    const std::optional<int64_t> i = Sema::evalIntConstant(d.index.get());
                    if (!i || *i < 0) return false;
                    index = static_cast<uint64_t>(*i);
                }
            }
            const Expr* value = el.value.get();
            if (t->isArray()) {
                const uint64_t at = index * t->element->size;
                if (!initPlan(QualType{t->element}, value, offset + at,
                              within(at, t->element->align), out))
                    return false;
            } else if (t->isRecord()) {
                if (index < t->fields.size()) {
                    const Field& f = t->fields[index];
                    if (!initPlan(f.type, value, offset + f.offset,
                                  within(f.offset, f.type->canonical()->align), out))
                        return false;
                }
            } else if (t->isVector()) {
                if (!isScalarExpr(value) && !isVectorExpr(value)) return false;
                const uint64_t at = index * t->element->size;
                InitStep e;
                e.kind = InitStep::Kind::Element;
                e.offset = offset + at;
                e.align = within(at, t->element->align);
                e.type = QualType{t->element};
                e.node = operand(value);
                e.expr = value;
                out.push_back(e);
            } else if (!initPlan(type, value, offset, align, out)) {
                return false;
            }
            ++index;
        }
        return true;
    }
    if (t->isArray() && init->kind == ExprKind::StringLiteral) {
        step.kind = InitStep::Kind::String;
        step.size = t->size;
        out.push_back(step);
        return true;
    }
    step.type = type;
    step.align = align;
    if (isScalarExpr(init) && t->isScalar()) {
        step.kind = InitStep::Kind::Scalar;
        step.node = scalar(init);
    } else if ((t->isRecord() || t->isArray()) && isAggregateExpr(init)) {
        step.kind = InitStep::Kind::Copy;
        step.size = t->size;
        step.node = aggregate(init);
    } else if (t->isVector() && isVectorExpr(init)) {
        step.kind = InitStep::Kind::Vector;
        step.node = vector(init);
    } else if (!t->isRecord() && !t->isArray() && !isAggregateExpr(init) &&
               !(init->type.type && init->type->isVoid())) {
        step.kind = InitStep::Kind::Value; // an opaque handle (`sampler_t s = flags;`)
        step.node = operand(init);
    } else {
        return false;
    }
    out.push_back(step);
    return true;
}

} // namespace clstep::exec
