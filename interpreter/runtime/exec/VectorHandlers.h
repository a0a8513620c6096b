#pragma once

#include "runtime/exec/Handlers.h"

#include <algorithm>
#include <cstring>

namespace clstep::exec {

/// The handlers of lowered vector nodes (exec::Node::vec, spec 6.1.2 and 6.3: operators on
/// vectors work component-wise). Each one writes the `n.count` components of its result into
/// `out` for the expression the node was lowered from, operands left to right, with its
/// diagnostics (per component) and its memory accesses through the work-item's MemoryPort (a whole
/// vector loaded or stored as one access, a multi-component swizzle written per component).
/// Every operator is the component operation
/// of core/ComponentOps.h (component::arith, component::compare, component::convert) instantiated
/// once per operator and component type and applied over the N components.
struct VectorHandlers {
    using BinaryOp = ast::BinaryOp;

    /// Evaluates operand node `n` into `out`: all components of a vector node, component 0 of a
    /// scalar one.
    static void evalInto(const Node* n, Evaluator& ev, Component* out) {
        if (n->vec)
            n->vec(*n, ev, out);
        else
            out[0] = n->fn(*n, ev);
    }
    /// A vector form the lowering has no handler for (Handlers::unsupported): zero components.
    [[gnu::cold]] static void unsupported(const Node& n, Evaluator& ev, Component* out) {
        Handlers::unsupported(n, ev);
        std::fill_n(out, n.count, Component{.u = 0});
    }
    /// A call of a function declared but never defined, with a vector result
    /// (Handlers::undefinedFunction): zero components.
    [[gnu::cold]] static void undefinedFunction(const Node& n, Evaluator& ev, Component* out) {
        Handlers::undefinedFunction(n, ev);
        std::fill_n(out, n.count, Component{.u = 0});
    }
    /// A compound literal of vector type `(float4){1, 2, 3, 4}` (Handlers::compoundLiteral):
    /// the temporary's value.
    static void compoundLiteral(const Node& n, Evaluator& ev, Component* out) {
        const uint64_t t = Handlers::compoundLiteralObject(n, ev);
        const Value v = ev.load(t, n.expr->type, n.expr->range);
        std::copy_n(v.components, n.count, out);
    }
    /// Scalar-shaped wrapper (Node::fn) of vector node `n.a`, evaluated for its side effects
    /// (an expression statement).
    static Component discard(const Node& n, Evaluator& ev) {
        Component tmp[16];
        n.a->vec(*n.a, ev, tmp);
        return tmp[0];
    }

