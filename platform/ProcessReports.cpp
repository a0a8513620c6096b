#include "ProcessReports.h"

#include <cstdlib>
#include <fstream>
#include <iostream>

namespace clstep::ocl {

ProcessReports& ProcessReports::get() {
    // Never destroyed: the at-exit writing may run after static destructors of this library.
    static ProcessReports* reports = new ProcessReports();
    return *reports;
}

void ProcessReports::addLaunch(const DeviceSettings& settings, const std::string& kernel,
                               uint32_t launch, const nlohmann::json& diagnostics) {
    if (!m_registered) {
        m_registered = true;
        std::atexit(&ProcessReports::atExit);
    }
    const size_t kernelsBefore = m_summary.kernels().size();
    m_summary.addLaunch(kernel, launch, diagnostics);
    const bool reported = diagnostics.is_array() && !diagnostics.empty();
    if (reported)
        m_launches.push_back(
            {{"launch", launch}, {"kernel", kernel}, {"diagnostics", diagnostics}});
    if (reported || m_summary.kernels().size() != kernelsBefore) write(settings);
}

nlohmann::json ProcessReports::summaryJson(const DeviceSettings& settings) const {
    nlohmann::json j = m_summary.toJson();
    if (!settings.suppressions->empty()) j["suppressed"] = settings.suppressions->toJson();
    return j;
}

void ProcessReports::write(const DeviceSettings& settings) const {
    auto dump = [](const std::string& path, const nlohmann::json& j) {
        std::ofstream out(path);
        out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    };
    // The diagnostics file stays untouched until a launch reports something, so "no file or
    // an empty one" still means a clean run; the summary file is written for every kernel.
    if (!settings.diagnosticsJson.empty() && !m_launches.empty())
        dump(settings.diagnosticsJson,
             {{"launches", m_launches}, {"summary", summaryJson(settings)}});
    if (!settings.summaryFile.empty()) dump(settings.summaryFile, summaryJson(settings));
}

void ProcessReports::atExit() {
    try {
        const DeviceSettings& settings = DeviceSettings::get();
        get().write(settings);
        if (!settings.quiet && !settings.suppressions->empty())
            std::cerr << "clstep: " << settings.suppressions->summaryLine() << "\n" << std::flush;
    } catch (...) {
        // At exit there is no one left to tell.
    }
}

} // namespace clstep::ocl
