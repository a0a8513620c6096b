// Evaluator: expression evaluation (rvalues, lvalue addresses, calls, initializers).
#include "builtins/BuiltinRegistry.h"
#include "core/LaneOps.h"
#include "runtime/Evaluator.h"
#include "runtime/KernelRun.h"
#include "runtime/LaneMemory.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <utility>

#include <algorithm>
#include <cstring>

namespace clstep {

using namespace ast;

namespace {
bool isAggregate(const Type* t) {
    return t->isRecord() || t->isArray();
}
/// The value of a private variable of scalar or vector type `t` from its bytes (returned as
/// a prvalue so it is built in the caller's return slot, not copied there).
Value readDirect(const uint8_t* p, const Type* t) {
    Value v;
    if (t->isVector())
        lanemem::readLanes(p, t->element->kind, t->element->size, t->count, v.lanes);
    else
        lanemem::readLane(p, t->kind, false, v.lanes[0]);
    return v;
}
/// Storage for a call's argument Values: up to eight inline and left unconstructed (the
/// caller constructs each one as it evaluates it, with placement new), more on the heap.
class ArgumentStorage {
public:
    explicit ArgumentStorage(size_t count) {
        if (count > 8) {
            m_many.resize(count);
            m_data = m_many.data();
        }
    }
    Value* data() { return m_data; }

private:
    union Inline {
        Value v[8];
        Inline() {}
    } m_inline;
    std::vector<Value> m_many;
    Value* m_data = m_inline.v;
};

Value ofLane(Lane l) {
    Value v;
    v.lanes[0] = l;
    return v;
}
} // namespace

uint64_t Evaluator::allocTemp(uint64_t size, const char* what) {
    uint64_t a = m_wi.m_private.allocate(size ? size : 1, what);
    m_wi.m_frames.back().temps.push_back(a);
    return a;
}

uint64_t Evaluator::address(const Expr* e) {
    switch (e->kind) {
    case ExprKind::Name: {
        auto* n = static_cast<const NameExpr*>(e);
        if (n->decl->kind == DeclKind::Var) {
            auto* v = static_cast<const VarDecl*>(n->decl);
            if (v->isProgramScope) return m_run.programVarAddress(v->slot);
            return m_wi.m_frames.back().slots[v->slot];
        }
        if (n->decl->kind == DeclKind::Param)
            return m_wi.m_frames.back().slots[static_cast<const ParamDecl*>(n->decl)->slot];
        return 0;
    }
    case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        if (u->op == UnaryOp::Deref) return evalScalar(u->operand.get()).u;
        break;
    }
    case ExprKind::Index: {
        auto* x = static_cast<const IndexExpr*>(e);
        const bool addressOnly = std::exchange(m_addressOnly, false); // set for `&x[i]` only
        const int64_t i = evalScalar(x->index.get()).i;
        const Type* bt = x->base->type->canonical();
        if (bt->isVector())
            return address(x->base.get()) + static_cast<uint64_t>(i) * bt->element->size;
        if (x->base->kind == ExprKind::ImplicitCast) checkStaticArrayIndex(x, i, addressOnly);
        const Lane base =
            isScalarExpr(x->base.get()) ? evalScalar(x->base.get()) : eval(x->base.get()).lanes[0];
        return pointerAddLane(base, bt, i).u;
    }
    case ExprKind::Member: {
        auto* m = static_cast<const MemberExpr*>(e);
        uint64_t base = m->arrow ? evalScalar(m->base.get()).u : address(m->base.get());
        if (m->field) return base + m->field->offset;
        // single-component swizzle
        const Type* vt =
            (m->arrow ? m->base->type->canonical()->pointee.type : m->base->type.type)->canonical();
        return base + m->swizzle[0] * vt->element->size;
    }
    case ExprKind::StringLiteral:
    case ExprKind::CompoundLiteral:
    case ExprKind::Call:
    case ExprKind::Assign:
    case ExprKind::Conditional:
        return eval(e).lanes[0].u; // aggregate rvalues evaluate to their address
    default:
        break;
    }
    // Not an lvalue (Sema prevents this): materialise a temporary.
    Value v = eval(e);
    uint64_t t = allocTemp(e->type->canonical()->size, "temporary");
    store(t, QualType{e->type.type}, v, e->range);
    return t;
}

