#pragma once

#include "common/Diagnostic.h"
#include "frontend/Ast.h"
#include "frontend/PreprocessedSource.h"

#include <memory>
#include <vector>

namespace clstep {

/// Result of parsing: the AST (always non-null, possibly partial after errors) and the
/// diagnostics: kind "syntax-error" (lexical and syntax errors, at most 20, in source order),
/// "nesting-too-deep" (brackets nested more than 256 levels, or pathological recursion such
/// as thousands of nested statements or operators), a final Note of kind "too-many-errors"
/// when errors were dropped, and "internal-error" should the parser itself fail. VLAs and
/// bit-fields are parsed (Sema reports them as "unsupported").
struct ParseResult {
    std::unique_ptr<ast::TranslationUnit> unit;
    std::vector<Diagnostic> diagnostics;
};

/// Parses preprocessed OpenCL C (1.2/2.0) into the clstep AST.
///
/// Uses the ANTLR-generated parser from grammar/OpenCLC.g4, one external declaration at a
/// time: in SLL mode first, reparsing a declaration in full LL mode (with error recovery and
/// reporting) only if SLL reported an error. Typedef names are tracked in a scoped symbol
/// table while parsing (not guessed); after "unknown type name 'T'" the name is taken as a
/// type so that one mistake gives one error. Every node's SourceRange is mapped back to the
/// original file through `source.originalLocation`. Never throws; deeply nested input (for
/// example 10,000 nested parentheses) is rejected with a "nesting-too-deep" diagnostic
/// instead of overflowing the stack. The work runs on a private thread with a large stack
/// (the call blocks until it is done).
ParseResult parseOpenCL(const PreprocessedSource& source);

} // namespace clstep
