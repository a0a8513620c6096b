#include "ValueFormat.h"

#include "common/Half.h"
#include "core/Address.h"
#include "core/AddressSpace.h"

#include <QStringList>

#include <cmath>
#include <cstring>
#include <regex>

namespace clstep::ui {

namespace {

struct KindInfo {
    ValueFormat::Kind kind;
    const char* name;
    int bytes;
};

constexpr KindInfo kKinds[] = {
    {ValueFormat::Kind::Char, "char", 1},     {ValueFormat::Kind::UChar, "uchar", 1},
    {ValueFormat::Kind::Short, "short", 2},   {ValueFormat::Kind::UShort, "ushort", 2},
    {ValueFormat::Kind::Int, "int", 4},       {ValueFormat::Kind::UInt, "uint", 4},
    {ValueFormat::Kind::Long, "long", 8},     {ValueFormat::Kind::ULong, "ulong", 8},
    {ValueFormat::Kind::Half, "half", 2},     {ValueFormat::Kind::Float, "float", 4},
    {ValueFormat::Kind::Double, "double", 8}, {ValueFormat::Kind::Pointer, "pointer", 8},
};

const KindInfo* info(ValueFormat::Kind k) {
    for (const KindInfo& i : kKinds)
        if (i.kind == k) return &i;
    return nullptr;
}

QString formatFloating(double v, int precision) {
    if (std::isnan(v)) return QStringLiteral("nan");
    if (std::isinf(v)) return v < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
    return QString::number(v, 'g', precision);
}

bool isInteger(ValueFormat::Kind k) {
    using K = ValueFormat::Kind;
    return k == K::Char || k == K::UChar || k == K::Short || k == K::UShort || k == K::Int ||
           k == K::UInt || k == K::Long || k == K::ULong;
}

QString formatLane(ValueFormat::Kind k, const uint8_t* p, bool big, bool hex) {
    using K = ValueFormat::Kind;
    if (hex && isInteger(k)) {
        const int size = info(k)->bytes;
        return QStringLiteral("0x%1").arg(ValueFormat::readUnsigned(p, size, big), size * 2, 16,
                                          QLatin1Char('0'));
    }
    switch (k) {
    case K::Char:
        return QString::number(static_cast<int8_t>(p[0]));
    case K::UChar:
        return QString::number(p[0]);
    case K::Short:
        return QString::number(static_cast<int16_t>(ValueFormat::readUnsigned(p, 2, big)));
    case K::UShort:
        return QString::number(ValueFormat::readUnsigned(p, 2, big));
    case K::Int:
        return QString::number(static_cast<int32_t>(ValueFormat::readUnsigned(p, 4, big)));
    case K::UInt:
        return QString::number(ValueFormat::readUnsigned(p, 4, big));
    case K::Long:
        return QString::number(static_cast<qint64>(ValueFormat::readUnsigned(p, 8, big)));
    case K::ULong:
        return QString::number(static_cast<quint64>(ValueFormat::readUnsigned(p, 8, big)));
    case K::Half:
        return formatFloating(
            halfToFloat(static_cast<uint16_t>(ValueFormat::readUnsigned(p, 2, big))), 5);
    case K::Float: {
        uint32_t bits = static_cast<uint32_t>(ValueFormat::readUnsigned(p, 4, big));
        float f;
        std::memcpy(&f, &bits, 4);
        return formatFloating(f, 7);
    }
    case K::Double: {
        uint64_t bits = ValueFormat::readUnsigned(p, 8, big);
        double d;
        std::memcpy(&d, &bits, 8);
        return formatFloating(d, 15);
    }
    case K::Pointer:
        return ValueFormat::formatAddress(ValueFormat::readUnsigned(p, 8, big));
    case K::HexBytes:
    case K::Layout:
        break;
    }
    return QStringLiteral("0x%1").arg(p[0], 2, 16, QLatin1Char('0'));
}

} // namespace

int ValueFormat::scalarBytes() const {
    const KindInfo* i = info(kind);
    return i ? i->bytes : 1;
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
    QString n = QString::fromLatin1(info(kind)->name);
    if (lanes > 1) n += QString::number(lanes);
    return hex ? n + QStringLiteral(" hex") : n;
}

QString ValueFormat::format(const uint8_t* bytes, size_t available, bool bigEndian) const {
    if (kind == Kind::HexBytes || kind == Kind::Layout) {
        QStringList parts;
        for (size_t i = 0; i < available; ++i)
            parts << QStringLiteral("%1").arg(bytes[i], 2, 16, QLatin1Char('0'));
        return parts.join(QLatin1Char(' '));
    }
    const int sb = scalarBytes();
    if (available < static_cast<size_t>(sb)) return QStringLiteral("…");
    if (lanes == 1) return formatLane(kind, bytes, bigEndian, hex);
    QStringList parts;
    for (int l = 0; l < lanes && static_cast<size_t>((l + 1) * sb) <= available; ++l)
        parts << formatLane(kind, bytes + l * sb, bigEndian, hex);
    const QString type = QString::fromLatin1(info(kind)->name) + QString::number(lanes);
    return QStringLiteral("(%1)(%2)").arg(type, parts.join(QStringLiteral(", ")));
}

QList<ValueFormat> ValueFormat::choices() {
    QList<ValueFormat> out;
    out << ValueFormat{};
    for (const KindInfo& i : kKinds)
        out << ValueFormat{i.kind, 1};
    for (const KindInfo& i : kKinds)
        if (isInteger(i.kind)) out << ValueFormat{i.kind, 1, true};
    for (const KindInfo& i : kKinds) {
        if (i.kind == Kind::Pointer) continue;
        for (int lanes : {2, 3, 4, 8, 16})
            out << ValueFormat{i.kind, lanes};
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
    for (const KindInfo& i : kKinds)
        if (base == i.name) return ValueFormat{i.kind, lanes};
    return ValueFormat{};
}

ValueFormat ValueFormat::forField(const debug::LayoutField& field) {
    if (field.padding || field.scalar == "bytes") return ValueFormat{};
    if (field.scalar == "pointer") return ValueFormat{Kind::Pointer, 1};
    for (const KindInfo& i : kKinds)
        if (field.scalar == i.name) return ValueFormat{i.kind, static_cast<int>(field.lanes)};
    return ValueFormat{};
}

ValueFormat ValueFormat::forElement(const std::shared_ptr<const debug::ElementLayout>& layout) {
    if (!layout) return ValueFormat{};
    if (layout->record) return ValueFormat{Kind::Layout, 1, false, layout};
    if (layout->fields.size() == 1) return forField(layout->fields.front());
    return ValueFormat{};
}

uint64_t ValueFormat::readUnsigned(const uint8_t* bytes, int size, bool bigEndian) {
    uint64_t v = 0;
    for (int i = 0; i < size; ++i) {
        const int shift = 8 * (bigEndian ? size - 1 - i : i);
        v |= uint64_t(bytes[i]) << shift;
    }
    return v;
}

QString ValueFormat::formatAddress(uint64_t a) {
    if (a == 0) return QStringLiteral("NULL");
    const AddressSpace s = address::space(a);
    return QStringLiteral("%1 #%2 + 0x%3")
        .arg(QString::fromLatin1(addressSpaceShortName(s)))
        .arg(address::buffer(a))
        .arg(address::offset(a), 0, 16);
}

} // namespace clstep::ui
