#include "core/Type.h"

namespace clstep {

bool QualType::sameType(const QualType& o) const {
    if (!type || !o.type) return type == o.type;
    const Type* a = type->canonical();
    const Type* b = o.type->canonical();
    if (a == b) return true;
    if (a->kind != b->kind) return false;
    if (a->kind == TypeKind::Pointer)
        return a->pointee.sameType(b->pointee) && a->pointee.space == b->pointee.space;
    return false;
}

bool Type::isSigned() const {
    switch (canonical()->kind) {
    case TypeKind::Char:
    case TypeKind::Short:
    case TypeKind::Int:
    case TypeKind::Long:
    case TypeKind::Half:
    case TypeKind::Float:
    case TypeKind::Double:
        return true;
    case TypeKind::Vector:
        return element->isSigned();
    default:
        return false;
    }
}

const Field* Type::findField(const std::string& n) const {
    for (const Field& f : canonical()->fields)
        if (f.name == n && !n.empty()) return &f;
    for (const Field& f : canonical()->promotedFields)
        if (f.name == n) return &f;
    return nullptr;
}

std::string typeToString(const QualType& t) {
    if (!t.type) return "<null type>";
    std::string s;
    if (t.space != AddressSpace::None) s += std::string(addressSpaceName(t.space)) + " ";
    if (t.isConst) s += "const ";
    if (t.isVolatile) s += "volatile ";
    s += t.type->name;
    if (t.isRestrict) s += " restrict";
    return s;
}

} // namespace clstep