    // ---- variables and memory --------------------------------------------------------
    /// A private vector variable or parameter (`n.slot`, element component type `n.to`): in place
    /// when the port allows it, else loaded whole through the port.
    static void loadSlot(const Node& n, Evaluator& ev, Component* out) {
        const Type* t = n.expr->type->canonical();
        if (const uint8_t* p = Handlers::directSlot(ev, n.slot)) {
            componentmem::readComponents(p, t->element->kind, t->element->size, t->count, out);
            return;
        }
        const Value v = ev.load(Handlers::slotAddress(ev, n.slot), n.expr->type, n.expr->range);
        std::copy_n(v.components, n.count, out);
    }
    /// loadSlot() of a `floatN` slot: the N components read in place as
    /// componentmem::readComponents reads them, else loadSlot().
    template <uint32_t N>
    static void loadSlotFloat(const Node& n, Evaluator& ev, Component* out) {
        if (const uint8_t* p = Handlers::directSlot(ev, n.slot)) {
            for (uint32_t i = 0; i < N; ++i) {
                out[i].u = 0;
                std::memcpy(&out[i].f, p + i * 4, 4);
            }
            return;
        }
        loadSlot(n, ev, out);
    }
    /// Loads the vector at address `n.a` (type and site of `n.expr`, alignment `n.align`):
    /// `p[i]`, `*p`, a record field, a program-scope variable.
    static void load(const Node& n, Evaluator& ev, Component* out) {
        const uint64_t a = Handlers::eval(n.a, ev).u;
        ev.m_wi.memoryPort().loadComponents(ev.m_wi, a, n.expr->type, n.expr->range, n.align, out,
                                            n.count);
    }
    /// Stores vector `v` into vector lvalue `lhs` of node `n`: a
    /// private slot (`n.from` not Void: in place or through the port), the components of a
    /// multi-component swizzle (`n.imm.u` = 1; `n.b` computes the base vector's address, the
    /// pointer's value for `p->xy`), or the address computed by `n.b`.
    static void storeTo(const Node& n, Evaluator& ev, const ast::Expr* lhs, const Component* v) {
        const Type* t = lhs->type->canonical();
        if (n.imm.u == 1) {
            auto* m = static_cast<const ast::MemberExpr*>(lhs);
            const QualType base = m->arrow ? m->base->type->canonical()->pointee : m->base->type;
            const Type* vt = base->canonical();
            const uint64_t a = Handlers::eval(n.b, ev).u;
            for (size_t i = 0; i < m->swizzle.size(); ++i) {
                Value one;
                one.components[0] = v[i];
                ev.storeAt(a + m->swizzle[i] * vt->element->size, QualType{vt->element, base.space},
                           one, lhs->range, n.align);
            }
            return;
        }
        if (n.from != TypeKind::Void) {
            if (uint8_t* p = Handlers::directSlot(ev, n.slot)) {
                componentmem::writeComponents(p, t->element->kind, t->element->size, t->count, v);
                return;
            }
        }
        const uint64_t a = n.from != TypeKind::Void ? Handlers::slotAddress(ev, n.slot)
                                                    : Handlers::eval(n.b, ev).u;
        Value value;
        std::copy_n(v, t->count, value.components);
        ev.storeAt(a, lhs->type, value, lhs->range, n.align);
    }
    /// The left operand of assignment node `n`.
    static const ast::Expr* lhsOf(const Node& n) {
        return static_cast<const ast::AssignExpr*>(n.expr)->lhs.get();
    }
    /// `lhs = rhs` of vector type: rhs (`n.a`) first, then the lvalue (storeTo()).
    static void assign(const Node& n, Evaluator& ev, Component* out) {
        n.a->vec(*n.a, ev, out);
        storeTo(n, ev, lhsOf(n), out);
    }
    /// `lhs op= rhs` of vector type computed in element component type K (the lvalue's own type):
    /// the lvalue's current value (`n.c`), then rhs (`n.a`), then the store, which computes
    /// the lvalue's address again.
    template <BinaryOp Op, TypeKind K>
    static void compoundAssign(const Node& n, Evaluator& ev, Component* out) {
        Component cur[16], y[16];
        n.c->vec(*n.c, ev, cur);
        evalInto(n.a, ev, y);
        applyArith<Op, K>(n, ev, cur, y, out, static_cast<const ast::AssignExpr*>(n.expr)->opRange);
        storeTo(n, ev, lhsOf(n), out);
    }

