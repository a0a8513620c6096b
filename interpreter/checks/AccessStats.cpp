#include "checks/AccessStats.h"

#include "core/Address.h"
#include "frontend/Ast.h"
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

AccessStats::AccessStats(const AccessStatsOptions& options) : m_options(options) {
    if (m_options.subGroupSize == 0) m_options.subGroupSize = 1;
    if (m_options.banks == 0) m_options.banks = 1;
    if (m_options.bankWidth == 0) m_options.bankWidth = 1;
    if (m_options.segmentBytes == 0) m_options.segmentBytes = 1;
    if ((m_options.subGroupSize & (m_options.subGroupSize - 1)) == 0)
        while ((1u << m_sgShift) < m_options.subGroupSize)
            ++m_sgShift;
    else
        m_sgShift = kNoShift;
    m_siteCache.fill({~uint64_t(0), 0});
}

uint32_t AccessStats::linearId(const WorkItem& wi) const {
    return static_cast<uint32_t>(wi.localLinearId());
}

uint32_t AccessStats::subGroupLanes(uint32_t subGroup) const {
    const uint32_t first = subGroup * m_options.subGroupSize;
    return std::min(m_options.subGroupSize, m_groupItems - first);
}

uint32_t AccessStats::siteIndex(uint64_t key, SiteKind kind, uint32_t file, uint32_t line) {
    auto& cached = m_siteCache[(key * 0x9E3779B97F4A7C15ull) >> 56];
    if (cached.first == key) return cached.second;
    auto [it, fresh] = m_siteIndex.try_emplace(key, static_cast<uint32_t>(m_sites.size()));
    if (fresh) {
        m_sites.push_back(Site{kind, file, line});
        m_slots.resize(m_sites.size() * m_subGroups);
    }
    cached = {key, it->second};
    return it->second;
}

AccessStats::Slot& AccessStats::slotFor(uint32_t site, uint32_t lid, uint32_t& occ, bool& fresh) {
    if (site >= m_siteCap) {
        // re-lay the counters out with room for twice the sites
        const uint32_t cap = std::max<uint32_t>(16, 2 * (site + 1));
        std::vector<uint32_t> wider(size_t(m_items) * cap, 0);
        for (uint32_t i = 0; i < m_items; ++i)
            std::copy_n(m_occ.begin() + size_t(i) * m_siteCap, m_siteCap,
                        wider.begin() + size_t(i) * cap);
        m_occ = std::move(wider);
        m_siteCap = cap;
    }
    occ = m_occ[size_t(lid) * m_siteCap + site]++;
    const uint32_t index = site * m_subGroups + subGroupOf(lid);
    Slot& slot = m_slots[index];
    fresh = occ >= slot.used; // lanes count densely, so then occ == used
    if (fresh) {
        if (slot.used == 0) m_touched.push_back(index);
        slot.used = occ + 1;
    }
    return slot;
}

void AccessStats::onRunBegin(KernelRun& run) {
    const NDRange& r = run.range();
    const uint64_t items = r.local[0] * r.local[1] * r.local[2];
    m_subGroups =
        static_cast<uint32_t>((items + m_options.subGroupSize - 1) / m_options.subGroupSize);
    m_slots.assign(m_sites.size() * m_subGroups, Slot{});
    m_items = static_cast<uint32_t>(items);
    m_siteCap = 0;
    m_occ.clear();
}

