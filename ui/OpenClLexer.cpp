#include "OpenClLexer.h"

#include "Theme.h"
#include "core/ScalarTypes.h"

#include <Qsci/qsciscintilla.h>

#include <vector>

namespace clstep::ui {

namespace {

const QSet<QByteArray>& keywordSet() {
    static const QSet<QByteArray> set = {"if",
                                         "else",
                                         "for",
                                         "while",
                                         "do",
                                         "switch",
                                         "case",
                                         "default",
                                         "break",
                                         "continue",
                                         "return",
                                         "goto",
                                         "sizeof",
                                         "typedef",
                                         "struct",
                                         "union",
                                         "enum",
                                         "const",
                                         "volatile",
                                         "restrict",
                                         "static",
                                         "extern",
                                         "inline",
                                         "unsigned",
                                         "signed",
                                         "kernel",
                                         "__kernel",
                                         "__attribute__",
                                         "read_only",
                                         "write_only",
                                         "read_write",
                                         "__read_only",
                                         "__write_only",
                                         "__read_write",
                                         "generic",
                                         "__generic",
                                         "uniform",
                                         "pipe",
                                         "true",
                                         "false",
                                         "NULL",
                                         "vec_type_hint",
                                         "reqd_work_group_size",
                                         "work_group_size_hint",
                                         "aligned",
                                         "packed",
                                         "endian",
                                         "host",
                                         "device",
                                         "nosvm",
                                         "__restrict"};
    return set;
}

const QSet<QByteArray>& types() {
    static const QSet<QByteArray> set = [] {
        QSet<QByteArray> s = {"void",
                              "bool",
                              "half",
                              "size_t",
                              "ptrdiff_t",
                              "intptr_t",
                              "uintptr_t",
                              "image1d_t",
                              "image2d_t",
                              "image3d_t",
                              "sampler_t",
                              "event_t",
                              "queue_t",
                              "clk_event_t",
                              "ndrange_t",
                              "image1d_buffer_t",
                              "image1d_array_t",
                              "image2d_array_t",
                              "atomic_int",
                              "atomic_uint",
                              "atomic_long",
                              "atomic_ulong",
                              "atomic_float",
                              "atomic_double",
                              "atomic_flag"};
        for (const ScalarTypeInfo& t : vectorElementTypes()) {
            QByteArray b(t.name);
            s.insert(b);
            for (const char* n : {"2", "3", "4", "8", "16"})
                s.insert(b + n);
        }
        return s;
    }();
    return set;
}

const QSet<QByteArray>& builtins() {
    static const QSet<QByteArray> set = {"get_global_id",
                                         "get_local_id",
                                         "get_group_id",
                                         "get_global_size",
                                         "get_local_size",
                                         "get_num_groups",
                                         "get_work_dim",
                                         "get_global_offset",
                                         "get_enqueued_local_size",
                                         "get_global_linear_id",
                                         "get_local_linear_id",
                                         "barrier",
                                         "work_group_barrier",
                                         "mem_fence",
                                         "read_mem_fence",
                                         "write_mem_fence",
                                         "async_work_group_copy",
                                         "async_work_group_strided_copy",
                                         "wait_group_events",
                                         "prefetch",
                                         "printf",
                                         "CLK_LOCAL_MEM_FENCE",
                                         "CLK_GLOBAL_MEM_FENCE",
                                         "CLK_IMAGE_MEM_FENCE",
                                         "sin",
                                         "cos",
                                         "tan",
                                         "asin",
                                         "acos",
                                         "atan",
                                         "atan2",
                                         "sinh",
                                         "cosh",
                                         "tanh",
                                         "exp",
                                         "exp2",
                                         "exp10",
                                         "log",
                                         "log2",
                                         "log10",
                                         "pow",
                                         "pown",
                                         "powr",
                                         "sqrt",
                                         "rsqrt",
                                         "cbrt",
                                         "fabs",
                                         "floor",
                                         "ceil",
                                         "round",
                                         "trunc",
                                         "rint",
                                         "fmod",
                                         "fmin",
                                         "fmax",
                                         "fma",
                                         "mad",
                                         "hypot",
                                         "min",
                                         "max",
                                         "clamp",
                                         "mix",
                                         "step",
                                         "smoothstep",
                                         "sign",
                                         "abs",
                                         "abs_diff",
                                         "add_sat",
                                         "sub_sat",
                                         "mul_hi",
                                         "mad_hi",
                                         "mad_sat",
                                         "mad24",
                                         "mul24",
                                         "rotate",
                                         "clz",
                                         "popcount",
                                         "upsample",
                                         "hadd",
                                         "rhadd",
                                         "dot",
                                         "cross",
                                         "length",
                                         "distance",
                                         "normalize",
                                         "fast_length",
                                         "fast_distance",
                                         "fast_normalize",
                                         "select",
                                         "bitselect",
                                         "any",
                                         "all",
                                         "isnan",
                                         "isinf",
                                         "isfinite",
                                         "isequal",
                                         "isnotequal",
                                         "isgreater",
                                         "isless",
                                         "shuffle",
                                         "shuffle2",
                                         "degrees",
                                         "radians",
                                         "copysign",
                                         "ldexp",
                                         "frexp",
                                         "modf",
                                         "fract",
                                         "sincos",
                                         "remainder",
                                         "remquo",
                                         "nextafter",
                                         "fdim",
                                         "logb",
                                         "ilogb",
                                         "erf",
                                         "erfc",
                                         "tgamma",
                                         "lgamma",
                                         "expm1",
                                         "log1p",
                                         "MAXFLOAT",
                                         "INFINITY",
                                         "NAN",
                                         "FLT_MAX",
                                         "FLT_MIN",
                                         "FLT_EPSILON",
                                         "INT_MAX",
                                         "INT_MIN",
                                         "UINT_MAX",
                                         "M_PI_F",
                                         "M_PI",
                                         "CHAR_BIT"};
    return set;
}

bool builtinPrefix(const QByteArray& w) {
    for (const char* p : {"convert_", "as_", "atomic_", "atom_", "vload", "vstore", "native_",
                          "half_", "read_image", "write_image", "get_image"})
        if (w.startsWith(p)) return true;
    return false;
}

bool isWordStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isWordChar(char c) {
    return isWordStart(c) || (c >= '0' && c <= '9');
}

} // namespace

OpenClLexer::OpenClLexer(QObject* parent) : QsciLexerCustom(parent) {
    refreshTheme();
}

OpenClLexer::Style OpenClLexer::classifyWord(const QByteArray& w) {
    if (w == "__global" || w == "global") return GlobalSpace;
    if (w == "__local" || w == "local") return LocalSpace;
    if (w == "__constant" || w == "constant") return ConstantSpace;
    if (w == "__private" || w == "private") return PrivateSpace;
    if (keywordSet().contains(w)) return Keyword;
    if (types().contains(w)) return TypeName;
    if (builtins().contains(w) || builtinPrefix(w)) return Builtin;
    return Default;
}

QString OpenClLexer::description(int style) const {
    static const char* names[StyleCount] = {
        "Default",      "Line comment", "Block comment", "Number",  "String",
        "Preprocessor", "Keyword",      "Type",          "Builtin", "__global",
        "__local",      "__constant",   "__private",     "Operator"};
    return style >= 0 && style < StyleCount ? QString::fromLatin1(names[style]) : QString();
}

QColor OpenClLexer::defaultColor(int style) const {
    switch (style) {
    case LineComment:
    case BlockComment:
        return Theme::comment();
    case Number:
        return Theme::number();
    case String:
        return Theme::string();
    case Preprocessor:
        return Theme::preprocessor();
    case Keyword:
        return Theme::keyword();
    case TypeName:
        return Theme::typeName();
    case Builtin:
        return Theme::builtin();
    case GlobalSpace:
        return Theme::addressSpace(AddressSpace::Global);
    case LocalSpace:
        return Theme::addressSpace(AddressSpace::Local);
    case ConstantSpace:
        return Theme::addressSpace(AddressSpace::Constant);
    case PrivateSpace:
        return Theme::addressSpace(AddressSpace::Private);
    default:
        return Theme::editorText();
    }
}

QColor OpenClLexer::defaultPaper(int) const {
    return Theme::editorBackground();
}

QFont OpenClLexer::defaultFont(int style) const {
    QFont f = Theme::codeFont();
    if (style == Keyword || (style >= GlobalSpace && style <= PrivateSpace)) f.setBold(true);
    if (style == LineComment || style == BlockComment) f.setItalic(true);
    return f;
}

const char* OpenClLexer::wordCharacters() const {
    return "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
}

void OpenClLexer::refreshTheme() {
    for (int s = 0; s < StyleCount; ++s) {
        setColor(defaultColor(s), s);
        setPaper(defaultPaper(s), s);
        setFont(defaultFont(s), s);
    }
    setDefaultColor(Theme::editorText());
    setDefaultPaper(Theme::editorBackground());
    setDefaultFont(Theme::codeFont());
}

void OpenClLexer::styleText(int start, int end) {
    QsciScintilla* ed = editor();
    if (!ed || end <= start) return;
    // Restart at the beginning of the line, and find out whether that line begins inside a
    // block comment from the style of the character before it.
    const long line = ed->SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION, start);
    start = static_cast<int>(ed->SendScintilla(QsciScintillaBase::SCI_POSITIONFROMLINE, line));
    bool inBlock = false;
    if (start > 0) {
        const int prev =
            static_cast<int>(ed->SendScintilla(QsciScintillaBase::SCI_GETSTYLEAT, start - 1));
        if (prev == BlockComment) {
            char tail[3] = {0, 0, 0};
            if (start >= 2)
                ed->SendScintilla(QsciScintillaBase::SCI_GETTEXTRANGE, start - 2, start, tail);
            inBlock = !(tail[0] == '*' && tail[1] == '/');
        }
    }
    std::vector<char> buf(static_cast<size_t>(end - start) + 1, 0);
    ed->SendScintilla(QsciScintillaBase::SCI_GETTEXTRANGE, start, end, buf.data());
    const char* t = buf.data();
    const int n = end - start;

