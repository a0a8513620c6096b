// Evaluator: calls of user functions (exec::Call) and initializers (exec::InitPlan).
#include "runtime/ComponentMemory.h"
#include "runtime/Evaluator.h"
#include "runtime/KernelRun.h"
#include "runtime/PrivateWrites.h"
#include "runtime/WorkItem.h"
#include "runtime/exec/VectorHandlers.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace clstep {

using namespace ast;

void Evaluator::callLowered(const exec::Call& call, const CallExpr* c, Component* out) {
    const FunctionDecl* f = call.callee;
    checkCallDepth(f, c);
    // Arguments in the caller's frame, in order, then bound in the callee's.
    Component inlineArgs[exec::Call::kMaxComponents];
    std::vector<Component> manyArgs;
    Component* argv = inlineArgs;
    if (call.components > exec::Call::kMaxComponents) [[unlikely]] {
        manyArgs.resize(call.components);
        argv = manyArgs.data();
    }
    for (const exec::Call::Argument& a : call.args)
        exec::VectorHandlers::evalInto(a.node, *this, argv + a.component);
    // The callee's frame, pushed before its parameters are bound (nothing in between reads
    // the call stack: no statement is reached, no other call made).
    Frame& frame = m_wi.m_calls.pushFrame(f, f->frameSlots);
    frame.callSite = m_wi.m_hooks.statement;
    for (uint32_t i = 0; i < call.bound; ++i)
        bindParameter(frame, *f->params[i], argv + call.args[i].component, c->args[i]->range);
    runCallee(f, call.lowered, c, out, call.resultComponents);
}

void Evaluator::initLowered(const exec::InitPlan& plan, uint64_t addr) {
    using Kind = exec::InitStep::Kind;
    for (const exec::InitStep& s : plan.steps) {
        const uint64_t a = addr + s.offset;
        switch (s.kind) {
        case Kind::Zero:
            // In place when the port keeps the `__private` shadow and would write in place
            // (DirectPort::access, then notifyAccess marking the bytes written).
            if (PrivateWrites* shadow = m_wi.m_route.port->privateShadow();
                shadow && s.size && address::space(a) == AddressSpace::Private)
                if (uint8_t* p = shadowedStore(*shadow, a, s.size, 1)) {
                    std::memset(p, 0, s.size);
                    break;
                }
            if (uint8_t* p = access(a, s.size, true, s.expr->range)) {
                std::memset(p, 0, s.size);
                notifyAccess(a, s.size, true, p, s.expr->range);
            }
            break;
        case Kind::Scalar: {
            const Component v = s.node->fn(*s.node, *this);
            // storedShadowed() inline: an initializer list's scalars are mostly `__private`
            if (PrivateWrites* shadow = m_wi.m_route.port->privateShadow();
                shadow && address::space(a) == AddressSpace::Private) {
                const Type* t = s.type->canonical();
                if (uint8_t* p = shadowedStore(*shadow, a, t->size, s.align ? s.align : t->align)) {
                    componentmem::writeComponent(p, t->kind, false, v);
                    break;
                }
            }
            storeScalar(a, s.type, v, s.expr->range, s.align);
            break;
        }
        case Kind::Element: {
            Component v[16];
            exec::VectorHandlers::evalInto(s.node, *this, v);
            storeScalar(a, s.type, v[0], s.expr->range, s.align);
            break;
        }
        case Kind::Vector: {
            Value v;
            s.node->vec(*s.node, *this, v.components);
            storeAt(a, s.type, v, s.expr->range, s.align);
            break;
        }
        case Kind::Copy:
            copyBytes(a, s.node->fn(*s.node, *this).u, s.size, s.expr->range);
            break;
        case Kind::Value: {
            Value v;
            exec::VectorHandlers::evalInto(s.node, *this, v.components);
            storeAt(a, s.type, v, s.expr->range, s.align);
            break;
        }
        case Kind::String: {
            const std::string& str = static_cast<const StringLiteralExpr*>(s.expr)->value;
            if (uint8_t* p = access(a, s.size, true, s.expr->range)) {
                std::memset(p, 0, s.size);
                std::memcpy(p, str.data(), std::min<size_t>(str.size(), s.size));
                notifyAccess(a, s.size, true, p, s.expr->range);
            }
            break;
        }
        }
    }
}

} // namespace clstep
