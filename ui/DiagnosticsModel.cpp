#include "DiagnosticsModel.h"
#include "GuiWording.h"

#include "RaceInfo.h"
#include "Theme.h"

#include <QFileInfo>
#include <QStringList>

namespace clstep::ui {

DiagnosticsModel::DiagnosticsModel(QObject* parent) : QAbstractTableModel(parent) {}

void DiagnosticsModel::setState(const SessionState& state) {
    const int before = rowCount();
    const int after = state.snapshot ? static_cast<int>(state.snapshot->diagnostics.size()) : 0;
    if (before == after && before > 0 && m_snapshot && state.snapshot &&
        m_snapshot->diagnostics.front().message == state.snapshot->diagnostics.front().message) {
        m_snapshot = state.snapshot;
        m_mainFile = state.mainFile;
        emit dataChanged(index(0, 0), index(after - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_snapshot = state.snapshot;
    m_mainFile = state.mainFile;
    endResetModel();
}

const Diagnostic* DiagnosticsModel::diagnostic(int row) const {
    if (!m_snapshot || row < 0 || row >= static_cast<int>(m_snapshot->diagnostics.size()))
        return nullptr;
    return &m_snapshot->diagnostics[static_cast<size_t>(row)];
}

int DiagnosticsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_snapshot ? 0 : static_cast<int>(m_snapshot->diagnostics.size());
}

int DiagnosticsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

int DiagnosticsModel::lineOf(const SourceRange& r) const {
    if (!r.valid()) return 0;
    if (r.begin.file == debug::kLaunchFileId) return 0; // a line of the .sim, not the kernel
    if (m_mainFile && r.begin.file && r.begin.file != m_mainFile) return 0;
    return static_cast<int>(r.begin.line);
}

int DiagnosticsModel::dims() const {
    if (!m_snapshot) return 1;
    const auto& g = m_snapshot->numGroups;
    const auto& s = m_snapshot->groupSize;
    return g[2] * s[2] > 1 ? 3 : g[1] * s[1] > 1 ? 2 : 1;
}

QVariant DiagnosticsModel::data(const QModelIndex& index, int role) const {
    const Diagnostic* d = diagnostic(index.row());
    if (!d || index.column() >= ColumnCount) return {};
    const int line = lineOf(d->range);
    const int second = d->notes.empty() ? 0 : lineOf(d->notes.front().range);
    const bool race = d->kind == DiagnosticKind::DataRace;
    const bool benign = d->kind == DiagnosticKind::BenignRace;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return QString::fromLatin1(severityName(d->severity));
        case LineColumn:
            if (d->range.begin.file == debug::kLaunchFileId && d->range.valid())
                return QStringLiteral("%1:%2")
                    .arg(QFileInfo(QString::fromStdString(m_snapshot ? m_snapshot->launchFile
                                                                     : std::string()))
                             .fileName())
                    .arg(d->range.begin.line);
            // both lines of a race ("16 ↔ 21"); one number when both accesses are on one line
            if ((race || benign) && second && second != line)
                return QStringLiteral("%1 ↔ %2").arg(line).arg(second);
            return line ? QVariant(line) : QVariant(QStringLiteral("—"));
        case KindColumn:
            return QString::fromUtf8(DiagnosticKinds::name(d->kind));
        case MessageColumn:
            return QString::fromStdString(guiWording().message(*d));
        case WorkItemsColumn: {
            QStringList ids;
            for (const WorkItemId& w : d->workItems)
                ids << RaceInfo::idText(w.global, dims());
            // "4 ↔ 0 (1 of 4)": which occurrence of the report the row shows
            return ids.join(race || benign ? QStringLiteral(" ↔ ") : QStringLiteral(", ")) +
                   RaceInfo::occurrenceText(*m_snapshot, static_cast<size_t>(index.row()))
                       .replace(QStringLiteral("(occurrence "), QStringLiteral("("));
        }
        case CountColumn: {
            const auto& counts = m_snapshot->diagnosticCounts;
            const size_t row = static_cast<size_t>(index.row());
            return row < counts.size() ? QVariant::fromValue<qulonglong>(counts[row]) : QVariant(1);
        }
        }
        return {};
    case Qt::ToolTipRole: {
        QString tip = QStringLiteral("<b>%1</b> [%2]<br>%3")
                          .arg(QString::fromLatin1(severityName(d->severity)),
                               QString::fromUtf8(DiagnosticKinds::name(d->kind)),
                               QString::fromStdString(guiWording().message(*d)).toHtmlEscaped());
        // the narrow columns' whole text (the view may elide them, DiagnosticsView)
        QStringList cells{tr("line %1").arg(data(index.siblingAtColumn(LineColumn)).toString())};
        const QString ids = data(index.siblingAtColumn(WorkItemsColumn)).toString();
        if (!ids.isEmpty()) cells << tr("work-items %1").arg(ids);
        cells << tr("count %1").arg(data(index.siblingAtColumn(CountColumn)).toString());
        tip += QStringLiteral("<br>") + cells.join(QStringLiteral(" · ")).toHtmlEscaped();
        for (const RelatedLocation& n : d->notes)
            tip += QStringLiteral("<br>line %1: %2")
                       .arg(n.range.begin.line)
                       .arg(QString::fromStdString(n.message).toHtmlEscaped());
        const QString occurrence =
            RaceInfo::occurrenceText(*m_snapshot, static_cast<size_t>(index.row()));
        if (!occurrence.isEmpty())
            tip += QStringLiteral("<br><i>This row shows%1: the one the last step stopped at, "
                                  "else the latest. Hover a raced element in a memory pane "
                                  "for that element's own pair.</i>")
                       .arg(occurrence);
        return tip;
    }
    case Qt::ForegroundRole: {
        // readable (4.5:1) on the row's background
        const QVariant bgv = data(index, Qt::BackgroundRole);
        const QColor bg = bgv.isValid() ? bgv.value<QColor>() : QColor(Qt::transparent);
        if (index.column() == SeverityColumn && d->severity == Severity::Error)
            return Theme::readableOn(Theme::error(), bg);
        if (index.column() == SeverityColumn && d->severity == Severity::Warning)
            return Theme::readableOn(Theme::warning(), bg);
        return Theme::textOn(bg);
    }
    case Qt::BackgroundRole:
        if (race || benign) {
            QColor c = benign ? Theme::benignRace() : Theme::race();
            c.setAlpha(benign ? 35 : 45);
            return c;
        }
        return {};
    case LineRole:
        return line;
    case SecondLineRole:
        return second;
    case FirstWorkItemRole: {
        if (d->workItems.empty()) return QVariantList{};
        const auto& g = d->workItems.front().global;
        return QVariantList{QVariant::fromValue<qulonglong>(g[0]),
                            QVariant::fromValue<qulonglong>(g[1]),
                            QVariant::fromValue<qulonglong>(g[2])};
    }
    case KindRole:
        return QString::fromUtf8(DiagnosticKinds::name(d->kind));
    case SeverityRole:
        return static_cast<int>(d->severity);
    default:
        return {};
    }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    static const char* names[ColumnCount] = {"severity", "line",       "kind",
                                             "message",  "work-items", "count"};
    return section >= 0 && section < ColumnCount ? tr(names[section]) : QVariant();
}

} // namespace clstep::ui
