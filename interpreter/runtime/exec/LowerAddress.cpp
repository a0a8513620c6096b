// exec::Lowerer: the addresses of lvalues (variables, members, elements, dereferences) as
// Node trees, a variable's member or constant element folded into one addressSlotOffset
// node, and the loads from them. The other expressions: LowerExpr.cpp.
#include "runtime/exec/Handlers.h"
#include "runtime/exec/Lowerer.h"

namespace clstep::exec {

using namespace ast;
using H = Handlers;

Node* Lowerer::load(const Expr* e, const Node* address) {
    return make(address->fn == &H::addressSlotOffset ? &H::loadVariable : &H::load, e, address);
}

const Node* Lowerer::slotOffset(const Expr* e, const Node* base, uint64_t offset) {
    if (base->fn != &H::addressSlot && base->fn != &H::addressSlotOffset) return nullptr;
    const uint64_t total = (base->fn == &H::addressSlotOffset ? base->imm.u : 0) + offset;
    if (total >= (uint64_t(1) << 32)) return nullptr; // far inside the offset bits
    Node* n = make(&H::addressSlotOffset, e);
    n->slot = base->slot;
    n->imm.u = total;
    return n;
}

const Node* Lowerer::address(const Expr* e) {
    switch (e->kind) {
    case ExprKind::Name: {
        auto* name = static_cast<const NameExpr*>(e);
        if (name->decl && name->decl->kind == DeclKind::Var) {
            auto* v = static_cast<const VarDecl*>(name->decl);
            Node* n = make(v->isProgramScope ? &H::addressProgramVar : &H::addressSlot, e);
            n->slot = v->slot;
            return n;
        }
        if (name->decl && name->decl->kind == DeclKind::Param) {
            Node* n = make(&H::addressSlot, e);
            n->slot = static_cast<const ParamDecl*>(name->decl)->slot;
            return n;
        }
        return make(&H::constant, e);
    }
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        if (u->op == UnaryOp::Deref) return scalar(u->operand.get());
        break;
    }
    case ExprKind::Index: {
        auto* x = static_cast<const IndexExpr*>(e);
        const Type* bt = x->base->type->canonical();
        if (bt->isVector() && x->base->isLValue) { // `v[i]`: index first, then the vector
            const Node* index = scalar(x->index.get());
            Node* n = make(&H::addressVectorIndex, e, address(x->base.get()), index);
            n->imm.u = bt->element->size;
            return n;
        }
        if (bt->isVector() || !isScalarExpr(x->base.get())) break;
        const Node* index = scalar(x->index.get());
        const Node* base = scalar(x->base.get());
        const bool checked = staticIndexCheck(x, index, false);
        if (!checked && index->fn == &H::constant && index->imm.i >= 0 &&
            index->imm.i < (int64_t(1) << 24))
            if (const Node* n = slotOffset(e, base, uint64_t(index->imm.i) * elementSize(bt)))
                return n;
        Node* n = make(&H::addressIndex, e, base, index);
        n->imm.u = elementSize(bt);
        n->slot = checked ? 1 : 0;
        return n;
    }
    case ExprKind::Member: {
        auto* m = static_cast<const MemberExpr*>(e);
        const Node* base = m->arrow ? scalar(m->base.get()) : address(m->base.get());
        uint64_t offset;
        if (m->field) {
            offset = m->field->offset;
        } else {
            const Type* vt =
                (m->arrow ? m->base->type->canonical()->pointee.type : m->base->type.type)
                    ->canonical();
            offset = m->swizzle[0] * vt->element->size;
        }
        if (!m->arrow)
            if (const Node* n = slotOffset(e, base, offset)) return n;
        Node* n = make(&H::addressOffset, e, base);
        n->imm.u = offset;
        return n;
    }
    case ExprKind::StringLiteral:
        return make(&H::stringLiteral, e);
    case ExprKind::CompoundLiteral: // an lvalue (C99 6.5.2.5p5): its temporary
        if (const Node* n = compoundLiteral(static_cast<const CompoundLiteralExpr*>(e), true))
            return n;
        return unsupported(e);
    default:
        break;
    }
    // an aggregate rvalue is its address (`f().x`, `(a = b).x`, `(c, s).x`): LowerAggregate.cpp
    if (isAggregateExpr(e)) return aggregate(e);
    // a value without storage of its own: a temporary holding it
    const Node* value = isVectorExpr(e) ? vector(e) : scalar(e);
    return make(&H::materialize, e, value);
}

} // namespace clstep::exec
