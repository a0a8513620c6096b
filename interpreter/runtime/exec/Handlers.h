#pragma once

#include "builtins/BuiltinRegistry.h"
#include "core/ComponentOps.h"
#include "runtime/ComponentMemory.h"
#include "runtime/Evaluator.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"
#include "runtime/exec/Code.h"

#include <new>
#include <vector>

namespace clstep::exec {

/// The handlers of lowered expression nodes (exec::Node::fn). Each one evaluates its node to
/// one Component (C99 6.5 and spec 6.3 for the expression the node was lowered from: the order of
/// operand evaluation, the diagnostics, the memory accesses through the work-item's
/// MemoryPort, so the observer notifications). Operators are the component operations of
/// core/ComponentOps.h instantiated with the operator and component type fixed at lowering time.
struct Handlers {
    using BinaryOp = ast::BinaryOp;

    /// The in-place bytes of private slot `slot` of the running lowered body, or null.
    static uint8_t* directSlot(Evaluator& ev, uint32_t slot) { return ev.m_directSlots[slot]; }
    /// The address of slot `slot` of the current frame (0 before its declaration).
    static uint64_t slotAddress(Evaluator& ev, uint32_t slot) { return ev.frameSlot(slot); }
    /// Evaluates operand node `n`.
    static Component eval(const Node* n, Evaluator& ev) { return n->fn(*n, ev); }

    /// A literal, enum constant, sizeof/alignof/vec_step (Node::imm).
    static Component constant(const Node& n, Evaluator&) { return n.imm; }
    /// A form the lowering has no handler for (Sema does not produce it for a valid
    /// program): reports an "internal" diagnostic at the expression and gives 0.
    [[gnu::cold]] static Component unsupported(const Node& n, Evaluator& ev) {
        ev.reportError(DiagnosticKind::Internal,
                       "clstep cannot evaluate this form of expression (please report it); "
                       "using 0",
                       n.expr->range);
        return Component{.u = 0};
    }
    /// A call of function `n.expr` that is declared but never defined: "undefined-function"
    /// at the call, the arguments not evaluated, the result zero.
    [[gnu::cold]] static Component undefinedFunction(const Node& n, Evaluator& ev) {
        const auto* c = static_cast<const ast::CallExpr*>(n.expr);
        ev.reportError(DiagnosticKind::UndefinedFunction,
                       "function '" + c->function->name + "' is declared but never defined",
                       c->range);
        return Component{.u = 0};
    }
    /// The address of a temporary holding the value of non-lvalue `n.expr` (scalar or vector
    /// node `n.a`), allocated in the current frame (released with it) and stored through the
    /// port (`&` of a value that has no storage of its own).
    static Component materialize(const Node& n, Evaluator& ev) {
        Value v;
        if (n.a->vec)
            n.a->vec(*n.a, ev, v.components);
        else
            v.components[0] = n.a->fn(*n.a, ev);
        const uint64_t t = ev.allocTemp(n.expr->type->canonical()->size, "temporary");
        ev.store(t, QualType{n.expr->type.type}, v, n.expr->range);
        return Component{.u = t};
    }
    /// A compound literal `(T){...}` (C99 6.5.2.5): a temporary of the current frame
    /// (released with it) initialized by plan `n.imm.u` (exec::InitPlan); its address when
    /// `n.slot` is 1 (a struct, union or array, or the operand of `&`), else its value.
    static Component compoundLiteral(const Node& n, Evaluator& ev) {
        const uint64_t t = compoundLiteralObject(n, ev);
        if (n.slot == 1) return Component{.u = t};
        return ev.load(t, n.expr->type, n.expr->range).components[0];
    }
    /// The object of compound literal node `n`, initialized (compoundLiteral()).
    static uint64_t compoundLiteralObject(const Node& n, Evaluator& ev) {
        const uint64_t t =
            ev.compoundLiteralObject(static_cast<const ast::CompoundLiteralExpr*>(n.expr));
        ev.initLowered(*reinterpret_cast<const InitPlan*>(n.imm.u), t);
        return t;
    }
    /// `n.a`'s value after `n.b` (a scalar-shaped node, or null) is evaluated for its side
    /// effects: a barrier's flags and its other arguments.
    static Component first(const Node& n, Evaluator& ev) {
        const Component v = eval(n.a, ev);
        if (n.b) eval(n.b, ev);
        return v;
    }

