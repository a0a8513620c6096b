#pragma once

#include "core/AddressSpace.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep {

/// The kinds of OpenCL C types. Scalars are ordered by conversion rank within signedness
/// groups, which Sema relies on for the usual arithmetic conversions.
enum class TypeKind : uint8_t {
    Void,
    Bool,
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Half,
    Float,
    Double,
    Vector,
    Pointer,
    Array,
    Struct,
    Union,
    Function,
    Opaque, ///< event_t, sampler_t, image and pipe types: handles without byte layout
};

class Type;

/// A type together with its qualifiers: address space, const/volatile/restrict and the
/// OpenCL 1.0/1.1 `endian` attribute (recorded in the type so loads and stores can convert).
struct QualType {
    const Type* type = nullptr;
    AddressSpace space = AddressSpace::None;
    bool isConst = false;
    bool isVolatile = false;
    bool isRestrict = false;
    Endian endian = Endian::Device;

    explicit operator bool() const { return type != nullptr; }
    const Type* operator->() const { return type; }
    /// Same unqualified canonical type (qualifiers ignored).
    bool sameType(const QualType& o) const;
};

/// One member of a struct or union, with its byte offset from the start of the record.
struct Field {
    std::string name;
    QualType type;
    uint64_t offset = 0; ///< bytes from the start of the record
};

/// A semantic type. Instances are interned and owned by TypeContext; compare canonical
/// types by pointer (`canonical()`). Sizes and alignments are in bytes and follow the
/// OpenCL C spec (6.1): 3-component vectors have the size and alignment of 4 components,
/// `aligned(n)` raises alignment, `packed` removes member padding.
class Type {
public:
    TypeKind kind = TypeKind::Void;
    std::string name;   ///< spelling for messages ("float4", "struct S", "size_t")
    uint64_t size = 0;  ///< sizeof, bytes (0 for void, functions, incomplete types)
    uint64_t align = 1; ///< alignment, bytes
    const Type* canonicalType = nullptr; ///< for typedef-like aliases (size_t -> ulong); else self
    // Vector: element scalar type and component count. Array: element type and length (0 =
    // unsized).
    const Type* element = nullptr;
    uint32_t count = 0;
    // Pointer: pointee with qualifiers. Function: return type.
    QualType pointee;
    // Function parameters.
    std::vector<QualType> params;
    bool variadic = false;
    // Struct/union members (empty and !complete for a forward-declared record).
    std::vector<Field> fields;
    /// Members of anonymous struct/union members (C11 6.7.2.1p13), with offsets from the start
    /// of this record; found by findField after `fields`.
    std::vector<Field> promotedFields;
    bool complete = true;
    bool packed = false;
    /// An OpenCL C 2.0 atomic type (6.13.11.6: atomic_int, atomic_flag, ...): an alias of its
    /// value type (same size and representation) that only the atomic functions accept.
    bool atomic = false;

    const Type* canonical() const { return canonicalType ? canonicalType : this; }
    bool isVoid() const { return kind == TypeKind::Void; }
    bool isInteger() const { return kind >= TypeKind::Bool && kind <= TypeKind::ULong; }
    bool isFloating() const { return kind >= TypeKind::Half && kind <= TypeKind::Double; }
    bool isScalarArithmetic() const { return kind >= TypeKind::Bool && kind <= TypeKind::Double; }
    bool isSigned() const;
    bool isVector() const { return kind == TypeKind::Vector; }
    bool isPointer() const { return kind == TypeKind::Pointer; }
    bool isArray() const { return kind == TypeKind::Array; }
    bool isRecord() const { return kind == TypeKind::Struct || kind == TypeKind::Union; }
    bool isFunction() const { return kind == TypeKind::Function; }
    /// Arithmetic scalar or vector.
    bool isArithmetic() const { return isScalarArithmetic() || isVector(); }
    /// Scalar (arithmetic or pointer): usable as a condition.
    bool isScalar() const { return isScalarArithmetic() || isPointer(); }
    /// The component type: element for vectors, the type itself for scalars.
    const Type* scalarType() const { return isVector() ? element : this; }
    /// Number of components: vector count, 1 for everything else.
    uint32_t components() const { return isVector() ? count : 1; }
    /// Field by name (own members, then members of anonymous members), or nullptr.
    const Field* findField(const std::string& n) const;
};

/// Returns the spelling of `t` with qualifiers, e.g. "__global const float4 *".
std::string typeToString(const QualType& t);

} // namespace clstep