    startStyling(start);
    int i = 0;
    bool lineStart = true; // only whitespace so far on this line
    auto put = [&](int len, int style) {
        if (len > 0) setStyling(len, style);
        i += len;
    };
    while (i < n) {
        const char c = t[i];
        if (inBlock) {
            int j = i;
            while (j < n && !(t[j] == '*' && j + 1 < n && t[j + 1] == '/'))
                ++j;
            if (j < n) {
                j += 2;
                inBlock = false;
            }
            put(j - i, BlockComment);
            continue;
        }
        if (c == '\n') {
            lineStart = true;
            put(1, Default);
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r') {
            put(1, Default);
            continue;
        }
        if (c == '/' && i + 1 < n && t[i + 1] == '/') {
            int j = i;
            while (j < n && t[j] != '\n')
                ++j;
            put(j - i, LineComment);
            continue;
        }
        if (c == '/' && i + 1 < n && t[i + 1] == '*') {
            inBlock = true;
            put(2, BlockComment);
            continue;
        }
        if (c == '#' && lineStart) {
            int j = i;
            while (j < n && t[j] != '\n') {
                if (t[j] == '/' && j + 1 < n && (t[j + 1] == '/' || t[j + 1] == '*')) break;
                ++j;
            }
            put(j - i, Preprocessor);
            lineStart = false;
            continue;
        }
        lineStart = false;
        if (c == '"' || c == '\'') {
            int j = i + 1;
            while (j < n && t[j] != c && t[j] != '\n')
                j += (t[j] == '\\' && j + 1 < n) ? 2 : 1;
            put(std::min(j + 1, n) - i, String);
            continue;
        }
        if ((c >= '0' && c <= '9') ||
            (c == '.' && i + 1 < n && t[i + 1] >= '0' && t[i + 1] <= '9')) {
            int j = i + 1;
            while (j < n &&
                   (isWordChar(t[j]) || t[j] == '.' ||
                    ((t[j] == '+' || t[j] == '-') &&
                     (t[j - 1] == 'e' || t[j - 1] == 'E' || t[j - 1] == 'p' || t[j - 1] == 'P'))))
                ++j;
            put(j - i, Number);
            continue;
        }
        if (isWordStart(c)) {
            int j = i + 1;
            while (j < n && isWordChar(t[j]))
                ++j;
            put(j - i, classifyWord(QByteArray(t + i, j - i)));
            continue;
        }
        put(1, Operator);
    }
}

} // namespace clstep::ui
