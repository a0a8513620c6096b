#include "ImageView.h"

#include "Theme.h"

#include "debug/ImageTexels.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace clstep::ui {

namespace {
/// "0.5", "-3", "1e+06": a channel value as read_image* returns it.
QString channelText(const image::Texel& t, int c, image::ReadKind kind) {
    if (kind == image::ReadKind::Float) return QString::number(t.f[static_cast<size_t>(c)], 'g', 6);
    if (kind == image::ReadKind::UInt)
        return QString::number(static_cast<uint32_t>(t.i[static_cast<size_t>(c)]));
    return QString::number(t.i[static_cast<size_t>(c)]);
}
double channelValue(const image::Texel& t, int c, image::ReadKind kind) {
    if (kind == image::ReadKind::Float) return t.f[static_cast<size_t>(c)];
    if (kind == image::ReadKind::UInt) return static_cast<uint32_t>(t.i[static_cast<size_t>(c)]);
    return t.i[static_cast<size_t>(c)];
}
} // namespace

ImageView::ImageView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("imageView"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
}

const debug::MemoryRegion* ImageView::region() const {
    if (!m_snapshot) return nullptr;
    const std::vector<debug::MemoryRegion>& global = m_snapshot->memory[AddressSpace::Global];
    if (m_index < 0 || m_index >= static_cast<int>(global.size())) return nullptr;
    const debug::MemoryRegion& r = global[static_cast<size_t>(m_index)];
    return r.image ? &r : nullptr;
}

void ImageView::setRegion(SnapshotPtr snapshot, int index) {
    m_snapshot = std::move(snapshot);
    m_index = index;
    if (m_slice >= slices()) m_slice = 0;
    // another image: a zoom that shows it about 256 pixels wide (a power of two, 1 to 32)
    if (const debug::MemoryRegion* r = region()) {
        const QString key = QStringLiteral("%1 %2x%3")
                                .arg(QString::fromStdString(r->name))
                                .arg(r->image->width)
                                .arg(r->image->height);
        if (key != m_shown) {
            m_shown = key;
            const uint64_t side =
                std::max<uint64_t>(1, std::max(r->image->width, r->image->height));
            int fit = 1;
            while (fit < 32 && side * static_cast<uint64_t>(fit) * 2 <= 256)
                fit *= 2;
            if (fit != m_zoom) {
                m_zoom = fit;
                emit zoomChanged(m_zoom);
            }
        }
    }
    render();
}

void ImageView::setZoom(int zoom) {
    zoom = std::clamp(zoom, 1, 64);
    if (zoom == m_zoom) return;
    m_zoom = zoom;
    updateGeometry();
    resize(sizeHint());
    update();
    emit zoomChanged(m_zoom);
}

uint64_t ImageView::slices() const {
    const debug::MemoryRegion* r = region();
    return r ? std::max<uint64_t>(1, r->image->slices()) : 1;
}

void ImageView::setSlice(uint64_t slice) {
    m_slice = std::min(slice, slices() - 1);
    render();
}

QSize ImageView::sizeHint() const {
    if (m_picture.isNull()) return {0, 0};
    return m_picture.size() * m_zoom;
}

unsigned ImageView::texelBytes(uint64_t x, uint64_t y, TexelBuffer& out) const {
    const debug::MemoryRegion* r = region();
    if (!r) return 0;
    const image::Object& img = *r->image;
    const bool oneDArray = img.dim == image::Dim::Image1DArray;
    const uint64_t off =
        oneDArray ? img.texelOffset(static_cast<int64_t>(x), static_cast<int64_t>(m_slice), 0)
                  : img.texelOffset(static_cast<int64_t>(x), static_cast<int64_t>(y),
                                    static_cast<int64_t>(m_slice));
    const unsigned n = debug::ImageTexels::texelBytes(img);
    if (n > out.size() || off + n > r->bytes.size()) return 0;
    r->bytes.copyTo(off, n, out.data());
    return n;
}

