#pragma once

#include "common/SourceRange.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace clstep {

/// The per-work-item event logs of the access statistics (checks/AccessStats, issue 17):
/// each work-item of the running work-group appends its `__global`, `__local` and
/// `__constant` accesses and its branch outcomes, in execution order, to its own log (indexed
/// by local linear id, spec 3.2.1), and counts its executions of each statement; the owner
/// turns the logs into sub-group executions at each barrier. The sites (access expressions, branch
/// conditions, statements) get dense indexes on first use.
///
/// It lives in runtime/ so that a memory port can append an access it performed in place
/// without building a MemoryAccess and calling the observer (DirectPort with
/// ExecutionObserver::accessEventLog()): the event is the one the observer's onMemoryAccess
/// would append. Not thread-safe: one log per thread's observer.
class AccessEventLog {
public:
    enum class SiteKind : uint8_t { Access, Branch, Statement };
    /// A site: its kind and the first source range registered with its key.
    struct Site {
        SiteKind kind = SiteKind::Access;
        SourceRange range;
    };
    /// One access or branch of one work-item (16 bytes: the logs of a work-group are written
    /// once and read once per barrier).
    struct Event {
        uint64_t value; ///< Access: the encoded address; Branch: the outcome
        uint32_t site;
        /// Access: bytes (at least 1); Branch: the event's number since the last flush.
        uint32_t size;
    };

    AccessEventLog() {
        for (CacheSet& set : m_siteCache)
            set.fill({~uint64_t(0), 0});
    }

    /// The key of the access expression or branch condition starting at `r` (the begin
    /// position: file, line, column); branches are told apart by `branch`.
    static uint64_t rangeKey(const SourceRange& r, bool branch) {
        return (uint64_t(branch) << 63) | (uint64_t(r.begin.file) << 48) |
               (uint64_t(r.begin.line & 0xFFFFFF) << 24) | (r.begin.column & 0xFFFFFF);
    }
    /// Dense index of the site with `key` (registered with `kind` and `range` on first use).
    uint32_t siteIndex(uint64_t key, SiteKind kind, const SourceRange& range) {
        const CacheSet& set = m_siteCache[cacheSet(key)];
        if (set[0].first == key) return set[0].second;
        if (set[1].first == key) return set[1].second;
        return registerSite(key, kind, range);
    }
    /// The site of the statement or branch with program site number `number` (exec::Op::site:
    /// the lowering numbers the statements and branch conditions of a program densely), the
    /// index siteIndex(`key`, `kind`, `range`) gives, which is looked up only on its first
    /// use since reset(): the op loop's events then skip the key's hash. A run lowers one
    /// program, and reset() starts each run.
    uint32_t programSite(uint32_t number, uint64_t key, SiteKind kind, const SourceRange& range) {
        if (number < m_programSites.size())
            if (const uint32_t s = m_programSites[number]; s != kNoSite) return s;
        return registerProgramSite(number, key, kind, range);
    }
    /// Appends an access of `size` bytes (at least 1) at encoded `address` by the expression
    /// at `site`, made by the work-item of local linear id `lid` (ignored when `lid` is
    /// outside the work-group: no log).
    void appendAccess(uint64_t lid, uint64_t address, uint64_t size, const SourceRange& site) {
        if (lid >= m_items) return;
        const uint32_t index = siteIndex(rangeKey(site, false), SiteKind::Access, site);
        m_logs[lid].push_back(
            Event{address, index, static_cast<uint32_t>(size < UINT32_MAX ? size : UINT32_MAX)});
        ++m_version;
    }
    /// Appends a branch outcome (0/1 for a condition, the case index or -1 for a switch) of
    /// the work-item `lid` at condition `site`, numbered with the branch events since the
    /// last clear(), from 1 (Event::size; ignored, and not numbered, when `lid` is outside
    /// the work-group).
    void appendBranch(uint64_t lid, int64_t outcome, const SourceRange& site) {
        if (lid >= m_items) return;
        pushBranch(lid, outcome, siteIndex(rangeKey(site, true), SiteKind::Branch, site));
    }

    /// appendBranch() of the branch with program site number `number` (programSite()).
    void appendBranchAt(uint64_t lid, int64_t outcome, uint32_t number, const SourceRange& site) {
        if (lid >= m_items) return;
        pushBranch(lid, outcome, programSite(number, rangeKey(site, true), SiteKind::Branch, site));
    }

