#pragma once

#include "debug/Scheduler.h"

#include <QColor>
#include <QString>

namespace clstep::ui {

/// How the work-item grid and its legend draw the SIMT lane states of the `simt` schedule
/// (debug::Scheduler::LaneState): one colour and one word per state.
class LaneStyle {
public:
    /// Colour of the lane bar of a cell: active green, masked amber, at a barrier blue,
    /// finished grey.
    static QColor colour(debug::Scheduler::LaneState state);
    /// "active", "masked", "at barrier", "finished".
    static QString name(debug::Scheduler::LaneState state);
    /// The sub-group size presets of the grid's selector: (label, work-items) pairs for
    /// SIMD 8, SIMD 16, warp 32 and wavefront 64.
    static QList<QPair<QString, int>> presets();
};

} // namespace clstep::ui
