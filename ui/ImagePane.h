#pragma once

#include "SessionState.h"

#include <QWidget>

class QLabel;
class QScrollArea;
class QSpinBox;
class QToolButton;

namespace clstep::ui {

class ElidedLabel;
class ImageView;

/// The picture of an image argument in the `__global` memory pane (issue 14 item 1): an
/// ImageView in a scroll area, zoom buttons (also Ctrl + wheel), a slice selector for array
/// and 3D images, and a line describing the texel under the mouse (coordinates and channel
/// values) or, when the mouse is elsewhere, the image's size and format.
class ImagePane : public QWidget {
    Q_OBJECT
public:
    explicit ImagePane(QWidget* parent = nullptr);
    /// Shows `__global` region `index` of `snapshot` (a region with MemoryRegion::image).
    void setRegion(SnapshotPtr snapshot, int index);
    ImageView* view() const { return m_view; }
    /// The text of the description line.
    QString infoText() const;

private:
    void showInfo(const QString& hovered);

    ImageView* m_view = nullptr;
    QScrollArea* m_scroll = nullptr;
    QToolButton* m_zoomIn = nullptr;
    QToolButton* m_zoomOut = nullptr;
    QLabel* m_zoomLabel = nullptr;
    QSpinBox* m_slice = nullptr;
    ElidedLabel* m_info = nullptr; ///< the image summary or the hovered texel (elided, tooltip)
    QString m_summary;             ///< "8×8 CL_RGBA/CL_UNORM_INT8 image2d_t"
};

} // namespace clstep::ui
