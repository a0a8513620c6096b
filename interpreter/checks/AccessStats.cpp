#include "checks/AccessStats.h"

#include "frontend/Ast.h"
#include "runtime/Address.h"
#include "runtime/KernelRun.h"
#include "runtime/Memory.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace clstep {

namespace {

uint64_t siteKey(const SourceRange& r) {
    return (uint64_t(r.begin.file) << 48) | (uint64_t(r.begin.line & 0xFFFFFF) << 24) |
           (r.begin.column & 0xFFFFFF);
}

const char* spaceName(AddressSpace s) {
    switch (s) {
    case AddressSpace::Global:
        return "global";
    case AddressSpace::Local:
        return "local";
    case AddressSpace::Constant:
        return "constant";
    default:
        return "private";
    }
}

} // namespace

uint32_t AccessStats::linearId(const WorkItem& wi) const {
    return static_cast<uint32_t>(
        wi.localId(0) + wi.localSize(0) * (wi.localId(1) + wi.localSize(1) * wi.localId(2)));
}

uint32_t AccessStats::occurrence(uint64_t site, uint32_t lid) {
    return m_occurrences[Key{site, lid}]++;
}

uint32_t AccessStats::subGroupLanes(uint32_t subGroup) const {
    const uint32_t first = subGroup * m_options.subGroupSize;
    return std::min(m_options.subGroupSize, m_groupItems - first);
}

void AccessStats::onWorkGroupBegin(WorkGroup& g) {
    // the last work-group of a dimension may be smaller than `local` (spec 3.2.1)
    const NDRange& r = g.kernelRun().range();
    uint64_t items = 1;
    for (int d = 0; d < 3; ++d)
        items *= std::min(r.local[d], r.global[d] - g.groupId()[d] * r.local[d]);
    m_groupItems = static_cast<uint32_t>(items);
    m_lastSplit.clear();
}

void AccessStats::onWorkGroupEnd(WorkGroup&) {
    flush();
}

void AccessStats::onBarrier(WorkGroup&, uint32_t) {
    flush();
}

void AccessStats::onMemoryAccess(const MemoryAccess& a) {
    const AddressSpace space = address::space(a.address);
    if (space == AddressSpace::Private || a.asyncCopy || !a.workItem || !a.buffer) return;
    const uint32_t lid = linearId(*a.workItem);
    const uint64_t site = siteKey(a.site);
    const uint32_t sg = lid / m_options.subGroupSize;
    const uint32_t occ = occurrence(site, lid);
    Pending& p = m_pending[Key{site, (uint64_t(sg) << 32) | occ}];
    if (p.lanes.empty()) {
        p.file = a.site.begin.file;
        p.line = a.site.begin.line;
        p.subGroup = sg;
        p.buffer = &a.buffer->name;
    }
    p.lanes.push_back(Lane{a.address, a.size});
}

void AccessStats::onStatement(const WorkItem& wi, const ast::Stmt& stmt) {
    // Compound statements are only braces: no lane-slot is spent on them.
    if (stmt.kind == ast::StmtKind::Compound) return;
    const uint32_t lid = linearId(wi);
    const uint64_t site = reinterpret_cast<uintptr_t>(&stmt);
    const uint32_t sg = lid / m_options.subGroupSize;
    const uint32_t occ = occurrence(site, lid);
    PendingStmt& p = m_statements[Key{site, (uint64_t(sg) << 32) | occ}];
    p.stmt = &stmt;
    p.subGroup = sg;
    ++p.lanes;
}

void AccessStats::onBranch(const WorkItem& wi, const SourceRange& site, int64_t outcome) {
    const uint32_t lid = linearId(wi);
    // branch sites share the occurrence table with accesses: tag them apart
    const uint64_t key = siteKey(site) ^ (uint64_t(1) << 63);
    const uint32_t sg = lid / m_options.subGroupSize;
    const uint32_t occ = occurrence(key, lid);
    auto [it, fresh] = m_branches.try_emplace(Key{key, (uint64_t(sg) << 32) | occ});
    PendingBranch& p = it->second;
    if (fresh) {
        p.file = site.begin.file;
        p.line = site.begin.line;
        p.first = outcome;
    } else if (p.first != outcome && !p.mixed) {
        p.mixed = true;
        m_lastSplit[sg] = site;
    }
}

