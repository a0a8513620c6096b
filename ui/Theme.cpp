#include "Theme.h"

#include <QApplication>
#include <QFontDatabase>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

#include <algorithm>
#include <cmath>

namespace clstep::ui {

namespace {
bool g_dark = false;
int g_scale = 100;

QColor pick(const char* light, const char* dark) {
    return QColor(g_dark ? dark : light);
}
} // namespace

bool Theme::dark() {
    return g_dark;
}
void Theme::setDark(bool dark) {
    g_dark = dark;
}
int Theme::fontScale() {
    return g_scale;
}
void Theme::setFontScale(int percent) {
    g_scale = qBound(50, percent, 400);
}

void Theme::apply(QApplication& app) {
    if (QStyle* fusion = QStyleFactory::create("Fusion")) app.setStyle(fusion);
    QPalette p;
    if (g_dark) {
        p.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x31));
        p.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
        p.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
        p.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2d));
        p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3c));
        p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
        p.setColor(QPalette::Highlight, QColor(0x3d, 0x6d, 0xb5));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::ToolTipBase, QColor(0x35, 0x37, 0x3c));
        p.setColor(QPalette::ToolTipText, QColor(0xe6, 0xe6, 0xe6));
        p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    } else {
        p = app.style()->standardPalette();
    }
    app.setPalette(p);
    QFont f = app.font();
    f.setPointSizeF(uiPointSize());
    app.setFont(f);
}

QColor Theme::addressSpace(AddressSpace space) {
    switch (space) {
    case AddressSpace::Global:
        return pick("#1f5fd1", "#6ea8ff");
    case AddressSpace::Local:
        return pick("#1a7a33", "#5fd17a");
    case AddressSpace::Constant:
        return pick("#9b36c9", "#d08cff");
    case AddressSpace::Private:
        return pick("#c26a00", "#ffad4d");
    default:
        return editorText();
    }
}

QString Theme::addressSpaceLabel(AddressSpace space) {
    return QStringLiteral("<span style=\"color:%1;font-weight:bold\">%2</span>")
        .arg(addressSpace(space).name(), QString::fromLatin1(addressSpaceName(space)));
}

QColor Theme::workItemState(debug::WorkItemState state) {
    using S = debug::WorkItemState;
    switch (state) {
    case S::NotStarted:
        return pick("#e3e6ea", "#3a3d42");
    case S::Ready:
        return pick("#a8d8ff", "#2f5f8a");
    case S::AtBarrier:
        return pick("#ffd66b", "#8a6d1f");
    case S::AtBreakpoint:
        return pick("#ff8f8f", "#9a3434");
    case S::Finished:
        return pick("#9be3a8", "#2e6b3a");
    case S::Error:
        return pick("#b00020", "#e0455a");
    }
    return editorBackground();
}

QColor Theme::lastRead() {
    return pick("#9fd4ff", "#1f5f8f");
}
QColor Theme::lastWrite() {
    return pick("#ffc078", "#9a5a12");
}
QColor Theme::race() {
    return pick("#ff5c5c", "#c62828");
}
QColor Theme::benignRace() {
    return pick("#d9b25c", "#7a6a3a");
}
QColor Theme::endian() {
    return pick("#fff176", "#807300");
}
QColor Theme::uninitializedText() {
    return pick("#6b6b6b", "#a0a0a0");
}

QColor Theme::editorBackground() {
    return pick("#ffffff", "#1e1f22");
}
QColor Theme::editorText() {
    return pick("#1a1a1a", "#dcdcdc");
}
QColor Theme::marginBackground() {
    return pick("#f0f0f0", "#2b2d31");
}
QColor Theme::comment() {
    return pick("#6a737d", "#7f8c98");
}
QColor Theme::keyword() {
    return pick("#0033b3", "#cc7832");
}
QColor Theme::typeName() {
    return pick("#007a7a", "#4ec9b0");
}
QColor Theme::builtin() {
    return pick("#7a3e00", "#dcdcaa");
}
QColor Theme::number() {
    return pick("#1750eb", "#b5cea8");
}
QColor Theme::string() {
    return pick("#067d17", "#ce9178");
}
QColor Theme::preprocessor() {
    return pick("#808000", "#c586c0");
}
QColor Theme::currentLine() {
    return pick("#fff3a0", "#4a4520");
}
QColor Theme::otherWorkItems() {
    return pick("#eef4ff", "#262d3a");
}
QColor Theme::breakpoint() {
    return QColor("#d32f2f");
}
QColor Theme::error() {
    return QColor("#e53935");
}
QColor Theme::warning() {
    return QColor("#f9a825");
}

namespace {
double luminance(const QColor& c) {
    auto channel = [](double v) {
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}
} // namespace

double Theme::contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor Theme::over(const QColor& c, const QColor& base) {
    const double t = c.alphaF();
    return QColor::fromRgbF(static_cast<float>(c.redF() * t + base.redF() * (1 - t)),
                            static_cast<float>(c.greenF() * t + base.greenF() * (1 - t)),
                            static_cast<float>(c.blueF() * t + base.blueF() * (1 - t)));
}

QColor Theme::textOn(const QColor& background) {
    const QColor bg = over(background, editorBackground());
    if (contrast(editorText(), bg) >= 4.5) return editorText();
    const QColor black(Qt::black), white(Qt::white);
    return contrast(black, bg) >= contrast(white, bg) ? black : white;
}

QColor Theme::readableOn(const QColor& preferred, const QColor& background) {
    const QColor bg = over(background, editorBackground());
    return contrast(preferred, bg) >= 4.5 ? preferred : textOn(background);
}

QFont Theme::codeFont() {
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setStyleHint(QFont::Monospace);
    f.setPointSizeF(10.0 * g_scale / 100.0);
    return f;
}

qreal Theme::uiPointSize() {
    return 9.5 * g_scale / 100.0;
}

} // namespace clstep::ui
