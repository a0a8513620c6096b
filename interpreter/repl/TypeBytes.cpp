#include "repl/TypeBytes.h"

#include <algorithm>

namespace clstep::repl {

void TypeBytes::toggleByteOrder(const Type* type, uint8_t* p, uint64_t size) {
    const Type* t = type->canonical();
    if (t->size > size) return;
    if (t->isScalarArithmetic() || t->isPointer() || t->kind == TypeKind::Opaque) {
        if (t->size > 1) std::reverse(p, p + t->size);
        return;
    }
    if (t->isVector()) {
        const uint64_t es = t->element->size;
        for (uint64_t off = 0; es > 1 && off + es <= t->size; off += es)
            std::reverse(p + off, p + off + es);
        return;
    }
    if (t->isArray()) {
        const uint64_t es = t->element->size;
        for (uint64_t i = 0; es && i < t->count; ++i)
            toggleByteOrder(t->element, p + i * es, size - i * es);
        return;
    }
    if (t->isRecord()) {
        for (const Field& f : t->fields) {
            toggleByteOrder(f.type.type, p + f.offset, size - f.offset);
            if (t->kind == TypeKind::Union) break;
        }
    }
}

std::string TypeBytes::hex(std::span<const uint8_t> bytes, uint64_t group, uint64_t limit) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    const uint64_t n = std::min<uint64_t>(bytes.size(), limit);
    for (uint64_t i = 0; i < n; ++i) {
        if (i) s += (group && i % group == 0) ? "  " : " ";
        s += digits[bytes[i] >> 4];
        s += digits[bytes[i] & 15];
    }
    if (n < bytes.size()) s += " ...";
    return s;
}

uint64_t TypeBytes::componentSize(const Type* type) {
    const Type* t = type->canonical();
    if (t->isScalarArithmetic()) return t->size;
    if (t->isVector()) return t->element->size;
    if (t->isArray()) {
        const Type* e = t->element->canonical();
        if (e->isScalarArithmetic()) return e->size;
        if (e->isVector() || e->isRecord()) return e->size;
    }
    return 0;
}

} // namespace clstep::repl