    // ---- operators -------------------------------------------------------------------
    /// `out[i] = x[i] Op y[i]` for the `n.count` components (integer division by zero reported at
    /// `site` once per component).
    template <BinaryOp Op, TypeKind K>
    static void applyArith(const Node& n, Evaluator& ev, const Component* x, const Component* y,
                           Component* out, const SourceRange& site) {
        for (uint32_t i = 0; i < n.count; ++i) {
            if (component::quickArith(Op, K, x[i], y[i], out[i])) continue;
            bool divisionByZero = false;
            out[i] = component::arith(Op, K, x[i], y[i], divisionByZero);
            if (divisionByZero) [[unlikely]]
                ev.reportDivisionByZero(site);
        }
    }
    /// `a Op b` on two vectors of element component type K.
    template <BinaryOp Op, TypeKind K>
    static void arith(const Node& n, Evaluator& ev, Component* out) {
        Component x[16], y[16];
        n.a->vec(*n.a, ev, x);
        n.b->vec(*n.b, ev, y);
        applyArith<Op, K>(n, ev, x, y, out, static_cast<const ast::BinaryExpr*>(n.expr)->opRange);
    }
    /// `a Op b` for a relational or equality operator on vectors of element component type K:
    /// -1 (all bits set) or 0 per component (spec 6.3.d).
    template <BinaryOp Op, TypeKind K>
    static void compare(const Node& n, Evaluator& ev, Component* out) {
        Component x[16], y[16];
        n.a->vec(*n.a, ev, x);
        n.b->vec(*n.b, ev, y);
        for (uint32_t i = 0; i < n.count; ++i)
            out[i].i = component::compare(Op, K, x[i], y[i]) ? -1 : 0;
    }
    /// `-v` (0 - v per component of integer type K; the sign flipped for floating K).
    template <TypeKind K>
    static void negate(const Node& n, Evaluator& ev, Component* out) {
        Component v[16], zero[16];
        n.a->vec(*n.a, ev, v);
        if constexpr (K == TypeKind::Float || K == TypeKind::Half || K == TypeKind::Double) {
            for (uint32_t i = 0; i < n.count; ++i)
                out[i] = component::negateFloating(K, v[i]);
            return;
        }
        for (uint32_t i = 0; i < n.count; ++i)
            zero[i].u = 0;
        applyArith<BinaryOp::Sub, K>(n, ev, zero, v, out, n.expr->range);
    }
    /// `~v` on integer element component type `n.to`.
    static void bitNot(const Node& n, Evaluator& ev, Component* out) {
        n.a->vec(*n.a, ev, out);
        for (uint32_t i = 0; i < n.count; ++i)
            out[i] = component::normalize(Component{.u = ~out[i].u}, n.to);
    }
    /// `c ? a : b` with a scalar condition of component type `n.from`.
    static void conditional(const Node& n, Evaluator& ev, Component* out) {
        const Node* chosen = Handlers::truth(n.c, n.from, ev) ? n.a : n.b;
        chosen->vec(*chosen, ev, out);
    }
    /// `c ? a : b` with a vector condition `n.c` (spec 6.3.i: select(b, a, c)): all three
    /// evaluated (condition first), each component taken from `a` where the most significant bit
    /// (bit `n.slot`) of the condition's component is set, else from `b`. A scalar `a` or `b`
    /// counts for every component.
    static void select(const Node& n, Evaluator& ev, Component* out) {
        Component c[16], x[16], y[16];
        n.c->vec(*n.c, ev, c);
        evalInto(n.a, ev, x);
        evalInto(n.b, ev, y);
        const bool xs = !n.a->vec, ys = !n.b->vec;
        for (uint32_t i = 0; i < n.count; ++i)
            out[i] = (c[i].u >> n.slot) & 1 ? x[xs ? 0 : i] : y[ys ? 0 : i];
    }
    /// `!v` (spec 6.3.f): -1 in each component of `v` (element component type `n.from`) that is
    /// zero, else 0.
    static void logNot(const Node& n, Evaluator& ev, Component* out) {
        Component v[16];
        n.a->vec(*n.a, ev, v);
        for (uint32_t i = 0; i < n.count; ++i)
            out[i].i = truthOf(v[i], n.from) ? 0 : -1;
    }
    /// `a && b` (`n.imm.u` = 0) or `a || b` (1) on vectors of element component type `n.from`
    /// (spec 6.3.h): both operands evaluated, -1 or 0 per component.
    static void logical(const Node& n, Evaluator& ev, Component* out) {
        Component x[16], y[16];
        n.a->vec(*n.a, ev, x);
        n.b->vec(*n.b, ev, y);
        for (uint32_t i = 0; i < n.count; ++i) {
            const bool l = truthOf(x[i], n.from), r = truthOf(y[i], n.from);
            out[i].i = (n.imm.u ? (l || r) : (l && r)) ? -1 : 0;
        }
    }
    /// The truth of component `v` of component type `k` (non-zero; -0.0 and NaN as C compares
    /// them).
    static bool truthOf(Component v, TypeKind k) {
        if (k == TypeKind::Float || k == TypeKind::Half) return v.f != 0;
        if (k == TypeKind::Double) return v.d != 0;
        return v.u != 0;
    }
    /// `++v`, `v--`, ... (the operator of `n.expr`; spec 6.3.c) on a vector lvalue of element
    /// component type K: its value (`n.c`), every component plus or minus one, stored as storeTo()
    /// with the operand as lvalue; the result is the new value (prefix) or the old one.
    template <TypeKind K>
    static void incDec(const Node& n, Evaluator& ev, Component* out) {
        const ast::Expr* lhs = static_cast<const ast::UnaryExpr*>(n.expr)->operand.get();
        Component cur[16], one[16], next[16];
        n.c->vec(*n.c, ev, cur);
        const Component l1 = component::convert(Component{.i = 1}, TypeKind::Int, K);
        for (uint32_t i = 0; i < n.count; ++i)
            one[i] = l1;
        const auto op = static_cast<const ast::UnaryExpr*>(n.expr)->op;
        const bool inc = op == ast::UnaryOp::PreInc || op == ast::UnaryOp::PostInc;
        if (inc)
            applyArith<BinaryOp::Add, K>(n, ev, cur, one, next, n.expr->range);
        else
            applyArith<BinaryOp::Sub, K>(n, ev, cur, one, next, n.expr->range);
        storeTo(n, ev, lhs, next);
        const bool prefix = op == ast::UnaryOp::PreInc || op == ast::UnaryOp::PreDec;
        std::copy_n(prefix ? next : cur, n.count, out);
    }
    /// `a, b` of vector type: `n.a` (a scalar-shaped node, evaluated for its effects), then
    /// vector `n.b`.
    static void comma(const Node& n, Evaluator& ev, Component* out) {
        n.a->fn(*n.a, ev);
        n.b->vec(*n.b, ev, out);
    }
    /// A scalar-shaped node giving component 0 of vector node `n.a` (a `?:` with a vector condition
    /// and scalar operands has a scalar type).
    static Component firstComponent(const Node& n, Evaluator& ev) {
        Component tmp[16];
        n.a->vec(*n.a, ev, tmp);
        return tmp[0];
    }

