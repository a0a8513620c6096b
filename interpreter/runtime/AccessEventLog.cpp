// AccessEventLog: site registration, statement counts widened (resized for more statements),
// clearing (the logs themselves are appended inline).
#include "runtime/AccessEventLog.h"

namespace clstep {

uint32_t AccessEventLog::registerSite(uint64_t key, SiteKind kind, const SourceRange& range) {
    auto [it, fresh] = m_siteIndex.try_emplace(key, static_cast<uint32_t>(m_sites.size()));
    if (fresh) m_sites.push_back(Site{kind, range});
    CacheSet& set = m_siteCache[cacheSet(key)];
    set[1] = set[0];
    set[0] = {key, it->second};
    return it->second;
}

uint32_t AccessEventLog::registerProgramSite(uint32_t number, uint64_t key, SiteKind kind,
                                             const SourceRange& range) {
    const uint32_t site = siteIndex(key, kind, range);
    if (number >= m_programSites.size())
        m_programSites.resize(std::max<size_t>(64, 2 * (size_t(number) + 1)), kNoSite);
    m_programSites[number] = site;
    return site;
}

void AccessEventLog::touchStatement(uint32_t site) {
    m_stmtTouched[site] = 1;
    m_touchedStmts.push_back(site);
}

void AccessEventLog::widenStatements(uint32_t site) {
    // room for twice the sites (new sites' counts are 0)
    m_stmtCap = std::max<uint32_t>(16, 2 * (site + 1));
    m_occ.resize(size_t(m_items) * m_stmtCap, 0);
    m_stmtTouched.resize(m_stmtCap, 0);
}

void AccessEventLog::clear() {
    for (auto& log : m_logs)
        log.clear();
    m_branchSeq = 0;
    for (uint32_t site : m_touchedStmts) {
        m_stmtTouched[site] = 0;
        std::fill_n(m_occ.begin() + long(site) * m_items, m_items, 0);
    }
    m_touchedStmts.clear();
    ++m_version;
}

} // namespace clstep