uint64_t Evaluator::addressOfOperand(const Expr* operand) {
    if (operand->kind != ExprKind::Index) return address(operand);
    m_addressOnly = true;
    uint64_t a = address(operand);
    m_addressOnly = false;
    return a;
}

void Evaluator::checkStaticArrayIndex(const IndexExpr* x, int64_t i, bool addressOnly) {
    const Expr* array = static_cast<const ImplicitCastExpr*>(x->base.get())->operand.get();
    const Type* at = array->type->canonical();
    if (!at->isArray() || at->count == 0) return;
    // A whole variable is its own buffer: the buffer bounds check reports its overruns.
    if (array->kind == ExprKind::Name) return;
    const int64_t n = static_cast<int64_t>(at->count);
    if (i >= 0 && (i < n || (addressOnly && i == n))) return;
    reportError("array-index",
                "index " + std::to_string(i) + " exceeds static array size: the array has " +
                    std::to_string(n) + " elements of type '" + at->element->name + "'",
                x->range);
}

Value Evaluator::eval(const Expr* e) {
    switch (e->kind) {
    case ExprKind::IntLiteral: {
        Value v;
        v.lanes[0].u = static_cast<const IntLiteralExpr*>(e)->value;
        v.lanes[0] = lane::normalize(v.lanes[0], e->type->canonical()->kind);
        return v;
    }
    case ExprKind::FloatLiteral: {
        double d = static_cast<const FloatLiteralExpr*>(e)->value;
        TypeKind k = e->type->canonical()->kind;
        if (k == TypeKind::Double) return Value::ofDouble(d);
        float f = static_cast<float>(d);
        return Value::ofFloat(k == TypeKind::Half ? lane::roundToHalf(f) : f);
    }
    case ExprKind::StringLiteral:
        return Value::ofUInt(m_run.stringLiteral(static_cast<const StringLiteralExpr*>(e)));
    case ExprKind::Name: {
        auto* n = static_cast<const NameExpr*>(e);
        if (n->decl && n->decl->kind == DeclKind::EnumConstant)
            return Value::ofInt(static_cast<const EnumConstantDecl*>(n->decl)->constant);
        if (const uint8_t* p = directBytes(e)) return readDirect(p, e->type->canonical());
        uint64_t a = address(e);
        if (isAggregate(e->type->canonical())) return Value::ofUInt(a);
        return load(a, e->type, e->range);
    }
    case ExprKind::Unary:
        if (isScalarExpr(e)) return ofLane(evalScalarUnary(static_cast<const UnaryExpr*>(e)));
        return evalUnary(static_cast<const UnaryExpr*>(e));
    case ExprKind::Binary:
        if (isScalarExpr(e)) return ofLane(evalScalarBinary(static_cast<const BinaryExpr*>(e)));
        return evalBinary(static_cast<const BinaryExpr*>(e));
    case ExprKind::Assign:
        if (isScalarExpr(e)) return ofLane(evalScalarAssign(static_cast<const AssignExpr*>(e)));
        return evalAssign(static_cast<const AssignExpr*>(e));
    case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        const Type* ct = c->cond->type->canonical();
        if (ct->isVector()) {
            Value cond = eval(c->cond.get());
            Value a = eval(c->thenExpr.get());
            Value b = eval(c->elseExpr.get());
            Value r;
            for (uint32_t i = 0; i < ct->count; ++i)
                r.lanes[i] = cond.lanes[i].i < 0 ? a.lanes[i] : b.lanes[i];
            return r;
        }
        return condition(c->cond.get()) ? eval(c->thenExpr.get()) : eval(c->elseExpr.get());
    }
    case ExprKind::Call:
        return evalCall(static_cast<const CallExpr*>(e));
    case ExprKind::Index: {
        auto* x = static_cast<const IndexExpr*>(e);
        if (!x->base->isLValue && x->base->type->canonical()->isVector()) {
            Value v = eval(x->base.get());
            int64_t i = eval(x->index.get()).lanes[0].i;
            Value r;
            r.lanes[0] = v.lanes[i & 15];
            return r;
        }
        uint64_t a = address(e);
        if (isAggregate(e->type->canonical())) return Value::ofUInt(a);
        return load(a, e->type, e->range);
    }
    case ExprKind::Member:
        return evalMember(static_cast<const MemberExpr*>(e));
    case ExprKind::Cast: {
        auto* c = static_cast<const CastExpr*>(e);
        if (isScalarExpr(e)) return ofLane(evalScalarCast(c->operand.get(), e->type.type));
        if (c->operand->type->canonical()->isScalarArithmetic() && e->type->canonical()->isVector())
            return splat(evalScalar(c->operand.get()), c->operand->type->canonical(),
                         e->type->canonical());
        Value v = eval(c->operand.get());
        if (e->type->isVoid()) return v;
        return convertValue(v, c->operand->type.type, e->type.type);
    }
    case ExprKind::ImplicitCast: {
        auto* c = static_cast<const ImplicitCastExpr*>(e);
        const Type* from = c->operand->type->canonical();
        if (from->isArray()) return Value::ofUInt(address(c->operand.get()));
        if (isScalarExpr(e)) return ofLane(evalScalarCast(c->operand.get(), e->type.type));
        if (from->isScalarArithmetic() && e->type->canonical()->isVector())
            return splat(evalScalar(c->operand.get()), from, e->type->canonical());
        return convertValue(eval(c->operand.get()), from, e->type.type);
    }
    case ExprKind::VectorLiteral:
        return evalVectorLiteral(static_cast<const VectorLiteralExpr*>(e));
    case ExprKind::CompoundLiteral: {
        auto* c = static_cast<const CompoundLiteralExpr*>(e);
        uint64_t t = allocTemp(e->type->canonical()->size, "compound literal");
        initialize(t, e->type, c->init.get());
        if (isAggregate(e->type->canonical())) return Value::ofUInt(t);
        return load(t, e->type, e->range);
    }
    case ExprKind::InitList:
        return Value();
    case ExprKind::Sizeof:
    case ExprKind::Alignof:
    case ExprKind::VecStep:
        return Value::ofUInt(static_cast<const TypeTraitExpr*>(e)->value);
    }
    return Value();
}

