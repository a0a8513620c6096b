#include "ValueFormat.h"

#include "debug/AddressView.h"

#include <regex>

namespace clstep::ui {

namespace {

/// The lane kinds of the type selector, in its order.
constexpr TypeKind kLanes[] = {
    TypeKind::Char, TypeKind::UChar, TypeKind::Short,  TypeKind::UShort,
    TypeKind::Int,  TypeKind::UInt,  TypeKind::Long,   TypeKind::ULong,
    TypeKind::Half, TypeKind::Float, TypeKind::Double, TypeKind::Pointer,
};

bool isLane(TypeKind k) {
    for (TypeKind l : kLanes)
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
    return isLane(kind) ? debug::ValueFormatter::laneBytes(kind) : 1;
}

int ValueFormat::rowBytes() const {
    if (kind == Kind::HexBytes) return 8;
    if (kind == Kind::Layout) return layout && layout->size ? static_cast<int>(layout->size) : 8;
    return scalarBytes() * (lanes == 3 ? 4 : lanes);
}

QString ValueFormat::name() const {
    if (kind == Kind::HexBytes) return QStringLiteral("hex bytes");
    if (kind == Kind::Layout)
        return layout ? QString::fromStdString(layout->typeName) : QStringLiteral("layout");
    QString n = QString::fromLatin1(debug::ValueFormatter::laneName(kind));
    if (lanes > 1) n += QString::number(lanes);
    return hex ? n + QStringLiteral(" hex") : n;
}

QString ValueFormat::format(const uint8_t* bytes, size_t available, bool bigEndian) const {
    if (!isLane(kind)) return text(debug::ValueFormatter::hexBytes(bytes, available));
    if (available < static_cast<size_t>(scalarBytes())) return QStringLiteral("…");
    const debug::ValueFormatter formatter(bigEndian, debug::ValueFormatter::compact(hex));
    return text(formatter.lanes(kind, lanes, bytes, available));
}

QList<ValueFormat> ValueFormat::choices() {
    QList<ValueFormat> out;
    out << ValueFormat{};
    for (TypeKind k : kLanes)
        out << ValueFormat{k, 1};
    for (TypeKind k : kLanes)
        if (isInteger(k)) out << ValueFormat{k, 1, true};
    for (TypeKind k : kLanes) {
        if (k == Kind::Pointer) continue;
        for (int lanes : {2, 3, 4, 8, 16})
            out << ValueFormat{k, lanes};
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
    int lanes = m[2].matched ? std::stoi(m[2].str()) : 1;
    for (TypeKind k : kLanes)
        if (base == debug::ValueFormatter::laneName(k)) return ValueFormat{k, lanes};
    return ValueFormat{};
}

ValueFormat ValueFormat::forField(const debug::LayoutField& field) {
    if (field.padding || field.scalar == "bytes") return ValueFormat{};
    for (TypeKind k : kLanes)
        if (field.scalar == debug::ValueFormatter::laneName(k))
            return ValueFormat{k, k == Kind::Pointer ? 1 : static_cast<int>(field.lanes)};
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
