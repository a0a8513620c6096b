#include "LaneStyle.h"

#include <QList>
#include <QPair>

namespace clstep::ui {

using Lane = debug::Scheduler::LaneState;

QColor LaneStyle::colour(Lane state) {
    switch (state) {
    case Lane::Active:
        return QColor(0x2e, 0xa0, 0x43);
    case Lane::Masked:
        return QColor(0xe0, 0x8a, 0x00);
    case Lane::AtBarrier: // violet: the tiles' blue means "ready"
        return QColor(0x8e, 0x3c, 0xb8);
    case Lane::Finished:
        return QColor(0x80, 0x80, 0x80);
    }
    return {};
}

QString LaneStyle::name(Lane state) {
    switch (state) {
    case Lane::Active:
        return QStringLiteral("active");
    case Lane::Masked:
        return QStringLiteral("masked");
    case Lane::AtBarrier:
        return QStringLiteral("at barrier");
    case Lane::Finished:
        return QStringLiteral("finished");
    }
    return {};
}

QList<QPair<QString, int>> LaneStyle::presets() {
    return {{QStringLiteral("SIMD 8"), 8},
            {QStringLiteral("SIMD 16"), 16},
            {QStringLiteral("warp 32"), 32},
            {QStringLiteral("wavefront 64"), 64}};
}

} // namespace clstep::ui