    /// The site key of statement `stmt` (its address: statements are told apart by node).
    static uint64_t statementKey(const void* stmt) {
        return reinterpret_cast<uintptr_t>(stmt) | (uint64_t(1) << 62);
    }
    /// Counts one execution of the statement with key `key` (statementKey(); registered with
    /// `range` on first use) by the work-item of local linear id `lid` (ignored outside the
    /// work-group). The owner counts no compound statement: braces take no component-slot.
    void countStatement(uint64_t lid, uint64_t key, const SourceRange& range) {
        if (lid >= m_items) return;
        countAt(lid, siteIndex(key, SiteKind::Statement, range));
    }
    /// countStatement() of statement `stmt` with program site number `number`
    /// (programSite()).
    void countStatementAt(uint64_t lid, uint32_t number, const void* stmt,
                          const SourceRange& range) {
        if (lid >= m_items) return;
        countAt(lid, programSite(number, statementKey(stmt), SiteKind::Statement, range));
    }
    /// Executions of statement site `site` by work-item `lid` since the last clear() (the
    /// site is one of touchedStatements()).
    uint32_t statementCount(uint32_t lid, uint32_t site) const {
        return m_occ[size_t(site) * m_items + lid];
    }
    /// The statement sites executed since the last clear(), in order of first execution.
    const std::vector<uint32_t>& touchedStatements() const { return m_touchedStmts; }

    /// Makes room for the logs of `items` work-items (all empty, no statement counted).
    void reset(uint32_t items) {
        m_logs.assign(items, {});
        m_items = items;
        m_stmtCap = 0;
        m_occ.clear();
        std::fill(m_stmtTouched.begin(), m_stmtTouched.end(), 0);
        m_touchedStmts.clear();
        m_programSites.clear();
        ++m_version;
    }
    /// Empties every log and statement count (keeps their memory).
    void clear();
    /// Records that the owner's figures changed without an event (version()).
    void touch() { ++m_version; }
    /// Changes with every event and every reset/clear/touch.
    uint64_t version() const { return m_version; }
    /// The log of local linear id `lid`.
    const std::vector<Event>& log(uint32_t lid) const { return m_logs[lid]; }
    /// Number of logs (work-items of a full work-group).
    uint32_t items() const { return m_items; }
    const Site& site(uint32_t index) const { return m_sites[index]; }
    uint32_t siteCount() const { return static_cast<uint32_t>(m_sites.size()); }

private:
    /// Two ways of (key, site index): two hot sites whose keys hash alike (a kernel has
    /// tens of them) would otherwise evict each other on every event.
    using CacheSet = std::array<std::pair<uint64_t, uint32_t>, 2>;
    static size_t cacheSet(uint64_t key) { return (key * 0x9E3779B97F4A7C15ull) >> 56; }
    uint32_t registerSite(uint64_t key, SiteKind kind, const SourceRange& range);
    static constexpr uint32_t kNoSite = ~0u;
    /// Appends branch outcome `outcome` at site `index` to log `lid` (inside the group).
    void pushBranch(uint64_t lid, int64_t outcome, uint32_t index) {
        m_logs[lid].push_back(Event{static_cast<uint64_t>(outcome), index, ++m_branchSeq});
        ++m_version;
    }
    /// Counts one execution of statement site `site` by work-item `lid` (inside the group).
    void countAt(uint64_t lid, uint32_t site) {
        if (site >= m_stmtCap) widenStatements(site);
        if (m_occ[size_t(site) * m_items + lid]++ == 0 && !m_stmtTouched[site])
            touchStatement(site);
        ++m_version;
    }
    /// programSite()'s first use of `number`.
    [[gnu::noinline]] uint32_t registerProgramSite(uint32_t number, uint64_t key, SiteKind kind,
                                                   const SourceRange& range);
    /// Notes statement site `site` as executed since the last clear() (its first count; out
    /// of line, as the other rare paths, so the counting path stays short).
    [[gnu::noinline]] void touchStatement(uint32_t site);
    /// Makes room in the statement counts for at least site `site`.
    void widenStatements(uint32_t site);

    std::unordered_map<uint64_t, uint32_t> m_siteIndex;
    std::array<CacheSet, 256> m_siteCache; ///< set-associative, most recent way first
    std::vector<Site> m_sites;
    std::vector<uint32_t> m_programSites;   ///< [program site number]: site index, or kNoSite
    std::vector<std::vector<Event>> m_logs; ///< [local linear id]: since the last barrier
    uint64_t m_version = 0;
    uint32_t m_branchSeq = 0; ///< branch events since the last clear()
    /// [site * m_items + lid] statement executions (the work-items of a group execute a
    /// statement one after the other under most schedules: adjacent counters)
    std::vector<uint32_t> m_occ;
    std::vector<uint8_t> m_stmtTouched;   ///< [site]: in m_touchedStmts (m_stmtCap of them)
    std::vector<uint32_t> m_touchedStmts; ///< statements executed since the last clear()
    uint32_t m_stmtCap = 0;               ///< sites m_occ has room for
    uint32_t m_items = 0;                 ///< logs (m_logs.size())
};

} // namespace clstep
