#include "common/Diagnostic.h"

#include <algorithm>

namespace clstep {

const char* severityName(Severity s) {
    switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "error";
}

bool hasErrors(const std::vector<Diagnostic>& diags) {
    return std::any_of(diags.begin(), diags.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

} // namespace clstep