    // ---- variables -------------------------------------------------------------------
    /// A private scalar variable or parameter (`n.slot`) of component type K: in place when the
    /// port allows it, else loaded through the port.
    template <TypeKind K>
    static Component loadSlot(const Node& n, Evaluator& ev) {
        if (const uint8_t* p = directSlot(ev, n.slot)) {
            Component l;
            componentmem::readComponent(p, K, false, l);
            return l;
        }
        return ev.loadScalar(slotAddress(ev, n.slot), n.expr->type, n.expr->range);
    }
    /// The address of a function-scope variable or parameter.
    static Component addressSlot(const Node& n, Evaluator& ev) {
        Component l;
        l.u = slotAddress(ev, n.slot);
        return l;
    }

    // ---- operators -------------------------------------------------------------------
    /// `a Op b` on component type K (component::quickArith inline, else component::arith; integer
    /// division by zero reported at the operator, "division-by-zero").
    template <BinaryOp Op, TypeKind K>
    static Component arith(const Node& n, Evaluator& ev) {
        const Component x = eval(n.a, ev);
        const Component y = eval(n.b, ev);
        Component r;
        if (component::quickArith(Op, K, x, y, r)) return r;
        bool divisionByZero = false;
        r = component::arith(Op, K, x, y, divisionByZero);
        if (divisionByZero) [[unlikely]]
            ev.reportDivisionByZero(static_cast<const ast::BinaryExpr*>(n.expr)->opRange);
        return r;
    }
    /// `a Op b` for a relational or equality operator on component type K: 1 or 0.
    template <BinaryOp Op, TypeKind K>
    static Component compare(const Node& n, Evaluator& ev) {
        const Component x = eval(n.a, ev);
        const Component y = eval(n.b, ev);
        Component r;
        r.i = component::compare(Op, K, x, y) ? 1 : 0;
        return r;
    }
    /// `-x` (0 - x on integer component type K; the sign flipped for floating K, IEEE 754 negate:
    /// -(+0) is -0).
    template <TypeKind K>
    static Component negate(const Node& n, Evaluator& ev) {
        Component zero;
        zero.u = 0;
        const Component v = eval(n.a, ev);
        Component r;
        if constexpr (K == TypeKind::Float || K == TypeKind::Half || K == TypeKind::Double)
            return component::negateFloating(K, v); // -0.0 is not 0.0 - 0.0
        if (component::quickArith(BinaryOp::Sub, K, zero, v, r)) return r;
        bool divisionByZero = false;
        return component::arith(BinaryOp::Sub, K, zero, v, divisionByZero);
    }
    /// `~a` on integer component type `n.to`.
    static Component bitNot(const Node& n, Evaluator& ev) {
        Component r;
        r.u = ~eval(n.a, ev).u;
        return component::normalize(r, n.to);
    }
    /// The truth of scalar operand `n.a` of component type `n.from` as 0/1 (C99 6.5.3.3 `!`
    /// gives the negation: `n.imm.u` = 1).
    static bool truth(const Node* a, TypeKind k, Evaluator& ev) {
        const Component v = eval(a, ev);
        if (k == TypeKind::Float || k == TypeKind::Half) return v.f != 0;
        if (k == TypeKind::Double) return v.d != 0;
        return v.u != 0;
    }
    /// `!a` on an operand of component type `n.from`: 1 or 0.
    static Component logNot(const Node& n, Evaluator& ev) {
        const Component v = eval(n.a, ev);
        Component r;
        r.i = (component::usesFloat(n.from) || n.from == TypeKind::Double)
                  ? component::toDouble(v, n.from) == 0
                  : v.u == 0;
        return r;
    }
    /// `a && b` (component types `n.from`, `n.to`), b only when a is true: 1 or 0.
    static Component logAnd(const Node& n, Evaluator& ev) {
        Component r;
        r.i = truth(n.a, n.from, ev) && truth(n.b, n.to, ev);
        return r;
    }
    /// `a || b`, b only when a is false: 1 or 0.
    static Component logOr(const Node& n, Evaluator& ev) {
        Component r;
        r.i = truth(n.a, n.from, ev) || truth(n.b, n.to, ev);
        return r;
    }
    /// `a, b`: `n.a` (a scalar-shaped node of any type, evaluated for its side effects),
    /// then `n.b`, the value.
    static Component comma(const Node& n, Evaluator& ev) {
        eval(n.a, ev);
        return eval(n.b, ev);
    }
    /// `c ? a : b` with a scalar condition of component type `n.from`.
    static Component conditional(const Node& n, Evaluator& ev) {
        return truth(n.c, n.from, ev) ? eval(n.a, ev) : eval(n.b, ev);
    }
    /// Pointer `n.a` plus integer `n.b` elements of `n.imm.u` bytes (negated: `n.to` is
    /// Char, for `p - i`); `n.slot` = 1: the integer comes first (`i + p`).
    static Component pointerAdd(const Node& n, Evaluator& ev) {
        Component p, i;
        if (n.slot) {
            i = eval(n.b, ev);
            p = eval(n.a, ev);
        } else {
            p = eval(n.a, ev);
            i = eval(n.b, ev);
        }
        const int64_t k = n.to == TypeKind::Char ? -i.i : i.i;
        return addElements(p, k, n.imm.u);
    }
    /// Pointer `p` plus `n` elements of `size` bytes (a null pointer plus 0 stays null;
    /// only the offset bits change, core/Address.h).
    static Component addElements(Component p, int64_t n, uint64_t size) {
        Component r;
        r.u = p.u == 0 && n == 0
                  ? 0
                  : (p.u & ~address::kOffsetMask) |
                        ((p.u + static_cast<uint64_t>(n) * size) & address::kOffsetMask);
        return r;
    }

