#pragma once

#include <QColor>
#include <QStyledItemDelegate>

namespace clstep::ui {

/// Paints one work-item cell: a rounded tile in its state colour with the local id and the
/// line it stands at; the selected work-item gets a thick outline. In the lane view (`simt`
/// schedule) a bar in the SIMT lane state's colour (LaneStyle), a hatch over masked lanes and a
/// thick edge between sub-groups.
class WorkItemCellDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    /// The text colour of a tile filled with `fill`: at least 4.5:1 (WCAG AA) on it.
    static QColor textColour(const QColor& fill);

private:
    void paintLane(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index,
                   const QRectF& tile) const;
};

} // namespace clstep::ui
