// Evaluator: what lowered expressions call: user-function calls (depth check, parameter
// binding, the callee's frame), temporaries, the static-array subscript check.
#include "runtime/ComponentMemory.h"
#include "runtime/Evaluator.h"
#include "runtime/KernelRun.h"
#include "runtime/PrivateWrites.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstring>

namespace clstep {

using namespace ast;

namespace {
bool isAggregate(const Type* t) {
    return t->isRecord() || t->isArray();
}
} // namespace

uint64_t Evaluator::allocTemp(uint64_t size, const char* what) {
    uint64_t a = m_wi.m_calls.memory.allocate(size ? size : 1, what);
    m_wi.m_calls.frames.back().temps.push_back(a);
    return a;
}

uint64_t Evaluator::compoundLiteralObject(const CompoundLiteralExpr* c) {
    const uint64_t size = c->type->canonical()->size;
    Frame& f = m_wi.m_calls.frames.back();
    if (c->slot >= f.addresses.size() || f.function == nullptr)
        return allocTemp(size, "compound literal");
    uint64_t& slot = f.addresses[c->slot];
    if (!slot) slot = m_wi.m_calls.memory.allocate(size ? size : 1, "compound literal");
    return slot;
}

void Evaluator::checkStaticArrayIndex(const IndexExpr* x, int64_t i, bool addressOnly) {
    const Expr* array = static_cast<const ImplicitCastExpr*>(x->base.get())->operand.get();
    const Type* at = array->type->canonical();
    if (!at->isArray() || at->count == 0) return;
    // A whole variable is its own buffer: the buffer bounds check reports its overruns.
    if (array->kind == ExprKind::Name) return;
    const int64_t n = static_cast<int64_t>(at->count);
    if (i >= 0 && (i < n || (addressOnly && i == n))) return;
    reportError(DiagnosticKind::ArrayIndex,
                "index " + std::to_string(i) + " exceeds static array size: the array has " +
                    std::to_string(n) + " elements of type '" + at->element->name + "'",
                x->range);
}

void Evaluator::reportDivisionByZero(const SourceRange& r) {
    reportError(DiagnosticKind::DivisionByZero,
                "integer division by zero (result is undefined; using 0)", r);
}

void Evaluator::checkCallDepth(const FunctionDecl* f, const CallExpr* c) {
    if (m_wi.m_calls.frames.size() >= m_run.options().maxCallDepth) {
        reportError(DiagnosticKind::CallDepth, "call depth limit reached calling '" + f->name + "'",
                    c->range);
        throw Abort{};
    }
}

void Evaluator::bindParameter(Frame& frame, const ParamDecl& p, const Component* v,
                              const SourceRange& site) {
    const Type* t = p.type->canonical();
    // the slot's storage (Memory::allocateNamed: the name lives as long as the run), read and
    // written in place when the port allows it (MemoryPort::directSlot(true))
    Memory& memory = m_wi.m_calls.memory;
    uint32_t index;
    Buffer& b = memory.allocateNamedBuffer(t->size, p.name, index);
    uint8_t* d = b.bytes.data();
    const uint64_t a = address::make(AddressSpace::Private, index, 0);
    frame.addresses[p.slot] = a;
    if (isAggregate(t)) {
        copyBytes(a, v[0].u, t->size, site);
        return;
    }
    if ((t->isScalar() || t->isVector()) && m_wi.directSlot(true)) {
        frame.direct[p.slot] = d;
        // A direct port: the fresh slot is live, writable, in bounds and aligned, so the port
        // would write these bytes in place too (as OpKind::DeclScalar). When the port keeps
        // the uninitialized-read check's `__private` shadow, its store would also mark the
        // bytes written there: so does this.
        PrivateWrites* shadow = nullptr;
        if (!m_wi.directSlot(false)) {
            shadow = m_wi.memoryPort().privateShadow();
            if (!shadow) d = nullptr; // another port wants to see the store
        }
        if (d) {
            uint64_t bytes = t->size;
            if (t->isVector()) {
                componentmem::writeComponents(d, t->element->kind, t->element->size, t->count, v);
                bytes = t->element->size * t->count;
            } else {
                componentmem::writeComponent(d, t->kind, false, v[0]);
            }
            if (shadow) shadow->freshWritten(m_wi.localLinearId(), index, bytes, b);
            return;
        }
    }
    if (t->isVector()) {
        Value value;
        std::copy_n(v, t->count, value.components);
        store(a, p.type, value, site);
    } else {
        storeScalar(a, p.type, v[0], site);
    }
}

bool Evaluator::copiedInPlace(uint64_t dst, uint64_t src, uint64_t bytes) {
    // DirectPort::copy's in-place path for two `__private` ends (its direct() checks)
    if (!bytes || !src || !dst || address::space(src) != AddressSpace::Private ||
        address::space(dst) != AddressSpace::Private)
        return false;
    Memory& memory = m_wi.m_calls.memory;
    Buffer* sb = memory.buffer(src);
    Buffer* db = memory.buffer(dst);
    uint8_t *s, *d;
    if (!inPlaceBytes(sb, src, bytes, false, 1, s) || !inPlaceBytes(db, dst, bytes, true, 1, d))
        return false;
    m_wi.m_route.port->privateShadow()->copied(m_wi.localLinearId(), dst, *db, src, *sb, bytes);
    if (bytes >= 8 && bytes <= 16) { // a small structure: both halves read before writing
        uint64_t lo, hi;
        std::memcpy(&lo, s, 8);
        std::memcpy(&hi, s + bytes - 8, 8);
        std::memcpy(d, &lo, 8);
        std::memcpy(d + bytes - 8, &hi, 8);
    } else {
        std::memmove(d, s, bytes);
    }
    return true;
}

void Evaluator::runCallee(const FunctionDecl* f, const exec::Function* lowered, const CallExpr* c,
                          Component* out, uint32_t components) {
    std::fill_n(m_returnValue.components, components, Component{});
    if (lowered)
        runLowered(*lowered);
    else
        runBody(f);
    std::copy_n(m_returnValue.components, components, out);
    const Type* rt = c->type->canonical();
    CallStack& calls = m_wi.m_calls;
    // The callee's frame, off the stack (kept in place by FrameStack: nothing below pushes a
    // frame).
    const Frame& done = calls.popFrame();
    Memory& memory = calls.memory;
    if (isAggregate(rt)) {
        // copy the returned object out of the callee's frame before releasing it
        // (its lifetime ends with the caller's full expression: Frame::exprTemps)
        static const std::string kReturnValue = "return value"; // lives as long as any Memory
        uint8_t* data;
        uint64_t t = memory.allocateNamed(rt->size ? rt->size : 1, kReturnValue, data);
        calls.frames.back().exprTemps.push_back(t);
        copyBytes(t, out[0].u, rt->size, c->range);
        out[0].u = t;
    }
    memory.releaseEach(done.addresses.data(), done.addresses.size());
    if (!done.temps.empty()) memory.releaseEach(done.temps.data(), done.temps.size());
    if (!done.exprTemps.empty()) memory.releaseEach(done.exprTemps.data(), done.exprTemps.size());
}

} // namespace clstep
