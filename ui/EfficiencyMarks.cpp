#include "EfficiencyMarks.h"

#include "EfficiencyHeat.h"

#include <Qsci/qsciscintilla.h>

#include <QHelpEvent>
#include <QToolTip>

namespace clstep::ui {

namespace {
constexpr int kDivergenceMargin = 3;
constexpr int kMemoryMargin = 4;
constexpr int kDivergenceMarker = 12; ///< 12..15: levels 1..4
constexpr int kMemoryMarker = 16;     ///< 16..19: levels 1..4
} // namespace

EfficiencyMarks::EfficiencyMarks(QsciScintilla* editor) : QObject(editor), m_editor(editor) {
    unsigned divergenceMask = 0, memoryMask = 0;
    for (int level = 1; level < EfficiencyHeat::kLevels; ++level) {
        const int d = kDivergenceMarker + level - 1, m = kMemoryMarker + level - 1;
        editor->markerDefine(QsciScintilla::FullRectangle, d);
        editor->setMarkerBackgroundColor(EfficiencyHeat::colour(level, true), d);
        editor->markerDefine(QsciScintilla::FullRectangle, m);
        editor->setMarkerBackgroundColor(EfficiencyHeat::colour(level, false), m);
        divergenceMask |= 1u << d;
        memoryMask |= 1u << m;
    }
    for (auto [margin, mask] :
         {std::pair{kDivergenceMargin, divergenceMask}, std::pair{kMemoryMargin, memoryMask}}) {
        editor->setMarginType(margin, QsciScintilla::SymbolMargin);
        editor->setMarginWidth(margin, 0); // shown once there are statistics
        editor->setMarginMarkerMask(margin, static_cast<int>(mask));
        editor->setMarginSensitivity(margin, false);
    }
    editor->viewport()->installEventFilter(this);
}

QString EfficiencyMarks::tooltipAt(const QPoint& pos) const {
    int left = 0;
    for (int m = 0; m < kDivergenceMargin; ++m)
        left += m_editor->marginWidth(m);
    const int divergenceEnd = left + m_editor->marginWidth(kDivergenceMargin);
    const int memoryEnd = divergenceEnd + m_editor->marginWidth(kMemoryMargin);
    if (pos.x() < left || pos.x() >= memoryEnd) return {};
    const long position =
        m_editor->SendScintilla(QsciScintilla::SCI_POSITIONFROMPOINT,
                                static_cast<unsigned long>(pos.x()), static_cast<long>(pos.y()));
    const int line =
        static_cast<int>(m_editor->SendScintilla(QsciScintilla::SCI_LINEFROMPOSITION, position)) +
        1;
    if (pos.x() < divergenceEnd) {
        const int level = m_divergence.value(line);
        if (!level) return {};
        return tr("Line %1 · divergence heat %2 of 4 (amber): branch splits and masked "
                  "lane-slots of its sub-groups. View › Panes › Efficiency has the figures.")
            .arg(line)
            .arg(level);
    }
    const int level = m_memory.value(line);
    if (!level) return {};
    return tr("Line %1 · memory heat %2 of 4 (red): __local bank conflicts or __global "
              "accesses needing extra segments. View › Panes › Efficiency has the figures.")
        .arg(line)
        .arg(level);
}

bool EfficiencyMarks::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::ToolTip && watched == m_editor->viewport()) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = tooltipAt(help->pos());
        if (!text.isEmpty()) {
            QToolTip::showText(help->globalPos(), text, m_editor->viewport());
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void EfficiencyMarks::setState(const SessionState& state) {
    QMap<int, int> divergence, memory;
    const debug::Snapshot* s = state.snapshot.get();
    if (s && s->divergence)
        for (const DivergenceRecord& d : *s->divergence)
            if (d.file == state.mainFile)
                if (int level = EfficiencyHeat::divergence(d, s->subGroupSize); level > 0)
                    divergence[static_cast<int>(d.line)] =
                        std::max(divergence.value(static_cast<int>(d.line)), level);
    if (s && s->accessStats)
        for (const AccessStatsRecord& r : *s->accessStats)
            if (r.file == state.mainFile)
                if (int level = EfficiencyHeat::memory(r); level > 0)
                    memory[static_cast<int>(r.line)] =
                        std::max(memory.value(static_cast<int>(r.line)), level);
    if (divergence == m_divergence && memory == m_memory) return;
    m_divergence = std::move(divergence);
    m_memory = std::move(memory);
    apply();
}

void EfficiencyMarks::apply() {
    for (int level = 1; level < EfficiencyHeat::kLevels; ++level) {
        m_editor->markerDeleteAll(kDivergenceMarker + level - 1);
        m_editor->markerDeleteAll(kMemoryMarker + level - 1);
    }
    for (auto it = m_divergence.cbegin(); it != m_divergence.cend(); ++it)
        m_editor->markerAdd(it.key() - 1, kDivergenceMarker + it.value() - 1);
    for (auto it = m_memory.cbegin(); it != m_memory.cend(); ++it)
        m_editor->markerAdd(it.key() - 1, kMemoryMarker + it.value() - 1);
    const bool any = !m_divergence.isEmpty() || !m_memory.isEmpty();
    m_editor->setMarginWidth(kDivergenceMargin, any ? 5 : 0);
    m_editor->setMarginWidth(kMemoryMargin, any ? 5 : 0);
}

} // namespace clstep::ui
