// exec::Lowerer: expressions of scalar, pointer or opaque type and lvalue addresses to Node
// trees. Each handler is picked here for the operator and the component type (one template
// instantiation per pair, through byKind()/byOp()); a form Sema does not produce becomes an
// unsupported() node.
#include "builtins/BuiltinRegistry.h"
#include "runtime/exec/Handlers.h"
#include "runtime/exec/KindDispatch.h"
#include "runtime/exec/Lowerer.h"
#include "runtime/exec/VectorHandlers.h"

namespace clstep::exec {

using namespace ast;
using H = Handlers;
using VH = VectorHandlers;
using namespace dispatch;

namespace {

bool isArithmeticKind(TypeKind k) {
    return k >= TypeKind::Bool && k <= TypeKind::Double;
}

} // namespace

uint64_t Lowerer::elementSize(const Type* t) {
    const Type* pointee = t->canonical()->pointee.type;
    return pointee && pointee->canonical()->size ? pointee->canonical()->size : 1;
}

Node* Lowerer::make(Node::Fn fn, const Expr* e, const Node* a, const Node* b, const Node* c) {
    Node* n = m_program.newNode();
    n->fn = fn;
    n->expr = e;
    n->a = a;
    n->b = b;
    n->c = c;
    return n;
}

int32_t Lowerer::privateSlot(const Expr* e) {
    if (e->kind != ExprKind::Name) return -1;
    auto* n = static_cast<const NameExpr*>(e);
    if (!n->decl || n->frameSlot < 0) return -1;
    if (n->decl->kind == DeclKind::Var) {
        auto* v = static_cast<const VarDecl*>(n->decl);
        if (v->isProgramScope || static_cast<int32_t>(v->slot) != n->frameSlot) return -1;
        return n->frameSlot;
    }
    if (n->decl->kind == DeclKind::Param &&
        static_cast<int32_t>(static_cast<const ParamDecl*>(n->decl)->slot) == n->frameSlot)
        return n->frameSlot;
    return -1;
}

const Node* Lowerer::scalar(const Expr* e) {
    if (const Node* n = scalarOrNull(e)) {
        ++m_program.stats().lowered;
        return n;
    }
    return unsupported(e);
}

const Node* Lowerer::unsupported(const Expr* e) {
    ++m_program.stats().unsupported;
    Node* n = make(&H::unsupported, e);
    if (isVectorExpr(e)) {
        n->fn = nullptr;
        n->vec = &VH::unsupported;
        n->count = e->type->canonical()->count;
    }
    return n;
}

const Node* Lowerer::compoundLiteral(const CompoundLiteralExpr* c, bool address) {
    InitPlan* plan = m_program.newPlan();
    if (!initPlan(c->type, c->init.get(), 0, 0, plan->steps)) return nullptr;
    Node* n = make(&H::compoundLiteral, c);
    n->imm.u = reinterpret_cast<uintptr_t>(plan);
    const Type* t = c->type->canonical();
    if (address || t->isRecord() || t->isArray()) {
        n->slot = 1;
    } else if (t->isVector()) {
        n->fn = nullptr;
        n->vec = &VH::compoundLiteral;
        n->count = t->count;
    }
    return n;
}

const Node* Lowerer::scalarOrNull(const Expr* e) {
    const Type* t = e->type->canonical();
    switch (e->kind) {
    case ExprKind::IntLiteral: {
        Node* n = make(&H::constant, e);
        n->imm.u = static_cast<const IntLiteralExpr*>(e)->value;
        n->imm = component::normalize(n->imm, t->kind);
        return n;
    }
    case ExprKind::FloatLiteral: {
        const double d = static_cast<const FloatLiteralExpr*>(e)->value;
        Node* n = make(&H::constant, e);
        n->imm.u = 0;
        if (t->kind == TypeKind::Double) {
            n->imm.d = d;
        } else {
            const float f = static_cast<float>(d);
            n->imm.f = t->kind == TypeKind::Half ? component::roundDoubleToHalf(d) : f;
        }
        return n;
    }
    case ExprKind::Sizeof:
    case ExprKind::Alignof:
    case ExprKind::VecStep: {
        Node* n = make(&H::constant, e);
        n->imm.u = static_cast<const TypeTraitExpr*>(e)->value;
        return n;
    }
    case ExprKind::Name: {
        auto* name = static_cast<const NameExpr*>(e);
        if (name->decl && name->decl->kind == DeclKind::EnumConstant) {
            Node* n = make(&H::constant, e);
            n->imm.i = static_cast<const EnumConstantDecl*>(name->decl)->constant;
            return n;
        }
        const int32_t slot = privateSlot(e);
        const bool opaque = t->kind == TypeKind::Opaque;
        if (slot < 0) {
            if (name->decl && name->decl->kind == DeclKind::Var &&
                static_cast<const VarDecl*>(name->decl)->isProgramScope)
                return make(opaque ? &H::loadOpaque : &H::load, e, address(e));
            return nullptr;
        }
        if (opaque) {
            Node* n = make(&H::loadOpaqueSlot, e);
            n->slot = static_cast<uint32_t>(slot);
            return n;
        }
        Node* n = make(
            byKind(t->kind, [](auto K) -> Node::Fn { return &H::loadSlot<decltype(K)::value>; }),
            e);
        n->slot = static_cast<uint32_t>(slot);
        return n;
    }
    case ExprKind::Unary:
        return unary(static_cast<const UnaryExpr*>(e));
    case ExprKind::Binary:
        return binary(static_cast<const BinaryExpr*>(e));
    case ExprKind::Assign:
        return assign(static_cast<const AssignExpr*>(e));
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        if (isVectorExpr(c->cond.get())) // scalar operands, a vector condition: component 0
            return make(&VH::firstComponent, e, select(c, 1));
        if (!isScalarExpr(c->cond.get())) return nullptr;
        Node* n = make(&H::conditional, e, scalar(c->thenExpr.get()), scalar(c->elseExpr.get()),
                       scalar(c->cond.get()));
        n->from = c->cond->type->canonical()->kind;
        return n;
    }
    case ExprKind::Index: {
        auto* x = static_cast<const IndexExpr*>(e);
        if (!x->base->isLValue && isVectorExpr(x->base.get())) { // `f(x)[i]`
            const Node* v = vector(x->base.get());
            return make(&H::vectorElement, e, v, scalar(x->index.get()));
        }
        return load(e, address(e));
    }
    case ExprKind::Member: {
        auto* m = static_cast<const MemberExpr*>(e);
        if (!m->field) return component(m);
        Node* n = load(e, address(e));
        n->align = accessAlign(m);
        return n;
    }
    case ExprKind::Cast:
        return cast(e, static_cast<const CastExpr*>(e)->operand.get(), e->type.type);
    case ExprKind::ImplicitCast: {
        const Expr* operand = static_cast<const ImplicitCastExpr*>(e)->operand.get();
        if (operand->type->canonical()->isArray()) return address(operand); // decay
        return cast(e, operand, e->type.type);
    }
    case ExprKind::Call:
        return call(static_cast<const CallExpr*>(e));
    case ExprKind::CompoundLiteral:
        return compoundLiteral(static_cast<const CompoundLiteralExpr*>(e), false);
    case ExprKind::VectorLiteral: {
        // `(T)(a, b)` with a scalar or pointer T: a comma expression, then a cast
        auto* v = static_cast<const VectorLiteralExpr*>(e);
        if (!v->isCommaCast || v->elements.empty()) return nullptr;
        const Node* last = cast(e, v->elements.back().get(), e->type.type);
        if (!last) return nullptr;
        for (size_t i = v->elements.size() - 1; i-- > 0;)
            last = make(&H::comma, e, discard(v->elements[i].get()), last);
        return last;
    }
    default:
        return nullptr;
    }
}

