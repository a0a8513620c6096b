#include "RaceInfo.h"

#include "debug/Snapshot.h"

#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace clstep::ui {

QString RaceInfo::idText(const std::array<uint64_t, 3>& id, int dims) {
    if (dims <= 1) return QString::number(id[0]);
    if (dims == 2) return QStringLiteral("(%1,%2)").arg(id[0]).arg(id[1]);
    return QStringLiteral("(%1,%2,%3)").arg(id[0]).arg(id[1]).arg(id[2]);
}

QString RaceInfo::describe() const {
    const int dims = (first.global[2] || second.global[2])   ? 3
                     : (first.global[1] || second.global[1]) ? 2
                                                             : 1;
    return QStringLiteral("work-item %1 (line %2) and work-item %3 (line %4)")
        .arg(idText(first.global, dims))
        .arg(firstRange.begin.line)
        .arg(idText(second.global, dims))
        .arg(secondRange.begin.line);
}

QString RaceInfo::describeFacts(const nlohmann::json& facts, int dims) {
    auto access = [dims](const nlohmann::json& a) -> QString {
        if (!a.is_object()) return {};
        std::array<uint64_t, 3> id{};
        const auto g = a.find("global_id");
        if (g != a.end() && g->is_array())
            for (size_t k = 0; k < 3 && k < g->size(); ++k)
                id[k] = (*g)[k].get<uint64_t>();
        const std::string entity = a.value("entity", std::string("work-item"));
        const QString who = entity == "work-group"
                                ? QStringLiteral("work-group")
                                : QStringLiteral("work-item %1").arg(idText(id, dims));
        return QStringLiteral("%1 by %2 (line %3)")
            .arg(QString::fromStdString(a.value("access", std::string("access"))), who)
            .arg(a.value("line", 0));
    };
    const auto first = facts.find("first"), second = facts.find("second");
    if (first == facts.end() || second == facts.end()) return {};
    return QStringLiteral("[%1] %2, then %3")
        .arg(QString::fromStdString(facts.value("hazard", std::string("race"))), access(*first),
             access(*second));
}

QString RaceInfo::occurrenceText(const debug::Snapshot& s, size_t index) {
    if (index >= s.diagnosticCounts.size() || s.diagnosticCounts[index] <= 1) return {};
    const uint64_t shown =
        index < s.diagnosticShown.size() ? s.diagnosticShown[index] : s.diagnosticCounts[index];
    return QStringLiteral(" (occurrence %1 of %2)").arg(shown).arg(s.diagnosticCounts[index]);
}

QVector<RaceInfo> RaceInfo::fromDiagnostics(const std::vector<Diagnostic>& diags) {
    static const QRegularExpression addr(QStringLiteral("address 0x([0-9a-fA-F]+)"));
    QVector<RaceInfo> out;
    for (size_t i = 0; i < diags.size(); ++i) {
        const Diagnostic& d = diags[i];
        if (d.kind != DiagnosticKind::DataRace) continue;
        RaceInfo r;
        r.diagnosticIndex = static_cast<int>(i);
        r.message = QString::fromStdString(d.message);
        const QRegularExpressionMatch m = addr.match(r.message);
        if (m.hasMatch()) r.address = m.captured(1).toULongLong(nullptr, 16);
        if (d.workItems.size() > 0) r.first = d.workItems[0];
        if (d.workItems.size() > 1) r.second = d.workItems[1];
        r.firstRange = d.range;
        r.secondRange = d.notes.empty() ? d.range : d.notes.front().range;
        out.push_back(r);
    }
    return out;
}

} // namespace clstep::ui
