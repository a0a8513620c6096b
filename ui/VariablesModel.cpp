#include "VariablesModel.h"

#include "Theme.h"
#include "ValueFormat.h"

#include "core/Address.h"

#include <functional>

namespace clstep::ui {

VariablesModel::VariablesModel(QObject* parent) : QAbstractItemModel(parent) {}

void VariablesModel::setSnapshot(SnapshotPtr snapshot) {
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_nodes.clear();
    m_top.clear();
    if (m_snapshot) {
        std::function<int(const debug::VariableSnapshot&, int, int)> add =
            [&](const debug::VariableSnapshot& v, int parent, int row) {
                const int id = static_cast<int>(m_nodes.size());
                m_nodes.push_back(Node{&v, parent, row, {}});
                for (size_t i = 0; i < v.children.size(); ++i) {
                    const int c = add(v.children[i], id, static_cast<int>(i));
                    m_nodes[static_cast<size_t>(id)].children.push_back(c);
                }
                return id;
            };
        for (size_t i = 0; i < m_snapshot->variables.size(); ++i)
            m_top.push_back(add(m_snapshot->variables[i], -1, static_cast<int>(i)));
    }
    endResetModel();
}

const std::vector<int>& VariablesModel::childrenOf(const QModelIndex& parent) const {
    if (!parent.isValid()) return m_top;
    return m_nodes[static_cast<size_t>(parent.internalId())].children;
}

QModelIndex VariablesModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    if (parent.isValid() && parent.column() != 0) return {};
    const std::vector<int>& kids = childrenOf(parent);
    if (row >= static_cast<int>(kids.size())) return {};
    return createIndex(row, column, static_cast<quintptr>(kids[static_cast<size_t>(row)]));
}

QModelIndex VariablesModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const Node& n = m_nodes[static_cast<size_t>(child.internalId())];
    if (n.parent < 0) return {};
    const Node& p = m_nodes[static_cast<size_t>(n.parent)];
    return createIndex(p.row, 0, static_cast<quintptr>(n.parent));
}

int VariablesModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() && parent.column() != 0) return 0;
    return static_cast<int>(childrenOf(parent).size());
}

int VariablesModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant VariablesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const debug::VariableSnapshot& v = *m_nodes[static_cast<size_t>(index.internalId())].var;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return QString::fromStdString(v.name);
        case ValueColumn:
            return QString::fromStdString(v.value);
        case TypeColumn:
            return QString::fromStdString(v.type);
        case AddressColumn:
            return ValueFormat::formatAddress(v.address);
        }
        return {};
    case Qt::ToolTipRole:
        return QStringLiteral("%1 %2 = %3<br>%4 bytes at %5")
            .arg(QString::fromStdString(v.type).toHtmlEscaped(), QString::fromStdString(v.name),
                 QString::fromStdString(v.value).toHtmlEscaped())
            .arg(v.size)
            .arg(ValueFormat::formatAddress(v.address));
    case Qt::ForegroundRole:
        if (index.column() == NameColumn || index.column() == AddressColumn)
            return Theme::addressSpace(address::space(v.address));
        return {};
    case Qt::FontRole:
        if (index.column() == ValueColumn) return Theme::codeFont();
        return {};
    case AddressRole:
        return QVariant::fromValue<qulonglong>(v.address);
    case SpaceRole:
        return static_cast<int>(v.space);
    case SizeRole:
        return QVariant::fromValue<qulonglong>(v.size);
    default:
        return {};
    }
}

QVariant VariablesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* names[ColumnCount] = {"name", "value", "type", "address"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace clstep::ui
