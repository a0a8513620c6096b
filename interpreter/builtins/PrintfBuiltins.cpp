// printf (OpenCL C 1.2 spec 6.12.13): C99 conversions plus the OpenCL vector specifier
// (`%v4f`, `%v2hld`, `%#v8hhx`, ...), whose elements are printed with the same conversion and
// joined by ','.

#include "builtins/BuiltinEnv.h"
#include "builtins/BuiltinRegistry.h"
#include "builtins/MemoryBuiltinHelpers.h"
#include "core/LaneOps.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

namespace clstep {

namespace {

constexpr uint64_t kMaxStringBytes = uint64_t(1) << 20; ///< longest string read from memory
constexpr int kMaxField = 1 << 16;                      ///< cap on width and precision

/// Thrown (and caught inside printfImpl only) when the format cannot be applied.
struct FormatError {
    std::string message;
};

/// Length modifiers of spec 6.12.13.2 (`ll` is read as `l`: long is 64-bit).
enum class Length : uint8_t { None, HH, H, HL, L };

/// One parsed conversion specification (spec 6.12.13.2): flags, width, precision, vector
/// specifier, length modifier and conversion character.
struct Conversion {
    std::string flags;
    int width = -1;          ///< -1: none; -2: `*`
    int precision = -1;      ///< -1: none; -2: `*`
    uint32_t vectorSize = 0; ///< 0: not a vector conversion
    Length length = Length::None;
    char conv = 0;
};

/// `printf(constant char *restrict format, ...)`: the format must point to char in
/// __constant; the other arguments get the default argument promotions (C99 6.5.2.2:
/// float/half -> double, integer promotions); vectors and pointers pass unchanged.
bool resolvePrintf(TypeContext& types, const std::vector<QualType>& args, BuiltinSignature& sig) {
    if (args.empty()) return false;
    QualType fmt = mem::pointeeOf(args[0]);
    if (!fmt || fmt.space != AddressSpace::Constant ||
        (fmt->canonical()->kind != TypeKind::Char && fmt->canonical()->kind != TypeKind::UChar))
        return false;
    std::vector<QualType> params{args[0]};
    for (size_t i = 1; i < args.size(); ++i) {
        if (!args[i].type) return false;
        const Type* t = args[i]->canonical();
        if (t->isPointer())
            params.push_back(args[i]);
        else if (t->isVector())
            params.push_back(QualType{t});
        else if (t->kind == TypeKind::Half || t->kind == TypeKind::Float)
            params.push_back(mem::scalarType(types, TypeKind::Double));
        else if (t->isScalarArithmetic())
            params.push_back(QualType{types.promote(t)});
        else
            return false;
    }
    return mem::accept(sig, mem::scalarType(types, TypeKind::Int), std::move(params));
}

/// Reads a NUL-terminated string of at most `limit` bytes at `a` through a char pointer
/// whose pointee is `pointee` (every byte is an ordinary checked load).
std::string readString(BuiltinEnv& env, uint64_t a, const QualType& pointee, uint64_t limit,
                       const SourceRange& site) {
    const QualType access = mem::accessType(pointee, pointee->canonical());
    std::string s;
    for (uint64_t i = 0; i < limit; ++i) {
        char c = static_cast<char>(env.load(mem::advance(a, i), access, site).lanes[0].i);
        if (c == 0) break;
        s.push_back(c);
    }
    return s;
}

/// Parses a decimal field or `*` (returned as -2) at `fmt[i]`.
int parseField(const std::string& fmt, size_t& i) {
    if (i < fmt.size() && fmt[i] == '*') {
        ++i;
        return -2;
    }
    int v = 0;
    while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9')
        v = std::min(kMaxField, v * 10 + (fmt[i++] - '0'));
    return v;
}

/// Parses the conversion specification starting after a '%' at `fmt[i]` (spec 6.12.13.2).
Conversion parseConversion(const std::string& fmt, size_t& i) {
    Conversion c;
    while (i < fmt.size() && std::strchr("-+ #0", fmt[i]) && fmt[i])
        c.flags += fmt[i++];
    if (i < fmt.size() && (fmt[i] == '*' || (fmt[i] >= '1' && fmt[i] <= '9')))
        c.width = parseField(fmt, i);
    if (i < fmt.size() && fmt[i] == '.') c.precision = parseField(fmt, ++i);
    if (i < fmt.size() && fmt[i] == 'v') {
        size_t start = ++i;
        int n = parseField(fmt, i);
        if (i == start || (n != 2 && n != 3 && n != 4 && n != 8 && n != 16))
            throw FormatError{"invalid vector specifier in printf format (v2, v3, v4, v8 or v16)"};
        c.vectorSize = static_cast<uint32_t>(n);
    }
    static const std::pair<std::string_view, Length> kLengths[] = {{"hh", Length::HH},
                                                                   {"hl", Length::HL},
                                                                   {"ll", Length::L},
                                                                   {"h", Length::H},
                                                                   {"l", Length::L}};
    for (const auto& [text, length] : kLengths) {
        if (std::string_view(fmt).substr(i, text.size()) == text) {
            c.length = length;
            i += text.size();
            break;
        }
    }
    if (i >= fmt.size() || !std::strchr("diouxXcsfFeEgGaAp%", fmt[i]) || !fmt[i])
        throw FormatError{"invalid conversion specification in printf format"};
    c.conv = fmt[i++];
    if (c.length == Length::HL && !c.vectorSize)
        throw FormatError{"the hl length modifier is only valid with a vector specifier"};
    if (c.vectorSize && std::strchr("csp%", c.conv))
        throw FormatError{std::string("the vector specifier cannot be used with %") + c.conv};
    return c;
}

/// Formats one value with C's snprintf and the C format `cfmt`.
template <class T>
std::string cformat(const std::string& cfmt, T v) {
    int n = std::snprintf(nullptr, 0, cfmt.c_str(), v);
    if (n <= 0) return std::string();
    std::string s(static_cast<size_t>(n), '\0');
    std::snprintf(s.data(), s.size() + 1, cfmt.c_str(), v);
    return s;
}

/// The C format for `c` with resolved width/precision and C length modifier `len`.
std::string cFormatFor(const Conversion& c, int width, int precision, const char* len, char conv) {
    std::string f(1, '%');
    f += c.flags;
    if (width >= 0) f += std::to_string(width);
    if (precision >= 0) {
        f += '.';
        f += std::to_string(precision);
    }
    f += len;
    f += conv;
    return f;
}

/// Width in bits an integer conversion applies to: from the length modifier, else the
/// vector element's size, else int (C99 7.19.6.1).
unsigned integerBits(const Conversion& c, const Type* elem) {
    switch (c.length) {
    case Length::HH:
        return 8;
    case Length::H:
        return 16;
    case Length::HL:
        return 32;
    case Length::L:
        return 64;
    case Length::None:
        break;
    }
    return c.vectorSize ? static_cast<unsigned>(elem->size * 8) : 32;
}

/// Formats one element (a scalar argument or one vector component) of type `elem`.
std::string formatElement(const Conversion& c, int width, int precision, Lane l, const Type* elem) {
    const TypeKind k = elem->kind;
    if (std::strchr("fFeEgGaA", c.conv)) {
        double v = lane::toDouble(l, k == TypeKind::Pointer ? TypeKind::ULong : k);
        return cformat(cFormatFor(c, width, precision, "", c.conv), v);
    }
    uint64_t raw = elem->isFloating()
                       ? static_cast<uint64_t>(static_cast<int64_t>(lane::toDouble(l, k)))
                       : l.u;
    if (c.conv == 'c') return cformat(cFormatFor(c, width, precision, "", 'c'), int(uint8_t(raw)));
    const unsigned bits = integerBits(c, elem);
    const uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    raw &= mask;
    if (c.conv == 'd' || c.conv == 'i') {
        int64_t sv = static_cast<int64_t>(raw << (64 - bits)) >> (64 - bits); // sign-extend
        return cformat(cFormatFor(c, width, precision, "ll", c.conv), static_cast<long long>(sv));
    }
    return cformat(cFormatFor(c, width, precision, "ll", c.conv),
                   static_cast<unsigned long long>(raw));
}

/// Applies a printf format to the call's arguments (spec 6.12.13).
class Formatter {
public:
    Formatter(BuiltinEnv& env, const BuiltinCall& call, const Value* args)
        : m_env(env), m_call(call), m_args(args) {}

