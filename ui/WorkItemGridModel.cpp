#include "WorkItemGridModel.h"

#include "LaneStyle.h"
#include "RaceInfo.h"
#include "Theme.h"

#include <QVariantList>

namespace clstep::ui {

WorkItemGridModel::WorkItemGridModel(QObject* parent) : QAbstractTableModel(parent) {}

bool WorkItemGridModel::oneDimensional() const {
    return !m_snapshot || (m_snapshot->groupSize[1] <= 1 && m_snapshot->groupSize[2] <= 1);
}

int WorkItemGridModel::dims() const {
    if (!m_snapshot) return 1;
    const auto& g = m_snapshot->numGroups;
    const auto& s = m_snapshot->groupSize;
    if (g[2] * s[2] > 1) return 3;
    if (g[1] * s[1] > 1) return 2;
    return 1;
}

size_t WorkItemGridModel::itemCount() const {
    return m_snapshot ? m_snapshot->workItems.size() : 0;
}

void WorkItemGridModel::setWrap(int columns) {
    beginResetModel();
    m_wrap = std::max(1, columns);
    endResetModel();
}

void WorkItemGridModel::setLaneView(bool on) {
    if (on == m_laneView) return;
    m_laneView = on;
    if (m_rows > 0 && m_columns > 0)
        emit dataChanged(index(0, 0), index(m_rows - 1, m_columns - 1));
}

void WorkItemGridModel::setSnapshot(SnapshotPtr snapshot) {
    int rows = 0, cols = 0;
    if (snapshot && !snapshot->workItems.empty()) {
        const size_t n = snapshot->workItems.size();
        const auto& s = snapshot->groupSize;
        if (s[1] <= 1 && s[2] <= 1) {
            cols = static_cast<int>(std::min<size_t>(n, static_cast<size_t>(m_wrap)));
            rows =
                static_cast<int>((n + static_cast<size_t>(cols) - 1) / static_cast<size_t>(cols));
        } else {
            cols = static_cast<int>(s[0]);
            rows = static_cast<int>(s[1] * s[2]);
        }
    }
    if (rows == m_rows && cols == m_columns) {
        m_snapshot = std::move(snapshot);
        if (rows > 0) emit dataChanged(index(0, 0), index(rows - 1, cols - 1));
        return;
    }
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_rows = rows;
    m_columns = cols;
    endResetModel();
}

int WorkItemGridModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rows;
}
int WorkItemGridModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_columns;
}

int WorkItemGridModel::itemAt(const QModelIndex& index) const {
    if (!m_snapshot || !index.isValid() || index.row() >= m_rows || index.column() >= m_columns)
        return -1;
    const size_t linear = static_cast<size_t>(index.row()) * static_cast<size_t>(m_columns) +
                          static_cast<size_t>(index.column());
    if (linear >= itemCount()) return -1;
    const auto& items = m_snapshot->workItems;
    if (items[linear].linearLocalId == linear) return static_cast<int>(linear);
    for (size_t i = 0; i < items.size(); ++i)
        if (items[i].linearLocalId == linear) return static_cast<int>(i);
    return -1;
}

QModelIndex WorkItemGridModel::indexForLinear(size_t linear) const {
    if (m_columns == 0) return {};
    return index(static_cast<int>(linear / static_cast<size_t>(m_columns)),
                 static_cast<int>(linear % static_cast<size_t>(m_columns)));
}

