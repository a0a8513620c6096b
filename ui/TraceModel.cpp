#include "TraceModel.h"

#include "RaceInfo.h"
#include "Theme.h"
#include "ValueFormat.h"

#include "core/Address.h"

#include <QStringList>

namespace clstep::ui {

TraceModel::TraceModel(QObject* parent) : QAbstractTableModel(parent) {}

void TraceModel::setSnapshot(SnapshotPtr snapshot) {
    auto entries = snapshot ? snapshot->trace : nullptr;
    if (entries == m_entries) {
        m_snapshot = std::move(snapshot);
        return;
    }
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_entries = std::move(entries);
    m_dims = 1;
    if (m_snapshot) {
        const auto& g = m_snapshot->numGroups;
        const auto& s = m_snapshot->groupSize;
        m_dims = g[2] * s[2] > 1 ? 3 : g[1] * s[1] > 1 ? 2 : 1;
    }
    endResetModel();
}

const debug::TraceEntry* TraceModel::entry(int row) const {
    if (!m_entries || row < 0 || row >= static_cast<int>(m_entries->size())) return nullptr;
    return &(*m_entries)[m_entries->size() - 1 - static_cast<size_t>(row)]; // newest first
}

int TraceModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_entries ? 0 : static_cast<int>(m_entries->size());
}

int TraceModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TraceModel::data(const QModelIndex& index, int role) const {
    const debug::TraceEntry* e = entry(index.row());
    if (!e || index.column() >= ColumnCount) return {};
    using K = debug::TraceEntry::Kind;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SequenceColumn:
            return QVariant::fromValue<qulonglong>(e->sequence);
        case StepColumn:
            return QVariant::fromValue<qulonglong>(e->step);
        case WorkItemColumn:
            return e->workItem < 0 ? QString() : RaceInfo::idText(e->globalId, m_dims);
        case KindColumn:
            if (e->kind == K::Diagnostic) return tr("report");
            return QString(e->atomic ? QStringLiteral("atomic ") : QString()) +
                   (e->kind == K::Write ? tr("write") : tr("read"));
        case AddressColumn:
            return e->kind == K::Diagnostic ? QString() : ValueFormat::formatAddress(e->address);
        case ValueColumn: {
            if (e->kind == K::Diagnostic) return QString::fromStdString(e->message);
            QStringList bytes;
            for (uint64_t i = 0; i < std::min<uint64_t>(e->size, 8); ++i)
                bytes << QStringLiteral("%1").arg(e->value[i], 2, 16, QLatin1Char('0'));
            return bytes.join(QLatin1Char(' ')) + (e->size > 8 ? QStringLiteral(" …") : QString());
        }
        case LineColumn:
            return e->site.valid() ? QVariant(e->site.begin.line) : QVariant();
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == AddressColumn && e->kind != K::Diagnostic)
            return Theme::addressSpace(address::space(e->address));
        if (e->kind == K::Diagnostic) return Theme::error();
        return {};
    case Qt::BackgroundRole:
        if (index.column() == KindColumn && e->kind != K::Diagnostic)
            return e->kind == K::Write ? Theme::lastWrite() : Theme::lastRead();
        return {};
    case Qt::FontRole:
        if (index.column() == ValueColumn || index.column() == AddressColumn)
            return Theme::codeFont();
        return {};
    case AddressRole:
        return QVariant::fromValue<qulonglong>(e->address);
    case LineRole:
        return e->site.valid() ? static_cast<int>(e->site.begin.line) : 0;
    case WorkItemRole:
        if (e->workItem < 0) return QVariantList{};
        return QVariantList{QVariant::fromValue<qulonglong>(e->globalId[0]),
                            QVariant::fromValue<qulonglong>(e->globalId[1]),
                            QVariant::fromValue<qulonglong>(e->globalId[2])};
    default:
        return {};
    }
}

QVariant TraceModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* names[ColumnCount] = {"#",       "step",  "work-item", "access",
                                             "address", "value", "line"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace clstep::ui