    /// Formats the whole format string; throws FormatError on a bad format or argument.
    std::string run(const std::string& fmt) {
        std::string out;
        for (size_t i = 0; i < fmt.size();) {
            if (fmt[i] != '%') {
                out += fmt[i++];
                continue;
            }
            Conversion c = parseConversion(fmt, ++i);
            out += c.conv == '%' ? std::string("%") : convert(c);
        }
        return out;
    }

private:
    /// The next argument's index; throws when the arguments are exhausted (the spec leaves
    /// this undefined; it is reported).
    size_t nextArg() {
        if (m_next >= m_call.argTypes.size())
            throw FormatError{"printf format needs more arguments than the " +
                              std::to_string(m_call.argTypes.size() - 1) + " given"};
        return m_next++;
    }

    /// Takes a `*` width or precision from the int arguments.
    int starField(int field, bool isWidth, std::string& flags) {
        if (field != -2) return field;
        size_t a = nextArg();
        if (!m_call.argTypes[a]->canonical()->isInteger())
            throw FormatError{"printf '*' field width or precision needs an int argument"};
        int64_t v = m_args[a].lanes[0].i;
        if (v < 0 && isWidth) flags += '-'; // C99 7.19.6.1: negative width means '-' flag
        if (v < 0) return isWidth ? static_cast<int>(std::min<int64_t>(-v, kMaxField)) : -1;
        return static_cast<int>(std::min<int64_t>(v, kMaxField));
    }

