#include "frontend/PreprocessedSource.h"

#include <algorithm>

namespace clstep {

PreprocessedSource PreprocessedSource::identity(std::string text, uint32_t fileId) {
    PreprocessedSource s;
    s.text = std::move(text);
    s.addMapping(1, 1, SourceLocation{fileId, 1, 1});
    return s;
}

void PreprocessedSource::addMapping(uint32_t outLine, uint32_t outColumn, SourceLocation original) {
    if (!m_segments.empty()) {
        Segment& last = m_segments.back();
        if (last.outLine == outLine && last.outColumn == outColumn) {
            last.original = original;
            return;
        }
    }
    m_segments.push_back(Segment{outLine, outColumn, original});
}

SourceLocation PreprocessedSource::originalLocation(uint32_t outLine, uint32_t outColumn) const {
    if (m_segments.empty()) return {};
    auto it = std::upper_bound(m_segments.begin(), m_segments.end(),
                               std::pair<uint32_t, uint32_t>(outLine, outColumn),
                               [](const std::pair<uint32_t, uint32_t>& q, const Segment& s) {
                                   return q.first < s.outLine ||
                                          (q.first == s.outLine && q.second < s.outColumn);
                               });
    if (it == m_segments.begin()) return {};
    const Segment& s = *(it - 1);
    SourceLocation loc = s.original;
    if (outLine == s.outLine) {
        loc.column += outColumn - s.outColumn;
    } else {
        loc.line += outLine - s.outLine;
        loc.column = outColumn;
    }
    return loc;
}

} // namespace clstep
