#include "MultiWatchModel.h"

#include <QBrush>
#include <QColor>
#include <QVariantList>

#include <cmath>

namespace clstep::ui {

MultiWatchModel::MultiWatchModel(QObject* parent) : QAbstractTableModel(parent) {}

void MultiWatchModel::setMode(Mode mode) {
    if (mode == m_mode) return;
    m_mode = mode;
    if (m_rows > 0 && m_columns > 0)
        emit dataChanged(index(0, 0), index(m_rows - 1, m_columns - 1));
}

void MultiWatchModel::setWrap(int columns) {
    m_wrap = std::max(1, columns);
}

void MultiWatchModel::setState(const SessionState& state) {
    std::vector<Cell> cells;
    std::array<uint64_t, 3> size{1, 1, 1};
    const debug::Snapshot* s = state.snapshot.get();
    m_failures = 0;
    m_firstError.clear();
    bool any = false;
    double lo = 0, hi = 0;
    if (s && !state.multiWatch.isEmpty() && state.multiWatchValues.size() == s->workItems.size()) {
        size = s->groupSize;
        cells.resize(s->workItems.size());
        for (size_t i = 0; i < s->workItems.size(); ++i) {
            const debug::WorkItemSnapshot& w = s->workItems[i];
            const debug::EvalResult& r = state.multiWatchValues[i];
            const size_t at = std::min<size_t>(w.linearLocalId, cells.size() - 1);
            Cell& c = cells[at];
            c.local = w.id.local;
            if (!r.ok) {
                c.error = QString::fromStdString(r.error);
                if (m_failures++ == 0) m_firstError = c.error;
                continue;
            }
            c.value = QString::fromStdString(r.value);
            const QString v = c.value == QLatin1String("true")    ? QStringLiteral("1")
                              : c.value == QLatin1String("false") ? QStringLiteral("0")
                                                                  : c.value;
            bool ok = false;
            const double d = v.toDouble(&ok);
            if (ok && std::isfinite(d)) {
                c.number = d;
                lo = any ? std::min(lo, d) : d;
                hi = any ? std::max(hi, d) : d;
                any = true;
            }
        }
    } else if (!state.multiWatch.isEmpty() && state.multiWatchValues.size() == 1 &&
               !state.multiWatchValues[0].ok) {
        m_failures = 1;
        m_firstError = QString::fromStdString(state.multiWatchValues[0].error);
    }
    int rows = 0, cols = 0;
    if (!cells.empty()) {
        if (size[1] <= 1 && size[2] <= 1) {
            cols = static_cast<int>(std::min<size_t>(cells.size(), static_cast<size_t>(m_wrap)));
            rows = static_cast<int>((cells.size() + static_cast<size_t>(cols) - 1) /
                                    static_cast<size_t>(cols));
        } else {
            cols = static_cast<int>(size[0]);
            rows = static_cast<int>(size[1] * size[2]);
        }
    }
    m_min = lo;
    m_max = hi;
    if (rows == m_rows && cols == m_columns && size == m_groupSize) {
        m_cells = std::move(cells);
        if (rows > 0) emit dataChanged(index(0, 0), index(rows - 1, cols - 1));
        return;
    }
    beginResetModel();
    m_cells = std::move(cells);
    m_groupSize = size;
    m_rows = rows;
    m_columns = cols;
    endResetModel();
}

int MultiWatchModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rows;
}

int MultiWatchModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_columns;
}

int MultiWatchModel::cellAt(const QModelIndex& index) const {
    if (!index.isValid() || index.row() >= m_rows || index.column() >= m_columns) return -1;
    const size_t linear = static_cast<size_t>(index.row()) * static_cast<size_t>(m_columns) +
                          static_cast<size_t>(index.column());
    return linear < m_cells.size() ? static_cast<int>(linear) : -1;
}

QColor MultiWatchModel::scale(double t) {
    t = std::clamp(t, 0.0, 1.0);
    // blue (low) → pale yellow (middle) → red (high)
    const QColor low(0x31, 0x6a, 0xc4), mid(0xf7, 0xf0, 0xa8), high(0xd0, 0x30, 0x20);
    const QColor& a = t < 0.5 ? low : mid;
    const QColor& b = t < 0.5 ? mid : high;
    const double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * u),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * u),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * u));
}

QColor MultiWatchModel::scaleColour(double value) const {
    return scale(m_max > m_min ? (value - m_min) / (m_max - m_min) : 0.5);
}

QVariant MultiWatchModel::data(const QModelIndex& index, int role) const {
    const int i = cellAt(index);
    if (i < 0) return {};
    const Cell& c = m_cells[static_cast<size_t>(i)];
    switch (role) {
    case Qt::DisplayRole:
        if (m_mode == Mode::Colours) return QString();
        return c.error.isEmpty() ? c.value : QStringLiteral("—");
    case Qt::ToolTipRole:
        return QStringLiteral("local (%1, %2, %3): %4")
            .arg(c.local[0])
            .arg(c.local[1])
            .arg(c.local[2])
            .arg(c.error.isEmpty() ? c.value : c.error);
    case Qt::BackgroundRole:
        if (m_mode == Mode::Colours && c.number) return QBrush(scaleColour(*c.number));
        return {};
    case Qt::ForegroundRole:
        if (!c.error.isEmpty()) return QBrush(QColor(0xb0, 0x10, 0x10));
        return {};
    case Qt::TextAlignmentRole:
        return Qt::AlignCenter;
    case ValueRole:
        return c.value;
    case NumberRole:
        return c.number ? QVariant(*c.number) : QVariant();
    case ErrorRole:
        return c.error;
    case LocalIdRole:
        return QVariantList{QVariant::fromValue<qulonglong>(c.local[0]),
                            QVariant::fromValue<qulonglong>(c.local[1]),
                            QVariant::fromValue<qulonglong>(c.local[2])};
    default:
        return {};
    }
}

QVariant MultiWatchModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    const bool oneD = m_groupSize[1] <= 1 && m_groupSize[2] <= 1;
    if (oneD)
        return orientation == Qt::Horizontal ? QString::number(section)
                                             : QString::number(section * m_columns);
    if (orientation == Qt::Horizontal) return QStringLiteral("x=%1").arg(section);
    const uint64_t sy = std::max<uint64_t>(1, m_groupSize[1]);
    if (m_groupSize[2] > 1)
        return QStringLiteral("y=%1 z=%2")
            .arg(static_cast<uint64_t>(section) % sy)
            .arg(static_cast<uint64_t>(section) / sy);
    return QStringLiteral("y=%1").arg(section);
}

} // namespace clstep::ui
