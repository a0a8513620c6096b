#pragma once

#include "common/Diagnostic.h"
#include "common/SourceManager.h"
#include "core/TypeContext.h"
#include "frontend/Ast.h"
#include "frontend/CompileOptions.h"

#include <memory>
#include <string>
#include <vector>

namespace clstep {

/// A built OpenCL C program: the sources, the annotated AST, its types, and every
/// diagnostic of preprocessing, parsing and Sema. A Program with errors can be inspected
/// (the editor draws its diagnostics) but must not be run.
class Program {
public:
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

    /// Builds a program from a file on disk. A missing/unreadable file gives a diagnostic
    /// (kind "io-error"), never an exception.
    static std::unique_ptr<Program> fromFile(const std::string& path, const CompileOptions& options);
    /// Builds a program from text; `path` is used for messages and relative #includes.
    static std::unique_ptr<Program> fromSource(const std::string& path, std::string text,
                                               const CompileOptions& options);
};

} // namespace clstep
