#include "ElidedLabel.h"

#include <QEvent>
#include <QFontMetrics>

namespace clstep::ui {

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
    setTextFormat(Qt::PlainText);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void ElidedLabel::setFullText(const QString& text) {
    if (text == m_full) return;
    m_full = text;
    refresh();
}

QSize ElidedLabel::minimumSizeHint() const {
    return {fontMetrics().horizontalAdvance(QStringLiteral("M…")),
            QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    refresh();
}

void ElidedLabel::changeEvent(QEvent* event) {
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) refresh();
}

void ElidedLabel::refresh() {
    const int room = contentsRect().width() - 2 * margin() - 2 * indent() * (indent() > 0);
    const QString shown = fontMetrics().elidedText(m_full, Qt::ElideRight, std::max(room, 1));
    m_elided = shown != m_full;
    setToolTip(m_elided ? m_full : QString());
    setText(shown);
}

} // namespace clstep::ui
