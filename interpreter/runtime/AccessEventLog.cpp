// AccessEventLog: site registration (the logs themselves are appended inline).
#include "runtime/AccessEventLog.h"

namespace clstep {

uint32_t AccessEventLog::registerSite(uint64_t key, SiteKind kind, const SourceRange& range) {
    auto [it, fresh] = m_siteIndex.try_emplace(key, static_cast<uint32_t>(m_sites.size()));
    if (fresh) m_sites.push_back(Site{kind, range});
    m_siteCache[(key * 0x9E3779B97F4A7C15ull) >> 56] = {key, it->second};
    return it->second;
}

} // namespace clstep
