#pragma once

#include "SessionState.h"

#include <QImage>
#include <QWidget>

#include <array>
#include <cstdint>

namespace clstep::ui {

/// An image argument drawn as a picture (issue 14 item 1): one square of `zoom()` × `zoom()`
/// pixels per texel of one 2D slice (the layer of an array image, the depth slice of a 3D
/// image), with the texels the latest step read outlined in the read colour and those it
/// wrote in the write colour (Theme). The texel under the mouse is described by
/// texelText() (coordinates and channel values as read_image* returns them), shown as the
/// tooltip and sent with hovered(). Ctrl + wheel zooms. Channel values are drawn as colours:
/// normalized and float channels as [0, 1] → 0..255 (clamped); integer channels scaled
/// from the slice's smallest to its largest value; one-channel orders (R, A) in grey.
class ImageView : public QWidget {
    Q_OBJECT
public:
    explicit ImageView(QWidget* parent = nullptr);

    /// Shows region `index` of the `__global` memory of `snapshot` (its MemoryRegion::image
    /// says the layout); an index without an image clears the view. Another image than the
    /// one shown gets the zoom that draws it about 256 pixels wide.
    void setRegion(SnapshotPtr snapshot, int index);
    /// Pixels per texel side (1 to 64).
    void setZoom(int zoom);
    int zoom() const { return m_zoom; }
    /// The slice shown (array layer or 3D depth slice, from 0; clamped to the image).
    void setSlice(uint64_t slice);
    uint64_t slice() const { return m_slice; }
    uint64_t slices() const;
    /// The picture at zoom 1 (one pixel per texel, without marks), as drawn.
    const QImage& picture() const { return m_picture; }
    /// "texel (x, y): r 0.5 g 0.25 b 0 a 1 · written by the last step" (plus the layer of
    /// an array or 3D image); empty outside the image.
    QString texelText(uint64_t x, uint64_t y) const;
    /// The texel at widget position `pos`; false outside the picture.
    bool texelAt(const QPoint& pos, uint64_t& x, uint64_t& y) const;
    /// The last-access mark of texel (x, y): 0 none, 1 read, 2 written by the latest step.
    int markOf(uint64_t x, uint64_t y) const;
    QSize sizeHint() const override;

signals:
    /// The mouse moved over a texel (texelText) or left the picture (empty text).
    void hovered(const QString& text);
    void zoomChanged(int zoom);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    const debug::MemoryRegion* region() const;
    void render();
    /// Room for one texel's bytes: 16 is the largest texel (4 channels of 32 bits).
    using TexelBuffer = std::array<uint8_t, 16>;
    /// Copies the bytes of texel (x, y) of the current slice into `out`; returns how many
    /// (0 when the texel lies outside the buffer).
    unsigned texelBytes(uint64_t x, uint64_t y, TexelBuffer& out) const;

    SnapshotPtr m_snapshot;
    int m_index = -1;
    int m_zoom = 8;
    QString m_shown; ///< name and size of the image shown (a new one gets a fitting zoom)
    uint64_t m_slice = 0;
    QImage m_picture;
    std::vector<uint8_t> m_marks; ///< per texel of the slice: 0, 1 read, 2 written
};

} // namespace clstep::ui
