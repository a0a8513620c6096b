#pragma once

#include "core/Type.h"
#include "debug/AddressView.h"
#include "debug/Snapshot.h"

#include <cstdint>
#include <string>

namespace clstep::debug {

/// Formats values stored in simulated memory the way OpenCL C writes them: integers in
/// decimal, floats with up to 9 significant digits, vectors as `(float4)(1, 2, 3, 4)`,
/// structs as `{x = 1, y = 2}`, arrays as `{1, 2, 3}`, pointers as
/// `__global buffer 1 + 16`. Bytes are in device order; `bigEndian` says which that is.
///
/// It is the one value formatter of clstep: the console, the Session's variables and
/// watches, the scratchpad (repl::ValuePrinter) and the GUI's memory panes
/// (ui::ValueFormat, with Style::compact()) all print through it. Scalar components are named by
/// TypeKind (Bool ... Double, and Pointer).
class ValueFormatter {
public:
    /// How numbers are written.
    struct Style {
        int floatDigits = 9;      ///< significant digits of a float (9: round-trips)
        int doubleDigits = 17;    ///< significant digits of a double (17: round-trips)
        bool hexIntegers = false; ///< integers as zero-padded hex of their width ("0x0000002a")
        /// Pointers as AddressView::text ("global #1 + 0x10") instead of "__global buffer 1 + 16".
        bool shortPointers = false;
        /// A float or double whose digits end exactly half-way rounds away from zero (else to
        /// even, as printf does), and -0 prints as 0: the memory panes' long-standing output.
        bool tiesAwayFromZero = false;
    };
    /// The style of the GUI's memory panes: floats with 7 and doubles with 15 significant
    /// digits, ties rounded away from zero, pointers as AddressView::text; integers in hex
    /// when `hexIntegers`.
    static Style compact(bool hexIntegers = false) { return Style{7, 15, hexIntegers, true, true}; }

    /// The default style (round-tripping digits, printf rounding).
    explicit ValueFormatter(bool bigEndian) : m_bigEndian(bigEndian) {}
    ValueFormatter(bool bigEndian, const Style& style) : m_bigEndian(bigEndian), m_style(style) {}

    /// Formats `size` bytes at `bytes` as type `type` (`size` may be short: missing bytes
    /// print as "?").
    std::string format(const QualType& type, const uint8_t* bytes, uint64_t size) const;
    /// A variable snapshot (with children for vectors, arrays and structs; arrays list at
    /// most 256 elements).
    VariableSnapshot variable(const std::string& name, const QualType& type, uint64_t address,
                              const uint8_t* bytes, uint64_t size) const;
    /// Formats a scalar component of type `kind` (Bool ... Double, or Pointer) read from `bytes`
    /// (componentBytes(kind) bytes); "?" for any other kind.
    std::string scalar(TypeKind kind, const uint8_t* bytes) const;
    /// A vector of `components` components of `kind` read from `available` bytes at `bytes`,
    /// written
    /// `(int4)(1, 2, 3, 4)` (pointers `(pointer2)(...)`); components past `available` are left
    /// out (a row cut short by the end of a buffer). `components` == 1 gives scalar().
    std::string components(TypeKind kind, int components, const uint8_t* bytes,
                           size_t available) const;

    /// Bytes of one component of `kind` (Bool/Char/UChar 1, Short/UShort/Half 2, Int/UInt/Float
    /// 4, Long/ULong/Double/Pointer 8); 0 for kinds that are no scalar component.
    static int componentBytes(TypeKind kind);
    /// The OpenCL C spelling of a component kind ("uchar", "float"; "pointer" for Pointer).
    static const char* componentName(TypeKind kind);
    /// Reads an unsigned integer of `size` bytes (1, 2, 4 or 8) in the given byte order.
    static uint64_t readUnsigned(const uint8_t* bytes, size_t size, bool bigEndian);
    /// `size` bytes as two-digit lower-case hex separated by spaces ("2a 00 ff").
    static std::string hexBytes(const uint8_t* bytes, size_t size);

private:
    bool m_bigEndian;
    Style m_style;
};

} // namespace clstep::debug
