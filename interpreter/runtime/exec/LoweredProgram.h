#pragma once

#include "frontend/Ast.h"
#include "frontend/Program.h"
#include "runtime/exec/Code.h"

#include <deque>
#include <memory>
#include <unordered_map>
#include <vector>

namespace clstep::exec {

/// The lowered functions of a program (every function with a body), built once per program
/// (of(): by its first launch, then kept with the clstep::Program) and shared read-only by
/// every launch and thread. Nodes live in a deque so their addresses stay fixed.
class LoweredProgram : public ProgramArtifact {
public:
    /// The lowered code of `program` (which has no errors): built on the first call, then
    /// the same for every launch (Program::derived(); thread-safe).
    static const LoweredProgram& of(const clstep::Program& program);

    /// Lowers every function defined in `unit` (exec::Lowerer). The initializers of
    /// `programVars` (program-scope and static variables) become initializer plans
    /// (programInit()). The result depends only on the AST: one lowering serves every run
    /// of the program (lowered(), KernelRun).
    explicit LoweredProgram(const ast::TranslationUnit& unit,
                            const std::vector<ast::VarDecl*>& programVars = {});
    /// An empty program: node storage for one expression (exec::LoweredExpr).
    LoweredProgram() = default;
    LoweredProgram(const LoweredProgram&) = delete;
    LoweredProgram& operator=(const LoweredProgram&) = delete;

    /// The lowered body of `f` (a definition), or nullptr when `f` has no body.
    const Function* function(const ast::FunctionDecl* f) const {
        auto it = m_functions.find(f);
        return it == m_functions.end() ? nullptr : it->second.get();
    }

    /// The lowered initial value of program-scope variable `v`, or null (no initializer).
    const InitPlan* programInit(const ast::VarDecl* v) const {
        auto it = m_programInits.find(v);
        return it == m_programInits.end() ? nullptr : &it->second;
    }

    /// Every string literal of the program's function bodies, in source order (an AST walk
    /// done once: KernelRun allocates them in `__constant` memory before each run).
    const std::vector<const ast::StringLiteralExpr*>& stringLiterals() const {
        return m_stringLiterals;
    }

    /// Storage for a node (used by the lowering).
    Node* newNode() { return &m_nodes.emplace_back(); }

    /// Storage for `n` operand pointers (a vector literal's elements, a call's arguments),
    /// as fixed in place as the nodes.
    const Node** newList(size_t n) {
        m_lists.emplace_back(n, nullptr);
        return m_lists.back().data();
    }

    /// A new statement or branch site number (exec::Op::site), from 0 in lowering order.
    uint32_t newSite() { return m_sites++; }
    /// The site numbers handed out (each is below this).
    uint32_t siteCount() const { return m_sites; }

    /// Storage for a user-function call's binding (Lowerer::userCall), fixed in place.
    Call* newCall() { return &m_calls.emplace_back(); }

    /// Storage for an initializer plan of an expression (a compound literal), fixed in place.
    InitPlan* newPlan() { return &m_plans.emplace_back(); }

    /// Count of expression nodes (for bench/README's statistics and tests): `lowered` counts
    /// the expressions lowered to a handler of their form; `unsupported` the nodes of a form
    /// the lowering has no handler for (Sema does not produce one for a valid program: each
    /// reports an "internal" diagnostic when it runs and gives zero).
    struct Stats {
        uint64_t lowered = 0;
        uint64_t unsupported = 0;
    };
    Stats& stats() { return m_stats; }
    const Stats& stats() const { return m_stats; }

    /// Adds lowered function `f`.
    void add(std::unique_ptr<Function> f) {
        const ast::FunctionDecl* d = f->decl;
        m_functions[d] = std::move(f);
    }

    /// Points every lowered call at its callee's lowered body (once all are lowered).
    void linkCalls() {
        for (Call& c : m_calls)
            c.lowered = function(c.callee);
    }

private:
    std::deque<Node> m_nodes;
    std::deque<std::vector<const Node*>> m_lists;
    std::deque<Call> m_calls;
    std::deque<InitPlan> m_plans;
    std::vector<const ast::StringLiteralExpr*> m_stringLiterals;
    std::unordered_map<const ast::FunctionDecl*, std::unique_ptr<Function>> m_functions;
    std::unordered_map<const ast::VarDecl*, InitPlan> m_programInits;
    Stats m_stats;
    uint32_t m_sites = 0;
};

} // namespace clstep::exec
