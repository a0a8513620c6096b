// Inspector: side-effect-free evaluation of debugger expressions (print, breakpoint
// conditions) in a paused work-item's innermost frame.
#include "runtime/Inspector.h"

#include "runtime/Evaluator.h"
#include "runtime/InspectPort.h"
#include "runtime/KernelRun.h"
#include "runtime/LaneMemory.h"
#include "runtime/WorkItem.h"

#include <cstring>

namespace clstep {

using namespace ast;

namespace {

/// True when `ev.address(e)` names the storage of `e` itself (no temporary is materialised).
bool hasStorage(const Expr* e) {
    if (!e->isLValue) return false;
    switch (e->kind) {
    case ExprKind::Name: {
        const Decl* d = static_cast<const NameExpr*>(e)->decl;
        return d && (d->kind == DeclKind::Var || d->kind == DeclKind::Param);
    }
    case ExprKind::Index: {
        auto* x = static_cast<const IndexExpr*>(e);
        return !x->base->type->canonical()->isVector() || hasStorage(x->base.get());
    }
    case ExprKind::Member: {
        auto* m = static_cast<const MemberExpr*>(e);
        if (m->field) return m->arrow || hasStorage(m->base.get());
        return m->swizzle.size() == 1 && (m->arrow || hasStorage(m->base.get()));
    }
    case ExprKind::Unary:
        return static_cast<const UnaryExpr*>(e)->op == UnaryOp::Deref;
    default:
        return false;
    }
}

} // namespace

WorkItem::Inspection WorkItem::inspect(const Expr* e) {
    return Inspector::inspect(*this, e);
}

WorkItem::Inspection Inspector::inspect(WorkItem& wi, const Expr* e) {
    Evaluator& ev = *wi.m_eval;
    WorkItem::Inspection result;
    if (!e || !e->type.type) {
        result.error = "no expression";
        return result;
    }
    const bool emptyFrame = wi.m_frames.empty();
    if (emptyFrame) {
        WorkItem::Frame f;
        f.function = &wi.m_run.kernel();
        f.slots.assign(wi.m_run.kernel().frameSlots, 0);
        f.direct.assign(wi.m_run.kernel().frameSlots, nullptr);
        wi.m_frames.push_back(std::move(f));
    }
    const size_t depth = wi.m_frames.size();
    const size_t temps = wi.m_frames.back().temps.size();
    // The inspection port: no observers, the first error stops the evaluation.
    InspectPort::Error error;
    InspectPort port(wi.m_run.options().deviceBigEndian, error);
    MemoryPort* const runPort = wi.m_port;
    wi.m_port = &port;
    const bool bigEndian = wi.m_run.options().deviceBigEndian;
    try {
        const Type* t = e->type->canonical();
        const uint64_t size = t->size;
        if (hasStorage(e)) {
            uint64_t a = ev.address(e);
            if (const uint8_t* p = wi.access(a, size, false, e->range)) {
                result.bytes.assign(p, p + size);
                result.address = a;
                result.ok = true;
            }
        } else {
            Value v = ev.eval(e);
            if (t->isRecord() || t->isArray()) {
                if (const uint8_t* p = wi.access(v.lanes[0].u, size, false, e->range)) {
                    result.bytes.assign(p, p + size);
                    result.ok = true;
                }
            } else {
                result.bytes.assign(size, 0);
                if (t->isVector()) {
                    const uint64_t es = t->element->size;
                    for (uint32_t i = 0; i < t->count && (i + 1) * es <= size; ++i)
                        lanemem::writeLane(result.bytes.data() + i * es, t->element->kind,
                                           bigEndian, v.lanes[i]);
                } else if (size > 0) {
                    lanemem::writeLane(result.bytes.data(), t->kind, bigEndian, v.lanes[0]);
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
    wi.m_port = runPort;
    // Release what the evaluation allocated, newest first, and drop frames it left behind.
    while (wi.m_frames.size() > depth)
        wi.m_frames.pop_back();
    std::vector<uint64_t>& t = wi.m_frames.back().temps;
    while (t.size() > temps) {
        wi.m_private.release(t.back());
        t.pop_back();
    }
    if (emptyFrame) wi.m_frames.clear();
    return result;
}

} // namespace clstep
