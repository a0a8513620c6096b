#pragma once

#include "core/Type.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace clstep {

/// One built-in scalar type of OpenCL C (6.1.1): its spelling, size in bytes (the device's
/// sizeof, 6.1.1 table 1; `void` 0), signedness and whether it is a floating type. The one
/// table of these facts: the type context, the value formatter, the console's `mem`, the
/// launch files' element types and the conversion builtins all read it.
struct ScalarTypeInfo {
    TypeKind kind;
    const char* name; ///< "uchar", "float", ...
    uint32_t size;    ///< bytes
    bool isSigned;    ///< char, short, int, long and the floating types
    bool isFloat;     ///< half, float, double
};

/// Every scalar type, in TypeKind order (Void, Bool, Char ... Double): row k is TypeKind k.
inline constexpr ScalarTypeInfo kScalarTypes[] = {
    {TypeKind::Void, "void", 0, false, false},   {TypeKind::Bool, "bool", 1, false, false},
    {TypeKind::Char, "char", 1, true, false},    {TypeKind::UChar, "uchar", 1, false, false},
    {TypeKind::Short, "short", 2, true, false},  {TypeKind::UShort, "ushort", 2, false, false},
    {TypeKind::Int, "int", 4, true, false},      {TypeKind::UInt, "uint", 4, false, false},
    {TypeKind::Long, "long", 8, true, false},    {TypeKind::ULong, "ulong", 8, false, false},
    {TypeKind::Half, "half", 2, true, true},     {TypeKind::Float, "float", 4, true, true},
    {TypeKind::Double, "double", 8, true, true},
};

/// The row of scalar kind `kind`, or nullptr when `kind` is no scalar (Vector, Pointer, ...).
constexpr const ScalarTypeInfo* scalarTypeInfo(TypeKind kind) {
    const auto k = static_cast<size_t>(kind);
    return k < std::size(kScalarTypes) ? &kScalarTypes[k] : nullptr;
}

/// The row spelled `name` ("uint"), or nullptr.
constexpr const ScalarTypeInfo* scalarTypeNamed(std::string_view name) {
    for (const ScalarTypeInfo& s : kScalarTypes)
        if (name == s.name) return &s;
    return nullptr;
}

/// The arithmetic scalar types vectors are made of (6.1.2), char ... double: the rows
/// after void and bool, in TypeKind order.
constexpr std::span<const ScalarTypeInfo> vectorElementTypes() {
    return std::span<const ScalarTypeInfo>(kScalarTypes).subspan(2);
}

} // namespace clstep
