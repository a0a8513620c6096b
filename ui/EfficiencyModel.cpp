#include "EfficiencyModel.h"

#include "EfficiencyHeat.h"

#include <QBrush>

#include <map>

namespace clstep::ui {

EfficiencyModel::EfficiencyModel(QObject* parent) : QAbstractTableModel(parent) {}

void EfficiencyModel::setSnapshot(SnapshotPtr snapshot, uint32_t mainFile) {
    m_snapshot = std::move(snapshot);
    m_mainFile = mainFile;
    rebuild();
}

void EfficiencyModel::setGrouping(Grouping g) {
    if (g == m_grouping) return;
    m_grouping = g;
    rebuild();
}

void EfficiencyModel::rebuild() {
    beginResetModel();
    m_rows.clear();
    if (m_snapshot && m_snapshot->accessStats) {
        if (m_grouping == Grouping::ByLine) {
            // per line: divergence first, then the line's accesses
            std::map<std::pair<uint32_t, int>, std::vector<Row>> byLine;
            if (m_snapshot->divergence)
                for (const DivergenceRecord& d : *m_snapshot->divergence) {
                    if (d.file != m_mainFile || (!d.splits && !d.maskedSlots)) continue;
                    Row r;
                    r.divergence = true;
                    r.line = static_cast<int>(d.line);
                    r.lines = QString::number(d.line);
                    r.branch = d;
                    byLine[{d.line, 0}].push_back(r);
                }
            for (const AccessStatsRecord& a : *m_snapshot->accessStats) {
                if (a.file != m_mainFile) continue;
                Row r;
                r.line = static_cast<int>(a.line);
                r.lines = QString::number(a.line);
                r.access = a;
                byLine[{a.line, 1}].push_back(r);
            }
            for (auto& [key, rows] : byLine)
                for (Row& r : rows)
                    m_rows.push_back(std::move(r));
        } else {
            std::map<std::pair<int, std::string>, Row> byBuffer;
            for (const AccessStatsRecord& a : *m_snapshot->accessStats) {
                if (a.file != m_mainFile) continue;
                Row& r = byBuffer[{static_cast<int>(a.space), a.buffer}];
                if (r.access.accesses == 0 && r.lines.isEmpty()) {
                    r.access.space = a.space;
                    r.access.buffer = a.buffer;
                    r.line = static_cast<int>(a.line);
                }
                r.lines += (r.lines.isEmpty() ? QString() : QStringLiteral(", ")) +
                           QString::number(a.line);
                r.access.accesses += a.accesses;
                r.access.laneAccesses += a.laneAccesses;
                r.access.worst = std::max(r.access.worst, a.worst);
                r.access.sum += a.sum;
                r.access.bytesRequested += a.bytesRequested;
                r.access.bytesMoved += a.bytesMoved;
            }
            for (auto& [key, r] : byBuffer)
                m_rows.push_back(std::move(r));
        }
    }
    endResetModel();
}

int EfficiencyModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int EfficiencyModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QString EfficiencyModel::cell(const Row& r, int column) const {
    if (r.divergence) {
        const DivergenceRecord& d = r.branch;
        switch (column) {
        case LineColumn:
            return r.lines;
        case KindColumn:
            return QStringLiteral("divergence");
        case BufferColumn:
            return QString();
        case CountColumn:
            return QStringLiteral("%1 branches").arg(d.branches);
        case WorstColumn:
            return QStringLiteral("%1 splits").arg(d.splits);
        case MeanColumn:
            return QStringLiteral("%1 masked").arg(d.maskedSlots);
        case EfficiencyColumn: {
            const double laneSlots =
                double(d.executions) * double(std::max<uint32_t>(1, m_snapshot->subGroupSize));
            return laneSlots > 0
                       ? QStringLiteral("%1% lanes busy")
                             .arg(100.0 * (1.0 - double(d.maskedSlots) / laneSlots), 0, 'f', 0)
                       : QString();
        }
        default:
            return {};
        }
    }
    const AccessStatsRecord& a = r.access;
    const bool local = a.space == AddressSpace::Local;
    switch (column) {
    case LineColumn:
        return r.lines;
    case KindColumn:
        return QString::fromLatin1(addressSpaceName(a.space));
    case BufferColumn:
        return QString::fromStdString(a.buffer);
    case CountColumn:
        return QStringLiteral("%1 accesses").arg(a.accesses);
    case WorstColumn:
        return local          ? QStringLiteral("%1-way").arg(a.worst)
               : a.worst == 1 ? QStringLiteral("1 segment")
                              : QStringLiteral("%1 segments").arg(a.worst);
    case MeanColumn:
        return QString::number(a.mean(), 'f', 2);
    case EfficiencyColumn:
        return local ? QString() : QStringLiteral("%1%").arg(100.0 * a.efficiency(), 0, 'f', 0);
    default:
        return {};
    }
}

QString EfficiencyModel::explain(const Row& r) const {
    if (r.divergence) {
        const DivergenceRecord& d = r.branch;
        return tr("Line %1: sub-groups evaluated a branch here %2 times and split %3 times; "
                  "statements on the line ran %4 times with %5 lane-slots masked (lanes "
                  "waiting while others of their sub-group ran)")
            .arg(d.line)
            .arg(d.branches)
            .arg(d.splits)
            .arg(d.executions)
            .arg(d.maskedSlots);
    }
    const AccessStatsRecord& a = r.access;
    if (a.space == AddressSpace::Local)
        return tr("%1 '%2', line %3: %4 sub-group accesses (%5 by work-items); bank conflict "
                  "degree worst %6-way, mean %7 (1 = conflict-free: each bank serves one word)")
            .arg(QString::fromLatin1(addressSpaceName(a.space)), QString::fromStdString(a.buffer),
                 r.lines)
            .arg(a.accesses)
            .arg(a.laneAccesses)
            .arg(a.worst)
            .arg(a.mean(), 0, 'f', 2);
    return tr("%1 '%2', line %3: %4 sub-group accesses (%5 by work-items); aligned segments "
              "per access worst %6, mean %7; %8 bytes requested, %9 bytes moved")
        .arg(QString::fromLatin1(addressSpaceName(a.space)), QString::fromStdString(a.buffer),
             r.lines)
        .arg(a.accesses)
        .arg(a.laneAccesses)
        .arg(a.worst)
        .arg(a.mean(), 0, 'f', 2)
        .arg(a.bytesRequested)
        .arg(a.bytesMoved);
}

int EfficiencyModel::heat(const Row& r) const {
    return r.divergence ? EfficiencyHeat::divergence(r.branch, m_snapshot->subGroupSize)
                        : EfficiencyHeat::memory(r.access);
}

QVariant EfficiencyModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size())) return {};
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return cell(r, index.column());
    case Qt::ToolTipRole:
        return explain(r);
    case Qt::BackgroundRole:
        if (index.column() == KindColumn) {
            const QColor c = EfficiencyHeat::colour(heat(r), r.divergence);
            if (c.isValid()) return QBrush(c);
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == KindColumn && heat(r) > 0) return QBrush(QColor("#1a1a1a"));
        return {};
    case Qt::TextAlignmentRole:
        return index.column() >= CountColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                             : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case LineRole:
        return r.line;
    case HeatRole:
        return heat(r);
    default:
        return {};
    }
}

QVariant EfficiencyModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case LineColumn:
        return m_grouping == Grouping::ByLine ? tr("Line") : tr("Lines");
    case KindColumn:
        return tr("Kind");
    case BufferColumn:
        return tr("Buffer");
    case CountColumn:
        return tr("Count");
    case WorstColumn:
        return tr("Worst");
    case MeanColumn:
        return tr("Mean");
    case EfficiencyColumn:
        return tr("Efficiency");
    default:
        return {};
    }
}

QString EfficiencyModel::rowText(int row) const {
    if (row < 0 || row >= static_cast<int>(m_rows.size())) return {};
    QStringList cells;
    for (int c = 0; c < ColumnCount; ++c)
        cells << cell(m_rows[static_cast<size_t>(row)], c);
    return cells.join(QLatin1Char('\t'));
}

} // namespace clstep::ui