Value Evaluator::evalMember(const MemberExpr* m) {
    if (m->field) {
        uint64_t a = address(m);
        if (isAggregate(m->type->canonical())) return Value::ofUInt(a);
        return loadAt(a, m->type, m->range, accessAlign(m));
    }
    Value base = eval(m->base.get());
    Value r;
    for (size_t i = 0; i < m->swizzle.size(); ++i)
        r.lanes[i] = base.lanes[m->swizzle[i]];
    return r;
}

Value Evaluator::splat(Lane l, const Type* from, const Type* to) {
    const Lane c = lane::convert(l, from->kind, to->element->kind);
    Value r;
    for (uint32_t i = 0; i < to->count; ++i)
        r.lanes[i] = c;
    return r;
}

Value Evaluator::evalVectorLiteral(const VectorLiteralExpr* v) {
    if (v->isCommaCast) {
        Value last;
        for (const ExprPtr& el : v->elements)
            last = eval(el.get());
        return convertValue(last, v->elements.back()->type.type, v->type.type);
    }
    const Type* t = v->type->canonical();
    Value r;
    uint32_t k = 0;
    for (const ExprPtr& el : v->elements) {
        const Type* et = el->type->canonical();
        if (!et->isVector() && k < 16) {
            r.lanes[k++] = isScalarExpr(el.get()) ? evalScalar(el.get()) : eval(el.get()).lanes[0];
            continue;
        }
        Value x = eval(el.get());
        if (et->isVector()) {
            for (uint32_t i = 0; i < et->count && k < 16; ++i)
                r.lanes[k++] = x.lanes[i];
        } else {
            r.lanes[k++] = x.lanes[0];
        }
    }
    if (v->elements.size() == 1 && k == 1)
        for (uint32_t i = 1; i < t->count; ++i)
            r.lanes[i] = r.lanes[0];
    return r;
}

