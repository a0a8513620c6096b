// AccessStats: the statistics as output — the JSON of `clstep-cli run --access-stats --json`
// and the plain-text table (issue 17: one record per source line and address space, then the
// divergence per line).
#include "checks/AccessStats.h"

#include <cstdio>
#include <sstream>

namespace clstep {

namespace {

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
