#pragma once

#include "SessionState.h"

#include <QAbstractItemModel>

namespace clstep::ui {

/// The selected work-item's variables as a tree (structs, arrays and vectors expand).
/// Internal pointers address VariableSnapshot nodes of the held snapshot.
class VariablesModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ValueColumn, TypeColumn, AddressColumn, ColumnCount };
    enum Role {
        AddressRole = Qt::UserRole + 1, ///< qulonglong: encoded address of the variable
        SpaceRole,                      ///< int: AddressSpace of its storage
        SizeRole,                       ///< qulonglong: bytes
    };

    explicit VariablesModel(QObject* parent = nullptr);
    void setSnapshot(SnapshotPtr snapshot);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Node {
        const debug::VariableSnapshot* var = nullptr;
        int parent = -1; ///< index in m_nodes, -1 for top level
        int row = 0;
        std::vector<int> children;
    };
    const std::vector<int>& childrenOf(const QModelIndex& parent) const;

    SnapshotPtr m_snapshot;
    std::vector<Node> m_nodes;
    std::vector<int> m_top;
};

} // namespace clstep::ui
