// OpenCL C 1.2 / 2.0 grammar for clstep (C99 plus the OpenCL C extensions).
//
// Design notes (see also interpreter/frontend/AstBuilder.*):
// - Typedef names are recognized with a semantic predicate over a scoped symbol table the
//   parser maintains itself (scopes: file, function parameters, compound statements, `for`).
//   A declaration with `typedef` storage adds its declarator names as type names; any other
//   declaration (and enum constants) adds them as ordinary names, shadowing outer typedefs.
// - A typedef name is a type specifier only when no other type specifier was seen: the
//   declarationSpecifiers rule encodes this structurally instead of with parser state.
// - Casts, sizeof(type), _Alignof(type) and vec_step(type) are decided by a predicate that
//   looks at the token after '(' (LT(2)), placed at the left edge so ANTLR evaluates it
//   during prediction.
// - No deep parser recursion for long operator chains: binary operators use ANTLR's left
//   recursion (a loop; the tree is left-deep), assignment and `?:` chains are flat loops
//   `operand (op operand)*`. The AST builder folds them iteratively. Rule nesting is counted
//   (enterRule) and capped: pathological input throws NestingTooDeep instead of crashing.
// - Parser.cpp parses one externalDeclaration at a time below a translationUnit context
//   (SLL first, LL with recovery only for a declaration that fails), freeing each tree.
// - The parser's typedef symbol table is the plain C++ class TypedefScopes.h; the members
//   below only connect it to the rules.
// - The tokens are in OpenCLCLexerRules.g4, imported below; ANTLR still generates one
//   OpenCLCLexer, OpenCLCParser and OpenCLCVisitor from this combined grammar.
// - compoundStatement and iterationStatement open a symbol scope. They do it in
//   enterRule/exitRule (by rule index) rather than with `@init`/`finally`: ANTLR 4.7.2
//   rejects more than one rule `@init` action in a grammar that imports another
//   ("redefinition of init action", antlr/antlr4#2041).
grammar OpenCLC;

import OpenCLCLexerRules;

@parser::header {
#include "TypedefScopes.h"

#include <string>
}