QVariant WorkItemGridModel::data(const QModelIndex& index, int role) const {
    const int i = itemAt(index);
    if (role == LinearIdRole && index.isValid())
        return i < 0
                   ? -1
                   : static_cast<int>(m_snapshot->workItems[static_cast<size_t>(i)].linearLocalId);
    if (i < 0) return {};
    const debug::WorkItemSnapshot& w = m_snapshot->workItems[static_cast<size_t>(i)];
    const bool selected = static_cast<size_t>(i) == m_snapshot->selected;
    auto list = [](const std::array<uint64_t, 3>& a) {
        return QVariantList{QVariant::fromValue<qulonglong>(a[0]),
                            QVariant::fromValue<qulonglong>(a[1]),
                            QVariant::fromValue<qulonglong>(a[2])};
    };
    // A work-item that reported a runtime error (an out-of-bounds write, ...) shows the error
    // state even though the interpreter let it run on.
    const debug::WorkItemState shown = w.reportedError ? debug::WorkItemState::Error : w.state;
    auto stateText = [&w] { // only the tooltip needs it (data() runs per cell and role)
        return w.reportedError && w.state != debug::WorkItemState::Error
                   ? QStringLiteral("error (reported a runtime error, see Diagnostics); %1")
                         .arg(QString::fromLatin1(debug::workItemStateName(w.state)))
                   : QString::fromLatin1(debug::workItemStateName(w.state));
    };
    const size_t sg = w.subGroup;
    const int splitLine =
        sg < m_snapshot->subGroupSplits.size() && m_snapshot->subGroupSplits[sg].valid()
            ? static_cast<int>(m_snapshot->subGroupSplits[sg].begin.line)
            : 0;
    switch (role) {
    case Qt::DisplayRole:
        return oneDimensional() ? QString::number(w.id.local[0])
                                : QStringLiteral("%1,%2").arg(w.id.local[0]).arg(w.id.local[1]);
    case Qt::ToolTipRole:
        return QStringLiteral("<b>work-item</b> local %1, global %2<br>state: %3<br>line: "
                              "%4<br>statements run: %5")
                   .arg(RaceInfo::idText(w.id.local, dims()), RaceInfo::idText(w.id.global, dims()))
                   .arg(stateText())
                   .arg(w.position.valid() ? QString::number(w.position.begin.line)
                                           : QStringLiteral("—"))
                   .arg(w.steps) +
               (m_laneView
                    ? QStringLiteral("<br>sub-group %1, lane %2: <b>%3</b>%4")
                          .arg(w.subGroup)
                          .arg(w.linearLocalId % std::max<uint32_t>(1, m_snapshot->subGroupSize))
                          .arg(LaneStyle::name(w.lane))
                          .arg(splitLine ? QStringLiteral(" (split at line %1)").arg(splitLine)
                                         : QString())
                    : QString());
    case Qt::BackgroundRole:
        return Theme::workItemState(shown);
    case Qt::TextAlignmentRole:
        return Qt::AlignCenter;
    case StateRole:
        return static_cast<int>(shown);
    case LineRole:
        return w.position.valid() ? static_cast<int>(w.position.begin.line) : 0;
    case SelectedRole:
        return selected;
    case LocalIdRole:
        return list(w.id.local);
    case GlobalIdRole:
        return list(w.id.global);
    case LaneRole:
        return static_cast<int>(w.lane);
    case SubGroupRole:
        return static_cast<int>(w.subGroup);
    case SplitLineRole:
        return splitLine;
    case LaneViewRole:
        return m_laneView;
    case SubGroupEdgesRole: {
        // the cell left of / above this one holds another sub-group's work-item
        int edges = 0;
        auto other = [&](int row, int column) {
            const int j = row >= 0 && column >= 0 ? itemAt(this->index(row, column)) : -1;
            return j >= 0 && m_snapshot->workItems[static_cast<size_t>(j)].subGroup != w.subGroup;
        };
        if (other(index.row(), index.column() - 1)) edges |= 1;
        if (other(index.row() - 1, index.column())) edges |= 2;
        return edges;
    }
    default:
        return {};
    }
}

QVariant WorkItemGridModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    if (oneDimensional())
        return orientation == Qt::Horizontal ? QVariant(QString::number(section))
                                             : QVariant(QString::number(section * m_columns));
    if (orientation == Qt::Horizontal) return QStringLiteral("x=%1").arg(section);
    if (!m_snapshot) return {};
    const uint64_t sy = std::max<uint64_t>(1, m_snapshot->groupSize[1]);
    if (m_snapshot->groupSize[2] > 1)
        return QStringLiteral("y=%1 z=%2")
            .arg(static_cast<uint64_t>(section) % sy)
            .arg(static_cast<uint64_t>(section) / sy);
    return QStringLiteral("y=%1").arg(section);
}

} // namespace clstep::ui
