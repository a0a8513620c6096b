#include "repl/TypeSpeller.h"

namespace clstep::repl {

namespace {

std::string qualifierPrefix(const QualType& t) {
    std::string s;
    if (t.space != AddressSpace::None && t.space != AddressSpace::Generic)
        s += std::string(addressSpaceName(t.space)) + " ";
    if (t.isConst) s += "const ";
    if (t.isVolatile) s += "volatile ";
    return s;
}

bool isAlias(const Type* t) {
    return t->canonicalType && t->canonicalType != t;
}

} // namespace

bool TypeSpeller::spell(const QualType& qt, const std::string& inner, std::string& out) {
    const Type* t = qt.type;
    if (!t) return false;
    if (!isAlias(t) && t->kind == TypeKind::Array) {
        QualType element = qt;
        element.type = t->element;
        std::string dims = "[";
        if (t->count) dims += std::to_string(t->count);
        dims += ']';
        return spell(element, inner + dims, out);
    }
    if (!isAlias(t) && t->kind == TypeKind::Pointer) {
        std::string p = "*";
        if (qt.space != AddressSpace::None && qt.space != AddressSpace::Generic)
            p += std::string(" ") + addressSpaceName(qt.space);
        if (qt.isConst) p += " const";
        if (qt.isVolatile) p += " volatile";
        if (qt.isRestrict) p += " restrict";
        if (!inner.empty()) p += (inner[0] == '[' || inner[0] == '(' ? "" : " ") + inner;
        const Type* pointee = t->pointee.type;
        if (pointee && !isAlias(pointee) && pointee->kind == TypeKind::Array) p = "(" + p + ")";
        return spell(t->pointee, p, out);
    }
    if (!isAlias(t) && t->kind == TypeKind::Function) return false;
    if (t->name.empty() || t->name.find("<anonymous>") != std::string::npos) return false;
    out = qualifierPrefix(qt) + t->name;
    if (!inner.empty()) out += (inner[0] == '[' ? "" : " ") + inner;
    return true;
}

std::optional<std::string> TypeSpeller::declaration(const QualType& type, const std::string& name) {
    QualType t = type;
    if (t.space == AddressSpace::Private) t.space = AddressSpace::None;
    std::string out;
    if (!spell(t, name, out)) return std::nullopt;
    return out;
}

std::optional<std::string> TypeSpeller::typeName(const QualType& type) {
    QualType t = type;
    if (t.space == AddressSpace::Private) t.space = AddressSpace::None;
    std::string out;
    if (!spell(t, "", out)) return std::nullopt;
    return out;
}

std::optional<std::string> TypeSpeller::pointerTo(const QualType& type, AddressSpace space,
                                                  bool keepConst) {
    QualType t = type;
    t.space = space;
    if (!keepConst) t.isConst = false;
    std::string out;
    if (!spell(t, "*", out)) return std::nullopt;
    return out;
}

std::string TypeSpeller::display(const QualType& type) {
    if (auto s = typeName(type)) return *s;
    QualType t = type;
    if (t.space == AddressSpace::Private) t.space = AddressSpace::None;
    return typeToString(t);
}

} // namespace clstep::repl