void AccessStats::finishLocal(const Pending& p, AccessStatsRecord& r) const {
    // (bank, word) pairs; a word is identified by buffer and word index.
    std::vector<std::pair<uint32_t, uint64_t>> words;
    const uint64_t w = m_options.bankWidth;
    for (const Lane& l : p.lanes) {
        const uint64_t off = address::offset(l.address);
        const uint64_t buf = address::buffer(l.address);
        for (uint64_t word = off / w; word <= (off + l.size - 1) / w; ++word)
            words.emplace_back(static_cast<uint32_t>(word % m_options.banks), (buf << 40) | word);
    }
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    uint64_t degree = 0, run = 0;
    for (size_t i = 0; i < words.size(); ++i) {
        run = (i > 0 && words[i].first == words[i - 1].first) ? run + 1 : 1;
        degree = std::max(degree, run);
    }
    r.worst = std::max(r.worst, degree);
    r.sum += degree;
}

void AccessStats::finishGlobal(const Pending& p, AccessStatsRecord& r) const {
    std::vector<uint64_t> segments;
    std::vector<std::pair<uint64_t, uint64_t>> bytes; // distinct requested byte ranges
    const uint64_t s = m_options.segmentBytes;
    for (const Lane& l : p.lanes) {
        const uint64_t off = address::offset(l.address);
        const uint64_t buf = address::buffer(l.address);
        for (uint64_t seg = off / s; seg <= (off + l.size - 1) / s; ++seg)
            segments.push_back((buf << 40) | seg);
        bytes.emplace_back(l.address, l.address + l.size);
    }
    std::sort(segments.begin(), segments.end());
    segments.erase(std::unique(segments.begin(), segments.end()), segments.end());
    std::sort(bytes.begin(), bytes.end());
    uint64_t requested = 0, end = 0;
    for (const auto& [b, e] : bytes) {
        const uint64_t from = std::max(b, end);
        if (e > from) requested += e - from;
        end = std::max(end, e);
    }
    r.worst = std::max<uint64_t>(r.worst, segments.size());
    r.sum += segments.size();
    r.bytesRequested += requested;
    r.bytesMoved += segments.size() * s;
}

void AccessStats::flush() {
    accumulate(m_records, m_divergence);
    m_pending.clear();
    m_branches.clear();
    m_statements.clear();
    m_occurrences.clear();
}

void AccessStats::accumulate(RecordMap& records, DivergenceMap& divergence) const {
    for (const auto& [key, p] : m_pending) {
        const AddressSpace space = address::space(p.lanes.front().address);
        AccessStatsRecord& r =
            records[{p.file, p.line, static_cast<int>(space), p.buffer ? *p.buffer : ""}];
        if (!r.accesses) {
            r.file = p.file;
            r.line = p.line;
            r.space = space;
            r.buffer = p.buffer ? *p.buffer : "";
        }
        ++r.accesses;
        r.laneAccesses += p.lanes.size();
        if (space == AddressSpace::Local)
            finishLocal(p, r);
        else
            finishGlobal(p, r);
    }
    for (const auto& [key, b] : m_branches) {
        DivergenceRecord& d = divergence[{b.file, b.line}];
        d.file = b.file;
        d.line = b.line;
        ++d.branches;
        if (b.mixed) ++d.splits;
    }
    for (const auto& [key, s] : m_statements) {
        const SourceRange& range = s.stmt->range;
        DivergenceRecord& d = divergence[{range.begin.file, range.begin.line}];
        d.file = range.begin.file;
        d.line = range.begin.line;
        ++d.executions;
        d.maskedSlots += subGroupLanes(s.subGroup) - std::min(s.lanes, subGroupLanes(s.subGroup));
    }
}

