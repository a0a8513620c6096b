#pragma once

#include "common/SourceRange.h"
#include "core/AddressSpace.h"

#include <memory>
#include <string>
#include <vector>

namespace clstep::ast {

struct Expr;
struct ParamDecl;
struct RecordDecl;
struct EnumDecl;
using ExprPtr = std::unique_ptr<Expr>;

/// One attribute inside `__attribute__((...))`, e.g. `aligned(16)`, `packed`,
/// `endian(host)`, `reqd_work_group_size(8,8,1)`, `vec_type_hint(float4)`.
/// Names are stored without surrounding underscores (`__packed__` -> "packed").
struct Attribute {
    std::string name;
    std::vector<ExprPtr> args;    ///< expression arguments (aligned(n), reqd_work_group_size)
    std::string identifierArg;    ///< identifier/type argument (endian(host) -> "host")
    SourceRange range;            ///< the whole attribute, name through closing parenthesis
    Attribute();
    Attribute(Attribute&&) noexcept;
    Attribute& operator=(Attribute&&) noexcept;
    ~Attribute();
};

/// Qualifiers written at one level of a type, each with the range of its token so rule
/// diagnostics can underline exactly the qualifier.
struct TypeQualifiers {
    AddressSpace space = AddressSpace::None;
    SourceRange spaceRange;
    bool isConst = false;
    bool isVolatile = false;
    bool isRestrict = false;
    AccessQualifier access = AccessQualifier::None;
    SourceRange accessRange;
};

/// The syntax of a type as written, before Sema resolves it into a semantic Type.
/// A declaration `__global const float4 *restrict p[4]` becomes
/// Array(size 4) -> Pointer(restrict) -> Builtin "float4" (quals: __global const).
struct TypeSyntax {
    enum class Kind { Builtin, TypedefName, Record, Enum, Pointer, Array, Function };
    Kind kind = Kind::Builtin;
    /// Builtin/TypedefName/Record/Enum (the specifier level): all the declaration specifiers
    /// (`__global const float4`); Pointer: the `*` and the qualifiers after it; Array: the
    /// `[...]`; Function: the parenthesized parameter list.
    SourceRange range;
    /// Builtin: canonical spelling ("void", "bool", "char", "uchar", "short", "ushort", "int",
    /// "uint", "long", "ulong", "half", "float", "double", vector names like "float4",
    /// "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "event_t", "sampler_t", "image2d_t", ...).
    /// "unsigned int" becomes "uint", "signed char" becomes "char", "long int" becomes "long".
    /// TypedefName: the typedef's name. Record/Enum: the tag name ("" when anonymous).
    std::string name;
    TypeQualifiers quals;            ///< for Pointer: qualifiers written after the '*'
    std::vector<Attribute> attrs;    ///< attributes attached at this level
    /// Pointer: pointee; Array: element; Function: return type. Shared because one
    /// declaration `int a, *b;` shares its specifier node between declarators.
    std::shared_ptr<TypeSyntax> inner;
    ExprPtr arraySize;               ///< Array: size expression, null for `[]`
    std::vector<std::unique_ptr<ParamDecl>> params; ///< Function: parameters
    bool variadic = false;           ///< Function: `...`
    bool isUnion = false;            ///< Record: union rather than struct
    /// Record/Enum: the definition when this specifier defines the type (`struct S {...}`);
    /// the definition itself is owned by a Decl emitted before the declaration using it.
    /// Null for a reference by tag (`struct S *p`): Sema looks the tag up.
    RecordDecl* record = nullptr;
    EnumDecl* enumDecl = nullptr;

    TypeSyntax();
    ~TypeSyntax();
};

using TypeSyntaxPtr = std::shared_ptr<TypeSyntax>;

} // namespace clstep::ast
