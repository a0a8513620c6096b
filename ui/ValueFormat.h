#pragma once

#include "debug/ElementLayout.h"
#include "debug/ValueFormatter.h"

#include <QList>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace clstep::ui {

/// How a memory pane shows the bytes of one row: hex bytes, or an OpenCL C scalar or vector
/// type (char ... double, half, pointer; vectors of 2, 3, 4, 8 or 16 components; a 3-component
/// vector occupies 4 components as in the spec). Values are decoded in the device's byte order and
/// written by debug::ValueFormatter (ValueFormatter::compact() style).
struct ValueFormat {
    /// The format names of the type selector as TypeKind values (no enum of its own): the
    /// component kinds Char ... Double and Pointer, and two that are no component: HexBytes
    /// (TypeKind Void: raw bytes) and Layout (TypeKind Struct: the element type's layout, `layout`,
    /// a block of rows per element, one per member and per padding run).
    struct Kind {
        static constexpr TypeKind HexBytes = TypeKind::Void;
        static constexpr TypeKind Char = TypeKind::Char;
        static constexpr TypeKind UChar = TypeKind::UChar;
        static constexpr TypeKind Short = TypeKind::Short;
        static constexpr TypeKind UShort = TypeKind::UShort;
        static constexpr TypeKind Int = TypeKind::Int;
        static constexpr TypeKind UInt = TypeKind::UInt;
        static constexpr TypeKind Long = TypeKind::Long;
        static constexpr TypeKind ULong = TypeKind::ULong;
        static constexpr TypeKind Half = TypeKind::Half;
        static constexpr TypeKind Float = TypeKind::Float;
        static constexpr TypeKind Double = TypeKind::Double;
        static constexpr TypeKind Pointer = TypeKind::Pointer;
        static constexpr TypeKind Layout = TypeKind::Struct;
    };

    TypeKind kind = Kind::HexBytes; ///< a component kind, Kind::HexBytes or Kind::Layout
    int components = 1;             ///< 1 (scalar), 2, 3, 4, 8 or 16
    bool hex = false;               ///< integers in hexadecimal ("uint hex": 0x11223344)
    /// Kind::Layout: the element's layout (type name, size, members and padding).
    std::shared_ptr<const debug::ElementLayout> layout = nullptr;

    /// Bytes of one component (HexBytes: 1).
    int scalarBytes() const;
    /// Bytes of one row (HexBytes: 8 bytes per row; vec3 counts 4 components; Layout: one
    /// element, drawn as several rows).
    int rowBytes() const;
    /// "int", "float4", "uint hex", "hex bytes", "pointer".
    QString name() const;
    /// The value of the `available` bytes at `bytes` (a row; fewer bytes at the end of a
    /// buffer), as OpenCL C would print it: "42", "1.5", "(float4)(1, 2, 3, 4)", "0x2a 0x00".
    QString format(const uint8_t* bytes, size_t available, bool bigEndian) const;
    /// Every choice offered in the type selector.
    static QList<ValueFormat> choices();
    /// The format named `name` (as name() returns it), if any.
    static std::optional<ValueFormat> fromName(const QString& name);
    /// A format for a C type spelling ("__global const int *" -> int, "float4" -> float4,
    /// "struct S" -> hex bytes).
    static ValueFormat guessFromType(const std::string& typeName);
    /// How a layout row is decoded: its scalar and components (a "bytes" member: hex bytes).
    static ValueFormat forField(const debug::LayoutField& field);
    /// The format a pane opens a region with whose element layout is `layout`: the layout
    /// itself for a struct or union, the scalar or vector type otherwise; hex bytes when null.
    static ValueFormat forElement(const std::shared_ptr<const debug::ElementLayout>& layout);

    /// Reads an unsigned integer of `size` bytes (1, 2, 4, 8) in the given byte order
    /// (debug::ValueFormatter::readUnsigned).
    static uint64_t readUnsigned(const uint8_t* bytes, int size, bool bigEndian);
    /// Formats an encoded device address as "global #1 + 0x10" ("NULL" for 0):
    /// debug::describe(address).text.
    static QString formatAddress(uint64_t address);

    /// Same kind, components and hex flag; layouts compare by type name, size and rows (each
    /// snapshot carries its own copy of a layout).
    friend bool operator==(const ValueFormat& a, const ValueFormat& b) {
        if (a.kind != b.kind || a.components != b.components || a.hex != b.hex) return false;
        if (a.layout == b.layout) return true;
        return a.layout && b.layout && a.layout->typeName == b.layout->typeName &&
               a.layout->size == b.layout->size &&
               a.layout->fields.size() == b.layout->fields.size();
    }
};

} // namespace clstep::ui
