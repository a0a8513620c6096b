#pragma once

#include "DeviceSettings.h"
#include "launch/RunSummary.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace clstep::ocl {

/// The reports of every launch of this process: the diagnostics of the launches that made
/// some (CLSTEP_DIAGNOSTICS_JSON) and the per-kernel launch::RunSummary (CLSTEP_SUMMARY, read
/// by `clstep-cli exec` for its SUMMARY lines and --error-exitcode). The files are rewritten
/// after each launch with reports or of a new kernel, and once more at exit, when stderr also
/// says how many reports the suppression rules took (unless quiet). Formats:
/// docs/diagnostics.md, "Summary". Not thread-safe: launches are serialised by the API lock.
class ProcessReports {
public:
    /// The process's one instance.
    static ProcessReports& get();

    /// Adds launch `launch` (1-based) of `kernel` with the diagnostics it reported (the JSON
    /// array of DiagnosticPrinter::toJson; suppressed ones left out) and writes the files
    /// `settings` names when they changed in a way that matters. The first call registers
    /// the at-exit writing.
    void addLaunch(const DeviceSettings& settings, const std::string& kernel, uint32_t launch,
                   const nlohmann::json& diagnostics);

    /// The summary JSON (launch::RunSummary::toJson, plus "suppressed" when there are rules).
    nlohmann::json summaryJson(const DeviceSettings& settings) const;

private:
    ProcessReports() = default;
    /// Writes CLSTEP_DIAGNOSTICS_JSON's and CLSTEP_SUMMARY's files.
    void write(const DeviceSettings& settings) const;
    static void atExit();

    launch::RunSummary m_summary;
    nlohmann::json m_launches = nlohmann::json::array(); ///< [{launch, kernel, diagnostics}]
    bool m_registered = false;
};

} // namespace clstep::ocl
