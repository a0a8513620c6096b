// exec::Lowerer: calls of user functions (exec::Call, AggregateHandlers::callUser):
// arguments by their lowered nodes, bound in the callee's frame by Evaluator::bindParameter,
// the callee's lowered body run directly; a function declared but never defined reports
// "undefined-function" at the call.
#include "runtime/exec/AggregateHandlers.h"
#include "runtime/exec/Lowerer.h"
#include "runtime/exec/VectorHandlers.h"

#include <algorithm>

namespace clstep::exec {

using namespace ast;

const Node* Lowerer::userCall(const CallExpr* c) {
    if (!c->function) return unsupported(c);
    const Type* rt = c->type.type ? c->type->canonical() : nullptr;
    const FunctionDecl* f = c->function->definition ? c->function->definition : c->function;
    if (!f->body) { // "undefined-function" (the arguments are not evaluated)
        Node* n = make(&Handlers::undefinedFunction, c);
        if (rt && rt->isVector()) {
            n->fn = nullptr;
            n->vec = &VectorHandlers::undefinedFunction;
            n->count = rt->count;
        }
        return n;
    }
    Call* call = m_program.newCall();
    call->callee = f;
    call->bound = static_cast<uint32_t>(std::min(f->params.size(), c->args.size()));
    uint32_t component = 0;
    for (const ExprPtr& arg : c->args) {
        const Expr* e = arg.get();
        // an aggregate's address, a vector's components, a scalar, pointer or opaque handle
        const Node* node = isAggregateExpr(e) ? aggregate(e) : operand(e);
        call->args.push_back({node, component});
        component += node->vec ? 16 : 1;
    }
    call->components = component;
    Node* n = make(&AggregateHandlers::callUser, c);
    n->imm.u = reinterpret_cast<uintptr_t>(call);
    if (rt && rt->isVector()) {
        n->fn = nullptr;
        n->vec = &AggregateHandlers::callUserVector;
        n->count = rt->count;
        call->resultComponents = rt->count;
    }
    return n;
}

} // namespace clstep::exec
