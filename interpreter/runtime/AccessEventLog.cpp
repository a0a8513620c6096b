// AccessEventLog: site registration, statement counts re-laid out, clearing (the logs
// themselves are appended inline).
#include "runtime/AccessEventLog.h"

namespace clstep {

uint32_t AccessEventLog::registerSite(uint64_t key, SiteKind kind, const SourceRange& range) {
    auto [it, fresh] = m_siteIndex.try_emplace(key, static_cast<uint32_t>(m_sites.size()));
    if (fresh) m_sites.push_back(Site{kind, range});
    m_siteCache[(key * 0x9E3779B97F4A7C15ull) >> 56] = {key, it->second};
    return it->second;
}

void AccessEventLog::widenStatements(uint32_t site) {
    // room for twice the sites
    const uint32_t cap = std::max<uint32_t>(16, 2 * (site + 1));
    const uint32_t items = static_cast<uint32_t>(m_logs.size());
    std::vector<uint32_t> wider(size_t(items) * cap, 0);
    for (uint32_t i = 0; i < items && m_stmtCap; ++i)
        std::copy_n(m_occ.begin() + size_t(i) * m_stmtCap, m_stmtCap,
                    wider.begin() + size_t(i) * cap);
    m_occ = std::move(wider);
    m_stmtCap = cap;
    m_stmtTouched.resize(cap, 0);
}

void AccessEventLog::clear() {
    for (auto& log : m_logs)
        log.clear();
    m_branchSeq = 0;
    for (uint32_t site : m_touchedStmts) {
        m_stmtTouched[site] = 0;
        for (size_t lid = 0; lid < m_logs.size(); ++lid)
            m_occ[lid * m_stmtCap + site] = 0;
    }
    m_touchedStmts.clear();
    ++m_version;
}

} // namespace clstep