std::vector<AccessStatsRecord> AccessStats::accessRecords() const {
    RecordMap records = m_records;
    DivergenceMap divergence;
    accumulate(records, divergence);
    std::vector<AccessStatsRecord> out;
    out.reserve(records.size());
    for (const auto& [k, r] : records)
        out.push_back(r);
    return out;
}

std::vector<DivergenceRecord> AccessStats::divergenceRecords() const {
    RecordMap records;
    DivergenceMap divergence = m_divergence;
    accumulate(records, divergence);
    std::vector<DivergenceRecord> out;
    for (const auto& [k, d] : divergence)
        if (d.branches || d.maskedSlots) out.push_back(d);
    return out;
}

nlohmann::json AccessStats::toJson() const {
    nlohmann::json j;
    j["options"] = {{"subGroupSize", m_options.subGroupSize},
                    {"banks", m_options.banks},
                    {"bankWidth", m_options.bankWidth},
                    {"segmentBytes", m_options.segmentBytes}};
    nlohmann::json acc = nlohmann::json::array();
    for (const AccessStatsRecord& r : accessRecords()) {
        nlohmann::json e = {{"line", r.line},
                            {"space", spaceName(r.space)},
                            {"buffer", r.buffer},
                            {"accesses", r.accesses},
                            {"laneAccesses", r.laneAccesses}};
        if (r.space == AddressSpace::Local) {
            e["worstConflictDegree"] = r.worst;
            e["meanConflictDegree"] = r.mean();
        } else {
            e["worstSegments"] = r.worst;
            e["meanSegments"] = r.mean();
            e["bytesRequested"] = r.bytesRequested;
            e["bytesMoved"] = r.bytesMoved;
            e["efficiency"] = r.efficiency();
        }
        acc.push_back(std::move(e));
    }
    j["accesses"] = std::move(acc);
    nlohmann::json div = nlohmann::json::array();
    for (const DivergenceRecord& d : divergenceRecords())
        div.push_back({{"line", d.line},
                       {"branches", d.branches},
                       {"splits", d.splits},
                       {"executions", d.executions},
                       {"maskedLaneSlots", d.maskedSlots}});
    j["divergence"] = std::move(div);
    return j;
}

std::string AccessStats::table() const {
    std::ostringstream o;
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "access statistics (sub-group %u, %u banks x %u bytes, %u-byte segments)\n",
                  m_options.subGroupSize, m_options.banks, m_options.bankWidth,
                  m_options.segmentBytes);
    o << buf;
    std::snprintf(buf, sizeof buf, "%6s  %-8s %-14s %10s %10s  %s\n", "line", "space", "buffer",
                  "sg-access", "lane-acc", "conflict degree / segments (worst, mean), efficiency");
    o << buf;
    for (const AccessStatsRecord& r : accessRecords()) {
        std::snprintf(buf, sizeof buf, "%6u  %-8s %-14s %10llu %10llu  ", r.line,
                      spaceName(r.space), r.buffer.c_str(), (unsigned long long)r.accesses,
                      (unsigned long long)r.laneAccesses);
        o << buf;
        if (r.space == AddressSpace::Local)
            std::snprintf(buf, sizeof buf, "%llu-way worst, %.2f mean\n",
                          (unsigned long long)r.worst, r.mean());
        else
            std::snprintf(buf, sizeof buf, "%llu segments worst, %.2f mean, %.0f%% efficient\n",
                          (unsigned long long)r.worst, r.mean(), 100.0 * r.efficiency());
        o << buf;
    }
    const std::vector<DivergenceRecord> div = divergenceRecords();
    if (!div.empty()) {
        std::snprintf(buf, sizeof buf, "%6s  %10s %8s %12s %14s\n", "line", "branches", "splits",
                      "executions", "masked slots");
        o << "divergence\n" << buf;
        for (const DivergenceRecord& d : div) {
            std::snprintf(buf, sizeof buf, "%6u  %10llu %8llu %12llu %14llu\n", d.line,
                          (unsigned long long)d.branches, (unsigned long long)d.splits,
                          (unsigned long long)d.executions, (unsigned long long)d.maskedSlots);
            o << buf;
        }
    }
    return o.str();
}

} // namespace clstep
