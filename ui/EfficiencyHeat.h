#pragma once

#include "debug/Snapshot.h"

#include <QColor>

namespace clstep::ui {

/// How bad a statistic is, as a heat level 0 (fine) .. 4 (worst), and its colour: shared by
/// the Efficiency pane's rows and the editor margin's heat marks (EfficiencyMarks).
class EfficiencyHeat {
public:
    static constexpr int kLevels = 5;
    /// Divergence: by the share of lane-slots spent masked on the line (0: none; 1: under
    /// 25 %; 2: under 50 %; 3: under 75 %; 4: more), at least 1 when a branch there split.
    static int divergence(const DivergenceRecord& d, uint32_t subGroupSize);
    /// Memory: `__local` by the mean bank conflict degree (1 → 0, < 2 → 1, < 4 → 2, < 8 → 3,
    /// else 4); `__global`/`__constant` by the coalescing efficiency (≥ 99 % → 0, ≥ 50 % → 1,
    /// ≥ 25 % → 2, ≥ 12.5 % → 3, else 4).
    static int memory(const AccessStatsRecord& r);
    /// Colour of a level for divergence (amber shades) or memory (red shades); invalid for 0.
    static QColor colour(int level, bool divergence);
};

} // namespace clstep::ui
