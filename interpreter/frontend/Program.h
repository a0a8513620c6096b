#pragma once

#include "common/Diagnostic.h"
#include "common/SourceManager.h"
#include "core/TypeContext.h"
#include "frontend/CompileOptions.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace clstep {

// The AST (frontend/Ast.h) only by pointer: a header that names a Program (debug/Session.h,
// and through it the UI's) does not pull in the tree; a file that walks it includes Ast.h.
namespace ast {
struct TranslationUnit;
struct FunctionDecl;
struct VarDecl;
} // namespace ast

/// What a later layer derives from a Program once and keeps with it (the runtime's lowered
/// code, exec::LoweredProgram), without the frontend knowing its type (see Program::derived()).
class ProgramArtifact {
public:
    virtual ~ProgramArtifact() = default;
};

/// A built OpenCL C program: the sources, the annotated AST, its types, and every
/// diagnostic of preprocessing, parsing and Sema. A Program with errors can be inspected
/// (the editor draws its diagnostics) but must not be run.
class Program {
public:
    /// An empty program (no sources, no unit); fromFile/fromSource build real ones.
    Program();
    ~Program();
    Program(Program&&) noexcept;
    Program& operator=(Program&&) noexcept;

    SourceManager sources;
    uint32_t mainFile = 0;
    CompileOptions options;
    std::unique_ptr<TypeContext> types = std::make_unique<TypeContext>();
    std::unique_ptr<ast::TranslationUnit> unit;
    std::vector<Diagnostic> diagnostics;
    std::vector<std::string> extensionPragmas;
    /// Kernel functions with bodies, in source order.
    std::vector<ast::FunctionDecl*> kernels;
    /// Program-scope variables (`__constant`, and 2.0 `__global` / static locals); the
    /// variable's `slot` indexes this vector.
    std::vector<ast::VarDecl*> programVars;

    /// The kernel named `name`, or nullptr.
    const ast::FunctionDecl* findKernel(const std::string& name) const;
    /// True when any diagnostic is an error.
    bool hasErrors() const { return clstep::hasErrors(diagnostics); }

    /// The artifact derived from this program (the runtime's lowered code): `make` builds it
    /// on the first call; every later call returns the same one without calling `make` (the
    /// program does not change once built). Thread-safe: concurrent first calls build it
    /// once. It lives as long as the program. An exception from `make` propagates and the
    /// next call tries again.
    const ProgramArtifact&
    derived(const std::function<std::unique_ptr<ProgramArtifact>()>& make) const;

    /// Builds a program from a file on disk. A missing/unreadable file gives a diagnostic
    /// (kind "io-error"), never an exception.
    static std::unique_ptr<Program> fromFile(const std::string& path,
                                             const CompileOptions& options);
    /// Builds a program from text; `path` is used for messages and relative #includes.
    static std::unique_ptr<Program> fromSource(const std::string& path, std::string text,
                                               const CompileOptions& options);

private:
    struct DerivedSlot {
        std::mutex mutex;
        std::unique_ptr<ProgramArtifact> artifact;
    };
    mutable std::unique_ptr<DerivedSlot> m_derived = std::make_unique<DerivedSlot>();
};

} // namespace clstep