    // ---- conversions -----------------------------------------------------------------
    /// Arithmetic conversion (spec 6.2) from component type `n.from` to `n.to`
    /// (component::convert).
    static Component convert(const Node& n, Evaluator& ev) {
        return component::convert(eval(n.a, ev), n.from, n.to);
    }
    /// Conversions involving pointers or opaque handles (spec 6.2; a pointer to bool is
    /// its non-nullness, a floating value to a pointer null).
    static Component convertPointer(const Node& n, Evaluator& ev) {
        const Component v = eval(n.a, ev);
        Component r;
        r.u = 0;
        const bool fromPointer = n.from == TypeKind::Pointer;
        const bool toPointer = n.to == TypeKind::Pointer;
        const bool fromFloating = component::usesFloat(n.from) || n.from == TypeKind::Double;
        if (n.to == TypeKind::Bool)
            r.u = v.u != 0;
        else if (toPointer && !fromPointer)
            r.u = fromFloating ? 0 : v.u;
        else
            r = toPointer ? v : component::normalize(v, n.to);
        return r;
    }

    // ---- memory ----------------------------------------------------------------------
    /// `base[index]`'s address: index first, then the static-array check (`n.slot` bit 0:
    /// the base is an array that decayed; bit 1: the operand of `&`, which may point one
    /// past the end; Evaluator::checkStaticArrayIndex), then the base pointer.
    static Component addressIndex(const Node& n, Evaluator& ev) {
        const int64_t i = eval(n.b, ev).i;
        if (n.slot & 1)
            ev.checkStaticArrayIndex(static_cast<const ast::IndexExpr*>(n.expr), i,
                                     (n.slot & 2) != 0);
        return addElements(eval(n.a, ev), i, n.imm.u);
    }
    /// `base.field` / `base->field` / one-component swizzle: base address (`n.a`) + imm.
    static Component addressOffset(const Node& n, Evaluator& ev) {
        Component l;
        l.u = eval(n.a, ev).u + n.imm.u;
        return l;
    }
    /// The address of a function-scope variable or parameter (slot `n.slot`) plus the
    /// constant offset `n.imm` of one of its members or elements: `s.f`, `s.a[2]`, `a[3]`
    /// (addressOffset() and an addressIndex() with a constant, unchecked, small index folded
    /// by the Lowerer; the same address).
    static Component addressSlotOffset(const Node& n, Evaluator& ev) {
        Component l;
        l.u = slotAddress(ev, n.slot) + n.imm.u;
        return l;
    }
    /// A program-scope variable's address.
    static Component addressProgramVar(const Node& n, Evaluator& ev) {
        Component l;
        l.u = ev.m_run.programVarAddress(n.slot);
        return l;
    }
    /// Loads the scalar at address `n.a` (type and site of `n.expr`, alignment `n.align`)
    /// through the port (Evaluator::loadThroughPort: a pointer's target, mostly not
    /// `__private`).
    static Component load(const Node& n, Evaluator& ev) {
        return ev.loadThroughPort(eval(n.a, ev).u, n.expr->type, n.expr->range, n.align);
    }
    /// load() of a member or element of a function-scope variable or parameter (`n.a` an
    /// addressSlotOffset node): Evaluator::loadScalar, whose `__private` access is done in
    /// place when the port keeps the uninitialized check's shadow.
    static Component loadVariable(const Node& n, Evaluator& ev) {
        const uint64_t a = eval(n.a, ev).u;
        if (address::space(a) == AddressSpace::Private)
            if (PrivateWrites* shadow = ev.m_wi.memoryPort().privateShadow()) {
                Component l;
                if (ev.loadInPlace(*shadow, a, n.expr->type->canonical(), n.align, l)) return l;
            }
        return ev.loadThroughPort(a, n.expr->type, n.expr->range, n.align);
    }
    /// Stores `v` into lvalue `n.b`'s expression: a private scalar slot (`n.slot` when
    /// `n.from` is not Void) or the address computed by `n.b`.
    static void storeTo(const Node& n, Evaluator& ev, const ast::Expr* lhs, Component v) {
        if (n.from != TypeKind::Void) {
            if (uint8_t* p = directSlot(ev, n.slot)) {
                componentmem::writeComponent(p, n.from, false, v);
                return;
            }
            ev.storeScalar(slotAddress(ev, n.slot), lhs->type, v, lhs->range, n.align);
            return;
        }
        ev.storeScalar(eval(n.b, ev).u, lhs->type, v, lhs->range, n.align);
    }
    /// `lhs = rhs` of scalar type: rhs (`n.a`) first, then the lvalue.
    static Component assign(const Node& n, Evaluator& ev) {
        const Component v = eval(n.a, ev);
        storeTo(n, ev, static_cast<const ast::AssignExpr*>(n.expr)->lhs.get(), v);
        return v;
    }
    /// `x op y` in component type CK for the compound assignment `a` (division by zero reported at
    /// its operator; the result is then 0, component::arith).
    template <BinaryOp Op, TypeKind CK>
    [[gnu::always_inline]] static Component operate(Component x, Component y, Evaluator& ev,
                                                    const ast::AssignExpr* a) {
        Component z;
        if (!component::quickArith(Op, CK, x, y, z)) {
            bool divisionByZero = false;
            z = component::arith(Op, CK, x, y, divisionByZero);
            if (divisionByZero) [[unlikely]]
                ev.reportDivisionByZero(a->opRange);
        }
        return z;
    }
    /// `lhs op= rhs` on an arithmetic lvalue of component type `n.to` computed in component type
    /// CK: the lvalue's address and current value first, then rhs (`n.a`). The lvalue is a private
    /// slot (`n.slot`, `n.from` not Void) or the address computed by `n.b`.
    template <BinaryOp Op, TypeKind CK>
    static Component compoundAssign(const Node& n, Evaluator& ev) {
        auto* a = static_cast<const ast::AssignExpr*>(n.expr);
        if (n.from != TypeKind::Void && n.to == CK) {
            // A private variable of the operation's own type, in place (`s >>= 1`, `i += 4`):
            // read, operate and write with the component type known here (no conversions).
            if (uint8_t* p = directSlot(ev, n.slot)) {
                Component cur;
                componentmem::readComponent(p, CK, false, cur);
                const Component z = operate<Op, CK>(cur, eval(n.a, ev), ev, a);
                componentmem::writeComponent(p, CK, false, z);
                return z;
            }
        }
        const ast::Expr* lhs = a->lhs.get();
        uint8_t* p = nullptr;
        uint64_t addr = 0;
        Component cur;
        if (n.from != TypeKind::Void) {
            p = directSlot(ev, n.slot);
            if (p)
                componentmem::readComponent(p, n.to, false, cur);
            else
                addr = slotAddress(ev, n.slot);
        } else {
            addr = eval(n.b, ev).u;
        }
        if (!p) cur = ev.loadScalar(addr, lhs->type, lhs->range, n.align);
        const Component y = eval(n.a, ev);
        const Component z = operate<Op, CK>(component::convert(cur, n.to, CK), y, ev, a);
        const Component result = component::convert(z, CK, n.to);
        if (p)
            componentmem::writeComponent(p, n.to, false, result);
        else
            ev.storeScalar(addr, lhs->type, result, lhs->range, n.align);
        return result;
    }
    /// The current value of the scalar lvalue of node `n` (`lhs`; a private slot `n.slot` when
    /// `n.from` is not Void, else the address computed by `n.b`): `p` is set to its bytes when
    /// it is in place, else `addr` to its address (computed once, for the store that follows).
    static Component readLValue(const Node& n, Evaluator& ev, const ast::Expr* lhs, uint8_t*& p,
                                uint64_t& addr) {
        Component cur;
        p = nullptr;
        addr = 0;
        if (n.from != TypeKind::Void) {
            p = directSlot(ev, n.slot);
            if (p) {
                componentmem::readComponent(p, n.to, false, cur);
                return cur;
            }
            addr = slotAddress(ev, n.slot);
        } else {
            addr = eval(n.b, ev).u;
        }
        return ev.loadScalar(addr, lhs->type, lhs->range, n.align);
    }
    /// Writes `v` where readLValue() read it.
    static void writeLValue(const Node& n, Evaluator& ev, const ast::Expr* lhs, uint8_t* p,
                            uint64_t addr, Component v) {
        if (p)
            componentmem::writeComponent(p, n.to, false, v);
        else
            ev.storeScalar(addr, lhs->type, v, lhs->range, n.align);
    }
    /// `++x`, `x--`, ... (C99 6.5.2.4, 6.5.3.1) on a scalar lvalue of component type `n.to`: a
    /// private variable (`n.slot`, `n.from` not Void; in place or through the port) or the
    /// address computed by `n.b` (an element, a field, `*p`, a component). imm.u bit 0:
    /// increment; bit 1: prefix; bits 2 and up: a pointer's (`n.to` Pointer) element size in
    /// bytes, the step (C99 6.5.6).
    static Component incDec(const Node& n, Evaluator& ev) {
        const ast::Expr* lhs = static_cast<const ast::UnaryExpr*>(n.expr)->operand.get();
        uint8_t* p;
        uint64_t addr;
        const Component cur = readLValue(n, ev, lhs, p, addr);
        const TypeKind k = n.to;
        const bool inc = n.imm.u & 1;
        Component next;
        if (k == TypeKind::Pointer) {
            next = addElements(cur, inc ? 1 : -1, n.imm.u >> 2);
        } else {
            const Component one = component::convert(Component{.i = 1}, TypeKind::Int, k);
            const BinaryOp op = inc ? BinaryOp::Add : BinaryOp::Sub;
            if (!component::quickArith(op, k, cur, one, next)) {
                bool divisionByZero = false;
                next = component::arith(op, k, cur, one, divisionByZero);
            }
        }
        writeLValue(n, ev, lhs, p, addr, next);
        return (n.imm.u & 2) ? next : cur;
    }
    /// incDec() on a private variable of component type K (`n.to`, Int or UInt): in place when
    /// the slot is direct, as incDec() computes it; else incDec().
    template <TypeKind K>
    static Component incDecSlot(const Node& n, Evaluator& ev) {
        uint8_t* p = directSlot(ev, n.slot);
        if (!p) return incDec(n, ev);
        Component cur;
        componentmem::readComponent(p, K, false, cur);
        const Component one = component::convert(Component{.i = 1}, TypeKind::Int, K);
        const BinaryOp op = (n.imm.u & 1) ? BinaryOp::Add : BinaryOp::Sub;
        Component next;
        if (!component::quickArith(op, K, cur, one, next)) {
            bool divisionByZero = false;
            next = component::arith(op, K, cur, one, divisionByZero);
        }
        componentmem::writeComponent(p, K, false, next);
        return (n.imm.u & 2) ? next : cur;
    }
    /// `p += i` / `p -= i` on a pointer lvalue (lvalue as readLValue(); `n.to` Pointer): the
    /// pointer first, then `i` (`n.a`), stepping by elements of `n.imm.u >> 1` bytes; bit 0 of
    /// `n.imm.u`: subtract.
    static Component pointerCompoundAssign(const Node& n, Evaluator& ev) {
        const ast::Expr* lhs = static_cast<const ast::AssignExpr*>(n.expr)->lhs.get();
        uint8_t* p;
        uint64_t addr;
        const Component cur = readLValue(n, ev, lhs, p, addr);
        const Component y = eval(n.a, ev);
        const Component result = addElements(cur, (n.imm.u & 1) ? -y.i : y.i, n.imm.u >> 1);
        writeLValue(n, ev, lhs, p, addr, result);
        return result;
    }
    /// `p - q` of two pointers to elements of `n.imm.u` bytes: the difference in elements as
    /// ptrdiff_t (spec 6.3 / C99 6.5.6p9; only the offsets are compared).
    static Component pointerDiff(const Node& n, Evaluator& ev) {
        const Component x = eval(n.a, ev);
        const Component y = eval(n.b, ev);
        Component r;
        const int64_t d = static_cast<int64_t>(address::offset(x.u) - address::offset(y.u));
        r.i = d / static_cast<int64_t>(n.imm.u);
        return r;
    }
    /// Evaluates `n.a` (scalar-shaped or vector node) for its side effects and gives 0 (a
    /// discarded operand of a comma, a cast to void, a call without result).
    static Component discard(const Node& n, Evaluator& ev) {
        if (n.a->vec) {
            Component tmp[16];
            n.a->vec(*n.a, ev, tmp);
        } else {
            eval(n.a, ev);
        }
        Component r;
        r.u = 0;
        return r;
    }
    /// `lhs = rhs` of opaque type (an event, sampler or image handle): rhs (`n.a`) first,
    /// then the lvalue (a private slot `n.slot` when `n.from` is not Void, in place when
    /// direct; else the address computed by `n.b`), stored through the port as a Value.
    static Component assignValue(const Node& n, Evaluator& ev) {
        const Component v = eval(n.a, ev);
        const ast::Expr* lhs = static_cast<const ast::AssignExpr*>(n.expr)->lhs.get();
        uint64_t a;
        if (n.from != TypeKind::Void) {
            if (uint8_t* p = directSlot(ev, n.slot)) {
                componentmem::writeComponent(p, n.from, false, v);
                return v;
            }
            a = slotAddress(ev, n.slot);
        } else {
            a = eval(n.b, ev).u;
        }
        Value value;
        value.components[0] = v;
        ev.storeAt(a, lhs->type, value, lhs->range, n.align);
        return v;
    }
    /// Element `n.b` of the vector rvalue computed by vector node `n.a` (`f(x)[i]`): the vector
    /// first, then the index; an index outside the vector gives 0.
    static Component vectorElement(const Node& n, Evaluator& ev) {
        Component v[16];
        n.a->vec(*n.a, ev, v);
        const int64_t i = eval(n.b, ev).i;
        if (i < 0 || i >= static_cast<int64_t>(n.a->count)) return Component{.u = 0};
        return v[i];
    }
    /// `v[i]`'s address for a vector lvalue `v` (address `n.a`, element bytes `n.imm.u`): the
    /// index first, then the vector's address.
    static Component addressVectorIndex(const Node& n, Evaluator& ev) {
        const int64_t i = eval(n.b, ev).i;
        Component l;
        l.u = eval(n.a, ev).u + static_cast<uint64_t>(i) * n.imm.u;
        return l;
    }
    /// The address of string literal `n.expr` in the run's constant memory.
    static Component stringLiteral(const Node& n, Evaluator& ev) {
        Component l;
        l.u = ev.m_run.stringLiteral(static_cast<const ast::StringLiteralExpr*>(n.expr));
        return l;
    }
    /// A private variable or parameter of opaque type (event_t, sampler_t, an image: an
    /// 8-byte handle, `n.slot`), in place or through the port.
    static Component loadOpaqueSlot(const Node& n, Evaluator& ev) {
        if (const uint8_t* p = directSlot(ev, n.slot)) {
            Component l;
            componentmem::readComponent(p, TypeKind::Opaque, false, l);
            return l;
        }
        return ev.load(slotAddress(ev, n.slot), n.expr->type, n.expr->range).components[0];
    }
    /// The opaque handle at address `n.a` (a program-scope sampler, a field).
    static Component loadOpaque(const Node& n, Evaluator& ev) {
        return ev.loadAt(eval(n.a, ev).u, n.expr->type, n.expr->range, n.align).components[0];
    }

