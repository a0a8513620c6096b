#pragma once

#include "core/Type.h"
#include "debug/Snapshot.h"

#include <cstdint>
#include <string>

namespace clstep::debug {

/// Formats values stored in simulated memory the way OpenCL C writes them: integers in
/// decimal, floats with up to 9 significant digits, vectors as `(float4)(1, 2, 3, 4)`,
/// structs as `{x = 1, y = 2}`, arrays as `{1, 2, 3}`, pointers as
/// `__global 0x1000000000:16` (buffer:offset). Bytes are in device order; `bigEndian` says
/// which that is.
class ValueFormatter {
public:
    explicit ValueFormatter(bool bigEndian) : m_bigEndian(bigEndian) {}

    /// Formats `size` bytes at `bytes` as type `type` (`size` may be short: missing bytes
    /// print as "?").
    std::string format(const QualType& type, const uint8_t* bytes, uint64_t size) const;
    /// A variable snapshot (with children for vectors, arrays and structs; arrays list at
    /// most 256 elements).
    VariableSnapshot variable(const std::string& name, const QualType& type, uint64_t address,
                              const uint8_t* bytes, uint64_t size) const;
    /// Formats a scalar lane of type `kind` read from `bytes` (1, 2, 4 or 8 bytes).
    std::string scalar(TypeKind kind, const uint8_t* bytes) const;

private:
    bool m_bigEndian;
};

} // namespace clstep::debug
