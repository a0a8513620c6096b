// BufferComparison: dumped buffers compared element by element (integers exactly, floats
// within N ulp).
#include "launch/BufferComparison.h"

#include "launch/BufferDump.h"

#include <cmath>
#include <cstring>

namespace clstep::launch {

namespace {

/// The IEEE bits of a float/double mapped onto a monotonic unsigned scale, so the distance
/// of two values is their difference in units in the last place.
template <typename Float, typename Bits>
uint64_t ulpDistance(const uint8_t* a, const uint8_t* b) {
    Float x, y;
    std::memcpy(&x, a, sizeof x);
    std::memcpy(&y, b, sizeof y);
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y) ? 0 : UINT64_MAX;
    if (x == y) return 0; // +0 == -0
    Bits bx, by;
    std::memcpy(&bx, &x, sizeof bx);
    std::memcpy(&by, &y, sizeof by);
    const Bits sign = Bits(1) << (sizeof(Bits) * 8 - 1);
    // negative values below `sign`, positive ones above it, -0 and +0 both at `sign`
    auto ordered = [sign](Bits v) -> Bits {
        return (v & sign) ? Bits(sign - (v & ~sign)) : Bits(sign + v);
    };
    const Bits ox = ordered(bx), oy = ordered(by);
    return ox > oy ? uint64_t(ox - oy) : uint64_t(oy - ox);
}

} // namespace

bool BufferComparison::equalElements(ElementType type, const uint8_t* a, const uint8_t* b,
                                     uint64_t ulp) {
    switch (type) {
    case ElementType::Float:
        return ulpDistance<float, uint32_t>(a, b) <= ulp;
    case ElementType::Double:
        return ulpDistance<double, uint64_t>(a, b) <= ulp;
    default:
        return std::memcmp(a, b, elementSize(type)) == 0;
    }
}

std::vector<ElementDifference> BufferComparison::differences(const KernelArgSpec& spec,
                                                             const std::vector<uint8_t>& a,
                                                             const std::vector<uint8_t>& b,
                                                             uint64_t ulp, size_t limit,
                                                             uint64_t* total) {
    const ElementType type = spec.type.value_or(ElementType::UChar);
    const size_t size = elementSize(type);
    std::vector<ElementDifference> out;
    uint64_t count = 0;
    const size_t common = std::min(a.size(), b.size()) / size;
    for (size_t i = 0; i < common; ++i) {
        const uint8_t* x = a.data() + i * size;
        const uint8_t* y = b.data() + i * size;
        if (equalElements(type, x, y, ulp)) continue;
        ++count;
        if (out.size() < limit)
            out.push_back({spec.name, i, BufferDump::formatElement(type, spec.hex, x),
                           BufferDump::formatElement(type, spec.hex, y)});
    }
    const size_t longer = std::max(a.size(), b.size()) / size;
    for (size_t i = common; i < longer; ++i) {
        ++count;
        if (out.size() >= limit) continue;
        const std::vector<uint8_t>& has = a.size() > b.size() ? a : b;
        std::string value = BufferDump::formatElement(type, spec.hex, has.data() + i * size);
        out.push_back({spec.name, i, a.size() > b.size() ? value : "(none)",
                       a.size() > b.size() ? "(none)" : value});
    }
    if (total) *total = count;
    return out;
}

} // namespace clstep::launch
