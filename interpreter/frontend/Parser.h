#pragma once

#include "common/Diagnostic.h"
#include "frontend/Ast.h"
#include "frontend/PreprocessedSource.h"

#include <memory>
#include <vector>

namespace clstep {

/// Result of parsing: the AST (always non-null, possibly partial after errors) and the
/// syntax diagnostics (kind "syntax-error", and "unsupported" for VLAs and bit-fields found
/// later by Sema).
struct ParseResult {
    std::unique_ptr<ast::TranslationUnit> unit;
    std::vector<Diagnostic> diagnostics;
};

/// Parses preprocessed OpenCL C (1.2/2.0) into the clstep AST.
///
/// Uses the ANTLR-generated parser from grammar/OpenCLC.g4 in SLL mode first and reparses in
/// full LL mode only if SLL reported an error. Typedef names are tracked in a scoped symbol
/// table while parsing (not guessed). Every node's SourceRange is mapped back to the original
/// file through `source.originalLocation`. Never throws; deeply nested input (for example
/// 10,000 nested parentheses) is rejected with a "nesting-too-deep" diagnostic instead of
/// overflowing the stack.
ParseResult parseOpenCL(const PreprocessedSource& source);

} // namespace clstep
