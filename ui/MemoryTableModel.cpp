#include "MemoryTableModel.h"

#include "Theme.h"

#include "common/TextFormat.h"
#include "debug/AddressView.h"

#include <QBrush>
#include <QStringList>

#include <algorithm>
#include <functional>

namespace clstep::ui {

namespace {
constexpr int kFadeSteps = 6;

QString hexBytes(const uint8_t* p, size_t n) {
    return QString::fromStdString(clstep::hexBytes(p, n));
}
} // namespace

MemoryTableModel::MemoryTableModel(QObject* parent) : QAbstractTableModel(parent) {}

const std::vector<debug::MemoryRegion>* MemoryTableModel::regions() const {
    return m_snapshot ? &m_snapshot->memory[m_space] : nullptr;
}

const debug::MemoryRegion* MemoryTableModel::region() const {
    const auto* regs = regions();
    if (!regs || m_segments.isEmpty()) return nullptr;
    const size_t i = static_cast<size_t>(m_segments.front().region);
    return i < regs->size() ? &(*regs)[i] : nullptr;
}

const MemoryTableModel::Segment* MemoryTableModel::segmentAt(int row) const {
    if (row < 0 || row >= m_rows) return nullptr;
    auto it = std::upper_bound(m_segments.begin(), m_segments.end(), row,
                               [](int r, const Segment& s) { return r < s.firstRow; });
    return it == m_segments.begin() ? nullptr : &*(it - 1);
}

const debug::MemoryRegion* MemoryTableModel::regionAtRow(int row) const {
    const Segment* s = segmentAt(row);
    const auto* regs = regions();
    return s && regs ? &(*regs)[static_cast<size_t>(s->region)] : nullptr;
}

void MemoryTableModel::layout(const QHash<QString, ValueFormat>& formats,
                              const ValueFormat& fallback) {
    m_segments.clear();
    m_rows = 0;
    const auto* regs = regions();
    if (!regs) return;
    auto add = [&](int i, const ValueFormat& f) {
        const uint64_t rb = static_cast<uint64_t>(f.rowBytes());
        const uint64_t per = f.kind == ValueFormat::Kind::Layout && f.layout
                                 ? std::max<uint64_t>(1, f.layout->fields.size())
                                 : 1;
        const uint64_t n = ((*regs)[static_cast<size_t>(i)].bytes.size() + rb - 1) / rb * per;
        const int rows =
            static_cast<int>(std::min<uint64_t>(n, static_cast<uint64_t>(INT32_MAX - m_rows)));
        m_segments.push_back(Segment{i, f, m_rows, rows, static_cast<int>(per)});
        m_rows += rows;
    };
    if (!m_combined) {
        if (m_index >= 0 && m_index < static_cast<int>(regs->size())) add(m_index, m_format);
        return;
    }
    for (int i = 0; i < static_cast<int>(regs->size()); ++i)
        add(i,
            formats.value(QString::fromStdString((*regs)[static_cast<size_t>(i)].name), fallback));
}

void MemoryTableModel::commit(SnapshotPtr snapshot, AddressSpace space, bool deviceBigEndian,
                              bool combined, int index, const QHash<QString, ValueFormat>& formats,
                              const ValueFormat& fallback) {
    const QVector<Segment> oldSegments = m_segments;
    const bool sameMode =
        m_snapshot && snapshot && m_space == space && m_combined == combined && m_index == index;
    m_snapshot = std::move(snapshot);
    m_space = space;
    m_combined = combined;
    m_index = index;
    m_bigEndian = deviceBigEndian;
    layout(formats, fallback);
    m_races = m_snapshot ? RaceInfo::fromDiagnostics(m_snapshot->diagnostics) : QVector<RaceInfo>{};
    m_endian =
        m_snapshot ? EndianEvent::fromDiagnostics(m_snapshot->diagnostics) : QVector<EndianEvent>{};
    m_raceSpans.clear();
    m_endianSpans.clear();
    // __local addresses name a buffer of one work-group, __private ones of one work-item: only
    // the events of the group / work-item shown mark rows.
    auto shown = [this](uint64_t a, const WorkItemId* who) {
        const AddressSpace s = debug::describe(a).space;
        if (s == AddressSpace::Global || s == AddressSpace::Constant) return true;
        if (!who || !m_snapshot) return false;
        if (s == AddressSpace::Local) return who->group == m_snapshot->group;
        const auto& items = m_snapshot->workItems;
        return s == AddressSpace::Private && m_snapshot->selected < items.size() &&
               items[m_snapshot->selected].id.global == who->global;
    };
    for (const RaceInfo& r : m_races)
        if (r.address && shown(r.address, &r.first))
            m_raceSpans.emplace_back(r.address, r.address + 1);
    for (const EndianEvent& e : m_endian)
        if (shown(e.address, e.hasWorkItem ? &e.workItem : nullptr))
            m_endianSpans.emplace_back(e.address, e.address + std::max<uint64_t>(1, e.size));
    std::sort(m_raceSpans.begin(), m_raceSpans.end());
    std::sort(m_endianSpans.begin(), m_endianSpans.end());
    m_vars.clear();
    if (m_snapshot) collectVariables(m_snapshot->variables);
    bool same = sameMode && oldSegments.size() == m_segments.size();
    for (int i = 0; same && i < m_segments.size(); ++i)
        same = oldSegments[i].region == m_segments[i].region &&
               oldSegments[i].rows == m_segments[i].rows &&
               oldSegments[i].format == m_segments[i].format;
    if (same) {
        if (m_rows > 0)
            emit dataChanged(this->index(0, 0), this->index(m_rows - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    endResetModel();
}

void MemoryTableModel::setRegion(SnapshotPtr snapshot, AddressSpace space, int index,
                                 bool deviceBigEndian) {
    commit(std::move(snapshot), space, deviceBigEndian, false, index, {}, m_format);
}

void MemoryTableModel::setAllRegions(SnapshotPtr snapshot, AddressSpace space, bool deviceBigEndian,
                                     const QHash<QString, ValueFormat>& formats,
                                     const ValueFormat& fallback) {
    commit(std::move(snapshot), space, deviceBigEndian, true, -1, formats, fallback);
    m_format = fallback;
}

void MemoryTableModel::setFormat(const ValueFormat& format) {
    if (format == m_format && !m_combined) return;
    beginResetModel();
    m_format = format;
    m_combined = false;
    layout({}, format);
    endResetModel();
}

int MemoryTableModel::rowInSegment(const Segment& s, uint64_t offset) {
    const uint64_t rb = static_cast<uint64_t>(s.format.rowBytes());
    if (s.format.kind != ValueFormat::Kind::Layout || !s.format.layout)
        return static_cast<int>(offset / rb);
    const uint64_t element = offset / rb, within = offset % rb;
    const auto& fields = s.format.layout->fields;
    int field = 0;
    for (size_t i = 0; i < fields.size(); ++i)
        if (fields[i].offset <= within && within < fields[i].offset + fields[i].size) {
            field = static_cast<int>(i);
            break;
        }
    return static_cast<int>(element) * s.rowsPerElement + field;
}

int MemoryTableModel::rowForOffset(uint64_t offset) const {
    if (m_segments.isEmpty()) return 0;
    const Segment& s = m_segments.front();
    return s.firstRow + rowInSegment(s, offset);
}

int MemoryTableModel::rowForAddress(uint64_t a) const {
    const auto* regs = regions();
    if (!regs) return -1;
    for (const Segment& s : m_segments) {
        const debug::MemoryRegion& r = (*regs)[static_cast<size_t>(s.region)];
        const debug::AddressView region = debug::describe(r.address), target = debug::describe(a);
        if (!region.sameBuffer(target)) continue;
        const uint64_t start = region.offset, off = target.offset;
        if (off < start || off >= start + r.bytes.size()) continue;
        return s.firstRow + rowInSegment(s, off - start);
    }
    return -1;
}

int MemoryTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rows;
}

int MemoryTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

void MemoryTableModel::collectVariables(const std::vector<debug::VariableSnapshot>& vars) {
    const auto* regs = regions();
    if (!regs) return;
    std::function<void(const debug::VariableSnapshot&, const QString&)> add =
        [&](const debug::VariableSnapshot& v, const QString& name) {
            for (const Segment& s : m_segments) {
                const debug::MemoryRegion& r = (*regs)[static_cast<size_t>(s.region)];
                const debug::AddressView base = debug::describe(r.address),
                                         at = debug::describe(v.address);
                if (v.size && at.sameBuffer(base) && at.offset >= base.offset)
                    m_vars.push_back({&r, at.offset - base.offset, v.size, name});
            }
            for (const debug::VariableSnapshot& c : v.children) {
                const QString cn = QString::fromStdString(c.name);
                add(c, cn.startsWith(QLatin1Char('[')) ? name + cn : name + QLatin1Char('.') + cn);
            }
        };
    for (const debug::VariableSnapshot& v : vars)
        add(v, QString::fromStdString(v.name));
}

void MemoryTableModel::setColourMode(MemoryColourMode mode) {
    if (mode == m_colourMode) return;
    m_colourMode = mode;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                         {Qt::BackgroundRole, Qt::ToolTipRole});
}

MemoryTableModel::RowInfo MemoryTableModel::rowInfo(int row) const {
    RowInfo info;
    const Segment* seg = segmentAt(row);
    const auto* regs = regions();
    if (!seg || !regs) return info;
    const debug::MemoryRegion* r = &(*regs)[static_cast<size_t>(seg->region)];
    info.reg = r;
    info.format = seg->format;
    info.rowInRegion = row - seg->firstRow;
    const uint64_t rb = static_cast<uint64_t>(seg->format.rowBytes());
    if (seg->rowsPerElement > 1 || seg->format.kind == ValueFormat::Kind::Layout) {
        const auto& fields = seg->format.layout->fields;
        const uint64_t per = static_cast<uint64_t>(seg->rowsPerElement);
        info.element = static_cast<uint64_t>(info.rowInRegion) / per;
        info.field = &fields[static_cast<size_t>(static_cast<uint64_t>(info.rowInRegion) % per)];
        info.format = ValueFormat::forField(*info.field);
        info.offset = std::min<uint64_t>(info.element * rb + info.field->offset, r->bytes.size());
        info.size = static_cast<size_t>(
            std::min<uint64_t>(info.field->size, r->bytes.size() - info.offset));
    } else {
        info.offset = static_cast<uint64_t>(info.rowInRegion) * rb;
        info.size = static_cast<size_t>(std::min<uint64_t>(rb, r->bytes.size() - info.offset));
    }
    uint64_t lastStep = 0;
    bool accessed = false;
    for (size_t i = 0; i < info.size; ++i) {
        const size_t o = info.offset + i;
        const int f = o < r->flags.size() ? int(r->flags[o]) : int(debug::ByteWritten);
        info.flags |= f;
        if (!(f & debug::ByteWritten)) ++info.anyUnwritten;
        if (o < r->lastAccessor.size() && r->lastAccessor[o] >= 0) {
            const uint64_t st = o < r->lastStep.size() ? r->lastStep[o] : 0;
            if (!accessed || st >= lastStep) {
                // a write wins over a read of the same step (a read-modify-write)
                const bool write = (f & debug::ByteLastAccessWrite) != 0;
                info.lastAccessWrite =
                    (accessed && st == lastStep && info.lastAccessWrite) || write;
                lastStep = st;
                info.accessor = r->lastAccessor[o];
            }
            accessed = true;
        }
    }
    const uint64_t lo = r->address + info.offset, hi = lo + info.size;
    if (overlaps(m_raceSpans, lo, hi)) info.flags |= debug::ByteRace;
    if (overlaps(m_endianSpans, lo, hi)) info.flags |= debug::ByteEndian;
    if (accessed && m_snapshot)
        info.age =
            static_cast<int64_t>(m_snapshot->step >= lastStep ? m_snapshot->step - lastStep : 0);
    return info;
}

bool MemoryTableModel::overlaps(const std::vector<std::pair<uint64_t, uint64_t>>& spans,
                                uint64_t lo, uint64_t hi) {
    // spans are sorted by start; any span starting before `hi` may reach into [lo, hi)
    auto it = std::lower_bound(spans.begin(), spans.end(), std::make_pair(hi, uint64_t(0)));
    for (auto i = spans.begin(); i != it; ++i)
        if (i->second > lo) return true;
    return false;
}

MemoryTableModel::Highlight MemoryTableModel::highlight(const RowInfo& r) const {
    if (r.flags & debug::ByteRace) return RaceHighlight;
    // a conversion is rarer and stays; the read or write that made it is the same access
    if (r.flags & debug::ByteEndian) return EndianHighlight;
    if (r.flags & debug::ByteLastWrite) return WriteHighlight;
    if (r.flags & debug::ByteLastRead) return ReadHighlight;
    if (r.age >= 0 && r.age < kFadeSteps)
        return r.lastAccessWrite ? RecentWriteHighlight : RecentReadHighlight;
    if (r.anyUnwritten) return UninitializedHighlight;
    return NoHighlight;
}

int MemoryTableModel::raceDims() const {
    if (!m_snapshot) return 1;
    const auto& gs = m_snapshot->groupSize;
    const auto& ng = m_snapshot->numGroups;
    return gs[2] * ng[2] > 1 ? 3 : gs[1] * ng[1] > 1 ? 2 : 1;
}

QVariant MemoryTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows || index.column() >= ColumnCount) return {};
    const RowInfo r = rowInfo(index.row());
    if (!r.reg) return {};
    const std::vector<uint8_t> bytes = r.reg->bytes.slice(r.offset, r.size);
    const uint8_t* p = bytes.data();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case AddressColumn:
            if (m_combined)
                return QStringLiteral("%1 +%2")
                    .arg(QString::fromStdString(r.reg->name))
                    .arg(r.offset);
            if (r.field)
                return QStringLiteral("[%1] +0x%2")
                    .arg(r.element)
                    .arg(r.offset, 4, 16, QLatin1Char('0'));
            return QStringLiteral("[%1] +0x%2")
                .arg(index.row())
                .arg(r.offset, 4, 16, QLatin1Char('0'));
        case ValueColumn:
            if (r.anyUnwritten == static_cast<int>(r.size)) return QStringLiteral("?");
            if (r.field && r.field->padding) return tr("padding");
            return r.format.format(p, r.size, m_bigEndian);
        case BytesColumn:
            return hexBytes(p, r.size);
        case InfoColumn: {
            const QString vars = r.field ? memberText(r) : variablesAt(r.reg, r.offset, r.size);
            QString info = vars;
            if (r.accessor >= 0)
                info +=
                    (info.isEmpty() ? QString() : QStringLiteral(" · ")) + accessorText(r.accessor);
            if (r.flags & debug::ByteRace) info = QStringLiteral("RACE · ") + info;
            return info;
        }
        }
        return {};
    case Qt::ToolTipRole:
        if (m_colourMode != MemoryColourMode::Accesses && r.reg)
            return MemoryHeat::describe(m_colourMode, *r.reg, r.offset, r.size) +
                   QStringLiteral("<br>") + tooltip(r);
        return tooltip(r);
    case Qt::BackgroundRole: {
        if (m_colourMode != MemoryColourMode::Accesses) {
            if (!r.reg) return {};
            const QColor c = MemoryHeat::colour(m_colourMode, *r.reg, r.offset, r.size);
            return c.isValid() ? QVariant(c) : QVariant();
        }
        switch (highlight(r)) {
        case RaceHighlight:
            return Theme::race();
        case WriteHighlight:
            return Theme::lastWrite();
        case ReadHighlight:
            return Theme::lastRead();
        case EndianHighlight:
            return Theme::endian();
        case NoHighlight:
        case UninitializedHighlight:
            if (r.field && r.field->padding) // hatched: bytes no member owns
                return QBrush(Theme::uninitializedText(), Qt::BDiagPattern);
            if (r.field && r.element % 2) { // one block per element: every other one tinted
                QColor c = Theme::addressSpace(m_space);
                c.setAlpha(22);
                return c;
            }
            return {};
        case RecentWriteHighlight:
        case RecentReadHighlight: {
            QColor c =
                highlight(r) == RecentWriteHighlight ? Theme::lastWrite() : Theme::lastRead();
            c.setAlpha(static_cast<int>(150 * (kFadeSteps - r.age) / kFadeSteps));
            return c;
        }
        default:
            return {};
        }
    }
    case Qt::ForegroundRole: {
        // readable (WCAG AA, 4.5:1) on the row's highlight or heat colour
        const QVariant bgv = data(index, Qt::BackgroundRole);
        const QColor bg =
            bgv.typeId() == QMetaType::QColor ? bgv.value<QColor>()
            : bgv.typeId() == QMetaType::QBrush && bgv.value<QBrush>().style() == Qt::SolidPattern
                ? bgv.value<QBrush>().color()
                : QColor(Qt::transparent);
        if (index.column() == AddressColumn)
            return Theme::readableOn(Theme::addressSpace(m_space), bg);
        if (r.anyUnwritten) return Theme::readableOn(Theme::uninitializedText(), bg);
        return Theme::textOn(bg);
    }
    case Qt::FontRole: {
        QFont f = Theme::codeFont();
        if (r.anyUnwritten || (r.field && r.field->padding)) f.setItalic(true);
        if (highlight(r) == RaceHighlight || highlight(r) == WriteHighlight) f.setBold(true);
        return f;
    }
    case Qt::TextAlignmentRole:
        return index.column() == ValueColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                             : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case FlagsRole:
        return r.flags;
    case HighlightRole:
        return static_cast<int>(highlight(r));
    case AgeRole:
        return static_cast<int>(r.age);
    case AddressRole:
        return QVariant::fromValue<qulonglong>(r.reg->address + r.offset);
    case OffsetRole:
        return QVariant::fromValue<qulonglong>(r.offset);
    case RawBytesRole:
        return QByteArray(reinterpret_cast<const char*>(p), static_cast<int>(r.size));
    case LastAccessorRole:
        return QVariant::fromValue<qlonglong>(r.accessor);
    case PointerTargetRole: {
        if (r.size < 8) return QVariant::fromValue<qulonglong>(0);
        const uint64_t a = ValueFormat::readUnsigned(p, 8, m_bigEndian);
        const debug::AddressView target = debug::describe(a);
        const AddressSpace s = target.space;
        const bool plausible = !target.null && target.buffer &&
                               (s == AddressSpace::Global || s == AddressSpace::Local ||
                                s == AddressSpace::Constant || s == AddressSpace::Private);
        return QVariant::fromValue<qulonglong>(plausible ? a : 0);
    }
    case VariableRole:
        return variablesAt(r.reg, r.offset, r.size);
    case MemberRole:
        return r.field ? QString::fromStdString(r.field->name) : QString();
    case PaddingRole:
        return r.field && r.field->padding;
    default:
        return {};
    }
}

QString MemoryTableModel::infoTitle(bool compact) {
    return compact ? tr("last access") : tr("variable · last access");
}

void MemoryTableModel::setCompactInfoTitle(bool compact) {
    if (compact == m_compactInfoTitle) return;
    m_compactInfoTitle = compact;
    emit headerDataChanged(Qt::Horizontal, InfoColumn, InfoColumn);
}

QVariant MemoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == InfoColumn)
        return tr("variable · last access: the variable or element these bytes belong to, and "
                  "the work-item that last read or wrote them");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case AddressColumn:
        return m_combined ? tr("variable +byte") : tr("[row] offset");
    case ValueColumn:
        return m_combined ? tr("value") : m_format.name();
    case BytesColumn:
        return tr("bytes");
    case InfoColumn:
        return infoTitle(m_compactInfoTitle);
    }
    return {};
}

} // namespace clstep::ui
