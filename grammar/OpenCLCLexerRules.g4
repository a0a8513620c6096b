// OpenCL C tokens for clstep: the lexer rules of OpenCLC.g4, which imports this grammar
// (ANTLR merges these rules, in this order, and the @lexer actions into the OpenCLCLexer it
// generates; this file generates nothing by itself).
//
// - Keywords come before Identifier: among rules matching the same text, the first wins.
// - Numbers are lexed as C preprocessing numbers and decoded (and diagnosed) by the AST
//   builder, which gives precise messages for bad suffixes.
// - The lexer never fails: unknown bytes and unterminated comments/literals are matched by
//   the error rules at the end, which record a LexError and skip; Parser.cpp turns them into
//   diagnostics.
lexer grammar OpenCLCLexerRules;

@lexer::header {
#include <algorithm>
#include <string>
#include <vector>
}

@lexer::members {
public:
    /// Kinds of lexical errors recorded in `lexErrors`.
    enum LexErrorKind {
        UnterminatedCommentError,
        UnterminatedStringError,
        EmptyCharError,
        UnterminatedCharError,
        InvalidCharacterError,
    };
    /// One lexical error: kind, byte offsets [start, stop) and 1-based line, 0-based column.
    struct LexError {
        LexErrorKind kind;
        size_t start;
        size_t stop;
        size_t line;
        size_t column;
    };
    /// The first `maxLexErrors` lexical errors, in source order.
    std::vector<LexError> lexErrors;
    /// Number of lexical errors seen (may exceed lexErrors.size()).
    size_t lexErrorCount = 0;
    static constexpr size_t maxLexErrors = 64;
    /// The raw bytes being lexed (one input character per byte); used by atLineStart().
    const std::string* rawText = nullptr;

private:
    void lexError(LexErrorKind kind) {
        ++lexErrorCount;
        if (lexErrors.size() < maxLexErrors)
            lexErrors.push_back(LexError{kind, tokenStartCharIndex, _input->index(), tokenStartLine,
                                         tokenStartCharPositionInLine});
        skip();
    }

    /// True when only blanks precede the current token on its line.
    bool atLineStart() const {
        if (!rawText) return true;
        size_t i = std::min(tokenStartCharIndex, rawText->size());
        while (i > 0) {
            char c = (*rawText)[i - 1];
            if (c == '\n') return true;
            if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != '\v') return false;
            --i;
        }
        return true;
    }

public:
}

Auto : 'auto';
Break : 'break';
Case : 'case';
Char : 'char';
Const : 'const' | '__const' | '__const__';
Continue : 'continue';
Default : 'default';
Do : 'do';
Double : 'double';
Else : 'else';
Enum : 'enum';
Extern : 'extern';
Float : 'float';
For : 'for';
Goto : 'goto';
If : 'if';
Inline : 'inline' | '__inline' | '__inline__';
Int : 'int';
Long : 'long';
Register : 'register';
Restrict : 'restrict' | '__restrict' | '__restrict__';
Return : 'return';
Short : 'short';
Signed : 'signed' | '__signed' | '__signed__';
Sizeof : 'sizeof';
Static : 'static';
Struct : 'struct';
Switch : 'switch';
Typedef : 'typedef';
Union : 'union';
Unsigned : 'unsigned';
Void : 'void';
Volatile : 'volatile' | '__volatile' | '__volatile__';
While : 'while';
Bool : 'bool' | '_Bool';
Half : 'half';
Noreturn : '_Noreturn';
Alignof : '_Alignof' | '__alignof__' | '__alignof';
VecStep : 'vec_step';
Attribute : '__attribute__' | '__attribute';

Kernel : '__kernel' | 'kernel';
Global : '__global' | 'global';
Local : '__local' | 'local';
Constant : '__constant' | 'constant';
Private : '__private' | 'private';
Generic : '__generic' | 'generic';
ReadOnly : '__read_only' | 'read_only';
WriteOnly : '__write_only' | 'write_only';
ReadWrite : '__read_write' | 'read_write';

