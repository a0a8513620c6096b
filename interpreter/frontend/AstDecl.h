#pragma once

#include "frontend/AstStmt.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace clstep::ast {

enum class DeclKind : uint8_t { Var, Param, Function, Typedef, Record, Field, Enum, EnumConstant };

/// Storage-class specifier as written.
enum class StorageClass : uint8_t { None, Typedef, Extern, Static, Auto, Register };

/// Base of all declarations. `range` covers the whole declarator (with its initializer),
/// `nameRange` just the declared identifier ("" name and invalid range when anonymous).
/// Exceptions: a FunctionDecl's range runs from its first declaration specifier to the end
/// of its body (or declarator); a ParamDecl's covers the whole parameter declaration; a
/// RecordDecl's/EnumDecl's runs from `struct`/`enum` to the closing brace (or the tag); an
/// EnumConstantDecl's covers `name = value`; a FieldDecl's covers declarator and bit width.
struct Decl {
    DeclKind kind;
    SourceRange range;
    std::string name;
    SourceRange nameRange;
    explicit Decl(DeclKind k) : kind(k) {}
    virtual ~Decl() = default;
};

/// A variable at program scope or in a function. `typeSyntax` is the full declarator type;
/// `attrs` are attributes attached to the declarator (`int x __attribute__((aligned(16)))`).
/// `specifierRange` covers the declaration specifiers (where an address-space qualifier on a
/// local variable is underlined when the qualifier itself has no range).
struct VarDecl : Decl {
    TypeSyntaxPtr typeSyntax;
    StorageClass storage = StorageClass::None;
    SourceRange storageRange;
    SourceRange specifierRange;
    std::vector<Attribute> attrs;
    ExprPtr init;
    bool isProgramScope = false;
    // --- Sema ---
    QualType type;      ///< resolved type; `type.space` is the storage address space
    uint64_t align = 0; ///< effective alignment in bytes (type alignment, or aligned(n))
    uint32_t slot = 0;  ///< index of the variable in its function's frame layout
    VarDecl() : Decl(DeclKind::Var) {}
};

struct ParamDecl : Decl {
    TypeSyntaxPtr typeSyntax;
    std::vector<Attribute> attrs;
    QualType type; ///< Sema (arrays and functions already adjusted to pointers)
    uint32_t slot = 0;
    ParamDecl() : Decl(DeclKind::Param) {}
};

/// A function definition or prototype. `isKernel` for `__kernel`/`kernel` functions.
/// `body` is null for a prototype.
struct FunctionDecl : Decl {
    TypeSyntaxPtr returnType;
    SourceRange kernelRange; ///< the `__kernel` token when present
    std::vector<std::unique_ptr<ParamDecl>> params;
    bool variadic = false;
    bool isKernel = false;
    bool isInline = false;
    StorageClass storage = StorageClass::None;
    SourceRange storageRange;
    std::vector<Attribute> attrs;
    std::unique_ptr<CompoundStmt> body;
    // --- Sema ---
    QualType type;                      ///< the function type
    FunctionDecl* definition = nullptr; ///< the definition this prototype refers to
    uint32_t frameSlots = 0;            ///< number of variable slots (params + locals)
    /// A kernel's `__attribute__((reqd_work_group_size(X, Y, Z)))` (spec 6.7.2): the only
    /// work-group size it may be launched with, in work-items per dimension; all zero when
    /// the kernel has none.
    std::array<uint64_t, 3> reqdWorkGroupSize{};
    FunctionDecl() : Decl(DeclKind::Function) {}
};

struct TypedefDecl : Decl {
    TypeSyntaxPtr typeSyntax;
    std::vector<Attribute> attrs;
    QualType type; ///< Sema
    TypedefDecl() : Decl(DeclKind::Typedef) {}
};

/// A struct/union member. `bitWidth` is kept only so Sema can diagnose bit-fields.
struct FieldDecl : Decl {
    TypeSyntaxPtr typeSyntax;
    std::vector<Attribute> attrs;
    ExprPtr bitWidth;
    FieldDecl() : Decl(DeclKind::Field) {}
};

/// struct/union definition or forward declaration. `attrs` holds attributes after the body
/// (`struct S {...} __attribute__((packed))`) and before the tag.
struct RecordDecl : Decl {
    bool isUnion = false;
    bool isDefinition = false;
    std::vector<std::unique_ptr<FieldDecl>> fields;
    std::vector<Attribute> attrs;
    const Type* type = nullptr; ///< Sema
    RecordDecl() : Decl(DeclKind::Record) {}
};

struct EnumConstantDecl : Decl {
    ExprPtr value;
    int64_t constant = 0; ///< Sema
    EnumConstantDecl() : Decl(DeclKind::EnumConstant) {}
};

struct EnumDecl : Decl {
    std::vector<std::unique_ptr<EnumConstantDecl>> constants;
    bool isDefinition = false;
    EnumDecl() : Decl(DeclKind::Enum) {}
};

/// A whole preprocessed program: declarations in source order.
struct TranslationUnit {
    std::vector<DeclPtr> decls;
};

} // namespace clstep::ast
