#pragma once

#include "builtins/Builtin.h"
#include "common/Diagnostic.h"
#include "core/TypeContext.h"
#include "frontend/Ast.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clstep {

class Program;

/// Semantic analysis: resolves names to declarations and frame slots, TypeSyntax to types
/// with layouts (spec 6.1, `aligned`/`packed`), builtin calls to overloads (spec 6.12), checks
/// C typing with the usual arithmetic conversions and the OpenCL vector rules (spec 6.2,
/// 6.3), inserts ImplicitCastExpr nodes, and checks the address-space and kernel rules
/// (spec 6.5, 6.9). Each problem becomes a Diagnostic with a rule id (docs/rules.md).
/// Sema annotates the AST in place and never throws.
class Sema {
public:
    explicit Sema(Program& program);
    /// Analyses the whole translation unit of the program; appends to program.diagnostics.
    void run();

    /// Checks `expr`, an expression typed into the debugger (`print`, a breakpoint condition),
    /// as if it were written inside `function` at a point where the `visible` declarations
    /// (variables, parameters, typedefs, tags; outermost first, later ones shadow earlier
    /// ones) are in scope, together with every program-scope declaration. Annotates `expr`
    /// as the checks of a function body do (types, implicit casts, names, builtins). Returns
    /// the error diagnostics (empty when `expr` may be evaluated); program.diagnostics is left
    /// unchanged. Use a fresh Sema on a program that built without errors (SemaScope.cpp).
    std::vector<Diagnostic> checkDebuggerExpr(ast::ExprPtr& expr, ast::FunctionDecl* function,
                                              const std::vector<ast::Decl*>& visible);

    // Used by SemaExpr/SemaStmt/SemaType (split across files by responsibility).
    struct Scope {
        std::map<std::string, ast::Decl*> names;
        std::map<std::string, Type*> tags;
        std::map<std::string, ast::EnumDecl*> enumTags;
    };

private:
    friend class SemaExpr;
    // --- diagnostics ---
    void error(DiagnosticKind kind, const SourceRange& r, const std::string& msg,
               std::vector<RelatedLocation> notes = {});
    void warning(DiagnosticKind kind, const SourceRange& r, const std::string& msg);

    /// Makes `d` visible in the innermost scope without diagnostics (SemaScope.cpp).
    void declareExisting(ast::Decl* d);

    // --- declarations (Sema.cpp) ---
    void declareTop(ast::Decl* d);
    void checkFunction(ast::FunctionDecl* f);
    /// Kernel signature rules (spec 6.8, 6.9): return type, storage, name, parameters.
    void checkKernelSignature(ast::FunctionDecl* f);
    /// Diagnoses recursion through the call graph (spec 6.9), walking from the kernels.
    void checkRecursion();
    void checkVar(ast::VarDecl* v, bool programScope);
    /// Address-space rules of a variable (spec 6.5, 6.8); returns false after an error that
    /// makes the `__constant`-must-be-initialized rule moot.
    bool checkVarAddressSpace(ast::VarDecl* v, QualType& t, bool programScope);
    void checkTypedef(ast::TypedefDecl* t);
    void declareName(ast::Decl* d);
    ast::Decl* lookup(const std::string& name) const;
    void pushScope() { m_scopes.emplace_back(); }
    void popScope() { m_scopes.pop_back(); }

