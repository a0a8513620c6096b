// AccessStats: the pending events turned into sub-group executions, and the hardware model
// of each execution (bank conflicts, coalescing, divergence).
#include "checks/AccessStats.h"

#include "core/Address.h"
#include "runtime/KernelRun.h"
#include "runtime/Memory.h"
#include "runtime/WorkGroup.h"

#include <algorithm>

namespace clstep {

/// Scratch space and record lookups of one accumulate() pass over the pending events.
struct AccessStats::Pass {
    Pass(RecordMap& r, DivergenceMap& d, Splits& s) : records(r), divergence(d), splits(s) {}
    RecordMap& records;
    DivergenceMap& divergence;
    Splits& splits;
    std::vector<Event> lanes; ///< of the sub-group execution being added (when not in block)
    std::vector<Event> block; ///< [i * lanes + lane]: a block of the lanes' logs
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
    std::vector<Event> ordered, merged;               ///< finishGlobal, unsorted lanes
    std::vector<size_t> runs;                         ///< finishGlobal: starts of sorted runs
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

uint64_t AccessStats::localDegree(Lanes lanes, Pass& pass) const {
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
        for (const Event& l : lanes) {
            const uint64_t off = address::offset(l.value);
            const uint64_t buf = address::buffer(l.value);
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
        if (ordered) return degree;
    }
    // (bank, word) pairs; a word is identified by buffer and word index.
    std::vector<std::pair<uint32_t, uint64_t>>& words = pass.words;
    words.clear();
    for (const Event& l : lanes) {
        const uint64_t off = address::offset(l.value);
        const uint64_t buf = address::buffer(l.value);
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
    return degree;
}

void AccessStats::finishLocal(uint32_t site, Lanes lanes, AccessStatsRecord& r, Pass& pass) const {
    uint64_t degree;
    std::array<uint64_t, 2>* known =
        costSlot(site, lanes, uint64_t(m_options.banks) * m_options.bankWidth);
    if (known && (*known)[0]) {
        degree = (*known)[0] - 1;
    } else {
        degree = localDegree(lanes, pass);
        if (known) *known = {degree + 1, 0};
    }
    r.worst = std::max(r.worst, degree);
    r.sum += degree;
    if (m_options.byteCosts) noteCost(lanes, degree);
}

std::array<uint64_t, 2>* AccessStats::costSlot(uint32_t site, Lanes lanes, uint64_t period) const {
    if (period == 0 || period > kMaxPatternPeriod) return nullptr;
    const uint64_t base = lanes.front().value;
    if (m_patterns.size() <= site) m_patterns.resize(m_log.siteCount());
    Pattern& p = m_patterns[site];
    // One pass without early exits (the compiler vectorises it): do all lanes lie in lane
    // 0's buffer, and at the stored pattern's offsets and sizes?
    uint64_t otherBuffer = 0;
    bool same = p.lanes.size() == lanes.size();
    if (same) {
        uint64_t differ = 0;
        for (size_t i = 0; i < lanes.size(); ++i) {
            otherBuffer |= (lanes[i].value ^ base) >> address::kBufferShift;
            differ |= (lanes[i].value - base) ^ p.lanes[i].value;
            differ |= lanes[i].size ^ p.lanes[i].size;
        }
        same = differ == 0;
    } else {
        for (const Event& l : lanes)
            otherBuffer |= (l.value ^ base) >> address::kBufferShift;
    }
    if (otherBuffer) return nullptr;
    if (!same) {
        p.lanes.resize(lanes.size());
        for (size_t i = 0; i < lanes.size(); ++i)
            p.lanes[i] = Event{lanes[i].value - base, 0, lanes[i].size};
        p.byPhase.assign(period, {0, 0});
    }
    const uint64_t offset = address::offset(base);
    return &p.byPhase[(period & (period - 1)) == 0 ? offset & (period - 1) : offset % period];
}

void AccessStats::noteCost(Lanes lanes, uint64_t cost) const {
    const uint32_t c = static_cast<uint32_t>(std::min<uint64_t>(cost, UINT32_MAX));
    for (const Event& l : lanes) {
        const uint64_t off = address::offset(l.value);
        std::vector<uint32_t>& bytes = m_byteCosts[l.value - off];
        if (bytes.size() < off + l.size) bytes.resize(off + l.size, 0);
        for (uint64_t k = off; k < off + l.size; ++k)
            bytes[k] = std::max(bytes[k], c);
    }
}

std::pair<uint64_t, uint64_t> AccessStats::globalCost(Lanes lanes, Pass& pass) const {
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
        for (const Event& l : lanes) {
            if (l.value < previous) {
                sorted = false;
                break;
            }
            previous = l.value;
            const uint64_t off = address::offset(l.value);
            const uint64_t buf = address::buffer(l.value);
            const uint64_t lastSeg = segmentOf(off + l.size - 1);
            for (uint64_t seg = segmentOf(off); seg <= lastSeg; ++seg) {
                const uint64_t key = (buf << 40) | seg;
                if (count == 0 || key != last) ++count;
                last = key;
            }
            const uint64_t from = std::max(l.value, end);
            if (l.value + l.size > from) requested += l.value + l.size - from;
            end = std::max(end, l.value + l.size);
        }
        if (sorted) return {count, requested};
    }
    // Lanes in a few runs of increasing addresses in one address space (a sub-group spanning
    // several rows of a 2-D work-group): merged into address order, each lane's segments and
    // bytes are added where they extend the union of the lanes before it. Distinct segment
    // keys and the union of byte ranges are what the sort below finds.
    {
        std::vector<size_t>& runs = pass.runs;
        runs.assign(1, 0);
        const uint64_t spaceBits = lanes.front().value >> address::kSpaceShift;
        bool oneSpace = true;
        for (size_t i = 1; i < lanes.size() && oneSpace; ++i) {
            oneSpace = lanes[i].value >> address::kSpaceShift == spaceBits;
            if (lanes[i].value < lanes[i - 1].value) runs.push_back(i);
        }
        if (oneSpace && runs.size() <= 8) {
            runs.push_back(lanes.size());
            std::vector<Event>& in = pass.ordered;
            std::vector<Event>& out = pass.merged;
            in.assign(lanes.begin(), lanes.end());
            out.resize(in.size());
            auto byAddress = [](const Event& a, const Event& b) { return a.value < b.value; };
            while (runs.size() > 2) { // merge neighbouring runs pairwise
                size_t kept = 0;
                for (size_t k = 0; k + 1 < runs.size(); k += 2) {
                    const size_t from = runs[k], mid = runs[k + 1];
                    const size_t to = k + 2 < runs.size() ? runs[k + 2] : mid;
                    std::merge(in.begin() + long(from), in.begin() + long(mid),
                               in.begin() + long(mid), in.begin() + long(to),
                               out.begin() + long(from), byAddress);
                    runs[kept++] = from;
                }
                runs[kept++] = lanes.size();
                runs.resize(kept);
                in.swap(out);
            }
            uint64_t count = 0, top = 0, requested = 0, end = 0;
            for (const Event& l : in) {
                const uint64_t off = address::offset(l.value);
                const uint64_t buf = address::buffer(l.value);
                const uint64_t firstKey = (buf << 40) | segmentOf(off);
                const uint64_t lastKey = (buf << 40) | segmentOf(off + l.size - 1);
                const uint64_t from = count && top >= firstKey ? top + 1 : firstKey;
                if (lastKey >= from) {
                    count += lastKey - from + 1;
                    top = lastKey;
                }
                const uint64_t begin = std::max(l.value, end);
                if (l.value + l.size > begin) requested += l.value + l.size - begin;
                end = std::max(end, l.value + l.size);
            }
            return {count, requested};
        }
    }
    std::vector<uint64_t>& segments = pass.segments;
    std::vector<std::pair<uint64_t, uint64_t>>& bytes = pass.bytes; // requested byte ranges
    segments.clear();
    bytes.clear();
    for (const Event& l : lanes) {
        const uint64_t off = address::offset(l.value);
        const uint64_t buf = address::buffer(l.value);
        const uint64_t lastSeg = segmentOf(off + l.size - 1);
        for (uint64_t seg = segmentOf(off); seg <= lastSeg; ++seg)
            segments.push_back((buf << 40) | seg);
        bytes.emplace_back(l.value, l.value + l.size);
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
    return {segments.size(), requested};
}

void AccessStats::finishGlobal(uint32_t site, Lanes lanes, AccessStatsRecord& r, Pass& pass) const {
    const uint64_t s = m_options.segmentBytes;
    uint64_t count, requested;
    std::array<uint64_t, 2>* known = costSlot(site, lanes, s);
    if (known && (*known)[0]) {
        count = (*known)[0] - 1;
        requested = (*known)[1];
    } else {
        std::tie(count, requested) = globalCost(lanes, pass);
        if (known) *known = {count + 1, requested};
    }
    r.worst = std::max<uint64_t>(r.worst, count);
    r.sum += count;
    if (m_options.byteCosts) noteCost(lanes, count);
    r.bytesRequested += requested;
    r.bytesMoved += count * s;
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
    for (uint32_t site : m_log.touchedStatements()) {
        DivergenceRecord& d =
            divergence[{m_log.site(site).range.begin.file, m_log.site(site).range.begin.line}];
        d.file = m_log.site(site).range.begin.file;
        d.line = m_log.site(site).range.begin.line;
        for (uint32_t sg = 0; sg < m_subGroups; ++sg) {
            uint64_t used = 0, total = 0;
            const uint32_t end = std::min(m_items, (sg + 1) * size);
            for (uint32_t lid = sg * size; lid < end; ++lid) {
                const uint32_t n = m_log.statementCount(lid, site);
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
    // same site. The lanes are read across in blocks of `width` events per lane, each lane's
    // part of a block copied at once (and compared with the longest log's sites as it is
    // copied: the logs are read once): the logs lie at nearly power-of-two distances, and
    // reading them across event by event would keep evicting one another from the same
    // cache sets.
    size_t common = ref.size();
    const uint32_t lanes = end - first;
    const size_t width = std::max<size_t>(4, 512 / size);
    std::vector<Event>& block = pass.block;
    std::vector<size_t>& have = pass.have; // events of each lane in the block
    block.resize(size_t(lanes) * width);
    have.resize(lanes);
    size_t j = 0;
    for (size_t from = 0; from < common; from += width) {
        // the block holds event i of lane l at [i * lanes + l]: an execution's lanes are
        // adjacent when every lane has the event
        size_t n = std::min(width, common - from);
        const Event* refSrc = ref.data() + from;
        for (uint32_t l = 0; l < lanes; ++l) {
            const std::vector<Event>& log = m_log.log(first + l);
            const size_t count = log.size() > from ? std::min(n, log.size() - from) : 0;
            const Event* src = log.data() + from;
            // the lane's block after next, while this one is processed (32 short runs across the
            // logs are more than the hardware prefetcher follows)
            for (size_t k = 2 * width; k < 3 * width && from + k < log.size(); k += 4)
                __builtin_prefetch(src + k);
            size_t i = 0;
            for (; i < count && src[i].site == refSrc[i].site; ++i)
                block[i * lanes + l] = src[i];
            have[l] = i;
            if (i < count) n = i; // the lanes disagree from here on
        }
        if (n < std::min(width, common - from)) common = from + n;
        bool full = true;
        for (uint32_t l = 0; l < lanes; ++l) {
            have[l] = std::min(have[l], n);
            full = full && have[l] == n;
        }
        for (size_t i = 0; i < n; ++i, ++j) {
            if (full) {
                accumulateExecution(sg, ref[j].site, Lanes(block.data() + i * lanes, lanes), pass);
                continue;
            }
            pass.lanes.clear();
            for (uint32_t l = 0; l < lanes; ++l)
                if (i < have[l]) pass.lanes.push_back(block[i * lanes + l]);
            accumulateExecution(sg, ref[j].site, pass.lanes, pass);
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
            pass.lanes.push_back(*keyed[k].second);
        accumulateExecution(sg, static_cast<uint32_t>(keyed[i].first >> 32), pass.lanes, pass);
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
    return b ? b->name() : none;
}

void AccessStats::accumulateExecution(uint32_t sg, uint32_t site, Lanes lanes, Pass& pass) const {
    const Site& s = m_log.site(site);
    Pass::Cached& cached = pass.cached[site];
    if (s.kind == SiteKind::Access) {
        const uint64_t address = lanes.front().value;
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
            finishLocal(site, lanes, r, pass);
        else
            finishGlobal(site, lanes, r, pass);
        return;
    }
    if (!cached.divergence) {
        DivergenceRecord& d = pass.divergence[{s.range.begin.file, s.range.begin.line}];
        d.file = s.range.begin.file;
        d.line = s.range.begin.line;
        cached.divergence = &d;
    }
    ++cached.divergence->branches;
    // Event: (outcome, number). The lanes split when they disagree; the split was seen when
    // the first lane that disagreed with the first lane to get there got there.
    const Event* earliest = &lanes.front();
    for (const Event& l : lanes)
        if (l.size < earliest->size) earliest = &l;
    uint64_t seen = 0;
    for (const Event& l : lanes)
        if (l.value != earliest->value && (!seen || l.size < seen)) seen = l.size;
    if (!seen) return;
    ++cached.divergence->splits;
    if (seen > pass.splits[sg].first) pass.splits[sg] = {seen, site};
}

} // namespace clstep
