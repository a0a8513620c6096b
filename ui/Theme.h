#pragma once

#include "debug/AddressView.h"
#include "debug/Snapshot.h"

#include <QColor>
#include <QFont>
#include <QString>

class QApplication;

namespace clstep::ui {

/// The one place that defines clstep's colours and fonts, so that an address space or a
/// work-item state has the same colour in the editor, the memory panes, the grid and the
/// legends. Light and dark variants; a presentation mode scales every font.
class Theme {
public:
    /// True when the dark palette is active.
    static bool dark();
    /// Switches between the light and dark palettes (call apply() afterwards).
    static void setDark(bool dark);
    /// Font scale in percent (100 normal; presentation mode uses 160).
    static int fontScale();
    static void setFontScale(int percent);

    /// Applies the palette and base font to the application.
    static void apply(QApplication& app);

    /// The colour of an address space: __global blue, __local green, __constant purple,
    /// __private orange (Generic/None fall back to the text colour).
    static QColor addressSpace(AddressSpace space);
    /// "__global", "__local", ... with its colour as a rich-text span.
    static QString addressSpaceLabel(AddressSpace space);
    /// The fill colour of a work-item cell for `state`.
    static QColor workItemState(debug::WorkItemState state);

    // Memory-cell highlights (backgrounds).
    static QColor lastRead();
    static QColor lastWrite();
    static QColor race();
    /// A benign race (kind `benign-race`: the write stored the bytes already there): a
    /// quieter amber than race(); editor text over it keeps a contrast of at least 4.5:1.
    static QColor benignRace();
    static QColor endian();
    static QColor uninitializedText();

    // Editor colours.
    static QColor editorBackground();
    static QColor editorText();
    static QColor marginBackground();
    static QColor comment();
    static QColor keyword();
    static QColor typeName();
    static QColor builtin();
    static QColor number();
    static QColor string();
    static QColor preprocessor();
    static QColor currentLine();
    static QColor otherWorkItems();
    static QColor breakpoint();
    static QColor error();
    static QColor warning();

    /// WCAG 2.x contrast ratio of `a` and `b` (1 to 21; opaque colours; AA text needs 4.5).
    static double contrast(const QColor& a, const QColor& b);
    /// `c` painted over `base` (its alpha applied): the colour a viewer sees.
    static QColor over(const QColor& c, const QColor& base);
    /// The text colour for `background` (alpha composited over editorBackground()): the
    /// editor's text colour when it reaches a contrast of 4.5:1, else near-black or white,
    /// whichever contrasts more (every background then reaches at least 4.5:1).
    static QColor textOn(const QColor& background);
    /// `preferred` (e.g. an address-space colour) when it reaches 4.5:1 on `background`, else
    /// textOn(background).
    static QColor readableOn(const QColor& preferred, const QColor& background);

    /// The fixed-width font for code and memory, scaled by fontScale().
    static QFont codeFont();
    /// The application font size in points, scaled by fontScale().
    static qreal uiPointSize();
};

} // namespace clstep::ui
