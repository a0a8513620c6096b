#include "debug/ValueFormatter.h"
#include "common/TextFormat.h"

#include "common/Half.h"
#include "core/Address.h"
#include "core/ScalarTypes.h"
#include "runtime/ComponentMemory.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace clstep::debug {

namespace {

uint64_t readBits(const uint8_t* p, size_t n, bool big) {
    return ValueFormatter::readUnsigned(p, n, big);
}

bool isInteger(TypeKind k) {
    return k == TypeKind::Char || k == TypeKind::UChar || k == TypeKind::Short ||
           k == TypeKind::UShort || k == TypeKind::Int || k == TypeKind::UInt ||
           k == TypeKind::Long || k == TypeKind::ULong;
}

/// `v` as printf's %.{digits}g would write it, but with a last digit that ends exactly
/// half-way rounded away from zero, and -0 as 0.
std::string formatTiesAway(double v, int digits) {
    if (v == 0) return "0";
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.60e", v); // the exact leading decimal digits
    std::string s = buf, sign;
    if (s[0] == '-') {
        sign = "-";
        s.erase(0, 1);
    }
    const size_t e = s.find('e');
    int exponent = std::atoi(s.c_str() + e + 1);
    const std::string all = s.substr(0, 1) + s.substr(2, e - 2);
    const size_t n = static_cast<size_t>(digits);
    std::string r = all.substr(0, n);
    if (all[n] >= '5') {
        size_t i = n;
        while (i > 0 && r[i - 1] == '9')
            r[--i] = '0';
        if (i == 0) {
            r.insert(r.begin(), '1');
            r.pop_back();
            ++exponent;
        } else {
            ++r[i - 1];
        }
    }
    auto trimmed = [](std::string frac) {
        while (!frac.empty() && frac.back() == '0')
            frac.pop_back();
        return frac.empty() ? frac : "." + frac;
    };
    std::string out;
    if (exponent < -4 || exponent >= digits) {
        char ex[16];
        std::snprintf(ex, sizeof ex, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
        out = r.substr(0, 1) + trimmed(r.substr(1)) + ex;
    } else if (exponent >= 0) {
        const size_t point = static_cast<size_t>(exponent) + 1;
        out = r.substr(0, point) + trimmed(r.substr(point));
    } else {
        out = "0" + trimmed(std::string(static_cast<size_t>(-exponent - 1), '0') + r);
    }
    return sign + out;
}

std::string formatFloat(double v, int digits, bool tiesAway) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    if (tiesAway) return formatTiesAway(v, digits);
    std::ostringstream ss;
    ss.precision(digits);
    ss << v;
    return ss.str();
}

} // namespace

uint64_t ValueFormatter::readUnsigned(const uint8_t* p, size_t n, bool big) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) {
        size_t k = big ? i : n - 1 - i;
        v = (v << 8) | p[k];
    }
    return v;
}

int ValueFormatter::componentBytes(TypeKind kind) {
    if (kind == TypeKind::Pointer) return 8; // an encoded address (core/Address.h)
    const ScalarTypeInfo* s = kind == TypeKind::Void ? nullptr : scalarTypeInfo(kind);
    return s ? static_cast<int>(s->size) : 0;
}

const char* ValueFormatter::componentName(TypeKind kind) {
    if (kind == TypeKind::Pointer) return "pointer";
    const ScalarTypeInfo* s = kind == TypeKind::Void ? nullptr : scalarTypeInfo(kind);
    return s ? s->name : "";
}

std::string ValueFormatter::hexBytes(const uint8_t* p, size_t n) {
    return clstep::hexBytes(p, n);
}

std::string ValueFormatter::components(TypeKind kind, int count, const uint8_t* p,
                                       size_t available) const {
    if (count <= 1) return scalar(kind, p);
    const size_t component = static_cast<size_t>(componentBytes(kind));
    std::string s = std::string("(") + componentName(kind) + std::to_string(count) + ")(";
    for (size_t l = 0; l < static_cast<size_t>(count) && (l + 1) * component <= available; ++l) {
        if (l) s += ", ";
        s += scalar(kind, p + l * component);
    }
    return s + ")";
}

