#include "ImagePane.h"

#include "ElidedLabel.h"
#include "ImageView.h"

#include "debug/ImageTexels.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace clstep::ui {

ImagePane::ImagePane(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("imagePane"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* top = new QHBoxLayout;
    m_zoomOut = new QToolButton;
    m_zoomOut->setText(QStringLiteral("−"));
    m_zoomOut->setToolTip(tr("Zoom out (Ctrl + wheel)"));
    m_zoomIn = new QToolButton;
    m_zoomIn->setText(QStringLiteral("+"));
    m_zoomIn->setToolTip(tr("Zoom in (Ctrl + wheel)"));
    m_zoomLabel = new QLabel;
    m_slice = new QSpinBox;
    m_slice->setPrefix(tr("slice "));
    m_slice->setToolTip(tr("Layer of an array image, depth slice of a 3D image"));
    m_info = new ElidedLabel; // never widens the pane (the window stays on a 1024 px screen)
    m_info->setObjectName(QStringLiteral("imageInfo"));
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_zoomOut);
    top->addWidget(m_zoomLabel);
    top->addWidget(m_zoomIn);
    top->addWidget(m_slice);
    top->addWidget(m_info, 1);
    layout->addLayout(top);
    m_view = new ImageView;
    m_scroll = new QScrollArea;
    m_scroll->setWidget(m_view);
    m_scroll->setWidgetResizable(false);
    m_scroll->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(m_scroll, 1);

    auto showZoom = [this](int z) { m_zoomLabel->setText(QStringLiteral("%1×").arg(z)); };
    showZoom(m_view->zoom());
    connect(m_view, &ImageView::zoomChanged, this, showZoom);
    connect(m_zoomIn, &QToolButton::clicked, this, [this] { m_view->setZoom(m_view->zoom() * 2); });
    connect(m_zoomOut, &QToolButton::clicked, this,
            [this] { m_view->setZoom(m_view->zoom() / 2); });
    connect(m_slice, qOverload<int>(&QSpinBox::valueChanged), this,
            [this](int s) { m_view->setSlice(static_cast<uint64_t>(s)); });
    connect(m_view, &ImageView::hovered, this, &ImagePane::showInfo);
}

void ImagePane::setRegion(SnapshotPtr snapshot, int index) {
    const debug::MemoryRegion* r = nullptr;
    if (snapshot && index >= 0 &&
        index < static_cast<int>(snapshot->memory[AddressSpace::Global].size()))
        r = &snapshot->memory[AddressSpace::Global][static_cast<size_t>(index)];
    m_view->setRegion(std::move(snapshot), index);
    m_summary.clear();
    if (r && r->image) m_summary = QString::fromStdString(debug::ImageTexels::summary(*r->image));
    const int slices = static_cast<int>(m_view->slices());
    m_slice->setVisible(slices > 1);
    m_slice->setRange(0, slices - 1);
    showInfo(QString());
}

QString ImagePane::infoText() const {
    return m_info->fullText();
}

void ImagePane::showInfo(const QString& hovered) {
    m_info->setFullText(hovered.isEmpty()
                            ? m_summary + tr(" · outlines: read / written by the last step")
                            : hovered);
}

} // namespace clstep::ui