const Node* Lowerer::expression(const Expr* e) {
    if (isVectorExpr(e)) return vector(e);
    if (isAggregateExpr(e)) return aggregate(e);
    if (e->type.type && e->type->isVoid()) return discard(e);
    return scalar(e); // scalar, pointer, opaque
}

const Node* Lowerer::discard(const Expr* e) {
    if (isScalarExpr(e) || isOpaqueOperand(e)) return scalar(e);
    if (isVectorExpr(e)) return discardVector(e);
    if (e->kind == ExprKind::Cast && e->type.type && e->type->isVoid()) // `(void)x`
        return discard(static_cast<const CastExpr*>(e)->operand.get());
    if (e->kind == ExprKind::Binary && static_cast<const BinaryExpr*>(e)->op == BinaryOp::Comma) {
        auto* b = static_cast<const BinaryExpr*>(e);
        const Node* lhs = discard(b->lhs.get());
        return make(&H::comma, e, lhs, discard(b->rhs.get()));
    }
    if (e->kind == ExprKind::VectorLiteral) {
        auto* v = static_cast<const VectorLiteralExpr*>(e);
        if (v->isCommaCast && !v->elements.empty()) {
            const Node* last = discard(v->elements.back().get());
            for (size_t i = v->elements.size() - 1; i-- > 0;)
                last = make(&H::comma, e, discard(v->elements[i].get()), last);
            return last;
        }
    }
    if (e->kind == ExprKind::Call) { // a builtin or user function without result
        if (const Node* n = call(static_cast<const CallExpr*>(e))) {
            ++m_program.stats().lowered;
            return n->vec ? make(&H::discard, e, n) : n;
        }
    }
    if (e->kind == ExprKind::Conditional) { // `c ? f() : g()` of type void
        auto* c = static_cast<const ConditionalExpr*>(e);
        if (isScalarExpr(c->cond.get())) {
            const Node* cond = scalar(c->cond.get());
            Node* n = make(&H::conditional, e, discard(c->thenExpr.get()),
                           discard(c->elseExpr.get()), cond);
            n->from = c->cond->type->canonical()->kind;
            return n;
        }
    }
    if (isAggregateExpr(e)) return aggregate(e); // struct, union, array: LowerAggregate.cpp
    return unsupported(e);
}

