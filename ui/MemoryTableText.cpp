// MemoryTableModel's texts of a row: a struct member's line, the last accessor, the
// variables at an address and the row's tooltip (bytes, variable, last access, races,
// endianness conversions). The table's layout, data roles and colours: MemoryTableModel.cpp.
#include "MemoryTableModel.h"

#include "Theme.h"

#include "common/TextFormat.h"

#include <QStringList>

#include <algorithm>
#include <array>

namespace clstep::ui {

namespace {
QString hexBytes(const uint8_t* p, size_t n) {
    return QString::fromStdString(clstep::hexBytes(p, n));
}
} // namespace

QString MemoryTableModel::memberText(const RowInfo& r) const {
    const debug::LayoutField& f = *r.field;
    if (f.padding) return tr("padding · %1 B · %2").arg(f.size).arg(QString::fromStdString(f.note));
    const QString name =
        f.name.empty()
            ? QStringLiteral("[%1]").arg(r.element)
            : QStringLiteral("[%1].%2").arg(r.element).arg(QString::fromStdString(f.name));
    QString text = tr("%1 · %2 · +%3, %4 B")
                       .arg(name, QString::fromStdString(f.type))
                       .arg(f.offset)
                       .arg(f.size);
    if (!f.note.empty()) text += tr(" · unaligned (packed)");
    return text;
}

QString MemoryTableModel::accessorText(int64_t linear) const {
    if (linear < 0 || !m_snapshot) return {};
    const auto& gs = m_snapshot->groupSize;
    const auto& ng = m_snapshot->numGroups;
    const uint64_t gx = gs[0] * ng[0], gy = gs[1] * ng[1];
    const uint64_t l = static_cast<uint64_t>(linear);
    const std::array<uint64_t, 3> id{l % gx, (l / gx) % gy, l / (gx * gy)};
    const int dims = gs[2] * ng[2] > 1 ? 3 : gy > 1 ? 2 : 1;
    return QStringLiteral("work-item %1").arg(RaceInfo::idText(id, dims));
}

QString MemoryTableModel::variablesAt(const debug::MemoryRegion* reg, uint64_t offset,
                                      size_t size) const {
    QStringList names;
    uint64_t best = UINT64_MAX;
    auto overlaps = [&](const VarSpan& v) {
        return v.reg == reg && v.offset < offset + size && offset < v.offset + v.size;
    };
    for (const VarSpan& v : m_vars)
        if (overlaps(v)) best = std::min(best, v.size);
    for (const VarSpan& v : m_vars)
        if (v.size == best && overlaps(v) && !names.contains(v.name)) names << v.name;
    if (names.size() > 3) names = names.mid(0, 3) << QStringLiteral("…");
    return names.join(QStringLiteral(", "));
}

QString MemoryTableModel::tooltip(const RowInfo& r) const {
    const debug::MemoryRegion* reg = r.reg;
    if (!reg) return {};
    const std::vector<uint8_t> bytes = reg->bytes.slice(r.offset, r.size);
    const uint8_t* p = bytes.data();
    QStringList lines;
    lines << QStringLiteral("<b>%1</b> %2 + %3 (%4)")
                 .arg(QString::fromLatin1(addressSpaceName(m_space)),
                      QString::fromStdString(reg->name))
                 .arg(r.offset)
                 .arg(ValueFormat::formatAddress(reg->address + r.offset));
    if (r.field) {
        const debug::LayoutField& f = *r.field;
        if (f.padding)
            lines << QStringLiteral("<b>padding</b> in element [%1]: %2 byte(s) at +%3, %4")
                         .arg(r.element)
                         .arg(f.size)
                         .arg(f.offset)
                         .arg(QString::fromStdString(f.note).toHtmlEscaped());
        else
            lines << QStringLiteral("member <b>[%1].%2</b>: %3, offset %4, %5 byte(s)")
                         .arg(r.element)
                         .arg(QString::fromStdString(f.name).toHtmlEscaped(),
                              QString::fromStdString(f.type).toHtmlEscaped())
                         .arg(f.offset)
                         .arg(f.size);
        if (!f.padding && !f.note.empty()) lines << QString::fromStdString(f.note).toHtmlEscaped();
    }
    lines << QStringLiteral("bytes in memory: %1").arg(hexBytes(p, r.size));
    const QString vars = variablesAt(reg, r.offset, r.size);
    if (!vars.isEmpty()) lines << QStringLiteral("variable: %1").arg(vars.toHtmlEscaped());
    if (r.anyUnwritten)
        lines << QStringLiteral("<i>%1 of %2 bytes uninitialized (never written)</i>")
                     .arg(r.anyUnwritten)
                     .arg(r.size);
    if (r.flags & debug::ByteLastWrite) lines << QStringLiteral("written by the last step");
    if (r.flags & debug::ByteLastRead) lines << QStringLiteral("read by the last step");
    if (r.accessor >= 0)
        lines << QStringLiteral("last access: %1, %2 step(s) ago")
                     .arg(accessorText(r.accessor))
                     .arg(r.age);
    if (r.flags & debug::ByteRace) {
        const uint64_t lo = reg->address + r.offset, hi = lo + r.size;
        // this element's own pair of accesses (the latest race on these bytes)
        const debug::RaceOccurrence* own = nullptr;
        for (const debug::RaceOccurrence& o : m_snapshot->raceOccurrences)
            if (o.facts && o.address < hi && lo < o.address + o.size &&
                (m_space != AddressSpace::Local || o.group == m_snapshot->group))
                own = &o;
        const QString ownText = own ? RaceInfo::describeFacts(*own->facts, raceDims()) : QString();
        if (!ownText.isEmpty()) {
            const auto& counts = m_snapshot->diagnosticCounts;
            const uint64_t n = own->diagnostic < counts.size() ? counts[own->diagnostic] : 1;
            lines << QStringLiteral("<span style=\"color:%1\"><b>data race</b></span> on this "
                                    "element: %2")
                         .arg(Theme::race().name(), ownText.toHtmlEscaped());
            if (n > 1)
                lines << QStringLiteral("<i>(its own pair; the report stands for %1 "
                                        "occurrences)</i>")
                             .arg(n);
        }
        const RaceInfo* match = nullptr;
        for (const RaceInfo& race : m_races)
            if (race.address >= lo && race.address < hi) match = &race;
        for (const RaceInfo& race : m_races)
            if (!match && debug::describe(race.address).space == m_space &&
                debug::describe(race.address).buffer == debug::describe(reg->address).buffer)
                match = &race;
        if (ownText.isEmpty())
            lines << QStringLiteral("<span style=\"color:%1\"><b>data race</b></span>: %2")
                         .arg(Theme::race().name(),
                              match ? match->describe()
                                    : QStringLiteral("reported by the race checker"));
    }
    const ValueFormat& fmt = r.format;
    for (const EndianEvent& e : m_endian) {
        const uint64_t lo = reg->address + r.offset;
        if (e.address < lo + r.size && lo < e.address + e.size && !e.memoryBytes.isEmpty()) {
            lines << QStringLiteral("<b>endian(host) %1</b> at line %2: before %3 → after %4")
                         .arg(e.write ? QStringLiteral("store") : QStringLiteral("load"))
                         .arg(e.range.begin.line)
                         .arg(e.write ? e.deviceBytes + QStringLiteral(" (device order)")
                                      : e.memoryBytes + QStringLiteral(" (host order, in memory)"),
                              e.write ? e.memoryBytes + QStringLiteral(" (host order, in memory)")
                                      : e.deviceBytes + QStringLiteral(" (device order)"));
            break;
        }
    }
    if ((r.flags & debug::ByteEndian) && fmt.kind != ValueFormat::Kind::HexBytes) {
        const int sb = std::min<int>(fmt.scalarBytes(), static_cast<int>(r.size));
        const uint64_t asDevice = ValueFormat::readUnsigned(p, sb, m_bigEndian);
        const uint64_t asHost = ValueFormat::readUnsigned(p, sb, false);
        lines << QStringLiteral("<b>endian(host) conversion</b>: the bytes hold 0x%1 in host "
                                "(little-endian) order; "
                                "a plain %2-endian device load reads 0x%3")
                     .arg(asHost, sb * 2, 16, QLatin1Char('0'))
                     .arg(m_bigEndian ? QStringLiteral("big") : QStringLiteral("little"))
                     .arg(asDevice, sb * 2, 16, QLatin1Char('0'));
        lines << QStringLiteral("before: 0x%1 (as stored, device order) → after: 0x%2 (converted)")
                     .arg(asDevice, sb * 2, 16, QLatin1Char('0'))
                     .arg(asHost, sb * 2, 16, QLatin1Char('0'));
    }
    return lines.join(QStringLiteral("<br>"));
}

} // namespace clstep::ui