Value Evaluator::evalCall(const CallExpr* c) {
    if (c->builtin >= 0) {
        // Only the arguments that exist are built: zeroing eight 128-byte Values per call
        // was a measurable part of builtin-heavy kernels.
        ArgumentStorage storage(c->args.size());
        Value* argv = storage.data();
        for (size_t i = 0; i < c->args.size(); ++i) {
            const Expr* arg = c->args[i].get();
            if (isScalarExpr(arg))
                new (&argv[i]) Value(ofLane(evalScalar(arg)));
            else
                new (&argv[i]) Value(eval(arg));
        }
        Value result;
        BuiltinRegistry::instance().def(c->builtin).impl(m_wi.env(), c->resolved, argv, result);
        return result;
    }
    const FunctionDecl* f = c->function->definition ? c->function->definition : c->function;
    if (!f->body) {
        reportError("undefined-function",
                    "function '" + f->name + "' is declared but never defined", c->range);
        return Value();
    }
    checkCallDepth(f, c);
    // Evaluate arguments in the caller's frame, then bind them in the callee's.
    ArgumentStorage storage(c->args.size());
    Value* values = storage.data();
    for (size_t i = 0; i < c->args.size(); ++i)
        new (&values[i]) Value(eval(c->args[i].get()));
    Frame frame = m_wi.newFrame(f);
    frame.callSite = m_wi.m_currentStmt;
    for (size_t i = 0; i < f->params.size() && i < c->args.size(); ++i)
        bindParameter(frame, *f->params[i], values[i].lanes, c->args[i]->range);
    Value result;
    runCallee(f, nullptr, std::move(frame), c, result.lanes, 16);
    return result;
}

void Evaluator::checkCallDepth(const FunctionDecl* f, const CallExpr* c) {
    if (m_wi.m_frames.size() >= m_run.options().maxCallDepth) {
        reportError("call-depth", "call depth limit reached calling '" + f->name + "'", c->range);
        throw Abort{};
    }
}

void Evaluator::bindParameter(Frame& frame, const ParamDecl& p, const Lane* v,
                              const SourceRange& site) {
    const Type* t = p.type->canonical();
    const uint64_t a = m_wi.allocateSlot(frame, p.slot, p.type, p.name, true);
    if (isAggregate(t)) {
        copyBytes(a, v[0].u, t->size, site);
        return;
    }
    if (uint8_t* d = frame.direct[p.slot]; d && m_wi.directSlot(false)) {
        // A direct port: the fresh slot is live, writable, in bounds and aligned, so the port
        // would write these bytes in place too (as OpKind::DeclScalar).
        if (t->isVector())
            lanemem::writeLanes(d, t->element->kind, t->element->size, t->count, v);
        else
            lanemem::writeLane(d, t->kind, false, v[0]);
        return;
    }
    if (t->isVector()) {
        Value value;
        std::copy_n(v, t->count, value.lanes);
        store(a, p.type, value, site);
    } else {
        storeScalar(a, p.type, v[0], site);
    }
}