@parser::members {
public:
    class DeclarationSpecifiersContext;
    class InitDeclaratorListContext;
    class DeclaratorContext;
    /// Thrown when the parser's rule nesting exceeds maxRuleDepth (guards the C++ stack).
    struct NestingTooDeep {
        antlr4::Token* token;
    };

    /// Maximum rule nesting before the parse is abandoned with NestingTooDeep.
    size_t maxRuleDepth = 12000;

    /// Clears the symbol table (one file scope) and the rule depth; call before parsing.
    void resetSymbols() {
        m_symbols.reset();
        m_ruleDepth = 0;
        m_functionScopes = 0;
    }

    /// Error recovery: treats `name` as a typedef name at file scope from now on (after an
    /// "unknown type name" error), so that the rest of the file parses sensibly.
    void assumeTypedefName(const std::string& name) { m_symbols.assumeTypedefName(name); }

    /// Starts recording file-scope declarations (call before each external declaration).
    void checkpointSymbols() { m_symbols.checkpoint(); }

    /// Undoes the file-scope declarations made since checkpointSymbols() and drops inner
    /// scopes, so that an external declaration can be parsed again from its first token.
    void rollbackSymbols() {
        m_symbols.rollback();
        m_ruleDepth = 0;
        m_functionScopes = 0;
    }

    /// True when `name` currently denotes a typedef name (innermost declaration wins).
    bool isTypedefName(const std::string& name) const { return m_symbols.isTypedefName(name); }

    /// Counts rule nesting so that pathological input cannot overflow the C++ stack, and
    /// opens the symbol scope of the rules that have one.
    void enterRule(antlr4::ParserRuleContext* localctx, size_t state, size_t ruleIndex) override {
        if (++m_ruleDepth > maxRuleDepth) throw NestingTooDeep{_input->LT(1)};
        if (opensScope(ruleIndex)) m_symbols.push();
        antlr4::Parser::enterRule(localctx, state, ruleIndex);
    }
    /// Same for left-recursive rules (binaryExpression).
    void enterRecursionRule(antlr4::ParserRuleContext* localctx, size_t state, size_t ruleIndex,
                            int precedence) override {
        if (++m_ruleDepth > maxRuleDepth) throw NestingTooDeep{_input->LT(1)};
        antlr4::Parser::enterRecursionRule(localctx, state, ruleIndex, precedence);
    }
    void unrollRecursionContexts(antlr4::ParserRuleContext* parentctx) override {
        --m_ruleDepth;
        antlr4::Parser::unrollRecursionContexts(parentctx);
    }
    /// Hides Parser::exitRule (not virtual) so the generated code keeps the depth balanced
    /// and closes the scope enterRule opened.
    void exitRule() {
        --m_ruleDepth;
        if (_ctx && opensScope(_ctx->getRuleIndex())) m_symbols.pop();
        antlr4::Parser::exitRule();
    }

private:
    TypedefScopes m_symbols;
    size_t m_ruleDepth = 0;
    size_t m_functionScopes = 0;

    /// Compound statements and `for` (its declaration) have a scope of their own (C99 6.8.2,
    /// 6.8.5).
    static bool opensScope(size_t ruleIndex) {
        return ruleIndex == RuleCompoundStatement || ruleIndex == RuleIterationStatement;
    }
    void declare(const std::string& name, bool isTypedef) { m_symbols.declare(name, isTypedef); }

    bool isTypedefToken(antlr4::Token* t) const {
        return t && t->getType() == Identifier && isTypedefName(t->getText());
    }

    /// True when `t` can begin a type name (specifiers and qualifiers, or a typedef name).
    bool startsTypeName(antlr4::Token* t) const {
        if (!t) return false;
        switch (t->getType()) {
        case Void: case Char: case Short: case Int: case Long: case Float: case Double:
        case Half: case Bool: case Signed: case Unsigned: case BuiltinTypeName:
        case Struct: case Union: case Enum: case Const: case Volatile: case Restrict:
        case Global: case Local: case Constant: case Private: case Generic:
        case ReadOnly: case WriteOnly: case ReadWrite: case Attribute:
            return true;
        case Identifier:
            return isTypedefName(t->getText());
        default:
            return false;
        }
    }

    /// `(` followed by something that starts a type name: a cast, compound literal, or the
    /// type operand of sizeof/_Alignof/vec_step.
    bool parenTypeName() {
        return _input->LA(1) == LeftParen && startsTypeName(_input->LT(2));
    }

    /// Name declared by a declarator (empty when none).
    static std::string declaratorName(DeclaratorContext* d) {
        while (d) {
            DirectDeclaratorContext* dd = d->directDeclarator();
            if (!dd) return {};
            if (dd->Identifier()) return dd->Identifier()->getText();
            d = dd->declarator();
        }
        return {};
    }

    /// Adds the names declared by `declarationSpecifiers initDeclaratorList?` to the scope.
    void declareNames(DeclarationSpecifiersContext* specs, InitDeclaratorListContext* list) {
        if (!list) return;
        bool isTypedef = false;
        if (specs) {
            for (auto* s : specs->nonTypeSpecifier())
                if (s->storageClassSpecifier() && s->storageClassSpecifier()->Typedef())
                    isTypedef = true;
        }
        for (auto* init : list->initDeclarator())
            declare(declaratorName(init->declarator()), isTypedef);
    }

    /// Opens the scope of a function body and declares the function's parameter names in it.
    void beginFunctionBody(InitDeclaratorListContext* list) {
        m_symbols.push();
        ++m_functionScopes;
        if (!list || list->initDeclarator().empty()) return;
        DeclaratorContext* d = list->initDeclarator().back()->declarator();
        // Find the parameter list applied directly to the declared identifier.
        ParameterTypeListContext* params = nullptr;
        while (d && d->directDeclarator()) {
            DirectDeclaratorContext* dd = d->directDeclarator();
            if (dd->Identifier()) {
                for (auto* suffix : dd->declaratorSuffix()) {
                    if (suffix->LeftParen()) {
                        params = suffix->parameterTypeList();
                        break;
                    }
                }
                break;
            }
            d = dd->declarator();
        }
        if (!params || !params->parameterList()) return;
        for (auto* p : params->parameterList()->parameterDeclaration())
            if (p->declarator()) declare(declaratorName(p->declarator()), false);
    }

    void endFunctionBody() {
        if (m_functionScopes > 0) {
            --m_functionScopes;
            m_symbols.pop();
        }
    }

public:
}

// ---------------------------------------------------------------------------------------
// Translation unit and declarations
// ---------------------------------------------------------------------------------------

// Not called directly: Parser.cpp calls externalDeclaration in a loop, with a
// translationUnit context above it so prediction and recovery know what follows.
translationUnit
    : externalDeclaration* EOF
    ;

// A declaration or a function definition (one rule so no long lookahead is needed to tell
// them apart; the AST builder checks that a body follows exactly one function declarator).
externalDeclaration
    : declarationSpecifiers initDeclaratorList? {declareNames($declarationSpecifiers.ctx, $initDeclaratorList.ctx);}
      ( Semi
      | {beginFunctionBody($initDeclaratorList.ctx);} compoundStatement
      )
    | Semi
    ;
    finally { endFunctionBody(); }

