#include "launch/RunSummary.h"

namespace clstep::launch {

namespace {

/// "1 launch", "3 launches".
std::string plural(uint64_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

template <typename T>
T field(const nlohmann::json& j, const char* key, T fallback) {
    if (!j.is_object()) return fallback;
    auto it = j.find(key);
    if (it == j.end()) return fallback;
    if constexpr (std::is_same_v<T, std::string>) {
        return it->is_string() ? it->template get<std::string>() : fallback;
    } else {
        return it->is_number_unsigned() || it->is_number_integer() ? it->template get<T>()
                                                                   : fallback;
    }
}

} // namespace

void RunSummary::addLaunch(const std::string& kernel, uint32_t launch,
                           const nlohmann::json& reported) {
    KernelTotal* k = nullptr;
    for (KernelTotal& t : m_kernels)
        if (t.kernel == kernel) k = &t;
    if (!k) {
        m_kernels.push_back({kernel, 0, {}});
        k = &m_kernels.back();
    }
    ++k->launches;
    if (!reported.is_array()) return;
    for (const nlohmann::json& d : reported) {
        const std::string kind = field<std::string>(d, "kind", "");
        KindTotal* t = nullptr;
        for (KindTotal& x : k->kinds)
            if (x.kind == kind) t = &x;
        if (!t) {
            KindTotal first;
            first.kind = kind;
            first.severity = field<std::string>(d, "severity", "error");
            first.file = field<std::string>(d, "file", "");
            first.line = field<uint32_t>(d, "line", 0);
            first.column = field<uint32_t>(d, "column", 0);
            first.launch = launch;
            k->kinds.push_back(std::move(first));
            t = &k->kinds.back();
        }
        ++t->reports;
        t->occurrences += field<uint64_t>(d, "count", 1);
        // An error of a kind whose first report was a warning makes the kind an error.
        if (field<std::string>(d, "severity", "") == "error") t->severity = "error";
    }
}

uint64_t RunSummary::launches() const {
    uint64_t n = 0;
    for (const KernelTotal& k : m_kernels)
        n += k.launches;
    return n;
}

uint64_t RunSummary::reports() const {
    uint64_t n = 0;
    for (const KernelTotal& k : m_kernels)
        for (const KindTotal& t : k.kinds)
            n += t.reports;
    return n;
}

uint64_t RunSummary::errors() const {
    uint64_t n = 0;
    for (const KernelTotal& k : m_kernels)
        for (const KindTotal& t : k.kinds)
            if (t.severity == "error") n += t.reports;
    return n;
}

nlohmann::json RunSummary::toJson() const {
    nlohmann::json kernels = nlohmann::json::array();
    for (const KernelTotal& k : m_kernels) {
        nlohmann::json kinds = nlohmann::json::array();
        for (const KindTotal& t : k.kinds)
            kinds.push_back({{"kind", t.kind},
                             {"severity", t.severity},
                             {"reports", t.reports},
                             {"occurrences", t.occurrences},
                             {"first",
                              {{"file", t.file},
                               {"line", t.line},
                               {"column", t.column},
                               {"launch", t.launch}}}});
        kernels.push_back({{"kernel", k.kernel}, {"launches", k.launches}, {"reports", kinds}});
    }
    return {{"launches", launches()},
            {"reports", reports()},
            {"errors", errors()},
            {"kernels", kernels}};
}

RunSummary RunSummary::fromJson(const nlohmann::json& j) {
    RunSummary s;
    if (!j.is_object() || !j.contains("kernels") || !j["kernels"].is_array()) return s;
    for (const nlohmann::json& k : j["kernels"]) {
        KernelTotal total;
        total.kernel = field<std::string>(k, "kernel", "");
        total.launches = field<uint64_t>(k, "launches", 0);
        if (k.is_object() && k.contains("reports") && k["reports"].is_array())
            for (const nlohmann::json& r : k["reports"]) {
                KindTotal t;
                t.kind = field<std::string>(r, "kind", "");
                t.severity = field<std::string>(r, "severity", "");
                t.reports = field<uint64_t>(r, "reports", 0);
                t.occurrences = field<uint64_t>(r, "occurrences", 0);
                const nlohmann::json first =
                    r.is_object() && r.contains("first") ? r["first"] : nlohmann::json::object();
                t.file = field<std::string>(first, "file", "");
                t.line = field<uint32_t>(first, "line", 0);
                t.column = field<uint32_t>(first, "column", 0);
                t.launch = field<uint32_t>(first, "launch", 0);
                total.kinds.push_back(std::move(t));
            }
        s.m_kernels.push_back(std::move(total));
    }
    return s;
}

void RunSummary::printText(std::ostream& out, const std::string& prefix) const {
    for (const KernelTotal& k : m_kernels) {
        out << prefix << "kernel " << k.kernel << ": " << plural(k.launches, "launch", "launches");
        if (k.kinds.empty()) out << "; no reports";
        for (const KindTotal& t : k.kinds) {
            out << "; " << t.kind << ": " << plural(t.reports, "report", "reports");
            if (t.line) {
                out << ", first at " << (t.file.empty() ? "<unknown>" : t.file) << ":" << t.line;
                if (t.column) out << ":" << t.column;
            }
        }
        out << "\n";
    }
}

} // namespace clstep::launch
