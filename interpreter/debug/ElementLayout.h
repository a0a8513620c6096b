#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clstep {
class Type;
}

namespace clstep::debug {

/// One row of an element's layout: a scalar, vector or pointer member (nested records and
/// arrays inside a record are flattened: "pos.x", "v[2]"), or a run of padding bytes.
struct LayoutField {
    std::string name;    ///< member path ("tag", "pos.x", "v[1]"); "" for a scalar element
    uint64_t offset = 0; ///< bytes from the start of the element
    uint64_t size = 0;   ///< bytes
    std::string type;    ///< OpenCL C spelling ("int", "float4", "__global int *"); "" padding
    /// How to decode it: the component's scalar spelling ("int", "float", "pointer", "bytes"
    /// for an opaque or too-large member) and the component count (3-component vectors occupy 4).
    std::string scalar;
    uint32_t components = 1;
    bool padding = false;
    /// Padding: why it is there ("natural alignment of int (4 bytes)", "from aligned(16)");
    /// a member: "packed: offset 1 is not a multiple of int's alignment 4" when it sits at an
    /// offset its type's alignment would not allow, else "".
    std::string note;
};

/// The byte layout of one element of a buffer as the memory panes draw it: its type, size,
/// alignment and a row per member and per padding run, in offset order (spec 6.1.5
/// alignment of types; 6.11.1 the aligned and packed attributes). Unions list every member
/// at offset 0. Built from the program's types on the Session's thread and immutable after,
/// so snapshots share it.
struct ElementLayout {
    std::string typeName; ///< "struct Natural", "int", "float4"
    uint64_t size = 0;    ///< sizeof, bytes
    uint64_t align = 1;   ///< alignment, bytes
    bool record = false;  ///< a struct or union (one row per member)
    bool packed = false;  ///< __attribute__((packed))
    std::vector<LayoutField> fields;

    /// The layout of `type` (canonical or alias), or null for void, functions and incomplete
    /// types. Records nested in records and arrays of up to 64 elements inside a record are
    /// flattened; a larger array member is one "bytes" row.
    static std::shared_ptr<const ElementLayout> of(const Type* type);
    /// The layout of a scalar named `name` ("int", "float"; a .sim element type) of `size`
    /// bytes.
    static std::shared_ptr<const ElementLayout> ofScalar(const std::string& name, uint64_t size);
};

} // namespace clstep::debug
