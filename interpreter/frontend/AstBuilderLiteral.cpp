// AstBuilder: literals (C preprocessing numbers, character constants, string escapes).
#include "frontend/AstBuilder.h"

#include <cctype>
#include <charconv>
#include <limits>

namespace clstep {

using namespace ast;

namespace {

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

} // namespace

ExprPtr AstBuilder::buildNumber(antlr4::Token* t) {
    const std::string s = text(t);
    const SourceRange r = range(t);
    const bool hex = s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const bool bin = s.size() > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B');
    bool isFloat = false;
    if (hex)
        isFloat = s.find_first_of(".pP") != std::string::npos;
    else if (!bin)
        isFloat = s.find_first_of(".eE") != std::string::npos;

    if (isFloat) {
        auto f = std::make_unique<FloatLiteralExpr>();
        f->range = r;
        f->spelling = s;
        size_t i = hex ? 2 : 0;
        const size_t mantissaStart = i;
        size_t digits = 0, dots = 0;
        auto isDigit = [&](char c) {
            return hex ? std::isxdigit(static_cast<unsigned char>(c)) != 0 : (c >= '0' && c <= '9');
        };
        while (i < s.size() && (isDigit(s[i]) || s[i] == '.')) {
            (s[i] == '.' ? dots : digits)++;
            ++i;
        }
        bool ok = digits > 0 && dots <= 1;
        bool negativeExponent = false;
        const char expChar = hex ? 'p' : 'e';
        if (i < s.size() && std::tolower(static_cast<unsigned char>(s[i])) == expChar) {
            ++i;
            if (i < s.size() && (s[i] == '+' || s[i] == '-')) negativeExponent = s[i++] == '-';
            size_t expDigits = 0;
            while (i < s.size() && s[i] >= '0' && s[i] <= '9')
                ++i, ++expDigits;
            if (expDigits == 0) {
                error(r, "exponent has no digits");
                return f;
            }
        } else if (hex) {
            error(r, "hexadecimal floating constant requires an exponent");
            return f;
        }
        const std::string suffix = lower(s.substr(i));
        if (!ok) {
            error(r, "invalid floating constant '" + s + "'");
            return f;
        }
        if (suffix != "" && suffix != "f" && suffix != "h") {
            error(r, "invalid suffix '" + s.substr(i) + "' on floating constant");
            return f;
        }
        f->suffix = suffix;
        double value = 0;
        auto res = std::from_chars(s.data() + mantissaStart, s.data() + i, value,
                                   hex ? std::chars_format::hex : std::chars_format::general);
        if (res.ec == std::errc::result_out_of_range) {
            if (!negativeExponent) error(r, "floating constant is too large");
            value = 0;
        } else if (res.ec != std::errc() || res.ptr != s.data() + i) {
            error(r, "invalid floating constant '" + s + "'");
        }
        f->value = value;
        return f;
    }

    auto n = std::make_unique<IntLiteralExpr>();
    n->range = r;
    n->spelling = s;
    unsigned base = hex ? 16 : bin ? 2 : (s.size() > 1 && s[0] == '0') ? 8 : 10;
    n->isDecimal = base == 10;
    size_t i = (hex || bin) ? 2 : 0;
    const size_t digitsStart = i;
    uint64_t value = 0;
    bool overflow = false;
    for (; i < s.size(); ++i) {
        char c = s[i];
        unsigned d;
        if (c >= '0' && c <= '9')
            d = static_cast<unsigned>(c - '0');
        else if (base == 16 && std::isxdigit(static_cast<unsigned char>(c)))
            d = static_cast<unsigned>(std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
        else
            break;
        if (d >= base) {
            error(r, "invalid digit '" + std::string(1, c) + "' in " +
                         (base == 8 ? "octal" : "binary") + " constant");
            return n;
        }
        if (value > (std::numeric_limits<uint64_t>::max() - d) / base) overflow = true;
        value = value * base + d;
    }
    if (i == digitsStart) {
        error(r,
              std::string("invalid ") + (hex ? "hexadecimal" : "binary") + " constant '" + s + "'");
        return n;
    }
    const std::string written = s.substr(i);
    const std::string suffix = lower(written);
    size_t us = 0, ls = 0;
    bool validSuffix = true;
    for (char c : suffix) {
        if (c == 'u')
            ++us;
        else if (c == 'l')
            ++ls;
        else
            validSuffix = false;
    }
    // `l`s must be adjacent: ul, lu, ll, ull, llu.
    if (validSuffix && ls == 2 && suffix.find("ll") == std::string::npos) validSuffix = false;
    if (!validSuffix || us > 1 || ls > 2) {
        error(r, "invalid suffix '" + written + "' on integer constant");
        return n;
    }
    if (overflow) {
        error(r, "integer literal is too large to be represented in any integer type");
        return n;
    }
    n->suffix = std::string(us, 'u') + std::string(ls, 'l');
    n->value = value;
    return n;
}

ExprPtr AstBuilder::buildCharacter(antlr4::Token* t) {
    auto n = std::make_unique<IntLiteralExpr>();
    n->range = range(t);
    n->spelling = text(t);
    n->isChar = true;
    std::string_view raw = m_loc.text(t);
    std::string bytes =
        raw.size() >= 2 ? decodeEscapes(raw.substr(1, raw.size() - 2), t) : std::string();
    if (bytes.empty()) {
        error(n->range, "empty character constant");
        return n;
    }
    if (bytes.size() == 1) {
        // `char` is signed in OpenCL C: '\xff' is -1.
        n->value = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int8_t>(bytes[0])));
        return n;
    }
    // Multi-character constant: implementation-defined; like GCC/clang, big-endian packing.
    uint32_t v = 0;
    for (char c : bytes)
        v = (v << 8) | static_cast<unsigned char>(c);
    n->value = static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(v)));
    return n;
}