    // --- types (SemaType.cpp) ---
    QualType resolveType(const ast::TypeSyntax* ts, bool forParam = false);
    Type* resolveRecord(const ast::TypeSyntax* ts);
    void completeRecord(Type* rec, ast::RecordDecl* rd);
    const Type* resolveEnum(const ast::TypeSyntax* ts);
    /// The integer constant value of argument `index` of attribute `a` (checked first, so
    /// sizeof works), or nullopt when it is not an integer constant expression.
    std::optional<int64_t> attributeInt(const ast::Attribute& a, size_t index);
    uint64_t attrAlign(const std::vector<ast::Attribute>& attrs, bool* packed, Endian* endian);
    void checkAttributes(const std::vector<ast::Attribute>& attrs, bool onTypedef);
    /// reqd_work_group_size and work_group_size_hint of function `f` (spec 6.7.2): only on a
    /// kernel ("kernel-attribute" error otherwise); a repeated reqd_work_group_size with other
    /// sizes is ignored with a warning (as clang does). Sets f->reqdWorkGroupSize.
    void checkWorkGroupAttributes(ast::FunctionDecl* f);
    /// Applies an `endian(host|device)` attribute to a resolved type: to the pointee of a
    /// pointer, to the object itself otherwise (OpenCL C 1.0/1.1 attribute page).
    void applyEndian(QualType& t, const std::vector<ast::Attribute>& attrs);
    /// True for a pointer to a function (through any levels of pointers and arrays).
    static bool isFunctionPointer(const Type* t);
    /// The return type of `f` as written (pointer declarators included), without leading
    /// `__kernel`, storage-class, `inline` and `__attribute__((...))` tokens.
    SourceRange returnTypeRange(const ast::FunctionDecl* f) const;
    /// Where the read-only memory written by `e` was declared ("'c' declared __constant
    /// here"), for constant-write diagnostics.
    std::optional<RelatedLocation> constantOriginNote(const ast::Expr* e) const;
    /// Range from the `=` before a variable's initializer to the initializer's end.
    SourceRange initializerRange(const ast::VarDecl* v) const;

    // --- statements (SemaStmt.cpp) ---
    void checkStmt(ast::Stmt* s);
    void checkDeclStmt(ast::DeclStmt* s);
    void checkCondition(ast::ExprPtr& e);

    // --- expressions (SemaExpr.cpp, SemaConv.cpp) ---
    void checkExpr(ast::ExprPtr& e);
    /// Checks `init` against the declared type; `targetNote` locates the declared pointer
    /// for address-space diagnostics.
    void checkInitializer(ast::ExprPtr& init, QualType target,
                          std::optional<RelatedLocation> targetNote = std::nullopt);
    void checkInitList(ast::InitListExpr* list, QualType target);
    /// Wraps `e` in an ImplicitCastExpr to `target` unless it already has that type.
    void implicitCast(ast::ExprPtr& e, QualType target);
    /// Array-to-pointer decay and function designator handling for rvalue use.
    void decay(ast::ExprPtr& e);
    bool checkPointerConversion(QualType from, QualType to, const SourceRange& r,
                                const std::string& what, bool explicitCast,
                                std::vector<RelatedLocation> notes = {});
    /// Converts `e` to `target` as if by assignment (C99 6.5.16.1 + OpenCL rules). `what`
    /// names the context for messages ("assignment", "argument 2 of foo", "return").
    /// An address-space error carries `targetNote` (where the target pointer was declared)
    /// and a note on the source pointer's declaration.
    void convertForAssignment(ast::ExprPtr& e, QualType target, const std::string& what,
                              std::optional<RelatedLocation> targetNote = std::nullopt);
    /// "'p' is declared as a pointer to __global here" for a variable/parameter `d` whose
    /// type is (or decays to) a pointer; nullopt for other declarations.
    std::optional<RelatedLocation> declPointerNote(const ast::Decl* d) const;
    /// The same note for the declaration an expression names (`p`, `&x`, `a[i]` decayed).
    std::optional<RelatedLocation> exprPointerNote(const ast::Expr* e) const;
    /// Notes for both operands of a binary pointer operation.
    std::vector<RelatedLocation> operandNotes(const ast::Expr* a, const ast::Expr* b) const;
    /// The address-space qualifier written for the object a declarator declares (looking
    /// through array levels); invalid when none was written.
    static SourceRange objectQualifierRange(const ast::TypeSyntax* ts);
    /// to_global / to_local / to_private (OpenCL C 2.0, 6.13.9); true when handled.
    bool checkAddressSpaceBuiltin(ast::CallExpr* c, const std::string& name);
    void checkCall(ast::CallExpr* c);
    void checkBuiltinCall(ast::CallExpr* c, const std::string& name);
    /// Reports "vector-scalar-rank" when an operator combines a vector with a scalar whose
    /// type has a greater rank than the vector's element type (`char4 + 1`, `float4 * 0.5`):
    /// the usual arithmetic conversions of OpenCL C (6.2.6) allow the scalar to be widened
    /// to the vector only when it converts to the element type without gaining rank.
    /// Shifts are exempt (their right operand is converted separately).
    void rejectScalarOfGreaterRank(const Type* vector, const Type* scalar, const SourceRange& where,
                                   const char* op);
    /// The outcome of ScalarOverload: not a call it applies to, one best element type, or
    /// several equally good ones.
    struct ScalarOverload {
        bool applies = false;       ///< all arguments scalar, all resolved parameters one type
        const Type* best = nullptr; ///< the single best element type (nullptr: ambiguous)
        std::string tied;           ///< the equally good types, "int, uint", when ambiguous
    };
    /// clang's choice among the scalar overloads of a builtin (C++ [over.match.best], as
    /// clang applies it to the OpenCL C built-ins of 6.12): for a call whose arguments are all
    /// scalars and whose first matching overload `sig` takes one type for every parameter,
    /// every element type some overload of `ids` accepts is ranked per argument (exact match,
    /// then promotion: bool/char/short -> int and float -> double, then conversion). The usual
    /// arithmetic conversions do not apply: `min(int, uint)` is ambiguous.
    ScalarOverload bestScalarOverload(const std::vector<int>& ids,
                                      const std::vector<QualType>& argTypes,
                                      const BuiltinSignature& sig);
    void checkMember(ast::MemberExpr* m);
    void checkVectorLiteral(ast::VectorLiteralExpr* v);
    /// Reports "atomic-operator" when `e` has an OpenCL C 2.0 atomic type (6.13.11.6: atomic
    /// objects are only read, and only changed through the atomic functions). Returns true if
    /// it reported.
    bool rejectAtomicOperand(const ast::Expr* e, const SourceRange& range);
    void checkUnary(ast::UnaryExpr* u);
    void checkBinary(ast::BinaryExpr* b);
    void checkAssign(ast::AssignExpr* a);
    void checkCast(ast::CastExpr* c);
    void checkConditional(ast::ConditionalExpr* c);
    void checkTypeTrait(ast::TypeTraitExpr* t);
    /// Common type of arithmetic operands (scalar/vector) per spec 6.2.6; null on error.
    const Type* arithmeticResultType(ast::ExprPtr& l, ast::ExprPtr& r, const SourceRange& where,
                                     const char* op);
    void requireModifiable(ast::Expr* e, const char* what);

