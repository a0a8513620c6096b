// Inspector: side-effect-free evaluation of debugger expressions (print, breakpoint
// conditions) in a paused work-item's innermost frame.
#include "runtime/Inspector.h"

#include "runtime/ComponentMemory.h"
#include "runtime/Evaluator.h"
#include "runtime/InspectPort.h"
#include "runtime/KernelRun.h"
#include "runtime/WorkItem.h"
#include "runtime/exec/LoweredExpr.h"
#include "runtime/exec/VectorHandlers.h"

#include <cstring>

namespace clstep {

using namespace ast;

WorkItem::Inspection WorkItem::inspect(const exec::LoweredExpr& e) {
    return Inspector::inspect(*this, m_calls, m_route, e);
}

WorkItem::Inspection Inspector::inspect(WorkItem& wi, CallStack& calls, MemoryRoute& route,
                                        const exec::LoweredExpr& lowered) {
    Evaluator& ev = wi.evaluator();
    WorkItem::Inspection result;
    const Expr* e = lowered.expr();
    if (!e || !e->type.type) {
        result.error = "no expression";
        return result;
    }
    const bool emptyFrame = calls.frames.empty();
    if (emptyFrame) {
        CallStack::Frame f;
        f.function = &wi.kernelRun().kernel();
        f.addresses.assign(wi.kernelRun().kernel().frameSlots, 0);
        f.direct.assign(wi.kernelRun().kernel().frameSlots, nullptr);
        calls.frames.push_back(std::move(f));
    }
    const size_t depth = calls.frames.size();
    const size_t temps = calls.frames.back().temps.size();
    // The inspection port: no observers, the first error stops the evaluation.
    InspectPort::Error error;
    InspectPort port(wi.kernelRun().options().deviceBigEndian, error);
    MemoryPort* const runPort = route.port;
    route.port = &port;
    // The nodes read private variables in place through the innermost frame's direct slots.
    uint8_t* const* const runSlots = ev.m_directSlots;
    ev.m_directSlots = calls.frames.back().direct.data();
    const bool bigEndian = wi.kernelRun().options().deviceBigEndian;
    try {
        const Type* t = e->type->canonical();
        const uint64_t size = t->size;
        if (const exec::Node* address = lowered.address()) {
            const uint64_t a = (*address)(ev).u;
            if (const uint8_t* p = route.port->access(wi, a, size, false, e->range)) {
                result.bytes.assign(p, p + size);
                result.address = a;
                result.ok = true;
            }
        } else if (const exec::Node* value = lowered.value()) {
            Component components[16] = {};
            exec::VectorHandlers::evalInto(value, ev, components);
            if (t->isRecord() || t->isArray()) { // a struct, union or array value: its address
                if (const uint8_t* p =
                        route.port->access(wi, components[0].u, size, false, e->range)) {
                    result.bytes.assign(p, p + size);
                    result.ok = true;
                }
            } else {
                result.bytes.assign(size, 0); // void: no bytes
                if (t->isVector()) {
                    const uint64_t es = t->element->size;
                    for (uint32_t i = 0; i < t->count && (i + 1) * es <= size; ++i)
                        componentmem::writeComponent(result.bytes.data() + i * es, t->element->kind,
                                                     bigEndian, components[i]);
                } else if (size > 0) {
                    componentmem::writeComponent(result.bytes.data(), t->kind, bigEndian,
                                                 components[0]);
                }
                result.ok = true;
            }
        }
    } catch (const WorkItemAbort&) {
        result.ok = false;
        result.error = error.message;
        result.errorKind = error.kind;
        result.errorSite = error.site;
        if (result.error.empty()) result.error = "the evaluation was stopped";
    } catch (const std::exception& ex) {
        result.ok = false;
        result.error = std::string("internal error: ") + ex.what();
    }
    if (!result.ok && result.error.empty()) result.error = "the expression has no value";
    route.port = runPort;
    ev.m_directSlots = runSlots;
    // Release what the evaluation allocated, newest first, and drop frames it left behind.
    while (calls.frames.size() > depth)
        calls.frames.pop_back();
    std::vector<uint64_t>& t = calls.frames.back().temps;
    while (t.size() > temps) {
        calls.memory.release(t.back());
        t.pop_back();
    }
    if (emptyFrame) calls.frames.clear();
    return result;
}

} // namespace clstep
