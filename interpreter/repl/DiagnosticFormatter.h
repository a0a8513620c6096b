#pragma once

#include "common/Diagnostic.h"
#include "common/SourceManager.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

namespace clstep::repl {

/// Formats the scratchpad's diagnostics (already mapped to entry coordinates) for a console:
///
///     <entry>:1:15: error: __local variable 'x' cannot have an initializer
///     [local-variable-initializer]
///       __local int x = 1;
///                     ^~~
///       why: OpenCL C 1.2 §6.5.2: __local memory is shared by the whole work-group ...
///
/// The current entry is called `<entry>`, earlier entries `<entry N>` (N = the number of
/// the entry), code the scratchpad generated `<generated>`. Data races print as a block with
/// both accesses when CheckSet details are available.
class DiagnosticFormatter {
public:
    using DetailsLookup = std::function<const nlohmann::json*(const Diagnostic&)>;

    /// `sources` holds the entries (ids as in the diagnostics); `current` is the id of the
    /// entry being evaluated.
    DiagnosticFormatter(const SourceManager& sources, uint32_t current)
        : m_sources(sources), m_current(current) {}

    void setDetailsLookup(DetailsLookup lookup) { m_details = std::move(lookup); }
    void setKernelName(std::string name) { m_kernel = std::move(name); }

    /// One diagnostic; `count` > 1 adds "(N occurrences)".
    std::string format(const Diagnostic& d, uint64_t count = 1) const;
    /// "<entry>:1:15" for a location.
    std::string location(const SourceLocation& loc) const;

private:
    std::string sourceLine(const SourceRange& range, const std::string& indent) const;
    const SourceManager& m_sources;
    uint32_t m_current;
    DetailsLookup m_details;
    std::string m_kernel;
};

} // namespace clstep::repl