std::string ValueFormatter::scalar(TypeKind kind, const uint8_t* p) const {
    if (m_style.hexIntegers && isInteger(kind)) {
        const int size = componentBytes(kind);
        char text[24];
        std::snprintf(
            text, sizeof text, "0x%0*llx", size * 2,
            static_cast<unsigned long long>(readBits(p, static_cast<size_t>(size), m_bigEndian)));
        return text;
    }
    switch (kind) {
    case TypeKind::Bool:
        return p[0] ? "true" : "false";
    case TypeKind::Char:
        return std::to_string(static_cast<int8_t>(p[0]));
    case TypeKind::UChar:
        return std::to_string(p[0]);
    case TypeKind::Short:
        return std::to_string(static_cast<int16_t>(readBits(p, 2, m_bigEndian)));
    case TypeKind::UShort:
        return std::to_string(static_cast<uint16_t>(readBits(p, 2, m_bigEndian)));
    case TypeKind::Int:
        return std::to_string(static_cast<int32_t>(readBits(p, 4, m_bigEndian)));
    case TypeKind::UInt:
        return std::to_string(static_cast<uint32_t>(readBits(p, 4, m_bigEndian)));
    case TypeKind::Long:
        return std::to_string(static_cast<int64_t>(readBits(p, 8, m_bigEndian)));
    case TypeKind::ULong:
        return std::to_string(readBits(p, 8, m_bigEndian));
    case TypeKind::Half:
        return formatFloat(halfToFloat(static_cast<uint16_t>(readBits(p, 2, m_bigEndian))), 5,
                           m_style.tiesAwayFromZero);
    case TypeKind::Float: {
        uint32_t bits = static_cast<uint32_t>(readBits(p, 4, m_bigEndian));
        float f;
        std::memcpy(&f, &bits, 4);
        return formatFloat(f, m_style.floatDigits, m_style.tiesAwayFromZero);
    }
    case TypeKind::Double: {
        uint64_t bits = readBits(p, 8, m_bigEndian);
        double d;
        std::memcpy(&d, &bits, 8);
        return formatFloat(d, m_style.doubleDigits, m_style.tiesAwayFromZero);
    }
    case TypeKind::Pointer: {
        const uint64_t a = readBits(p, 8, m_bigEndian);
        if (m_style.shortPointers || a == 0) return describe(a).text;
        std::ostringstream ss;
        ss << addressSpaceName(address::space(a)) << " buffer " << address::buffer(a) << " + "
           << address::offset(a);
        return ss.str();
    }
    default:
        return "?";
    }
}

std::string ValueFormatter::format(const QualType& qt, const uint8_t* p, uint64_t size) const {
    const Type* t = qt->canonical();
    if (size < t->size && !t->isVector()) return "?";
    if (t->isScalarArithmetic()) return scalar(t->kind, p);
    if (t->isVector()) {
        std::string s = "(" + t->name + ")(";
        for (uint32_t i = 0; i < t->count; ++i) {
            if (i) s += ", ";
            uint64_t off = i * t->element->size;
            s += off + t->element->size <= size ? scalar(t->element->kind, p + off) : "?";
        }
        return s + ")";
    }
    if (t->isPointer()) return scalar(TypeKind::Pointer, p);
    if (t->isRecord()) {
        std::string s = "{";
        for (size_t i = 0; i < t->fields.size(); ++i) {
            const Field& f = t->fields[i];
            if (i) s += ", ";
            s += f.name + " = " + format(f.type, p + f.offset, size - f.offset);
        }
        return s + "}";
    }
    if (t->isArray()) {
        std::string s = "{";
        uint64_t es = t->element->size;
        uint32_t shown = std::min<uint32_t>(t->count, 16);
        for (uint32_t i = 0; i < shown; ++i) {
            if (i) s += ", ";
            s += format(QualType{t->element}, p + i * es, size - i * es);
        }
        if (shown < t->count) s += ", ...";
        return s + "}";
    }
    return "<" + t->name + ">";
}

VariableSnapshot ValueFormatter::variable(const std::string& name, const QualType& qt,
                                          uint64_t address, const uint8_t* p, uint64_t size) const {
    VariableSnapshot v;
    const Type* t = qt->canonical();
    v.name = name;
    v.type = typeToString(qt);
    v.space = address::space(address);
    v.address = address;
    v.size = t->size;
    v.value = p ? format(qt, p, size) : "<not in memory>";
    if (!p) return v;
    if (t->isVector()) {
        for (uint32_t i = 0; i < t->count; ++i) {
            uint64_t off = i * t->element->size;
            if (off + t->element->size > size) break;
            v.children.push_back(variable(std::string{'s', "0123456789abcdef"[i]},
                                          QualType{t->element}, address + off, p + off,
                                          size - off));
        }
    } else if (t->isRecord()) {
        for (const Field& f : t->fields)
            v.children.push_back(
                variable(f.name, f.type, address + f.offset, p + f.offset, size - f.offset));
    } else if (t->isArray()) {
        uint64_t es = t->element->size;
        for (uint32_t i = 0; i < std::min<uint32_t>(t->count, 256); ++i)
            v.children.push_back(variable(std::string(1, '[') + std::to_string(i) + "]",
                                          QualType{t->element}, address + i * es, p + i * es,
                                          size - i * es));
    }
    return v;
}

} // namespace clstep::debug
