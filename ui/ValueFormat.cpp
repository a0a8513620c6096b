#include "ValueFormat.h"

#include "debug/AddressView.h"

#include <regex>

namespace clstep::ui {

namespace {

/// The component kinds of the type selector, in its order.
constexpr TypeKind kComponents[] = {
    TypeKind::Char, TypeKind::UChar, TypeKind::Short,  TypeKind::UShort,
    TypeKind::Int,  TypeKind::UInt,  TypeKind::Long,   TypeKind::ULong,
    TypeKind::Half, TypeKind::Float, TypeKind::Double, TypeKind::Pointer,
};

bool isComponent(TypeKind k) {
    for (TypeKind l : kComponents)
        if (l == k) return true;
    return false;
}

bool isInteger(TypeKind k) {
    return k >= TypeKind::Char && k <= TypeKind::ULong;
}

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

} // namespace

int ValueFormat::scalarBytes() const {
    return isComponent(kind) ? debug::ValueFormatter::componentBytes(kind) : 1;
}

int ValueFormat::rowBytes() const {
    if (kind == Kind::HexBytes) return 8;
    if (kind == Kind::Layout) return layout && layout->size ? static_cast<int>(layout->size) : 8;
    return scalarBytes() * (components == 3 ? 4 : components);
}

QString ValueFormat::name() const {
    if (kind == Kind::HexBytes) return QStringLiteral("hex bytes");
    if (kind == Kind::Layout)
        return layout ? QString::fromStdString(layout->typeName) : QStringLiteral("layout");
    QString n = QString::fromLatin1(debug::ValueFormatter::componentName(kind));
    if (components > 1) n += QString::number(components);
    return hex ? n + QStringLiteral(" hex") : n;
}

QString ValueFormat::format(const uint8_t* bytes, size_t available, bool bigEndian) const {
    if (!isComponent(kind)) return text(debug::ValueFormatter::hexBytes(bytes, available));
    if (available < static_cast<size_t>(scalarBytes())) return QStringLiteral("…");
    const debug::ValueFormatter formatter(bigEndian, debug::ValueFormatter::compact(hex));
    return text(formatter.components(kind, components, bytes, available));
}

QList<ValueFormat> ValueFormat::choices() {
    QList<ValueFormat> out;
    out << ValueFormat{};
    for (TypeKind k : kComponents)
        out << ValueFormat{k, 1};
    for (TypeKind k : kComponents)
        if (isInteger(k)) out << ValueFormat{k, 1, true};
    for (TypeKind k : kComponents) {
        if (k == Kind::Pointer) continue;
        for (int components : {2, 3, 4, 8, 16})
            out << ValueFormat{k, components};
    }
    return out;
}

std::optional<ValueFormat> ValueFormat::fromName(const QString& name) {
    for (const ValueFormat& f : choices())
        if (f.name() == name) return f;
    return std::nullopt;
}

ValueFormat ValueFormat::guessFromType(const std::string& typeName) {
    static const std::regex word(
        R"(\b(u?char|u?short|u?int|u?long|half|float|double|size_t)(2|3|4|8|16)?\b)");
    std::smatch m;
    if (typeName.rfind("struct", 0) == 0 || typeName.rfind("union", 0) == 0) return ValueFormat{};
    if (!std::regex_search(typeName, m, word)) return ValueFormat{};
    std::string base = m[1].str();
    if (base == "size_t") base = "ulong";
    int components = m[2].matched ? std::stoi(m[2].str()) : 1;
    for (TypeKind k : kComponents)
        if (base == debug::ValueFormatter::componentName(k)) return ValueFormat{k, components};
    return ValueFormat{};
}

ValueFormat ValueFormat::forField(const debug::LayoutField& field) {
    if (field.padding || field.scalar == "bytes") return ValueFormat{};
    for (TypeKind k : kComponents)
        if (field.scalar == debug::ValueFormatter::componentName(k))
            return ValueFormat{k, k == Kind::Pointer ? 1 : static_cast<int>(field.components)};
    return ValueFormat{};
}

ValueFormat ValueFormat::forElement(const std::shared_ptr<const debug::ElementLayout>& layout) {
    if (!layout) return ValueFormat{};
    if (layout->record) return ValueFormat{Kind::Layout, 1, false, layout};
    if (layout->fields.size() == 1) return forField(layout->fields.front());
    return ValueFormat{};
}

uint64_t ValueFormat::readUnsigned(const uint8_t* bytes, int size, bool bigEndian) {
    return debug::ValueFormatter::readUnsigned(bytes, static_cast<size_t>(size), bigEndian);
}

QString ValueFormat::formatAddress(uint64_t a) {
    return text(debug::describe(a).text);
}

} // namespace clstep::ui