void Evaluator::runCallee(const FunctionDecl* f, const exec::Function* lowered, Frame&& frame,
                          const CallExpr* c, Lane* out, uint32_t lanes) {
    m_wi.m_frames.push_back(std::move(frame));
    std::fill_n(m_returnValue.lanes, lanes, Lane{});
    if (lowered)
        runLowered(*lowered);
    else
        runBody(f);
    std::copy_n(m_returnValue.lanes, lanes, out);
    const Type* rt = c->type->canonical();
    Frame done = std::move(m_wi.m_frames.back());
    m_wi.m_frames.pop_back();
    if (isAggregate(rt)) {
        // copy the returned object out of the callee's frame before releasing it
        // (its lifetime ends with the caller's full expression: Frame::exprTemps)
        uint64_t t = m_wi.m_private.allocate(rt->size ? rt->size : 1, "return value");
        m_wi.m_frames.back().exprTemps.push_back(t);
        copyBytes(t, out[0].u, rt->size, c->range);
        out[0].u = t;
    }
    for (uint64_t a : done.slots)
        if (a && address::space(a) == AddressSpace::Private) m_wi.m_private.release(a);
    for (uint64_t a : done.temps)
        m_wi.m_private.release(a);
    for (uint64_t a : done.exprTemps)
        m_wi.m_private.release(a);
    m_wi.recycleFrame(std::move(done));
}

void Evaluator::initialize(uint64_t addr, QualType type, const Expr* init, uint64_t align) {
    const Type* t = type->canonical();
    if (!align) align = t->align;
    // a member of a packed record may be less aligned than its type (see accessAlign())
    auto within = [align](uint64_t offset, uint64_t own) {
        const uint64_t offsetAlign = offset ? (offset & (~offset + 1)) : align;
        return std::max<uint64_t>(1, std::min({own, align, offsetAlign}));
    };
    if (init->kind == ExprKind::InitList) {
        if (uint8_t* p = access(addr, t->size, true, init->range)) {
            std::memset(p, 0, t->size); // members without an initializer are zero (C99 6.7.8)
            notifyAccess(addr, t->size, true, p, init->range);
        }
        auto* list = static_cast<const InitListExpr*>(init);
        uint64_t index = 0;
        for (const InitElement& el : list->elements) {
            if (!el.designators.empty()) {
                const Designator& d = el.designators.front();
                if (!d.field.empty()) {
                    const Field* f = t->findField(d.field);
                    index = f ? static_cast<uint64_t>(f - t->fields.data()) : 0;
                } else if (d.index) {
                    index = eval(d.index.get()).lanes[0].u;
                }
            }
            if (t->isArray()) {
                initialize(addr + index * t->element->size, QualType{t->element}, el.value.get(),
                           within(index * t->element->size, t->element->align));
            } else if (t->isRecord()) {
                if (index < t->fields.size())
                    initialize(
                        addr + t->fields[index].offset, t->fields[index].type, el.value.get(),
                        within(t->fields[index].offset, t->fields[index].type->canonical()->align));
            } else if (t->isVector()) {
                Value v = eval(el.value.get());
                storeAt(addr + index * t->element->size, QualType{t->element}, v, el.value->range,
                        within(index * t->element->size, t->element->align));
            } else {
                initialize(addr, type, el.value.get(), align);
            }
            ++index;
        }
        return;
    }
    if (t->isArray() && init->kind == ExprKind::StringLiteral) {
        const std::string& s = static_cast<const StringLiteralExpr*>(init)->value;
        if (uint8_t* p = access(addr, t->size, true, init->range)) {
            std::memset(p, 0, t->size);
            std::memcpy(p, s.data(), std::min<size_t>(s.size(), t->size));
            notifyAccess(addr, t->size, true, p, init->range);
        }
        return;
    }
    if (isScalarExpr(init) && t->isScalar()) {
        storeScalar(addr, type, evalScalar(init), init->range, align);
        return;
    }
    Value v = eval(init);
    if (isAggregate(t))
        copyBytes(addr, v.lanes[0].u, t->size, init->range);
    else
        storeAt(addr, type, v, init->range, align);
}

} // namespace clstep
