#pragma once

#include "launch/LaunchConfig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clstep::launch {

/// One element of a dumped buffer that differs between two runs.
struct ElementDifference {
    std::string argument; ///< the kernel parameter's name
    uint64_t index = 0;   ///< element index (bytes / element size)
    std::string first;    ///< the element in the first run, as `dump` prints it
    std::string second;   ///< the element in the second run
};

/// Compares the final contents of dumped buffers element by element, with the element type
/// of their launch specification (`<size=64 float dump>`): integers exactly, `float` and
/// `double` within a number of units in the last place (two NaNs are equal, +0 and -0 too).
class BufferComparison {
public:
    /// True when the `elementSize(type)` bytes at `a` and `b` (host byte order) are equal:
    /// bit for bit for integer types, within `ulp` units in the last place for float/double.
    static bool equalElements(ElementType type, const uint8_t* a, const uint8_t* b, uint64_t ulp);

    /// The elements of argument `spec` (its name, element type, `hex` flag) that differ
    /// between `a` and `b`, in index order, at most `limit` of them; `total` (if given) gets
    /// how many differ in all. Bytes past the shorter buffer's last whole element count as
    /// one difference each element. Uses uchar elements when the spec has no type.
    static std::vector<ElementDifference> differences(const KernelArgSpec& spec,
                                                      const std::vector<uint8_t>& a,
                                                      const std::vector<uint8_t>& b, uint64_t ulp,
                                                      size_t limit, uint64_t* total = nullptr);
};

} // namespace clstep::launch
