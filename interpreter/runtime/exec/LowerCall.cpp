// exec::Lowerer: calls of user functions (exec::Call, AggregateHandlers::callUser), mirroring
// Evaluator::evalCall: arguments by their lowered nodes, bound in the callee's frame by
// Evaluator::bindParameter, the callee's lowered body run directly.
#include "runtime/exec/AggregateHandlers.h"
#include "runtime/exec/Lowerer.h"

#include <algorithm>

namespace clstep::exec {

using namespace ast;

const Node* Lowerer::userCall(const CallExpr* c) {
    if (!c->function) return nullptr;
    const FunctionDecl* f = c->function->definition ? c->function->definition : c->function;
    if (!f->body) return nullptr; // "undefined-function": the tree walk reports it
    Call* call = m_program.newCall();
    call->callee = f;
    call->bound = static_cast<uint32_t>(std::min(f->params.size(), c->args.size()));
    uint32_t lane = 0;
    for (const ExprPtr& arg : c->args) {
        const Expr* e = arg.get();
        const Node* node = nullptr;
        if (isAggregateExpr(e))
            node = aggregate(e);
        else if (isVectorExpr(e))
            node = vector(e);
        else if (Evaluator::isScalarExpr(e))
            node = scalar(e);
        else if (e->type.type && e->type->canonical()->kind == TypeKind::Opaque) {
            // an image, sampler or event handle: Evaluator::eval's lane 0, stored as is
            ++m_program.stats().treeWalk;
            node = make(&AggregateHandlers::treeWalk, e);
        } else
            return nullptr; // a void argument: the tree walk
        call->args.push_back({node, lane});
        lane += node->vec ? 16 : 1;
        if (lane > Call::kMaxLanes) return nullptr;
    }
    const Type* rt = c->type.type ? c->type->canonical() : nullptr;
    Node* n = make(&AggregateHandlers::callUser, c);
    n->imm.u = reinterpret_cast<uintptr_t>(call);
    if (rt && rt->isVector()) {
        n->fn = nullptr;
        n->vec = &AggregateHandlers::callUserVector;
        n->count = rt->count;
        call->resultLanes = rt->count;
    }
    return n;
}

} // namespace clstep::exec