void AccessStats::onWorkGroupBegin(WorkGroup& g) {
    if (m_subGroups == 0) onRunBegin(g.kernelRun());
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
    if (space == AddressSpace::Private || a.asyncCopy || !a.workItem || !a.buffer || !a.size)
        return;
    const uint32_t lid = linearId(*a.workItem);
    if (lid >= m_items) return;
    const uint32_t site =
        siteIndex(siteKey(a.site), SiteKind::Access, a.site.begin.file, a.site.begin.line);
    uint32_t occ = 0;
    bool fresh = false;
    Slot& slot = slotFor(site, lid, occ, fresh);
    const uint32_t size = m_options.subGroupSize;
    if (slot.lanes.size() < size_t(occ + 1) * size) slot.lanes.resize(size_t(occ + 1) * size);
    if (fresh)
        std::fill(slot.lanes.begin() + size_t(occ) * size,
                  slot.lanes.begin() + size_t(occ + 1) * size, LaneAccess{});
    slot.lanes[size_t(occ) * size + (lid - subGroupOf(lid) * size)] =
        LaneAccess{a.address, a.size, &a.buffer->name};
}

void AccessStats::onStatement(const WorkItem& wi, const ast::Stmt& stmt) {
    // Compound statements are only braces: no lane-slot is spent on them.
    if (stmt.kind == ast::StmtKind::Compound) return;
    const uint32_t lid = linearId(wi);
    if (lid >= m_items) return;
    const uint32_t site =
        siteIndex(reinterpret_cast<uintptr_t>(&stmt) | (uint64_t(1) << 62), SiteKind::Statement,
                  stmt.range.begin.file, stmt.range.begin.line);
    uint32_t occ = 0;
    bool fresh = false;
    Slot& slot = slotFor(site, lid, occ, fresh);
    if (slot.counts.size() <= occ) slot.counts.resize(occ + 1);
    if (fresh) slot.counts[occ] = 0;
    ++slot.counts[occ];
}

void AccessStats::onBranch(const WorkItem& wi, const SourceRange& site, int64_t outcome) {
    const uint32_t lid = linearId(wi);
    if (lid >= m_items) return;
    const uint32_t index = siteIndex(siteKey(site) | (uint64_t(1) << 63), SiteKind::Branch,
                                     site.begin.file, site.begin.line);
    uint32_t occ = 0;
    bool fresh = false;
    Slot& slot = slotFor(index, lid, occ, fresh);
    if (slot.first.size() <= occ) {
        slot.first.resize(occ + 1);
        slot.mixed.resize(occ + 1);
    }
    if (fresh) {
        slot.first[occ] = outcome;
        slot.mixed[occ] = 0;
    } else if (slot.first[occ] != outcome && !slot.mixed[occ]) {
        slot.mixed[occ] = 1;
        m_lastSplit[subGroupOf(lid)] = site;
    }
}

