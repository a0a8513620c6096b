#include "EndianEvent.h"

#include <QRegularExpression>

namespace clstep::ui {

QVector<EndianEvent> EndianEvent::fromDiagnostics(const std::vector<Diagnostic>& diags) {
    static const QRegularExpression head(
        QStringLiteral("(read|write) of (\\d+) bytes at \\w+ memory address 0x([0-9a-fA-F]+)"));
    static const QRegularExpression readBytes(QStringLiteral(
        "bytes ([0-9a-f ]+) \\(host order\\) read as ([0-9a-f ]+) \\(device order\\)"));
    static const QRegularExpression writeBytes(QStringLiteral(
        "value ([0-9a-f ]+) \\(device order\\) stored as ([0-9a-f ]+) \\(host order\\)"));
    QVector<EndianEvent> out;
    for (const Diagnostic& d : diags) {
        if (d.kind != DiagnosticKind::EndianConversion) continue;
        const QString msg = QString::fromStdString(d.message);
        const QRegularExpressionMatch m = head.match(msg);
        if (!m.hasMatch()) continue;
        EndianEvent e;
        e.write = m.captured(1) == QStringLiteral("write");
        e.size = m.captured(2).toULongLong();
        e.address = m.captured(3).toULongLong(nullptr, 16);
        e.range = d.range;
        if (!d.workItems.empty()) {
            e.workItem = d.workItems.front();
            e.hasWorkItem = true;
        }
        if (const QRegularExpressionMatch r = readBytes.match(msg); r.hasMatch()) {
            e.memoryBytes = r.captured(1).trimmed();
            e.deviceBytes = r.captured(2).trimmed();
        } else if (const QRegularExpressionMatch w = writeBytes.match(msg); w.hasMatch()) {
            e.deviceBytes = w.captured(1).trimmed();
            e.memoryBytes = w.captured(2).trimmed();
        }
        out.push_back(e);
    }
    return out;
}

} // namespace clstep::ui
