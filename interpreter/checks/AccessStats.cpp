#include "checks/AccessStats.h"

#include "core/Address.h"
#include "frontend/Ast.h"
#include "runtime/KernelRun.h"
#include "runtime/Memory.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

#include <algorithm>

namespace clstep {

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

uint32_t AccessStats::linearId(const WorkItem& wi) const {
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
    // Compound statements are only braces: no lane-slot is spent on them (the count the
    // lowered op loop makes itself when this is the lone observer: Evaluator::stepAt).
    if (stmt.kind == ast::StmtKind::Compound) return;
    m_log.countStatement(linearId(wi), AccessEventLog::statementKey(&stmt), stmt.range);
}

void AccessStats::onBranch(const WorkItem& wi, const SourceRange& site, int64_t outcome) {
    const uint32_t lid = linearId(wi);
    if (lid >= m_items) return;
    m_log.appendBranch(lid, outcome, site);
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

void AccessStats::flush() {
    Splits splits;
    accumulate(m_records, m_divergence, splits);
    for (uint32_t sg = 0; sg < splits.size(); ++sg)
        if (splits[sg].first) m_lastSplit[sg] = m_log.site(splits[sg].second).range;
    m_log.clear(); // also restarts the branch numbers and the statement counts
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
