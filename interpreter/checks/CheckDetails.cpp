#include "checks/CheckDetails.h"

namespace clstep {

namespace {
std::string locationKey(const SourceLocation& l) {
    return std::to_string(l.file) + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
}
} // namespace

std::string CheckDetails::keyOf(const Diagnostic& d) {
    std::string key = d.kind + "|" + locationKey(d.range.begin) + "|";
    if (!d.notes.empty()) key += locationKey(d.notes.front().range.begin);
    key += "|" + d.message.substr(0, 40);
    return key;
}

void CheckDetails::record(const Diagnostic& d, nlohmann::json fields) {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_fields.emplace(keyOf(d), std::move(fields));
}

bool CheckDetails::contains(const Diagnostic& d) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_fields.count(keyOf(d)) != 0;
}

const nlohmann::json* CheckDetails::find(const Diagnostic& d) const {
    std::lock_guard<std::mutex> lock(m_mutex);
    auto it = m_fields.find(keyOf(d));
    return it == m_fields.end() ? nullptr : &it->second;
}

void CheckDetails::clear() {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_fields.clear();
}

} // namespace clstep