declaration
    : declarationSpecifiers initDeclaratorList? {declareNames($declarationSpecifiers.ctx, $initDeclaratorList.ctx);} Semi
    ;

// C99 6.7.2p2 as structure: a typedef name only when no other type specifier is present.
declarationSpecifiers
    : nonTypeSpecifier*
      ( typedefName nonTypeSpecifier*
      | typeKeywordSpecifier (nonTypeSpecifier | typeKeywordSpecifier)*
      )
    ;

nonTypeSpecifier
    : storageClassSpecifier
    | typeQualifier
    | functionSpecifier
    | attributeSpecifier
    ;

storageClassSpecifier
    : Typedef
    | Extern
    | Static
    | Auto
    | Register
    ;

functionSpecifier
    : Inline
    | Kernel
    | Noreturn
    ;

typeQualifier
    : Const
    | Volatile
    | Restrict
    | addressSpaceQualifier
    | accessQualifier
    ;

addressSpaceQualifier
    : Global
    | Local
    | Constant
    | Private
    | Generic
    ;

accessQualifier
    : ReadOnly
    | WriteOnly
    | ReadWrite
    ;

typeKeywordSpecifier
    : Void
    | Char
    | Short
    | Int
    | Long
    | Float
    | Double
    | Half
    | Bool
    | Signed
    | Unsigned
    | BuiltinTypeName
    | structOrUnionSpecifier
    | enumSpecifier
    ;

typedefName
    : {isTypedefToken(_input->LT(1))}? Identifier
    ;

structOrUnionSpecifier
    : (Struct | Union) attributeSpecifier*
      ( Identifier? LeftBrace structDeclaration* RightBrace
      | Identifier
      )
    ;

structDeclaration
    : declarationSpecifiers (structDeclarator (Comma structDeclarator)*)? Semi
    ;

structDeclarator
    : declarator (Colon constantExpression)?
    | Colon constantExpression
    ;

enumSpecifier
    : Enum attributeSpecifier*
      ( Identifier? LeftBrace enumerator (Comma enumerator)* Comma? RightBrace
      | Identifier
      )
    ;

enumerator
    : Identifier {declare($Identifier.text, false);} (Assign constantExpression)?
    ;

initDeclaratorList
    : initDeclarator (Comma initDeclarator)*
    ;

initDeclarator
    : declarator (Assign initializer)?
    ;

// `pointer* directDeclarator` with GNU attributes after the declarator
// (`int x __attribute__((aligned(16))) = 0;`, `float4 *p __attribute__((endian(host)))`).
declarator
    : pointer* directDeclarator attributeSpecifier*
    ;

directDeclarator
    : ( Identifier
      | LeftParen attributeSpecifier* declarator RightParen
      )
      declaratorSuffix*
    ;

declaratorSuffix
    : LeftBracket arrayQualifier* assignmentExpression? RightBracket
    | LeftParen parameterTypeList? RightParen
    ;

arrayQualifier
    : typeQualifier
    | Static
    ;

// `*` followed by the qualifiers (and attributes) of that pointer level.
pointer
    : Star (typeQualifier | attributeSpecifier)*
    ;

parameterTypeList
    : parameterList (Comma Ellipsis)?
    ;

parameterList
    : parameterDeclaration (Comma parameterDeclaration)*
    ;

parameterDeclaration
    : declarationSpecifiers (declarator | abstractDeclarator?)
    ;

typeName
    : declarationSpecifiers abstractDeclarator?
    ;

abstractDeclarator
    : pointer+ directAbstractDeclarator? attributeSpecifier*
    | directAbstractDeclarator attributeSpecifier*
    ;

directAbstractDeclarator
    : ( LeftParen abstractDeclarator RightParen
      | declaratorSuffix
      )
      declaratorSuffix*
    ;

initializer
    : assignmentExpression
    | braceInitializer
    ;

braceInitializer
    : LeftBrace (initializerList Comma?)? RightBrace
    ;

initializerList
    : designatedInitializer (Comma designatedInitializer)*
    ;

designatedInitializer
    : (designator+ Assign)? initializer
    ;

designator
    : LeftBracket constantExpression RightBracket
    | Dot Identifier
    ;

// __attribute__((name, name(args), ...)); names may be keywords (`const`).
attributeSpecifier
    : Attribute LeftParen LeftParen attributeItem? (Comma attributeItem?)* RightParen RightParen
    ;

attributeItem
    : attributeName (LeftParen attributeArguments? RightParen)?
    ;

attributeName
    : Identifier
    | Const
    | Inline
    | Kernel
    | Static
    | Global
    | Local
    | Constant
    | Private
    | Generic
    | Volatile
    | Restrict
    | ReadOnly
    | WriteOnly
    | ReadWrite
    | BuiltinTypeName
    ;

