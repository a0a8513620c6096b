#include "common/SourceManager.h"

namespace clstep {

SourceManager::SourceManager() { m_files.push_back(File{}); }

uint32_t SourceManager::addFile(const std::string& path, std::string text) {
    if (uint32_t existing = findFile(path)) return existing;
    File f;
    f.path = path;
    f.text = std::move(text);
    f.lineStarts.push_back(0);
    for (size_t i = 0; i < f.text.size(); ++i)
        if (f.text[i] == '\n') f.lineStarts.push_back(i + 1);
    m_files.push_back(std::move(f));
    return static_cast<uint32_t>(m_files.size() - 1);
}

uint32_t SourceManager::findFile(const std::string& path) const {
    for (size_t i = 1; i < m_files.size(); ++i)
        if (m_files[i].path == path) return static_cast<uint32_t>(i);
    return 0;
}

const std::string& SourceManager::path(uint32_t id) const {
    return id < m_files.size() ? m_files[id].path : m_files[0].path;
}

const std::string& SourceManager::text(uint32_t id) const {
    return id < m_files.size() ? m_files[id].text : m_files[0].text;
}

std::string_view SourceManager::lineText(uint32_t id, uint32_t line) const {
    if (id == 0 || id >= m_files.size() || line == 0) return {};
    const File& f = m_files[id];
    if (line > f.lineStarts.size()) return {};
    size_t begin = f.lineStarts[line - 1];
    size_t end = line < f.lineStarts.size() ? f.lineStarts[line] - 1 : f.text.size();
    if (end > begin && f.text[end - 1] == '\r') --end;
    return std::string_view(f.text).substr(begin, end - begin);
}

} // namespace clstep