    // --- constants (ConstEval.cpp) ---
public:
    /// Folds an integer constant expression; nullopt if `e` is not constant.
    static std::optional<int64_t> evalIntConstant(const ast::Expr* e);
    /// True if `e` is a compile-time constant (arithmetic or address constant) usable as a
    /// `__constant` initializer (spec 6.5.3).
    static bool isConstantInitializer(const ast::Expr* e);
    /// True if `e` is an address constant (C99 6.6p9): the address of an object with static
    /// storage (program scope), possibly offset by an integer constant, or a string literal.
    static bool isAddressConstant(const ast::Expr* e);

private:
    Program& m_program;
    TypeContext& m_types;
    int m_clVersion;
    std::vector<Scope> m_scopes;
    ast::FunctionDecl* m_function = nullptr;
    uint32_t m_nextSlot = 0;
    /// A function body is being checked: its compound literals take frame slots (m_nextSlot).
    bool m_frameSlotsOpen = false;
    int m_blockDepth = 0;
    int m_loopDepth = 0;
    int m_switchDepth = 0;
    /// The labels of each enclosing switch, innermost last: case values (with the label's
    /// range) and the default label's range, to report duplicates (C99 6.8.4.2p3).
    struct SwitchLabels {
        std::map<int64_t, SourceRange> cases;
        std::optional<SourceRange> defaultLabel;
    };
    std::vector<SwitchLabels> m_switchLabels;
    std::map<std::string, ast::LabelStmt*> m_labels;
    std::vector<ast::GotoStmt*> m_gotos;
    std::map<ast::FunctionDecl*, std::vector<std::pair<ast::FunctionDecl*, SourceRange>>> m_calls;
    std::map<std::string, ast::FunctionDecl*> m_functions;
    /// Declarations already refused with an error (a variable or parameter that is a pointer
    /// to a function, spec 6.9.a): a later use of the name reports nothing more, so one
    /// mistake gives one error, not a cascade.
    std::set<const ast::Decl*> m_rejected;
};

} // namespace clstep