std::string AstBuilder::decodeEscapes(std::string_view body, antlr4::Token* t) {
    std::string out;
    out.reserve(body.size());
    for (size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (c != '\\' || i + 1 >= body.size()) {
            out += c;
            continue;
        }
        char e = body[++i];
        switch (e) {
        case 'n':
            out += '\n';
            break;
        case 't':
            out += '\t';
            break;
        case 'r':
            out += '\r';
            break;
        case 'a':
            out += '\a';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'v':
            out += '\v';
            break;
        case '\\':
        case '\'':
        case '"':
        case '?':
            out += e;
            break;
        case '\r':
            if (i + 1 < body.size() && body[i + 1] == '\n') ++i;
            break; // line continuation
        case '\n':
            break;
        case 'x': {
            unsigned value = 0;
            size_t n = 0;
            bool tooBig = false;
            while (i + 1 < body.size() && std::isxdigit(static_cast<unsigned char>(body[i + 1]))) {
                char h = static_cast<char>(std::tolower(static_cast<unsigned char>(body[++i])));
                value = value * 16 + static_cast<unsigned>(h <= '9' ? h - '0' : h - 'a' + 10);
                if (value > 0xff) tooBig = true;
                ++n;
            }
            if (n == 0) error(range(t), "\\x used with no following hex digits");
            if (tooBig) error(range(t), "hex escape sequence out of range");
            out += static_cast<char>(value & 0xff);
            break;
        }
        default:
            if (e >= '0' && e <= '7') {
                unsigned value = static_cast<unsigned>(e - '0');
                for (int k = 0;
                     k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7'; ++k)
                    value = value * 8 + static_cast<unsigned>(body[++i] - '0');
                if (value > 0xff) error(range(t), "octal escape sequence out of range");
                out += static_cast<char>(value & 0xff);
            } else {
                out += e; // unknown escape: the character itself (as GCC/clang, with a warning)
            }
            break;
        }
    }
    return out;
}

} // namespace clstep