attributeArguments
    : typeName
    | assignmentExpression (Comma assignmentExpression)*
    ;

// ---------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------

// Opens a scope (enterRule).
compoundStatement
    : LeftBrace blockItem* RightBrace
    ;

// Declaration first: with a typedef name `T * x;` is a declaration (C99 6.8 / 6.7).
blockItem
    : declaration
    | statement
    ;

statement
    : labeledStatement
    | compoundStatement
    | expressionStatement
    | selectionStatement
    | iterationStatement
    | jumpStatement
    | attributeSpecifier+ statement
    ;

labeledStatement
    : Identifier Colon statement
    | Case constantExpression Colon statement
    | Default Colon statement
    ;

expressionStatement
    : expression? Semi
    ;

// The dangling `else` binds to the nearest `if`. The predicate on the empty alternative
// resolves that ambiguity during prediction, so that LL mode never needs full-context
// prediction here (which costs time proportional to the nesting depth, for every `else`).
selectionStatement
    : If LeftParen expression RightParen statement
      ( Else statement
      | {_input->LA(1) != Else}?
      )
    | Switch LeftParen expression RightParen statement
    ;

// Opens a scope (enterRule).
iterationStatement
    : While LeftParen expression RightParen statement
    | Do statement While LeftParen expression RightParen Semi
    | For LeftParen (declaration | expression? Semi) expression? Semi expression? RightParen statement
    ;

jumpStatement
    : Goto Identifier Semi
    | Continue Semi
    | Break Semi
    | Return expression? Semi
    ;

// ---------------------------------------------------------------------------------------
// Expressions
//
// Few rule levels per operand keep the parse tree small (an identifier in an argument is
// assignmentExpression > binaryExpression > unaryExpression > primaryExpression).
// ---------------------------------------------------------------------------------------

expression
    : assignmentExpression (Comma assignmentExpression)*
    ;

// Assignment and conditional operators as one flat, right-associative list: the AST builder
// splits it at assignment operators, then folds each `c ? a : b ? ...` part from the right.
// Left operands are parsed leniently (any binary expression); Sema checks for lvalues.
assignmentExpression
    : binaryExpression
      ( ( Assign | StarAssign | DivAssign | ModAssign | PlusAssign | MinusAssign
        | LeftShiftAssign | RightShiftAssign | AndAssign | XorAssign | OrAssign
        | Question expression Colon
        )
        binaryExpression
      )*
    ;

// Used where C requires a constant expression; Sema checks constness.
constantExpression
    : assignmentExpression
    ;

// Binary operators by C precedence (ANTLR left recursion: long chains do not recurse).
binaryExpression
    : unaryExpression
    | binaryExpression (Star | Div | Mod) binaryExpression
    | binaryExpression (Plus | Minus) binaryExpression
    | binaryExpression (LeftShift | RightShift) binaryExpression
    | binaryExpression (Less | Greater | LessEqual | GreaterEqual) binaryExpression
    | binaryExpression (Equal | NotEqual) binaryExpression
    | binaryExpression And binaryExpression
    | binaryExpression Caret binaryExpression
    | binaryExpression Or binaryExpression
    | binaryExpression AndAnd binaryExpression
    | binaryExpression OrOr binaryExpression
    ;

// C's cast-expression and unary-expression levels. `(type) operand`, `(type){...}`
// (compound literal, then postfix operators); `(float4)(a, b, c, d)` vector literals are
// casts of a parenthesized operand, recognized by the AST builder.
unaryExpression
    : {parenTypeName()}? LeftParen typeName RightParen
      ( unaryExpression
      | braceInitializer postfixSuffix*
      )                                                                 # castExpr
    | primaryExpression postfixSuffix*                                  # postfixExpr
    | (PlusPlus | MinusMinus) unaryExpression                           # preIncDecExpr
    | (And | Star | Plus | Minus | Tilde | Not) unaryExpression          # unaryOpExpr
    | (Sizeof | Alignof | VecStep)
      ( {parenTypeName()}? LeftParen typeName RightParen
      | unaryExpression
      )                                                                 # typeTraitExpr
    ;

postfixSuffix
    : LeftBracket expression RightBracket
    | LeftParen argumentExpressionList? RightParen
    | (Dot | Arrow) Identifier
    | PlusPlus
    | MinusMinus
    ;

argumentExpressionList
    : assignmentExpression (Comma assignmentExpression)*
    ;

primaryExpression
    : Identifier
    | Number
    | CharacterConstant
    | StringLiteral+
    | LeftParen expression RightParen
    ;
