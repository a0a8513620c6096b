#include "MemoryHeat.h"

#include <algorithm>
#include <bit>

namespace clstep::ui {

namespace {
uint32_t maxOf(const std::vector<uint32_t>& v, uint64_t offset, uint64_t size) {
    uint32_t m = 0;
    for (uint64_t i = offset; i < offset + size && i < v.size(); ++i)
        m = std::max(m, v[i]);
    return m;
}

QColor mix(const QColor& a, const QColor& b, double t) {
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}
} // namespace

uint32_t MemoryHeat::maxCount(const debug::MemoryRegion& r, uint64_t offset, uint64_t size) {
    return maxOf(r.accessCount, offset, size);
}

uint32_t MemoryHeat::maxCost(const debug::MemoryRegion& r, uint64_t offset, uint64_t size) {
    return maxOf(r.accessCost, offset, size);
}

QColor MemoryHeat::colour(MemoryColourMode mode, const debug::MemoryRegion& r, uint64_t offset,
                          uint64_t size) {
    if (mode == MemoryColourMode::AccessCount) {
        const uint32_t n = maxCount(r, offset, size);
        if (n == 0) return {};
        const int level = std::min(7, static_cast<int>(std::bit_width(n)) - 1); // 0..7
        return mix(QColor(0xdc, 0xea, 0xfb), QColor(0x1c, 0x4e, 0xa8), level / 7.0);
    }
    if (mode == MemoryColourMode::Conflict) {
        const uint32_t c = maxCost(r, offset, size);
        if (c == 0) return {};
        if (c == 1) return QColor(0xcf, 0xef, 0xcf);
        const int level = std::min(5, static_cast<int>(std::bit_width(c - 1))); // 1..5
        return mix(QColor(0xfa, 0xd4, 0xd4), QColor(0xb0, 0x10, 0x10), (level - 1) / 4.0);
    }
    return {};
}

QString MemoryHeat::describe(MemoryColourMode mode, const debug::MemoryRegion& r, uint64_t offset,
                             uint64_t size) {
    if (mode == MemoryColourMode::AccessCount) {
        const uint32_t n = maxCount(r, offset, size);
        return n ? QStringLiteral("accessed %1 times").arg(n) : QStringLiteral("never accessed");
    }
    if (mode == MemoryColourMode::Conflict) {
        const uint32_t c = maxCost(r, offset, size);
        if (c == 0) return QStringLiteral("no sub-group access yet");
        return r.space == AddressSpace::Local ? QStringLiteral("worst bank conflict: %1-way").arg(c)
               : c == 1                       ? QStringLiteral("worst access: 1 segment")
                                              : QStringLiteral("worst access: %1 segments").arg(c);
    }
    return {};
}

} // namespace clstep::ui