    // ---- calls -----------------------------------------------------------------------
    /// A builtin with up to three arguments (`n.a`, `n.b`, `n.c`; `n.slot` of them,
    /// evaluated in order; scalar or vector nodes): its implementation (BuiltinDef in n.imm)
    /// with the arguments as Values (BuiltinImplFn); its result.
    static Value callBuiltinValue(const Node& n, Evaluator& ev) {
        const auto* def = reinterpret_cast<const BuiltinDef*>(n.imm.u);
        if (n.list) return callBuiltinList(n, ev, *def);
        // Only the call's own arguments are constructed (zeroed): a Value is 128 bytes.
        alignas(Value) unsigned char storage[3 * sizeof(Value)];
        Value* argv = reinterpret_cast<Value*>(storage);
        const Node* args[3] = {n.a, n.b, n.c};
        for (uint32_t i = 0; i < n.slot; ++i) {
            new (&argv[i]) Value();
            if (args[i]->vec)
                args[i]->vec(*args[i], ev, argv[i].components);
            else
                argv[i].components[0] = eval(args[i], ev);
        }
        Value result;
        def->impl(ev.m_wi.env(), static_cast<const ast::CallExpr*>(n.expr)->resolved, argv, result);
        return result;
    }
    /// callBuiltinValue() for more than three arguments (`n.slot` of them in `n.list`:
    /// printf, async_work_group_strided_copy, ...).
    [[gnu::noinline]] static Value callBuiltinList(const Node& n, Evaluator& ev,
                                                   const BuiltinDef& def) {
        std::vector<Value> argv(n.slot);
        for (uint32_t i = 0; i < n.slot; ++i) {
            const Node* arg = n.list[i];
            if (arg->vec)
                arg->vec(*arg, ev, argv[i].components);
            else
                argv[i].components[0] = eval(arg, ev);
        }
        Value result;
        def.impl(ev.m_wi.env(), static_cast<const ast::CallExpr*>(n.expr)->resolved, argv.data(),
                 result);
        return result;
    }
    /// callBuiltinValue() of a builtin with a scalar result.
    static Component callBuiltin(const Node& n, Evaluator& ev) {
        return callBuiltinValue(n, ev).components[0];
    }
    /// get_global_id(d) and the other NDRange queries (BuiltinDef::dimQuery).
    static Component dimQuery(const Node& n, Evaluator& ev) {
        const auto* def = reinterpret_cast<const BuiltinDef*>(n.imm.u);
        Component l;
        l.u = (ev.m_wi.env().*def->dimQuery)(static_cast<uint32_t>(eval(n.a, ev).u));
        return l;
    }
    /// get_global_id(d) (spec 6.12.1): dimQuery() without the BuiltinEnv call.
    static Component globalIdQuery(const Node& n, Evaluator& ev) {
        Component l;
        l.u = ev.m_wi.globalId(static_cast<uint32_t>(eval(n.a, ev).u));
        return l;
    }
    /// get_local_id(d) (spec 6.12.1): dimQuery() without the BuiltinEnv call.
    static Component localIdQuery(const Node& n, Evaluator& ev) {
        Component l;
        l.u = ev.m_wi.localId(static_cast<uint32_t>(eval(n.a, ev).u));
        return l;
    }
};

} // namespace clstep::exec