bool Lowerer::sameIntegerComponent(const Type* from, const Type* to) {
    if (!from->isInteger() || !to->isInteger() || to->kind == TypeKind::Bool) return false;
    if (to->kind == TypeKind::Long || to->kind == TypeKind::ULong) return true; // mod 2^64
    if (from->kind == TypeKind::Bool) return true;
    const bool fromSigned = from->isSigned(), toSigned = to->isSigned();
    if (fromSigned && !toSigned) return false;
    return from->size < to->size || (from->size == to->size && fromSigned == toSigned);
}

bool Lowerer::isOpaqueOperand(const Expr* e) {
    return e->type.type && e->type->canonical()->kind == TypeKind::Opaque;
}

const Node* Lowerer::cast(const Expr* e, const Expr* operand, const Type* to) {
    const Type* from = operand->type->canonical();
    to = to->canonical();
    if (isOpaqueOperand(operand)) { // a handle: as is, or converted (spec 6.2)
        if (to->kind == TypeKind::Opaque) return scalar(operand);
        if (!to->isPointer() && !to->isScalarArithmetic()) return nullptr;
        Node* n = make(to->isPointer() ? &H::convertPointer : &H::convert, e, scalar(operand));
        n->from = TypeKind::Opaque;
        n->to = to->isPointer() ? TypeKind::Pointer : to->kind;
        return n;
    }
    if (!isScalarExpr(operand)) return nullptr;
    const Node* v = scalar(operand);
    if (from == to) return v;
    if (from->isScalarArithmetic() && to->isScalarArithmetic()) {
        if (sameIntegerComponent(from, to)) return v; // the conversion leaves the component's bits
        if (v->fn == &H::constant) { // a literal converted (`a[0]`'s index): folded
            Node* n = make(&H::constant, e);
            n->imm = component::convert(v->imm, from->kind, to->kind);
            return n;
        }
        Node* n = make(&H::convert, e, v);
        n->from = from->kind;
        n->to = to->kind;
        return n;
    }
    Node* n = make(&H::convertPointer, e, v);
    n->from = from->isPointer() ? TypeKind::Pointer : from->kind;
    n->to = to->isPointer() ? TypeKind::Pointer : to->kind;
    return n;
}

