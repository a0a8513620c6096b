#include "WorkItemCellDelegate.h"

#include "LaneStyle.h"
#include "Theme.h"
#include "WorkItemGridModel.h"

#include <QPainter>

namespace clstep::ui {

QColor WorkItemCellDelegate::textColour(const QColor& fill) {
    return Theme::textOn(fill);
}

void WorkItemCellDelegate::paint(QPainter* p, const QStyleOptionViewItem& option,
                                 const QModelIndex& index) const {
    const QVariant bg = index.data(Qt::BackgroundRole);
    if (!bg.isValid()) return;
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    const bool selected = index.data(WorkItemGridModel::SelectedRole).toBool();
    const QRectF r = QRectF(option.rect).adjusted(2, 2, -2, -2);
    QColor fill = bg.value<QColor>();
    p->setPen(selected ? QPen(Theme::editorText(), 3) : QPen(fill.darker(130), 1));
    p->setBrush(fill);
    p->drawRoundedRect(r, 5, 5);
    const auto state =
        static_cast<debug::WorkItemState>(index.data(WorkItemGridModel::StateRole).toInt());
    p->setPen(textColour(fill));
    QFont f = option.font;
    f.setBold(selected);
    p->setFont(f);
    const int line = index.data(WorkItemGridModel::LineRole).toInt();
    const QString id = index.data(Qt::DisplayRole).toString();
    if (r.height() >= 2.0 * option.fontMetrics.height()) {
        QRectF top = r, bottom = r;
        top.setBottom(r.center().y() + 2);
        bottom.setTop(r.center().y() + 2);
        p->drawText(top, Qt::AlignHCenter | Qt::AlignBottom, id);
        QFont small = f;
        small.setBold(false);
        small.setPointSizeF(f.pointSizeF() * 0.8);
        p->setFont(small);
        p->drawText(bottom, Qt::AlignHCenter | Qt::AlignTop,
                    state == debug::WorkItemState::Finished     ? QStringLiteral("done")
                    : state == debug::WorkItemState::NotStarted ? QStringLiteral("start")
                    : line > 0                                  ? QStringLiteral("L%1").arg(line)
                                                                : QString());
    } else {
        p->drawText(r, Qt::AlignCenter, id);
    }
    if (index.data(WorkItemGridModel::LaneViewRole).toBool()) paintLane(p, option, index, r);
    if (state == debug::WorkItemState::AtBreakpoint) {
        p->setPen(Qt::NoPen);
        p->setBrush(Theme::breakpoint());
        p->drawEllipse(QPointF(r.left() + 6, r.top() + 6), 3.5, 3.5);
    }
    p->restore();
}

void WorkItemCellDelegate::paintLane(QPainter* p, const QStyleOptionViewItem& option,
                                     const QModelIndex& index, const QRectF& r) const {
    using Lane = debug::Scheduler::LaneState;
    const auto lane = static_cast<Lane>(index.data(WorkItemGridModel::LaneRole).toInt());
    const QColor colour = LaneStyle::colour(lane);
    if (lane == Lane::Masked) { // a masked lane waits: hatch it
        p->setPen(Qt::NoPen);
        p->setBrush(QBrush(colour, Qt::BDiagPattern));
        p->drawRoundedRect(r, 5, 5);
    }
    // the lane bar along the bottom edge
    p->setPen(Qt::NoPen);
    p->setBrush(colour);
    p->drawRect(QRectF(r.left() + 3, r.bottom() - 5, r.width() - 6, 4));
    // sub-group boundaries: a thick edge where the neighbour belongs to another sub-group
    const int edges = index.data(WorkItemGridModel::SubGroupEdgesRole).toInt();
    p->setPen(QPen(Theme::editorText(), 3));
    const QRectF cell = option.rect;
    if (edges & 1) p->drawLine(cell.topLeft(), cell.bottomLeft());
    if (edges & 2) p->drawLine(cell.topLeft(), cell.topRight());
}

QSize WorkItemCellDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const {
    const int h = option.fontMetrics.height();
    return QSize(h * 3, static_cast<int>(h * 2.8));
}

} // namespace clstep::ui
