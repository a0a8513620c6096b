#include "debug/ValueFormatter.h"

#include "common/Half.h"
#include "core/Address.h"
#include "runtime/LaneMemory.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

namespace clstep::debug {

namespace {

uint64_t readBits(const uint8_t* p, size_t n, bool big) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) {
        size_t k = big ? i : n - 1 - i;
        v = (v << 8) | p[k];
    }
    return v;
}

std::string formatFloat(double v, int digits) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    std::ostringstream ss;
    ss.precision(digits);
    ss << v;
    return ss.str();
}

} // namespace

std::string ValueFormatter::scalar(TypeKind kind, const uint8_t* p) const {
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
        return formatFloat(halfToFloat(static_cast<uint16_t>(readBits(p, 2, m_bigEndian))), 5);
    case TypeKind::Float: {
        uint32_t bits = static_cast<uint32_t>(readBits(p, 4, m_bigEndian));
        float f;
        std::memcpy(&f, &bits, 4);
        return formatFloat(f, 9);
    }
    case TypeKind::Double: {
        uint64_t bits = readBits(p, 8, m_bigEndian);
        double d;
        std::memcpy(&d, &bits, 8);
        return formatFloat(d, 17);
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
    if (t->isPointer()) {
        uint64_t a = readBits(p, 8, m_bigEndian);
        if (a == 0) return "NULL";
        std::ostringstream ss;
        ss << addressSpaceName(address::space(a)) << " buffer " << address::buffer(a) << " + "
           << address::offset(a);
        return ss.str();
    }
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