void ImageView::render() {
    const debug::MemoryRegion* r = region();
    if (!r) {
        m_picture = QImage();
        m_marks.clear();
        updateGeometry();
        resize(sizeHint());
        update();
        return;
    }
    const image::Object& img = *r->image;
    // an image1d_array_t stores its layers as rows: one layer (a row of texels) per slice
    const uint64_t w = img.width;
    const uint64_t h = img.dim == image::Dim::Image1DArray ? 1 : img.height;
    const image::ReadKind kind = debug::ImageTexels::readKind(img);
    const bool grey =
        img.format.order == image::ChannelOrder::R || img.format.order == image::ChannelOrder::A;
    const int greyChannel = img.format.order == image::ChannelOrder::A ? 3 : 0;
    std::vector<image::Texel> texels(static_cast<size_t>(w * h));
    std::vector<uint8_t> marks(static_cast<size_t>(w * h), 0);
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    TexelBuffer b; // one texel's bytes, reused: no allocation per texel
    for (uint64_t y = 0; y < h; ++y)
        for (uint64_t x = 0; x < w; ++x) {
            const unsigned n = texelBytes(x, y, b);
            if (n == 0) continue;
            const size_t i = static_cast<size_t>(y * w + x);
            texels[i] = debug::ImageTexels::decode(img, b.data());
            for (int c = 0; c < 4; ++c) {
                if (grey && c != greyChannel) continue;
                const double v = channelValue(texels[i], c, kind);
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
            // the latest step's marks: any byte of the texel read or written
            const uint64_t off =
                img.dim == image::Dim::Image1DArray
                    ? img.texelOffset(static_cast<int64_t>(x), static_cast<int64_t>(m_slice), 0)
                    : img.texelOffset(static_cast<int64_t>(x), static_cast<int64_t>(y),
                                      static_cast<int64_t>(m_slice));
            for (uint64_t k = off; k < off + n && k < r->flags.size(); ++k) {
                const uint8_t f = r->flags[k];
                if (f & debug::ByteLastWrite)
                    marks[i] = 2;
                else if ((f & debug::ByteLastRead) && marks[i] == 0)
                    marks[i] = 1;
            }
        }
    // normalized and float channels are [0, 1]; integers span the slice's range
    if (kind == image::ReadKind::Float) {
        lo = 0;
        hi = 1;
    } else if (hi <= lo) {
        hi = lo + 1;
    }
    auto level = [&](double v) {
        const double t = std::clamp((v - lo) / (hi - lo), 0.0, 1.0);
        return static_cast<int>(std::lround(t * 255));
    };
    QImage pic(static_cast<int>(w), static_cast<int>(h), QImage::Format_RGB32);
    for (uint64_t y = 0; y < h; ++y)
        for (uint64_t x = 0; x < w; ++x) {
            const image::Texel& t = texels[static_cast<size_t>(y * w + x)];
            QColor c;
            if (grey) {
                const int g = level(channelValue(t, greyChannel, kind));
                c = QColor(g, g, g);
            } else {
                c = QColor(level(channelValue(t, 0, kind)), level(channelValue(t, 1, kind)),
                           level(channelValue(t, 2, kind)));
            }
            pic.setPixelColor(static_cast<int>(x), static_cast<int>(y), c);
        }
    m_picture = pic;
    m_marks = std::move(marks);
    updateGeometry();
    resize(sizeHint());
    update();
}

int ImageView::markOf(uint64_t x, uint64_t y) const {
    const uint64_t w = static_cast<uint64_t>(m_picture.width());
    const size_t i = static_cast<size_t>(y * w + x);
    return x < w && i < m_marks.size() ? m_marks[i] : 0;
}

bool ImageView::texelAt(const QPoint& pos, uint64_t& x, uint64_t& y) const {
    if (m_picture.isNull() || pos.x() < 0 || pos.y() < 0) return false;
    x = static_cast<uint64_t>(pos.x() / m_zoom);
    y = static_cast<uint64_t>(pos.y() / m_zoom);
    return x < static_cast<uint64_t>(m_picture.width()) &&
           y < static_cast<uint64_t>(m_picture.height());
}

QString ImageView::texelText(uint64_t x, uint64_t y) const {
    const debug::MemoryRegion* r = region();
    if (!r || x >= static_cast<uint64_t>(m_picture.width()) ||
        y >= static_cast<uint64_t>(m_picture.height()))
        return {};
    const image::Object& img = *r->image;
    TexelBuffer b;
    if (texelBytes(x, y, b) == 0) return {};
    const image::Texel t = debug::ImageTexels::decode(img, b.data());
    const image::ReadKind kind = debug::ImageTexels::readKind(img);
    QString where;
    switch (img.dim) {
    case image::Dim::Image1D:
    case image::Dim::Image1DBuffer:
        where = QStringLiteral("texel (%1)").arg(x);
        break;
    case image::Dim::Image1DArray:
        where = QStringLiteral("texel (%1), layer %2").arg(x).arg(m_slice);
        break;
    case image::Dim::Image2DArray:
        where = QStringLiteral("texel (%1, %2), layer %3").arg(x).arg(y).arg(m_slice);
        break;
    case image::Dim::Image3D:
        where = QStringLiteral("texel (%1, %2, %3)").arg(x).arg(y).arg(m_slice);
        break;
    default:
        where = QStringLiteral("texel (%1, %2)").arg(x).arg(y);
    }
    const char* names = "rgba";
    QStringList values;
    for (int c = 0; c < 4; ++c)
        values << QStringLiteral("%1 %2").arg(QLatin1Char(names[c])).arg(channelText(t, c, kind));
    QString text = where + QStringLiteral(": ") + values.join(QLatin1Char(' '));
    const int mark = markOf(x, y);
    if (mark == 2)
        text += QStringLiteral(" · written by the last step");
    else if (mark == 1)
        text += QStringLiteral(" · read by the last step");
    return text;
}

void ImageView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    if (m_picture.isNull()) return;
    p.drawImage(QRect(QPoint(0, 0), m_picture.size() * m_zoom), m_picture);
    const int w = m_picture.width();
    for (size_t i = 0; i < m_marks.size(); ++i) {
        if (!m_marks[i]) continue;
        const int x = static_cast<int>(i % static_cast<size_t>(w));
        const int y = static_cast<int>(i / static_cast<size_t>(w));
        QPen pen(m_marks[i] == 2 ? Theme::lastWrite() : Theme::lastRead());
        pen.setWidth(std::max(1, m_zoom / 6));
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        const int inset = pen.width() / 2;
        p.drawRect(QRect(x * m_zoom + inset, y * m_zoom + inset, m_zoom - 2 * inset - 1,
                         m_zoom - 2 * inset - 1));
    }
}

void ImageView::mouseMoveEvent(QMouseEvent* event) {
    uint64_t x = 0, y = 0;
    const QString text = texelAt(event->position().toPoint(), x, y) ? texelText(x, y) : QString();
    setToolTip(text);
    emit hovered(text);
}

void ImageView::leaveEvent(QEvent*) {
    emit hovered(QString());
}

void ImageView::wheelEvent(QWheelEvent* event) {
    if (!(event->modifiers() & Qt::ControlModifier)) {
        event->ignore(); // the scroll area scrolls
        return;
    }
    setZoom(event->angleDelta().y() > 0 ? m_zoom * 2 : m_zoom / 2);
    event->accept();
}

} // namespace clstep::ui