const Node* Lowerer::unary(const UnaryExpr* u) {
    const Type* t = u->type->canonical();
    const Expr* operand = u->operand.get();
    switch (u->op) {
    case UnaryOp::AddrOf: {
        if (operand->kind != ExprKind::Index) return address(operand);
        // `&a[i]`: i may be one past the end of a static array (C99 6.5.6p8)
        auto* x = static_cast<const IndexExpr*>(operand);
        const Type* bt = x->base->type->canonical();
        if (bt->isVector()) return address(operand); // `&v[i]`
        if (!isScalarExpr(x->base.get())) return nullptr;
        const Node* index = scalar(x->index.get());
        const Node* base = scalar(x->base.get());
        Node* n = make(&H::addressIndex, operand, base, index);
        n->imm.u = elementSize(bt);
        n->slot = (staticIndexCheck(x, index, true) ? 1u : 0u) | 2u;
        return n;
    }
    case UnaryOp::Deref:
        return make(&H::load, u, scalar(operand));
    case UnaryOp::Plus:
        return scalar(operand);
    case UnaryOp::Minus: {
        Node::Fn fn = byKind(t->kind, [](auto K) -> Node::Fn {
            if constexpr (decltype(K)::value == TypeKind::Pointer)
                return nullptr;
            else
                return &H::negate<decltype(K)::value>;
        });
        if (!fn) return nullptr;
        return make(fn, u, scalar(operand));
    }
    case UnaryOp::BitNot: {
        Node* n = make(&H::bitNot, u, scalar(operand));
        n->to = t->kind;
        return n;
    }
    case UnaryOp::LogNot: {
        if (!isScalarExpr(operand)) return nullptr;
        Node* n = make(&H::logNot, u, scalar(operand));
        n->from = operand->type->canonical()->kind;
        return n;
    }
    case UnaryOp::PreInc:
    case UnaryOp::PreDec:
    case UnaryOp::PostInc:
    case UnaryOp::PostDec: {
        if (!isArithmeticKind(t->kind) && !t->isPointer()) return nullptr;
        const int32_t slot = privateSlot(operand);
        Node* n = make(&H::incDec, u, nullptr, slot < 0 ? address(operand) : nullptr);
        n->to = t->isPointer() ? TypeKind::Pointer : t->kind;
        n->align = accessAlign(operand);
        if (slot >= 0) {
            n->slot = static_cast<uint32_t>(slot);
            n->from = n->to;
            // the loop counter's case: an int or uint private variable
            if (n->to == TypeKind::Int) n->fn = &H::incDecSlot<TypeKind::Int>;
            if (n->to == TypeKind::UInt) n->fn = &H::incDecSlot<TypeKind::UInt>;
        }
        n->imm.u = (u->op == UnaryOp::PreInc || u->op == UnaryOp::PostInc ? 1u : 0u) |
                   (u->op == UnaryOp::PreInc || u->op == UnaryOp::PreDec ? 2u : 0u) |
                   (t->isPointer() ? elementSize(t) << 2 : 0u);
        return n;
    }
    }
    return nullptr;
}

const Node* Lowerer::binary(const BinaryExpr* b) {
    const Expr* lhs = b->lhs.get();
    const Expr* rhs = b->rhs.get();
    switch (b->op) {
    case BinaryOp::Comma: {
        const Node* first = discard(lhs);
        return make(&H::comma, b, first, scalar(rhs));
    }
    case BinaryOp::LogAnd:
    case BinaryOp::LogOr: {
        if (!isScalarExpr(lhs) || !isScalarExpr(rhs)) return nullptr;
        Node* n =
            make(b->op == BinaryOp::LogAnd ? &H::logAnd : &H::logOr, b, scalar(lhs), scalar(rhs));
        n->from = lhs->type->canonical()->kind;
        n->to = rhs->type->canonical()->kind;
        return n;
    }
    default:
        break;
    }
    if (!isScalarExpr(lhs) || !isScalarExpr(rhs)) return nullptr;
    const Type* lt = lhs->type->canonical();
    const Type* rt = rhs->type->canonical();
    const BinaryOp op = b->op;
    if (Node::Fn fn = byCompareOp(op, [&](auto O) {
            const TypeKind k = lt->isPointer() || rt->isPointer() ? TypeKind::Pointer : lt->kind;
            return byKind(k, [](auto K) -> Node::Fn {
                return &H::compare<decltype(O)::value, decltype(K)::value>;
            });
        }))
        return make(fn, b, scalar(lhs), scalar(rhs));
    if (op == BinaryOp::Add || op == BinaryOp::Sub) {
        if (lt->isPointer() && rt->isPointer()) {
            if (op != BinaryOp::Sub) return nullptr;
            Node* n = make(&H::pointerDiff, b, scalar(lhs), scalar(rhs));
            n->imm.u = elementSize(lt);
            return n;
        }
        if (lt->isPointer()) {
            Node* n = make(&H::pointerAdd, b, scalar(lhs), scalar(rhs));
            n->imm.u = elementSize(lt);
            n->to = op == BinaryOp::Sub ? TypeKind::Char : TypeKind::Void;
            return n;
        }
        if (rt->isPointer()) {
            const Node* i = scalar(lhs); // lowered in evaluation order: integer first
            Node* n = make(&H::pointerAdd, b, scalar(rhs), i);
            n->imm.u = elementSize(rt);
            n->slot = 1;
            return n;
        }
    }
    const TypeKind k = b->type->canonical()->kind;
    Node::Fn fn = byArithOp(op, [&](auto O) {
        return byKind(k, [](auto K) -> Node::Fn {
            if constexpr (decltype(K)::value == TypeKind::Pointer)
                return nullptr;
            else
                return &H::arith<decltype(O)::value, decltype(K)::value>;
        });
    });
    if (!fn) return nullptr;
    return make(fn, b, scalar(lhs), scalar(rhs));
}

