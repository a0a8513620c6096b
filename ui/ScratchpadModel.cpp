#include "ScratchpadModel.h"

#include "Theme.h"

#include <QRegularExpression>

namespace clstep::ui {

namespace {

/// "1:9: error: message [kind]" plus the source line and a caret line under the range.
QStringList formatDiagnostic(const Diagnostic& d, const SourceManager& sources,
                             const QString& currentEntry) {
    QStringList out;
    auto location = [&](const SourceRange& r) {
        QString where;
        if (r.begin.file && r.begin.file <= sources.fileCount()) {
            const QString path = QString::fromStdString(sources.path(r.begin.file));
            // the entry being evaluated (or one of its parts) needs no name
            if (path != currentEntry &&
                !path.startsWith(currentEntry.chopped(1) + QLatin1Char(' ')))
                where = path + QLatin1Char(':');
        }
        if (r.begin.line) where += QStringLiteral("%1:%2: ").arg(r.begin.line).arg(r.begin.column);
        return where;
    };
    auto source = [&](const SourceRange& r) {
        if (!r.begin.file || r.begin.file > sources.fileCount() || !r.begin.line) return;
        const QString line =
            QString::fromStdString(std::string(sources.lineText(r.begin.file, r.begin.line)));
        if (line.trimmed().isEmpty()) return;
        const int column = std::max<int>(1, static_cast<int>(r.begin.column));
        int width = 1;
        if (r.end.line == r.begin.line && r.end.column > r.begin.column)
            width = static_cast<int>(r.end.column - r.begin.column);
        width = std::min(width, std::max(1, static_cast<int>(line.size()) - column + 1));
        out << QStringLiteral("    ") + line;
        out << QStringLiteral("    ") + QString(column - 1, QLatin1Char(' ')) + QLatin1Char('^') +
                   QString(width - 1, QLatin1Char('~'));
    };
    out << location(d.range) + QString::fromLatin1(severityName(d.severity)) +
               QStringLiteral(": ") + QString::fromStdString(d.message) +
               QStringLiteral(" [%1]").arg(QString::fromUtf8(DiagnosticKinds::name(d.kind)));
    source(d.range);
    for (const RelatedLocation& n : d.notes) {
        if (n.message.empty()) continue;
        out << location(n.range) + QStringLiteral("note: ") + QString::fromStdString(n.message);
        source(n.range);
    }
    return out;
}

} // namespace

ScratchpadModel::ScratchpadModel(QObject* parent) : QAbstractListModel(parent) {}

int ScratchpadModel::addPending(int number, const QString& input) {
    const int row = static_cast<int>(m_entries.size());
    beginInsertRows({}, row, row);
    ScratchpadEntry e;
    e.number = number;
    e.input = input;
    m_entries.push_back(e);
    endInsertRows();
    return row;
}

void ScratchpadModel::setEntry(int row, const ScratchpadEntry& entry) {
    if (row < 0 || row >= m_entries.size()) return;
    m_entries[row] = entry;
    const QModelIndex i = index(row, 0);
    emit dataChanged(i, i);
}

void ScratchpadModel::clear() {
    if (m_entries.isEmpty()) return;
    beginResetModel();
    m_entries.clear();
    endResetModel();
}

const ScratchpadEntry* ScratchpadModel::entry(int row) const {
    return row >= 0 && row < m_entries.size() ? &m_entries[row] : nullptr;
}

ScratchpadEntry ScratchpadModel::fromResult(int number, const QString& input,
                                            const repl::ReplResult& result,
                                            const SourceManager& sources) {
    ScratchpadEntry e;
    e.number = number;
    e.input = input;
    e.done = true;
    e.ok = result.ok;
    e.kind = static_cast<int>(result.kind);
    e.value = QString::fromStdString(result.value);
    e.type = QString::fromStdString(result.type);
    const QString text = QString::fromStdString(result.text);
    const QString currentEntry = QStringLiteral("<entry %1>").arg(number);
    // The answer before the diagnostics the console prints; the bytes of a value; why-lines.
    QStringList answer, why;
    bool inDiagnostics = false;
    static const QRegularExpression memory(QStringLiteral("^\\s*memory: (.*?)\\s*(\\(.*\\))?$"));
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (line.startsWith(QStringLiteral("<entry")) ||
            line.startsWith(QStringLiteral("<generated")))
            inDiagnostics = true;
        if (const QRegularExpressionMatch m = memory.match(line); m.hasMatch() && !inDiagnostics) {
            e.bytes = m.captured(1).trimmed();
            continue;
        }
        if (line.trimmed().startsWith(QStringLiteral("why:"))) {
            why << line.trimmed();
            continue;
        }
        if (!inDiagnostics && !line.isEmpty()) answer << line;
    }
    if (result.diagnostics.empty() && !result.ok) answer = text.trimmed().split(QLatin1Char('\n'));
    e.text = answer.join(QLatin1Char('\n'));
    for (const Diagnostic& d : result.diagnostics)
        e.diagnostics << formatDiagnostic(d, sources, currentEntry);
    e.diagnostics << why;
    return e;
}

QString ScratchpadModel::display(const ScratchpadEntry& e) {
    QStringList lines;
    const QStringList input = e.input.split(QLatin1Char('\n'));
    for (int i = 0; i < input.size(); ++i)
        lines << (i == 0 ? QStringLiteral("cl> ") : QStringLiteral("... ")) + input[i];
    if (!e.done) {
        lines << QStringLiteral("  (running…)");
        return lines.join(QLatin1Char('\n'));
    }
    if (!e.value.isEmpty() && e.ok) {
        lines << (e.text.isEmpty() ? e.value : e.text); // as the REPL prints it: "(int)42"
        QString detail = QStringLiteral("  type %1").arg(e.type);
        if (!e.bytes.isEmpty()) detail += QStringLiteral(" · bytes %1").arg(e.bytes);
        lines << detail;
    } else if (!e.text.isEmpty()) {
        lines << e.text;
    }
    lines << e.diagnostics;
    return lines.join(QLatin1Char('\n'));
}

int ScratchpadModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

QVariant ScratchpadModel::data(const QModelIndex& index, int role) const {
    const ScratchpadEntry* e =
        index.isValid() && index.column() == 0 ? entry(index.row()) : nullptr;
    if (!e) return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(*e);
    case Qt::ToolTipRole:
        return e->done ? QStringLiteral("entry %1").arg(e->number) : QStringLiteral("running");
    case Qt::FontRole:
        return Theme::codeFont();
    case Qt::ForegroundRole:
        if (e->done && !e->ok) return Theme::error();
        if (e->done && !e->diagnostics.isEmpty()) return Theme::warning();
        return {};
    case InputRole:
        return e->input;
    case ValueRole:
        return e->value;
    case TypeRole:
        return e->type;
    case BytesRole:
        return e->bytes;
    case OkRole:
        return e->ok;
    case DoneRole:
        return e->done;
    case DiagnosticsRole:
        return e->diagnostics;
    case NumberRole:
        return e->number;
    default:
        return {};
    }
}

} // namespace clstep::ui
