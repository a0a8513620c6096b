#pragma once

#include "core/Type.h"

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace clstep {

/// Owns and interns every semantic Type of one program. Scalar, vector, pointer, array and
/// function types are unique per structure, so canonical types compare by pointer.
/// Sizes follow the OpenCL C spec (6.1): char 1, short 2, int 4, long 8, half 2, float 4,
/// double 8 bytes; size_t/ptrdiff_t/intptr_t/uintptr_t and pointers are 8 bytes (a 64-bit
/// device); vectors of n components have size and alignment n*sizeof(element), except
/// 3-component vectors, which take the size and alignment of 4 components.
class TypeContext {
public:
    TypeContext();
    TypeContext(const TypeContext&) = delete;
    TypeContext& operator=(const TypeContext&) = delete;

    /// The scalar type of kind `k` (Void ... Double).
    const Type* scalar(TypeKind k) const { return m_scalars[static_cast<int>(k)]; }
    /// Vector of `n` (2, 3, 4, 8 or 16) components of scalar `element`.
    const Type* vector(const Type* element, uint32_t n);
    /// Pointer to `pointee` (qualifiers, address space and endian are part of the type).
    const Type* pointer(QualType pointee);
    /// Array of `count` elements (0 = unknown size, `[]`).
    const Type* array(const Type* element, uint64_t count);
    /// Function type.
    const Type* function(QualType ret, const std::vector<QualType>& params, bool variadic);
    /// A new, incomplete struct or union named `name` (e.g. "struct S"); Sema completes it
    /// with layoutRecord().
    Type* newRecord(bool isUnion, const std::string& name);
    /// A named alias of `target` (typedef), sharing its canonical type.
    const Type* alias(const std::string& name, const Type* target);
    /// The aligned variant of `t` for `typedef T X __attribute__((aligned(n)))`.
    const Type* withAlignment(const Type* t, uint64_t align, const std::string& name);

    /// Looks up a builtin type by its canonical spelling ("int", "uint", "float4", "size_t",
    /// "event_t", "image2d_t", ...). Returns nullptr for unknown names.
    const Type* builtin(const std::string& name) const;

    /// Input for layoutRecord: one member with its resolved type and its own attributes.
    struct MemberLayoutInput {
        std::string name;
        QualType type;
        uint64_t alignAttr = 0; ///< aligned(n) on the member (0 = none)
        bool packed = false;    ///< packed on the member
    };
    /// Completes record `rec`: computes member offsets, size and alignment (C rules; each
    /// member aligned to its type's alignment unless the record or the member is `packed`,
    /// raised by `aligned(n)`; the record's size is rounded up to its alignment; a union's
    /// size is its largest member). `recordAlign` is an aligned(n) on the record (0 = none).
    void layoutRecord(Type* rec, const std::vector<MemberLayoutInput>& members,
                      bool recordPacked, uint64_t recordAlign);

    /// The usual arithmetic conversions (C99 6.3.1.8) for two scalar arithmetic types.
    const Type* commonScalarType(const Type* a, const Type* b) const;
    /// Integer promotion (C99 6.3.1.1): bool/char/short/uchar/ushort -> int.
    const Type* promote(const Type* t) const;
    /// Signed integer type of the same width as `t` (for vector comparison results, spec
    /// 6.3.d): char for 1 byte, short, int, long. Vectors map component-wise.
    const Type* signedIntegerOfSize(uint64_t bytes) const;
    /// Unsigned counterpart of an integer type (uchar for char, ...). Vectors component-wise.
    const Type* toUnsigned(const Type* t);
    /// Same component count as `shape` (scalar or vector), element `elem`.
    const Type* withElement(const Type* shape, const Type* elem);

private:
    Type* make();
    std::vector<std::unique_ptr<Type>> m_types;
    const Type* m_scalars[13] = {};
    std::map<std::pair<const Type*, uint32_t>, const Type*> m_vectors;
    std::map<std::tuple<const Type*, AddressSpace, int, Endian>, const Type*> m_pointers;
    std::map<std::pair<const Type*, uint64_t>, const Type*> m_arrays;
    std::map<std::string, const Type*> m_builtins;
    std::vector<const Type*> m_functions;
};

} // namespace clstep