void AccessStats::finishLocal(const std::vector<Lane>& lanes, AccessStatsRecord& r) const {
    // (bank, word) pairs; a word is identified by buffer and word index.
    std::vector<std::pair<uint32_t, uint64_t>> words;
    const uint64_t w = m_options.bankWidth;
    for (const Lane& l : lanes) {
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
    if (m_options.byteCosts) noteCost(lanes, degree);
}

void AccessStats::noteCost(const std::vector<Lane>& lanes, uint64_t cost) const {
    const uint32_t c = static_cast<uint32_t>(std::min<uint64_t>(cost, UINT32_MAX));
    for (const Lane& l : lanes) {
        const uint64_t off = address::offset(l.address);
        std::vector<uint32_t>& bytes = m_byteCosts[l.address - off];
        if (bytes.size() < off + l.size) bytes.resize(off + l.size, 0);
        for (uint64_t k = off; k < off + l.size; ++k)
            bytes[k] = std::max(bytes[k], c);
    }
}

std::vector<uint32_t> AccessStats::byteCosts(uint64_t base, uint64_t size) const {
    auto it = m_byteCosts.find(base);
    if (it == m_byteCosts.end()) return {};
    std::vector<uint32_t> out(it->second.begin(),
                              it->second.begin() +
                                  static_cast<long>(std::min<uint64_t>(size, it->second.size())));
    out.resize(size, 0);
    return out;
}

void AccessStats::finishGlobal(const std::vector<Lane>& lanes, AccessStatsRecord& r) const {
    const uint64_t s = m_options.segmentBytes;
    if (std::is_sorted(lanes.begin(), lanes.end(),
                       [](const Lane& a, const Lane& b) { return a.address < b.address; })) {
        // lanes in address order (the common case): segment keys and byte ranges arrive in
        // order, so distinct segments and requested bytes need no sort
        uint64_t count = 0, last = 0, requested = 0, end = 0;
        for (const Lane& l : lanes) {
            const uint64_t off = address::offset(l.address);
            const uint64_t buf = address::buffer(l.address);
            for (uint64_t seg = off / s; seg <= (off + l.size - 1) / s; ++seg) {
                const uint64_t key = (buf << 40) | seg;
                if (count == 0 || key != last) ++count;
                last = key;
            }
            const uint64_t from = std::max(l.address, end);
            if (l.address + l.size > from) requested += l.address + l.size - from;
            end = std::max(end, l.address + l.size);
        }
        r.worst = std::max<uint64_t>(r.worst, count);
        r.sum += count;
        if (m_options.byteCosts) noteCost(lanes, count);
        r.bytesRequested += requested;
        r.bytesMoved += count * s;
        return;
    }
    std::vector<uint64_t> segments;
    std::vector<std::pair<uint64_t, uint64_t>> bytes; // requested byte ranges
    for (const Lane& l : lanes) {
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
    if (m_options.byteCosts) noteCost(lanes, segments.size());
    r.bytesRequested += requested;
    r.bytesMoved += segments.size() * s;
}

void AccessStats::flush() {
    accumulate(m_records, m_divergence);
    for (uint32_t index : m_touched)
        m_slots[index].used = 0;
    m_touched.clear();
    std::fill(m_occ.begin(), m_occ.end(), 0);
}

void AccessStats::accumulate(RecordMap& records, DivergenceMap& divergence) const {
    std::vector<Lane> lanes;
    const uint32_t size = m_options.subGroupSize;
    for (uint32_t index : m_touched) {
        const Slot& slot = m_slots[index];
        const Site& site = m_sites[index / m_subGroups];
        const uint32_t sg = index % m_subGroups;
        if (site.kind == SiteKind::Access) {
            AccessStatsRecord* r = nullptr;
            const std::string* lastBuffer = nullptr;
            AddressSpace lastSpace = AddressSpace::Private;
            for (uint32_t occ = 0; occ < slot.used; ++occ) {
                lanes.clear();
                const LaneAccess* first = nullptr;
                for (uint32_t l = 0; l < size; ++l) {
                    const LaneAccess& a = slot.lanes[size_t(occ) * size + l];
                    if (!a.size) continue;
                    if (!first) first = &a;
                    lanes.push_back(Lane{a.address, a.size});
                }
                if (!first) continue;
                const AddressSpace space = address::space(first->address);
                if (!r || first->buffer != lastBuffer || space != lastSpace) {
                    r = &records[{site.file, site.line, static_cast<int>(space), *first->buffer}];
                    lastBuffer = first->buffer;
                    lastSpace = space;
                    r->file = site.file;
                    r->line = site.line;
                    r->space = space;
                    r->buffer = *first->buffer;
                }
                ++r->accesses;
                r->laneAccesses += lanes.size();
                if (space == AddressSpace::Local)
                    finishLocal(lanes, *r);
                else
                    finishGlobal(lanes, *r);
            }
            continue;
        }
        DivergenceRecord& d = divergence[{site.file, site.line}];
        d.file = site.file;
        d.line = site.line;
        if (site.kind == SiteKind::Branch) {
            d.branches += slot.used;
            for (uint32_t occ = 0; occ < slot.used; ++occ)
                d.splits += slot.mixed[occ];
        } else {
            const uint32_t lanesInSubGroup = subGroupLanes(sg);
            d.executions += slot.used;
            for (uint32_t occ = 0; occ < slot.used; ++occ)
                d.maskedSlots += lanesInSubGroup - std::min(slot.counts[occ], lanesInSubGroup);
        }
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
