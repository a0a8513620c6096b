#include "checks/AccessStats.h"

#include "core/Address.h"
#include "frontend/Ast.h"
#include "runtime/KernelRun.h"
#include "runtime/Memory.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>

namespace clstep {

/// Scratch space and record lookups of one accumulate() pass over the pending events.
struct AccessStats::Pass {
    Pass(RecordMap& r, DivergenceMap& d, Splits& s) : records(r), divergence(d), splits(s) {}
    RecordMap& records;
    DivergenceMap& divergence;
    Splits& splits;
    std::vector<Lane> lanes;  ///< of the sub-group execution being added
    std::vector<Event> block; ///< [lane * width + i]: a block of the lanes' logs
    std::vector<size_t> have; ///< [lane]: events in the block
    /// Events after the lanes went different ways, keyed by site << 32 | occurrence.
    std::vector<std::pair<uint64_t, const Event*>> keyed;
    std::vector<uint32_t> occ, laneOcc; ///< [site]: executions before them, of one lane
    std::vector<std::pair<uint32_t, uint64_t>> words; ///< finishLocal, unordered words
    /// finishLocal, ordered words: per bank, the execution (stamp) that last touched it, its
    /// last word and the distinct words of that execution
    std::vector<uint64_t> bankStamp, bankWord;
    std::vector<uint32_t> bankWords;
    uint64_t stamp = 0;
    std::vector<uint64_t> segments;                   ///< finishGlobal, unsorted lanes
    std::vector<std::pair<uint64_t, uint64_t>> bytes; ///< finishGlobal, unsorted lanes
    /// Per site: the record of its latest execution (buffer) and its line's
    /// divergence record.
    struct Cached {
        uint64_t buffer = 0; ///< address >> address::kBufferShift (space and buffer)
        AccessStatsRecord* record = nullptr;
        DivergenceRecord* divergence = nullptr;
    };
    std::vector<Cached> cached;
};

namespace {

uint32_t log2Exact(uint32_t n) {
    if (n == 0 || (n & (n - 1)) != 0) return ~0u;
    uint32_t s = 0;
    while ((1u << s) < n)
        ++s;
    return s;
}

} // namespace

AccessStats::AccessStats(const AccessStatsOptions& options) : m_options(options) {
    if (m_options.subGroupSize == 0) m_options.subGroupSize = 1;
    if (m_options.banks == 0) m_options.banks = 1;
    if (m_options.bankWidth == 0) m_options.bankWidth = 1;
    if (m_options.segmentBytes == 0) m_options.segmentBytes = 1;
    m_sgShift = log2Exact(m_options.subGroupSize);
    m_segShift = log2Exact(m_options.segmentBytes);
    m_bankShift = log2Exact(m_options.bankWidth);
    m_banksMask = log2Exact(m_options.banks) != kNoShift ? m_options.banks - 1 : 0;
}

uint32_t AccessStats::linearId(const WorkItem& wi) {
    return static_cast<uint32_t>(wi.localLinearId());
}

uint32_t AccessStats::subGroupLanes(uint32_t subGroup) const {
    const uint32_t first = subGroup * m_options.subGroupSize;
    return std::min(m_options.subGroupSize, m_groupItems - first);
}

void AccessStats::onRunBegin(KernelRun& run) {
    const NDRange& r = run.range();
    const uint64_t items = r.local[0] * r.local[1] * r.local[2];
    m_subGroups =
        static_cast<uint32_t>((items + m_options.subGroupSize - 1) / m_options.subGroupSize);
    m_items = static_cast<uint32_t>(items);
    m_run = &run;
    m_log.reset(m_items);
    m_siteCap = 0;
    m_occ.clear();
    std::fill(m_stmtTouched.begin(), m_stmtTouched.end(), 0);
    m_touchedStmts.clear();
}

void AccessStats::onRunEnd(KernelRun&) {
    flush();
    if (m_parent) m_parent->merge(*this);
}

void AccessStats::onRunDiscarded(KernelRun&) {
    m_records.clear();
    m_divergence.clear();
    m_lastSplit.clear();
    m_byteCosts.clear();
    m_log.clear();
}

std::unique_ptr<ExecutionObserver> AccessStats::forThread() {
    auto copy = std::make_unique<AccessStats>(m_options);
    copy->m_parent = this;
    return copy;
}

void AccessStats::merge(const AccessStats& other) {
    for (const auto& [key, r] : other.m_records) {
        auto [it, fresh] = m_records.try_emplace(key, r);
        if (fresh) continue;
        AccessStatsRecord& m = it->second;
        m.accesses += r.accesses;
        m.laneAccesses += r.laneAccesses;
        m.worst = std::max(m.worst, r.worst);
        m.sum += r.sum;
        m.bytesRequested += r.bytesRequested;
        m.bytesMoved += r.bytesMoved;
    }
    for (const auto& [key, d] : other.m_divergence) {
        auto [it, fresh] = m_divergence.try_emplace(key, d);
        if (fresh) continue;
        DivergenceRecord& m = it->second;
        m.branches += d.branches;
        m.splits += d.splits;
        m.executions += d.executions;
        m.maskedSlots += d.maskedSlots;
    }
    for (const auto& [base, costs] : other.m_byteCosts) {
        std::vector<uint32_t>& mine = m_byteCosts[base];
        if (mine.size() < costs.size()) mine.resize(costs.size(), 0);
        for (size_t i = 0; i < costs.size(); ++i)
            mine[i] = std::max(mine[i], costs[i]);
    }
    m_log.touch();
}

void AccessStats::onWorkGroupBegin(WorkGroup& g) {
    if (m_subGroups == 0) onRunBegin(g.kernelRun());
    // the last work-group of a dimension may be smaller than `local` (spec 3.2.1)
    const NDRange& r = g.kernelRun().range();
    uint64_t items = 1;
    for (int d = 0; d < 3; ++d)
        items *= std::min(r.local[d], r.global[d] - g.groupId()[d] * r.local[d]);
    m_groupItems = static_cast<uint32_t>(items);
    m_group = &g;
    m_lastSplit.clear();
    m_log.touch();
}

void AccessStats::onWorkGroupEnd(WorkGroup&) {
    flush();
    m_group = nullptr;
}

void AccessStats::onBarrier(WorkGroup&, uint32_t) {
    flush();
}

void AccessStats::onMemoryAccess(const MemoryAccess& a) {
    const AddressSpace space = address::space(a.address);
    if (space == AddressSpace::Private || a.asyncCopy || !a.workItem || !a.buffer || !a.size)
        return;
    // the event the memory port appends itself for an in-place access (DirectPort)
    m_log.appendAccess(linearId(*a.workItem), a.address, a.size, a.site);
}

void AccessStats::onStatement(const WorkItem& wi, const ast::Stmt& stmt) {
    // Compound statements are only braces: no lane-slot is spent on them.
    if (stmt.kind == ast::StmtKind::Compound) return;
    const uint32_t lid = linearId(wi);
    if (lid >= m_items) return;
    const uint32_t site = m_log.siteIndex(reinterpret_cast<uintptr_t>(&stmt) | (uint64_t(1) << 62),
                                          SiteKind::Statement, stmt.range);
    if (site >= m_stmtTouched.size()) m_stmtTouched.resize(m_log.siteCount(), 0);
    if (site >= m_siteCap) {
        // re-lay the counters out with room for twice the sites
        const uint32_t cap = std::max<uint32_t>(16, 2 * (site + 1));
        std::vector<uint32_t> wider(size_t(m_items) * cap, 0);
        for (uint32_t i = 0; i < m_items && m_siteCap; ++i)
            std::copy_n(m_occ.begin() + size_t(i) * m_siteCap, m_siteCap,
                        wider.begin() + size_t(i) * cap);
        m_occ = std::move(wider);
        m_siteCap = cap;
    }
    if (m_occ[size_t(lid) * m_siteCap + site]++ == 0 && !m_stmtTouched[site]) {
        m_stmtTouched[site] = 1;
        m_touchedStmts.push_back(site);
    }
    m_log.touch();
}

void AccessStats::onBranch(const WorkItem& wi, const SourceRange& site, int64_t outcome) {
    const uint32_t lid = linearId(wi);
    if (lid >= m_items) return;
    m_log.appendBranch(lid, outcome, site, ++m_seq);
}

void AccessStats::finishLocal(const std::vector<Lane>& lanes, AccessStatsRecord& r,
                              Pass& pass) const {
    const uint64_t w = m_options.bankWidth;
    {
        // Lanes in address order whose words come in increasing order (the common case: no
        // two lanes' accesses overlap partially): each bank sees its words in order, so its
        // distinct words are counted as they come, without the sort below.
        if (pass.bankStamp.size() != m_options.banks) {
            pass.bankStamp.assign(m_options.banks, 0);
            pass.bankWord.assign(m_options.banks, 0);
            pass.bankWords.assign(m_options.banks, 0);
        }
        const uint64_t stamp = ++pass.stamp;
        uint64_t degree = 0, last = 0;
        bool ordered = true;
        for (const Lane& l : lanes) {
            const uint64_t off = address::offset(l.address);
            const uint64_t buf = address::buffer(l.address);
            const uint64_t lastWord = m_bankShift != kNoShift ? (off + l.size - 1) >> m_bankShift
                                                              : (off + l.size - 1) / w;
            for (uint64_t word = m_bankShift != kNoShift ? off >> m_bankShift : off / w;
                 word <= lastWord; ++word) {
                const uint64_t key = (buf << 40) | word;
                if (key < last) {
                    ordered = false;
                    break;
                }
                last = key;
                const uint32_t bank = static_cast<uint32_t>(m_banksMask ? word & m_banksMask
                                                                        : word % m_options.banks);
                if (pass.bankStamp[bank] != stamp) {
                    pass.bankStamp[bank] = stamp;
                    pass.bankWord[bank] = key;
                    pass.bankWords[bank] = 1;
                    degree = std::max<uint64_t>(degree, 1);
                } else if (pass.bankWord[bank] != key) {
                    pass.bankWord[bank] = key;
                    degree = std::max<uint64_t>(degree, ++pass.bankWords[bank]);
                }
            }
            if (!ordered) break;
        }
        if (ordered) {
            r.worst = std::max(r.worst, degree);
            r.sum += degree;
            if (m_options.byteCosts) noteCost(lanes, degree);
            return;
        }
    }
    // (bank, word) pairs; a word is identified by buffer and word index.
    std::vector<std::pair<uint32_t, uint64_t>>& words = pass.words;
    words.clear();
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
    updatePending(); // evaluates (and notes the costs of) the pending sub-group accesses
    auto it = m_byteCosts.find(base);
    if (it == m_byteCosts.end()) return {};
    std::vector<uint32_t> out(it->second.begin(),
                              it->second.begin() +
                                  static_cast<long>(std::min<uint64_t>(size, it->second.size())));
    out.resize(size, 0);
    return out;
}

void AccessStats::finishGlobal(const std::vector<Lane>& lanes, AccessStatsRecord& r,
                               Pass& pass) const {
    const uint64_t s = m_options.segmentBytes;
    const uint32_t shift = m_segShift;
    auto segmentOf = [s, shift](uint64_t off) {
        return shift != kNoShift ? off >> shift : off / s;
    };
    {
        // lanes in address order (the common case): segment keys and byte ranges arrive in
        // order, so distinct segments and requested bytes need no sort
        uint64_t count = 0, last = 0, requested = 0, end = 0, previous = 0;
        bool sorted = true;
        for (const Lane& l : lanes) {
            if (l.address < previous) {
                sorted = false;
                break;
            }
            previous = l.address;
            const uint64_t off = address::offset(l.address);
            const uint64_t buf = address::buffer(l.address);
            const uint64_t lastSeg = segmentOf(off + l.size - 1);
            for (uint64_t seg = segmentOf(off); seg <= lastSeg; ++seg) {
                const uint64_t key = (buf << 40) | seg;
                if (count == 0 || key != last) ++count;
                last = key;
            }
            const uint64_t from = std::max(l.address, end);
            if (l.address + l.size > from) requested += l.address + l.size - from;
            end = std::max(end, l.address + l.size);
        }
        if (sorted) {
            r.worst = std::max<uint64_t>(r.worst, count);
            r.sum += count;
            if (m_options.byteCosts) noteCost(lanes, count);
            r.bytesRequested += requested;
            r.bytesMoved += count * s;
            return;
        }
    }
    std::vector<uint64_t>& segments = pass.segments;
    std::vector<std::pair<uint64_t, uint64_t>>& bytes = pass.bytes; // requested byte ranges
    segments.clear();
    bytes.clear();
    for (const Lane& l : lanes) {
        const uint64_t off = address::offset(l.address);
        const uint64_t buf = address::buffer(l.address);
        const uint64_t lastSeg = segmentOf(off + l.size - 1);
        for (uint64_t seg = segmentOf(off); seg <= lastSeg; ++seg)
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
    Splits splits;
    accumulate(m_records, m_divergence, splits);
    for (uint32_t sg = 0; sg < splits.size(); ++sg)
        if (splits[sg].first) m_lastSplit[sg] = m_log.site(splits[sg].second).range;
    m_log.clear();
    m_seq = 0;
    for (uint32_t site : m_touchedStmts) {
        m_stmtTouched[site] = 0;
        for (uint32_t lid = 0; lid < m_items; ++lid)
            m_occ[size_t(lid) * m_siteCap + site] = 0;
    }
    m_touchedStmts.clear();
}

void AccessStats::accumulate(RecordMap& records, DivergenceMap& divergence, Splits& splits) const {
    splits.assign(m_subGroups, {0, 0});
    Pass pass{records, divergence, splits};
    pass.cached.resize(m_log.siteCount());
    for (uint32_t sg = 0; sg < m_subGroups; ++sg)
        accumulateSubGroup(sg, pass);
    // Statements: sub-group executions of an occurrence are the lanes' k-th executions, so a
    // sub-group executed a statement as often as its busiest lane did, and the lane-slots
    // masked are the lanes that did not take part in each of those executions.
    const uint32_t size = m_options.subGroupSize;
    for (uint32_t site : m_touchedStmts) {
        DivergenceRecord& d =
            divergence[{m_log.site(site).range.begin.file, m_log.site(site).range.begin.line}];
        d.file = m_log.site(site).range.begin.file;
        d.line = m_log.site(site).range.begin.line;
        for (uint32_t sg = 0; sg < m_subGroups; ++sg) {
            uint64_t used = 0, total = 0;
            const uint32_t end = std::min(m_items, (sg + 1) * size);
            for (uint32_t lid = sg * size; lid < end; ++lid) {
                const uint32_t n = m_occ[size_t(lid) * m_siteCap + site];
                used = std::max<uint64_t>(used, n);
                total += n;
            }
            if (!used) continue;
            d.executions += used;
            d.maskedSlots += used * subGroupLanes(sg) - total;
        }
    }
}

void AccessStats::accumulateSubGroup(uint32_t sg, Pass& pass) const {
    const uint32_t size = m_options.subGroupSize;
    const uint32_t first = sg * size, end = std::min(m_items, first + size);
    uint32_t longest = first;
    for (uint32_t lid = first; lid < end; ++lid)
        if (m_log.log(lid).size() > m_log.log(longest).size()) longest = lid;
    const std::vector<Event>& ref = m_log.log(longest);
    // Below position `common`, every lane that got to position j of its log did the same
    // site there (the lanes did the same accesses and branches in the same order, some
    // perhaps not yet all of them), so event j of each lane is the same occurrence of the
    // same site. Each log is first read in order (which the hardware prefetches), then the
    // lanes are read across in blocks of `width` events per lane, each block copied at once:
    // the logs lie at nearly power-of-two distances, and reading them across event by event
    // would keep evicting one another from the same cache sets.
    size_t common = ref.size();
    for (uint32_t lid = first; lid < end; ++lid) {
        const std::vector<Event>& log = m_log.log(lid);
        const size_t n = std::min(log.size(), common);
        for (size_t i = 0; i < n; ++i)
            if (log[i].site != ref[i].site) {
                common = i;
                break;
            }
    }
    const uint32_t lanes = end - first;
    const size_t width = std::max<size_t>(4, 512 / size);
    std::vector<Event>& block = pass.block;
    std::vector<size_t>& have = pass.have; // events of each lane in the block
    block.resize(size_t(lanes) * width);
    have.resize(lanes);
    size_t j = 0;
    for (size_t from = 0; from < common; from += width) {
        const size_t n = std::min(width, common - from);
        for (uint32_t l = 0; l < lanes; ++l) {
            const std::vector<Event>& log = m_log.log(first + l);
            have[l] = log.size() > from ? std::min(n, log.size() - from) : 0;
            if (have[l]) std::copy_n(log.data() + from, have[l], block.data() + l * width);
        }
        for (size_t i = 0; i < n; ++i, ++j) {
            pass.lanes.clear();
            for (uint32_t l = 0; l < lanes; ++l)
                if (i < have[l]) {
                    const Event& e = block[l * width + i];
                    pass.lanes.push_back(Lane{e.value, e.size});
                }
            accumulateExecution(sg, ref[j].site, pass);
        }
    }
    if (common == ref.size()) return;
    // From position j on, lanes went different ways: number each lane's executions of each
    // site (after the j common ones), and group the events by (site, occurrence).
    pass.occ.assign(m_log.siteCount(), 0);
    for (size_t i = 0; i < j; ++i)
        ++pass.occ[ref[i].site];
    pass.laneOcc = pass.occ;
    auto& keyed = pass.keyed;
    keyed.clear();
    for (uint32_t lid = first; lid < end; ++lid) {
        const std::vector<Event>& log = m_log.log(lid);
        for (size_t i = j; i < log.size(); ++i)
            keyed.emplace_back((uint64_t(log[i].site) << 32) | pass.laneOcc[log[i].site]++,
                               &log[i]);
        for (size_t i = j; i < log.size(); ++i)
            pass.laneOcc[log[i].site] = pass.occ[log[i].site];
    }
    // stable: the lanes of one execution stay in lane order
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 0; i < keyed.size();) {
        pass.lanes.clear();
        size_t k = i;
        for (; k < keyed.size() && keyed[k].first == keyed[i].first; ++k)
            pass.lanes.push_back(Lane{keyed[k].second->value, keyed[k].second->size});
        accumulateExecution(sg, static_cast<uint32_t>(keyed[i].first >> 32), pass);
        i = k;
    }
}

const std::string& AccessStats::bufferName(uint64_t address) const {
    static const std::string none;
    Memory* mem = nullptr;
    switch (address::space(address)) {
    case AddressSpace::Local:
        mem = m_group ? &m_group->localMemory() : nullptr;
        break;
    case AddressSpace::Global:
        mem = m_run ? &m_run->globalMemory() : nullptr;
        break;
    case AddressSpace::Constant:
        mem = m_run ? &m_run->constantMemory() : nullptr;
        break;
    default:
        break;
    }
    const Buffer* b = mem ? mem->buffer(address) : nullptr;
    return b ? b->name : none;
}

void AccessStats::accumulateExecution(uint32_t sg, uint32_t site, Pass& pass) const {
    const Site& s = m_log.site(site);
    Pass::Cached& cached = pass.cached[site];
    const std::vector<Lane>& lanes = pass.lanes;
    if (s.kind == SiteKind::Access) {
        const uint64_t address = lanes.front().address;
        const uint64_t buffer = address >> address::kBufferShift; // space and buffer
        if (!cached.record || cached.buffer != buffer) {
            const std::string& name = bufferName(address);
            const AddressSpace space = address::space(address);
            AccessStatsRecord& r = pass.records[{s.range.begin.file, s.range.begin.line,
                                                 static_cast<int>(space), name}];
            r.file = s.range.begin.file;
            r.line = s.range.begin.line;
            r.space = space;
            r.buffer = name;
            cached.record = &r;
            cached.buffer = buffer;
        }
        AccessStatsRecord& r = *cached.record;
        ++r.accesses;
        r.laneAccesses += lanes.size();
        if (r.space == AddressSpace::Local)
            finishLocal(lanes, r, pass);
        else
            finishGlobal(lanes, r, pass);
        return;
    }
    if (!cached.divergence) {
        DivergenceRecord& d = pass.divergence[{s.range.begin.file, s.range.begin.line}];
        d.file = s.range.begin.file;
        d.line = s.range.begin.line;
        cached.divergence = &d;
    }
    ++cached.divergence->branches;
    // Lane: (outcome, number). The lanes split when they disagree; the split was seen when
    // the first lane that disagreed with the first lane to get there got there.
    const Lane* earliest = &lanes.front();
    for (const Lane& l : lanes)
        if (l.size < earliest->size) earliest = &l;
    uint64_t seen = 0;
    for (const Lane& l : lanes)
        if (l.address != earliest->address && (!seen || l.size < seen)) seen = l.size;
    if (!seen) return;
    ++cached.divergence->splits;
    if (seen > pass.splits[sg].first) pass.splits[sg] = {seen, site};
}

void AccessStats::updatePending() const {
    if (m_pendingVersion == m_log.version()) return;
    m_pendingRecords = m_records;
    m_pendingDivergence = m_divergence;
    accumulate(m_pendingRecords, m_pendingDivergence, m_pendingSplits);
    m_pendingVersion = m_log.version();
}

SourceRange AccessStats::lastSplit(uint32_t subGroup) const {
    updatePending();
    if (subGroup < m_pendingSplits.size() && m_pendingSplits[subGroup].first)
        return m_log.site(m_pendingSplits[subGroup].second).range;
    auto it = m_lastSplit.find(subGroup);
    return it == m_lastSplit.end() ? SourceRange{} : it->second;
}

std::vector<AccessStatsRecord> AccessStats::accessRecords() const {
    updatePending();
    std::vector<AccessStatsRecord> out;
    out.reserve(m_pendingRecords.size());
    for (const auto& [k, r] : m_pendingRecords)
        out.push_back(r);
    return out;
}

std::vector<DivergenceRecord> AccessStats::divergenceRecords() const {
    updatePending();
    std::vector<DivergenceRecord> out;
    for (const auto& [k, d] : m_pendingDivergence)
        if (d.branches || d.maskedSlots) out.push_back(d);
    return out;
}

} // namespace clstep