    std::string convert(Conversion c) {
        const int width = starField(c.width, true, c.flags);
        const int precision = starField(c.precision, false, c.flags);
        const size_t a = nextArg();
        const Type* t = m_call.argTypes[a]->canonical();
        if (c.conv == 's' || c.conv == 'p') return pointerText(c, width, precision, a, t);
        if (t->isVector() != (c.vectorSize != 0) || (c.vectorSize && t->lanes() != c.vectorSize))
            throw FormatError{"printf argument " + std::to_string(a) + " has type " + t->name +
                              (c.vectorSize ? ", not the " + std::to_string(c.vectorSize) +
                                                  "-component vector the format names"
                                            : ", which needs a vector specifier (%vn...)")};
        std::string out;
        for (uint32_t k = 0; k < t->lanes(); ++k) {
            if (k) out += ',';
            out += formatElement(c, width, precision, m_args[a].lanes[k], t->scalarType());
        }
        return out;
    }

    /// %s (a string read from device memory) and %p (the encoded device address in hex).
    std::string pointerText(const Conversion& c, int width, int precision, size_t a,
                            const Type* t) {
        if (!t->isPointer())
            throw FormatError{std::string("printf %") + c.conv + " needs a pointer argument, " +
                              "argument " + std::to_string(a) + " has type " + t->name};
        const uint64_t p = m_args[a].lanes[0].u;
        std::string text;
        if (c.conv == 'p') {
            text = cformat("0x%llx", static_cast<unsigned long long>(p));
            precision = -1;
        } else if (p == 0) {
            text = "(null)";
        } else {
            uint64_t limit = precision >= 0 ? uint64_t(precision) : kMaxStringBytes;
            text = readString(m_env, p, t->pointee, limit, m_call.range);
        }
        Conversion asString; // only the '-' flag applies to the text
        if (c.flags.find('-') != std::string::npos) asString.flags = "-";
        return cformat(cFormatFor(asString, width, precision, "", 's'), text.c_str());
    }

    BuiltinEnv& m_env;
    const BuiltinCall& m_call;
    const Value* m_args;
    size_t m_next = 1;
};

/// Reads the format from __constant memory, formats, and prints (spec 6.12.13.1: returns 0
/// on success, -1 otherwise). A bad format is reported and prints nothing.
void printfImpl(BuiltinEnv& env, const BuiltinCall& call, const Value* args, Value& result) {
    const std::string fmt =
        readString(env, args[0].lanes[0].u, mem::argPointee(call, 0), kMaxStringBytes, call.range);
    try {
        env.print(Formatter(env, call, args).run(fmt));
        result.lanes[0].i = 0;
    } catch (const FormatError& e) {
        env.reportError(DiagnosticKind::PrintfFormat, e.message + " (OpenCL C 6.12.13)",
                        call.range);
        result.lanes[0].i = -1;
    }
}

} // namespace

/// Registers printf (spec 6.12.13).
void registerPrintfBuiltins(BuiltinRegistry& r) {
    r.add({"printf", resolvePrintf, printfImpl, BuiltinNone});
}

} // namespace clstep
