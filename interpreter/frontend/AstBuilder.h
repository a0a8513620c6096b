#pragma once

// Private to the frontend: this header and Parser.cpp are the only places (besides grammar/)
// that see ANTLR types. It turns the ANTLR parse tree of grammar/OpenCLC.g4 into the clstep
// AST (frontend/Ast.h), with a SourceRange on every node mapped to the original files.

#include "OpenCLCParser.h"
#include "common/Diagnostic.h"
#include "common/NestingLimit.h"
#include "frontend/Ast.h"
#include "frontend/PreprocessedSource.h"

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace clstep {

/// Maps ANTLR tokens (1-based lines, 0-based columns, byte offsets into the preprocessed
/// text) to locations in the original files through `PreprocessedSource::originalLocation`.
class TokenLocator {
public:
    explicit TokenLocator(const PreprocessedSource& source) : m_source(source) {}

    /// Original location of 1-based `line` and 0-based `column0` of the preprocessed text.
    SourceLocation at(size_t line, size_t column0) const;
    /// First character of `t`.
    SourceLocation begin(const antlr4::Token* t) const;
    /// One past the last character of `t` (equal to begin for EOF).
    SourceLocation end(const antlr4::Token* t) const;
    /// The characters of `t`.
    SourceRange range(const antlr4::Token* t) const;
    /// From the first character of `first` to one past the last character of `last`.
    SourceRange range(const antlr4::Token* first, const antlr4::Token* last) const;
    /// The tokens of a parse-tree node (an empty node gives an empty range at its start).
    SourceRange range(antlr4::ParserRuleContext* ctx) const;
    /// The bytes [start, stop) of the preprocessed text starting at (line, column0).
    SourceRange bytes(size_t line, size_t column0, size_t start, size_t stop) const;
    /// The raw bytes of `t` in the preprocessed text ("" for EOF).
    std::string_view text(const antlr4::Token* t) const;
    /// The preprocessed text.
    const std::string& source() const { return m_source.text; }

private:
    const PreprocessedSource& m_source;
};

/// Builds the clstep AST from the parse tree, one external declaration at a time.
///
/// Robust against partial trees produced by ANTLR's error recovery (missing children are
/// skipped). Literal decoding errors and malformed declarations are reported as
/// "syntax-error" diagnostics; absurdly deep operator chains as "nesting-too-deep".
class AstBuilder {
public:
    using P = grammar::OpenCLCParser;

    AstBuilder(const TokenLocator& locator, std::vector<Diagnostic>& diagnostics)
        : m_loc(locator), m_diags(diagnostics) {}

    /// Appends the declarations of one external declaration (including struct/enum
    /// definitions it contains, in front of their users) to `unit`.
    void addExternalDeclaration(P::ExternalDeclarationContext* ctx, ast::TranslationUnit& unit);

    /// Maximum depth of nested operators (binary, assignment, conditional, comma, postfix,
    /// unary, cast, sizeof) in one expression tree: the project-wide kMaxNestingDepth. Deeper
    /// expressions are rejected with "nesting-too-deep" so later recursive passes are safe.
    static constexpr size_t maxChainDepth = kMaxNestingDepth;

private:
    using DeclList = std::vector<ast::DeclPtr>;

    /// Analysis of declaration specifiers.
    struct Specifiers {
        ast::TypeSyntaxPtr base;
        ast::StorageClass storage = ast::StorageClass::None;
        SourceRange storageRange;
        bool isInline = false;
        bool isKernel = false;
        SourceRange kernelRange;
        std::vector<P::AttributeSpecifierContext*> attrs; ///< attributes of the declaration
        SourceRange range;
        /// `struct S` / `enum E` without a body (a forward declaration when no declarator).
        P::TypeKeywordSpecifierContext* tagReference = nullptr;
    };

    /// A declarator applied to a base type.
    struct Declarator {
        std::string name;
        SourceRange nameRange;
        ast::TypeSyntaxPtr type;
        std::vector<P::AttributeSpecifierContext*> attrs;
    };

    // --- declarations and specifiers (AstBuilderDecl.cpp) ---
    void buildDeclaration(P::DeclarationSpecifiersContext* specs,
                          P::InitDeclaratorListContext* list, bool programScope, DeclList& out);
    std::unique_ptr<ast::FunctionDecl> buildFunction(const Specifiers& specs, Declarator&& d,
                                                     SourceRange range);
    Specifiers buildSpecifiers(P::DeclarationSpecifiersContext* ctx, DeclList& sink,
                               bool allowStorage);
    std::string builtinTypeName(const std::vector<antlr4::Token*>& keywords);
    void addQualifier(P::TypeQualifierContext* q, ast::TypeQualifiers& quals);
    ast::RecordDecl* buildRecord(P::StructOrUnionSpecifierContext* ctx, DeclList& sink,
                                 ast::TypeSyntax& ts);
    ast::EnumDecl* buildEnum(P::EnumSpecifierContext* ctx, DeclList& sink, ast::TypeSyntax& ts);
    // --- declarators, types, attributes, initializers (AstBuilderType.cpp) ---
    Declarator buildDeclarator(P::DeclaratorContext* ctx, ast::TypeSyntaxPtr base, DeclList& sink);
    ast::TypeSyntaxPtr buildAbstractDeclarator(P::AbstractDeclaratorContext* ctx,
                                               ast::TypeSyntaxPtr base, DeclList& sink);
    ast::TypeSyntaxPtr applyPointer(P::PointerContext* ctx, ast::TypeSyntaxPtr inner);
    ast::TypeSyntaxPtr applySuffix(P::DeclaratorSuffixContext* ctx, ast::TypeSyntaxPtr inner,
                                   DeclList& sink);
    std::unique_ptr<ast::ParamDecl> buildParam(P::ParameterDeclarationContext* ctx, DeclList& sink);
    ast::TypeSyntaxPtr buildTypeName(P::TypeNameContext* ctx);
    void appendAttributes(P::AttributeSpecifierContext* ctx, std::vector<ast::Attribute>& out);
    void appendAttributes(const std::vector<P::AttributeSpecifierContext*>& ctxs,
                          std::vector<ast::Attribute>& out);
    ast::ExprPtr buildInitializer(P::InitializerContext* ctx);
    std::unique_ptr<ast::InitListExpr> buildBraceInitializer(P::BraceInitializerContext* ctx);
    bool isVectorType(const ast::TypeSyntax* ts) const;

    // --- statements (AstBuilderStmt.cpp) ---
    std::unique_ptr<ast::CompoundStmt> buildCompound(P::CompoundStatementContext* ctx);
    ast::StmtPtr buildBlockItem(P::BlockItemContext* ctx);
    ast::StmtPtr buildStatement(P::StatementContext* ctx);
    std::unique_ptr<ast::DeclStmt> buildDeclStmt(P::DeclarationContext* ctx);

    // --- expressions (AstBuilderExpr.cpp) ---
    ast::ExprPtr buildExpression(P::ExpressionContext* ctx);
    ast::ExprPtr buildAssignment(P::AssignmentExpressionContext* ctx);
    ast::ExprPtr buildConstant(P::ConstantExpressionContext* ctx);
    ast::ExprPtr buildBinary(P::BinaryExpressionContext* ctx);
    ast::ExprPtr buildUnary(P::UnaryExpressionContext* ctx);
    ast::ExprPtr buildCast(P::CastExprContext* ctx);
    ast::ExprPtr applyPostfix(ast::ExprPtr base, antlr4::Token* first,
                              const std::vector<P::PostfixSuffixContext*>& suffixes);
    ast::ExprPtr buildPrimary(P::PrimaryExpressionContext* ctx);
    // --- literals (AstBuilderLiteral.cpp) ---
    ast::ExprPtr buildNumber(antlr4::Token* t);
    ast::ExprPtr buildCharacter(antlr4::Token* t);
    std::string decodeEscapes(std::string_view body, antlr4::Token* t);
    /// Raises the current operator-chain depth by `n`; false (after one diagnostic) when the
    /// limit is exceeded. Pair with `m_chainDepth -= n`.
    bool enterChain(size_t n, antlr4::Token* at);

    // --- helpers (AstBuilder.cpp) ---
    void error(SourceRange range, std::string message);
    SourceRange range(antlr4::ParserRuleContext* ctx) const { return m_loc.range(ctx); }
    SourceRange range(antlr4::Token* t) const { return m_loc.range(t); }
    SourceRange range(antlr4::Token* a, antlr4::Token* b) const { return m_loc.range(a, b); }
    std::string text(antlr4::Token* t) const { return std::string(m_loc.text(t)); }
    std::string text(antlr4::tree::TerminalNode* n) const {
        return n ? text(n->getSymbol()) : std::string();
    }
    /// The tokens of `ctx` joined by single spaces.
    std::string spelling(antlr4::ParserRuleContext* ctx) const;

    const TokenLocator& m_loc;
    std::vector<Diagnostic>& m_diags;
    /// Where struct/enum definitions met inside expressions go (hoisted before the function).
    DeclList* m_hoist = nullptr;
    /// Typedef names known to denote a vector type, for `(T)(a, b).x` vector literals.
    std::unordered_set<std::string> m_vectorTypedefs;
    size_t m_chainDepth = 0;
    bool m_chainReported = false;
};

/// An Error diagnostic of `kind`.
Diagnostic makeParseDiagnostic(DiagnosticKind kind, std::string message, SourceRange range);

/// Thrown (from inside the error strategy) to stop parsing after the maximum number of errors.
struct TooManySyntaxErrors {};

/// Thrown (from inside the error strategy) after an "unknown type name" error: the external
/// declaration is parsed again with `name` taken as a type, which avoids cascading errors.
struct AssumeTypeName {
    std::string name;
};

/// The error strategy of the LL pass (SyntaxErrors.cpp). Replaces ANTLR's console reporting
/// with clear messages and exact ranges ("expected ';' after expression", "missing ')'" with
/// a note at the '(', "unknown type name 'T'", "unexpected token '}'"); skips cascading
/// errors and errors at `quietTokens`; throws TooManySyntaxErrors instead of recording error
/// number `maxErrors + 1`, and AssumeTypeName after each new unknown type name.
std::shared_ptr<antlr4::DefaultErrorStrategy>
makeSyntaxErrorStrategy(const TokenLocator& locator, antlr4::CommonTokenStream& tokens,
                        std::vector<Diagnostic>& out, std::set<size_t> quietTokens,
                        size_t maxErrors);

} // namespace clstep
