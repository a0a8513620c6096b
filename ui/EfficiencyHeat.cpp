#include "EfficiencyHeat.h"

#include <algorithm>

namespace clstep::ui {

int EfficiencyHeat::divergence(const DivergenceRecord& d, uint32_t subGroupSize) {
    const double laneSlots = double(d.executions) * double(std::max<uint32_t>(1, subGroupSize));
    const double share = laneSlots > 0 ? double(d.maskedSlots) / laneSlots : 0;
    int level = share <= 0 ? 0 : share < 0.25 ? 1 : share < 0.5 ? 2 : share < 0.75 ? 3 : 4;
    if (d.splits > 0) level = std::max(level, 1);
    return level;
}

int EfficiencyHeat::memory(const AccessStatsRecord& r) {
    if (!r.accesses) return 0;
    if (r.space == AddressSpace::Local) {
        const double m = r.mean();
        return m <= 1.0 ? 0 : m < 2 ? 1 : m < 4 ? 2 : m < 8 ? 3 : 4;
    }
    const double e = r.efficiency();
    return e >= 0.99 ? 0 : e >= 0.5 ? 1 : e >= 0.25 ? 2 : e >= 0.125 ? 3 : 4;
}

QColor EfficiencyHeat::colour(int level, bool divergence) {
    if (level <= 0) return {};
    level = std::min(level, kLevels - 1);
    static const QColor amber[] = {
        {}, {0xff, 0xe0, 0x8a}, {0xff, 0xc1, 0x3d}, {0xf0, 0x96, 0x00}, {0xc0, 0x60, 0x00}};
    static const QColor red[] = {
        {}, {0xf8, 0xc0, 0xc0}, {0xf0, 0x80, 0x80}, {0xe0, 0x40, 0x40}, {0xb0, 0x10, 0x10}};
    return divergence ? amber[level] : red[level];
}

} // namespace clstep::ui