    // ---- conversions, swizzles, literals ---------------------------------------------
    /// Scalar `n.a` of component type `n.from` converted to element type `n.to` and replicated
    /// into the `n.count` components (spec 6.2.6: implicit and explicit scalar-to-vector).
    static void splat(const Node& n, Evaluator& ev, Component* out) {
        const Component c = component::convert(Handlers::eval(n.a, ev), n.from, n.to);
        for (uint32_t i = 0; i < n.count; ++i)
            out[i] = c;
    }
    /// Vector `n.a` converted component by component from element type `n.from` to `n.to`.
    static void convert(const Node& n, Evaluator& ev, Component* out) {
        n.a->vec(*n.a, ev, out);
        for (uint32_t i = 0; i < n.count; ++i)
            out[i] = component::convert(out[i], n.from, n.to);
    }
    /// A swizzle `v.xyz`, `v.s0`, `v.lo`, ... of vector `n.a` (MemberExpr::swizzle).
    static void swizzle(const Node& n, Evaluator& ev, Component* out) {
        Component base[16];
        n.a->vec(*n.a, ev, base);
        const auto& sw = static_cast<const ast::MemberExpr*>(n.expr)->swizzle;
        for (uint32_t i = 0; i < n.count; ++i)
            out[i] = base[sw[i]];
    }
    /// A swizzle `p->xy` through pointer `n.a` to a vector: the whole vector is loaded
    /// (the pointee type, alignment `n.align`), then its components selected.
    static void loadSwizzle(const Node& n, Evaluator& ev, Component* out) {
        auto* m = static_cast<const ast::MemberExpr*>(n.expr);
        const QualType vt = m->base->type->canonical()->pointee;
        const uint64_t a = Handlers::eval(n.a, ev).u;
        const Value v = ev.loadAt(a, vt, n.expr->range, n.align);
        for (uint32_t i = 0; i < n.count; ++i)
            out[i] = v.components[m->swizzle[i]];
    }
    /// One component of a vector (a scalar node, Node::fn): of a private vector variable
    /// (`n.slot`, `n.from` not Void) read in place when it is direct, else component
    /// `n.imm.u` of vector node `n.a` (the whole vector is read).
    static Component component(const Node& n, Evaluator& ev) {
        if (n.from != TypeKind::Void)
            if (const uint8_t* p = Handlers::directSlot(ev, n.slot)) {
                Component l;
                componentmem::readComponent(p + n.imm.u * n.align, n.from, false, l);
                return l;
            }
        Component base[16];
        n.a->vec(*n.a, ev, base);
        return base[n.imm.u];
    }
    /// `(float4)(a, b, c, d)`: the `n.list` elements (scalars and vectors) in order, their
    /// components concatenated; a single scalar element is replicated (spec 6.1.6).
    static void literal(const Node& n, Evaluator& ev, Component* out) {
        uint32_t k = 0;
        const uint32_t elements = static_cast<uint32_t>(n.imm.u);
        for (uint32_t e = 0; e < elements; ++e) {
            const Node* el = n.list[e];
            if (!el->vec) {
                const Component l = el->fn(*el, ev);
                if (k < 16) out[k++] = l;
                continue;
            }
            Component x[16];
            el->vec(*el, ev, x);
            for (uint32_t i = 0; i < el->count && k < 16; ++i)
                out[k++] = x[i];
        }
        if (elements == 1 && k == 1)
            for (uint32_t i = 1; i < n.count; ++i)
                out[i] = out[0];
    }

    // ---- calls -----------------------------------------------------------------------
    /// A builtin with up to three scalar or vector arguments and a vector result
    /// (Handlers::callBuiltinValue).
    static void callBuiltin(const Node& n, Evaluator& ev, Component* out) {
        const Value result = Handlers::callBuiltinValue(n, ev);
        std::copy_n(result.components, n.count, out);
    }
};

} // namespace clstep::exec
