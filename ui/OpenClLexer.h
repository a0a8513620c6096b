#pragma once

#include <Qsci/qscilexercustom.h>

#include <QSet>

namespace clstep::ui {

/// A QScintilla lexer for OpenCL C: comments, strings, numbers, preprocessor lines, C and
/// OpenCL keywords, scalar/vector/opaque types, builtin functions and constants, and the four
/// address-space qualifiers, each in its own Theme::addressSpace() colour.
class OpenClLexer : public QsciLexerCustom {
    Q_OBJECT
public:
    /// Style numbers (also what SCI_GETSTYLEAT returns for a position).
    enum Style {
        Default = 0,
        LineComment,
        BlockComment,
        Number,
        String,
        Preprocessor,
        Keyword,
        TypeName,
        Builtin,
        GlobalSpace,
        LocalSpace,
        ConstantSpace,
        PrivateSpace,
        Operator,
        StyleCount
    };

    explicit OpenClLexer(QObject* parent = nullptr);

    const char* language() const override { return "OpenCL C"; }
    QString description(int style) const override;
    void styleText(int start, int end) override;
    QColor defaultColor(int style) const override;
    QColor defaultPaper(int style) const override;
    QFont defaultFont(int style) const override;
    const char* wordCharacters() const override;

    /// Re-reads colours and fonts from Theme (after a theme or zoom change).
    void refreshTheme();

    /// The style of a complete word (Default when it is an ordinary identifier).
    static Style classifyWord(const QByteArray& word);
};

} // namespace clstep::ui
