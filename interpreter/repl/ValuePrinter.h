#pragma once

#include "core/Type.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::repl {

/// Shows scratchpad values the way OpenCL C writes them, with their type and bytes:
/// `(float4)(8, 6, 4, 2)`, `(uint)1065353216`, `(S){a = 1, b = 2}`, and a memory line
/// `memory: 00 00 00 41  00 00 c0 40 ... (16 bytes, little-endian)`.
class ValuePrinter {
public:
    explicit ValuePrinter(bool bigEndian) : m_bigEndian(bigEndian) {}

    /// The value alone, as debug::ValueFormatter writes it ("(float4)(8, 6, 4, 2)", "3").
    std::string value(const QualType& type, const std::vector<uint8_t>& bytes) const;
    /// The value with its type: vectors as they are, others behind a cast ("(uint)3").
    std::string typedValue(const QualType& type, const std::vector<uint8_t>& bytes) const;
    /// "float4 v = (float4)(1, 2, 3, 4)".
    std::string variable(const std::string& declaration, const QualType& type,
                         const std::vector<uint8_t>& bytes) const;
    /// "memory: 00 00 80 3f  ... (16 bytes, little-endian)".
    std::string memory(const QualType& type, const std::vector<uint8_t>& bytes) const;

private:
    bool m_bigEndian;
};

} // namespace clstep::repl
