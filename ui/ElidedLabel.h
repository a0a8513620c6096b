#pragma once

#include <QLabel>
#include <QString>

namespace clstep::ui {

/// A one-line label that never widens its layout: text wider than the label is elided at the
/// right ("…") and the full text becomes its tooltip, so no message is cut without a way to
/// read it (issue #31 item 7). Plain text only.
class ElidedLabel : public QLabel {
    Q_OBJECT
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    /// Sets the full text (shown elided when the label is too narrow).
    void setFullText(const QString& text);
    /// The full text, as set.
    QString fullText() const { return m_full; }
    /// True when the label currently shows an elided text.
    bool elided() const { return m_elided; }

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void refresh();

    QString m_full;
    bool m_elided = false;
};

} // namespace clstep::ui
