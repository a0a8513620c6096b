#pragma once

/// The clstep AST: our own tree, built from the ANTLR parse tree by AstBuilder, with a
/// SourceRange on every node. Sema annotates it in place (types, resolved names, frame slots).
#include "frontend/AstDecl.h"
#include "frontend/AstExpr.h"
#include "frontend/AstStmt.h"
#include "frontend/AstType.h"