const Node* Lowerer::assign(const AssignExpr* a) {
    const Expr* lhs = a->lhs.get();
    const Expr* rhs = a->rhs.get();
    const Type* lt = lhs->type->canonical();
    const int32_t slot = privateSlot(lhs);
    if (a->op == BinaryOp::None && isOpaqueOperand(lhs) && isOpaqueOperand(rhs)) {
        // `e = async_work_group_copy(...)`: a handle, rhs first, then the lvalue
        const Node* value = scalar(rhs);
        Node* n = make(&H::assignValue, a, value, slot < 0 ? address(lhs) : nullptr);
        n->align = accessAlign(lhs);
        if (slot >= 0) {
            n->slot = static_cast<uint32_t>(slot);
            n->from = TypeKind::Opaque;
        }
        return n;
    }
    if (!isScalarExpr(rhs)) return nullptr;
    Node::Fn fn = &H::assign;
    if (a->op != BinaryOp::None && lt->isPointer()) {
        if (a->op != BinaryOp::Add && a->op != BinaryOp::Sub) return nullptr;
        // `p += i`: the pointer's address and value first, then i
        const Node* lvalue = slot < 0 ? address(lhs) : nullptr;
        Node* n = make(&H::pointerCompoundAssign, a, scalar(rhs), lvalue);
        n->imm.u = elementSize(lt) << 1 | (a->op == BinaryOp::Sub ? 1u : 0u);
        n->align = accessAlign(lhs);
        n->to = TypeKind::Pointer;
        if (slot >= 0) {
            n->slot = static_cast<uint32_t>(slot);
            n->from = TypeKind::Pointer;
        }
        return n;
    }
    if (a->op != BinaryOp::None) {
        if (!isArithmeticKind(lt->kind)) return nullptr;
        const Type* ct = a->computeType.type ? a->computeType->canonical() : lt;
        fn = byArithOp(a->op, [&](auto O) {
            return byKind(ct->kind, [](auto K) -> Node::Fn {
                if constexpr (decltype(K)::value == TypeKind::Pointer)
                    return nullptr;
                else
                    return &H::compoundAssign<decltype(O)::value, decltype(K)::value>;
            });
        });
        if (!fn) return nullptr;
    }
    // Lowered in evaluation order: a compound assignment reads the lvalue before rhs.
    const Node* lvalue = nullptr;
    const Node* value = nullptr;
    if (a->op == BinaryOp::None) value = scalar(rhs);
    if (slot < 0) lvalue = address(lhs);
    if (!value) value = scalar(rhs);
    Node* n = make(fn, a, value, lvalue);
    n->align = accessAlign(lhs);
    n->to = lt->kind;
    if (slot >= 0) {
        n->slot = static_cast<uint32_t>(slot);
        n->from = lt->kind;
    }
    return n;
}

const Node* Lowerer::call(const CallExpr* c) {
    if (c->builtin < 0) return userCall(c); // exec::Call (LowerCall.cpp)
    const BuiltinDef& def = BuiltinRegistry::instance().def(c->builtin);
    if (def.dimQuery && c->args.size() == 1) {
        // the two most frequent queries read the work-item's ids directly
        const auto fn = def.dimQuery == &BuiltinEnv::globalId  ? &H::globalIdQuery
                        : def.dimQuery == &BuiltinEnv::localId ? &H::localIdQuery
                                                               : &H::dimQuery;
        Node* n = make(fn, c, scalar(c->args[0].get()));
        n->imm.u = reinterpret_cast<uintptr_t>(&def);
        return n;
    }
    if (!def.impl) return nullptr;
    return builtinArguments(c, make(&H::callBuiltin, c));
}

Node* Lowerer::builtinArguments(const CallExpr* c, Node* n) {
    const BuiltinDef& def = BuiltinRegistry::instance().def(c->builtin);
    for (const ExprPtr& arg : c->args)
        if (!isScalarExpr(arg.get()) && !isVectorExpr(arg.get()) && !isOpaqueOperand(arg.get()))
            return nullptr;
    const size_t count = c->args.size();
    const Node** list = count > 3 ? m_program.newList(count) : nullptr;
    const Node* args[3] = {nullptr, nullptr, nullptr};
    for (size_t i = 0; i < count; ++i)
        (list ? list[i] : args[i]) = operand(c->args[i].get());
    n->a = args[0];
    n->b = args[1];
    n->c = args[2];
    n->list = list;
    n->slot = static_cast<uint32_t>(count);
    n->imm.u = reinterpret_cast<uintptr_t>(&def);
    return n;
}

} // namespace clstep::exec
