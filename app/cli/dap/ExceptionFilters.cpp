// ExceptionFilters: the debug adapter's exception filters, one per runtime diagnostic kind.
#include "ExceptionFilters.h"

namespace clstep::cli::dap {

using nlohmann::json;

bool ExceptionFilters::isFilter(DiagnosticKind kind) {
    if (kind == DiagnosticKind::Launch) return false;
    const std::string_view stage = DiagnosticKinds::info(kind).stage;
    return stage.find("runtime") != std::string_view::npos ||
           stage.find("checks") != std::string_view::npos ||
           stage.find("builtins") != std::string_view::npos;
}

json ExceptionFilters::capability() {
    json filters = json::array();
    for (const DiagnosticKindInfo& k : DiagnosticKinds::all()) {
        if (!isFilter(k.kind)) continue;
        filters.push_back({{"filter", std::string(k.name)},
                           {"label", std::string(k.name)},
                           {"description", std::string(k.doc)},
                           {"default", k.severity == Severity::Error}});
    }
    return filters;
}

std::optional<DiagnosticKind> ExceptionFilters::kind(std::string_view name) {
    std::string error;
    const std::optional<DiagnosticKind> k = DiagnosticKinds::fromName(name, error);
    if (!k || !isFilter(*k)) return std::nullopt;
    return k;
}

} // namespace clstep::cli::dap