// OpenCL built-in type names that are single identifiers: unsigned scalar shorthands,
// vector types (2, 3, 4, 8, 16 components), size types, opaque types, and the typedefs of
// OpenCL C 2.0 6.13.11 (memory_order, memory_scope) and 6.12.8 (cl_mem_fence_flags).
BuiltinTypeName
    : 'uchar' | 'ushort' | 'uint' | 'ulong'
    | VectorElement VectorWidth
    | 'size_t' | 'ptrdiff_t' | 'intptr_t' | 'uintptr_t'
    | 'event_t' | 'sampler_t' | 'queue_t' | 'clk_event_t' | 'reserve_id_t' | 'ndrange_t'
    | 'image1d_t' | 'image1d_array_t' | 'image1d_buffer_t'
    | 'image2d_t' | 'image2d_array_t' | 'image2d_depth_t' | 'image2d_array_depth_t'
    | 'image2d_msaa_t' | 'image2d_array_msaa_t' | 'image2d_msaa_depth_t'
    | 'image2d_array_msaa_depth_t' | 'image3d_t'
    | 'atomic_int' | 'atomic_uint' | 'atomic_long' | 'atomic_ulong' | 'atomic_float'
    | 'atomic_double' | 'atomic_flag' | 'atomic_intptr_t' | 'atomic_uintptr_t'
    | 'atomic_size_t' | 'atomic_ptrdiff_t'
    | 'memory_order' | 'memory_scope' | 'cl_mem_fence_flags'
    ;

fragment VectorElement
    : 'char' | 'uchar' | 'short' | 'ushort' | 'int' | 'uint' | 'long' | 'ulong'
    | 'float' | 'double' | 'half'
    ;

fragment VectorWidth
    : '2' | '3' | '4' | '8' | '16'
    ;

LeftParen : '(';
RightParen : ')';
LeftBracket : '[';
RightBracket : ']';
LeftBrace : '{';
RightBrace : '}';

Less : '<';
LessEqual : '<=';
Greater : '>';
GreaterEqual : '>=';
LeftShift : '<<';
RightShift : '>>';

Plus : '+';
PlusPlus : '++';
Minus : '-';
MinusMinus : '--';
Star : '*';
Div : '/';
Mod : '%';

And : '&';
Or : '|';
AndAnd : '&&';
OrOr : '||';
Caret : '^';
Not : '!';
Tilde : '~';

Question : '?';
Colon : ':';
Semi : ';';
Comma : ',';

Assign : '=';
StarAssign : '*=';
DivAssign : '/=';
ModAssign : '%=';
PlusAssign : '+=';
MinusAssign : '-=';
LeftShiftAssign : '<<=';
RightShiftAssign : '>>=';
AndAssign : '&=';
XorAssign : '^=';
OrAssign : '|=';

Equal : '==';
NotEqual : '!=';

Arrow : '->';
Dot : '.';
Ellipsis : '...';

Identifier
    : [a-zA-Z_$] [a-zA-Z0-9_$]*
    ;

// A C preprocessing number (C99 6.4.8); the AST builder decodes and validates it.
Number
    : '.'? [0-9] ( [0-9a-zA-Z_.] | [eEpP] [+-] )*
    ;

CharacterConstant
    : '\'' CChar+ '\''
    ;

StringLiteral
    : '"' SChar* '"'
    ;

fragment CChar
    : ~['\\\r\n]
    | EscapeSequence
    ;

fragment SChar
    : ~["\\\r\n]
    | EscapeSequence
    ;

fragment EscapeSequence
    : '\\' ~[\r\n]
    | '\\' '\r'? '\n'
    ;

// Preprocessor lines left in the text (e.g. `#pragma` when parsing unpreprocessed text)
// are skipped, but only when `#` is the first non-blank character of its line.
Directive
    : '#' {atLineStart()}? ( ~[\r\n\\] | '\\' '\r'? '\n' | '\\' )* -> skip
    ;

Whitespace
    : [ \t\r\n\f\u000B]+ -> skip
    ;

LineComment
    : '//' ~[\r\n]* -> skip
    ;

BlockComment
    : '/*' ( ~'*' | '*'+ ~[*/] )* '*'+ '/' -> skip
    ;

// Lexical errors produce no token: the lexer records them (Parser.cpp reports them) and the
// parser then sees the surrounding tokens only.
UnterminatedComment
    : '/*' ( ~'*' | '*'+ ~[*/] )* '*'* EOF {lexError(UnterminatedCommentError);}
    ;

UnterminatedString
    : '"' SChar* {lexError(UnterminatedStringError);}
    ;

EmptyCharConstant
    : '\'\'' {lexError(EmptyCharError);}
    ;

UnterminatedChar
    : '\'' CChar* {lexError(UnterminatedCharError);}
    ;

// Runs of bytes that cannot start any token (control characters, non-ASCII bytes, `@`...).
InvalidCharacters
    : [\u0000-\u0008\u000E-\u001F\u007F-\u00FF@`\\]+ {lexError(InvalidCharacterError);}
    ;

StrayCharacter
    : . {lexError(InvalidCharacterError);}
    ;
