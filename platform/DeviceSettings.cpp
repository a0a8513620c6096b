#include "DeviceSettings.h"

#include "launch/DiagnosticPrinter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

namespace clstep::ocl {

namespace {

bool parseUnsigned(const std::string& text, uint64_t& out) {
    try {
        size_t used = 0;
        unsigned long long v = std::stoull(text, &used, 0);
        if (used != text.size() || text.empty() || text[0] == '-') return false;
        out = v;
        return true;
    } catch (...) {
        return false;
    }
}

void warn(const std::string& what) {
    std::cerr << "clstep: settings: " << what << "\n";
}

/// Applies one setting given as text (from the environment or the file).
void apply(DeviceSettings& s, const std::string& key, const std::string& value) {
    auto number = [&](uint64_t& field, uint64_t min) {
        uint64_t v = 0;
        if (!parseUnsigned(value, v) || v < min)
            warn("invalid value '" + value + "' for " + key + " (kept " + std::to_string(field) +
                 ")");
        else
            field = v;
    };
    if (key == "local_mem_size")
        number(s.localMemSize, 1);
    else if (key == "max_work_group_size")
        number(s.maxWorkGroupSize, 1);
    else if (key == "global_mem_size")
        number(s.globalMemSize, 1);
    else if (key == "max_steps")
        number(s.maxSteps, 1);
    else if (key == "sub_group_size") {
        uint64_t v = s.subGroupSize;
        number(v, 1);
        s.subGroupSize = static_cast<uint32_t>(v);
    } else if (key == "endian") {
        if (value == "little" || value == "big")
            s.bigEndian = value == "big";
        else
            warn("endian must be little or big, not '" + value + "'");
    } else if (key == "checks") {
        std::stringstream ss(value);
        std::string item;
        CheckOptions c;
        while (std::getline(ss, item, ',')) {
            if (item == "all" || item.empty()) continue;
            if (item == "none")
                c = CheckOptions::none();
            else if (item == "no-data-races")
                c.dataRaces = false;
            else if (item == "no-uninitialized")
                c.uninitialized = false;
            else if (item == "no-endian-events")
                c.endianEvents = false;
            else if (item == "uniform-writes")
                c.uniformWrites = true;
            else if (item == "strict-races")
                c.strictRaces = true;
            else
                warn("unknown check switch '" + item + "'");
        }
        s.checks = c;
    } else if (key == "diagnostics_json")
        s.diagnosticsJson = value;
    else if (key == "summary")
        s.summaryFile = value;
    else if (key == "record")
        s.recordDir = value;
    else if (key == "launches")
        s.launches = value;
    else if (key == "record_inline")
        s.recordInline = value == "1" || value == "true";
    else if (key == "break_on")
        s.breakOn = value;
    else if (key == "gui")
        s.gui = value;
    else if (key == "gui_script")
        s.guiScript = value;
    else if (key == "quiet")
        s.quiet = value == "1" || value == "true";
    else if (key == "gen_suppressions")
        s.genSuppressions = value == "1" || value == "true";
    else if (key == "keep_memory")
        s.keepMemory = value == "1" || value == "true";
    else if (key == "suppressions") {
        s.suppressions = std::make_shared<launch::Suppressions>(); // the environment's replace
        std::stringstream paths(value);
        std::string path;
        while (std::getline(paths, path, ':')) {
            if (path.empty()) continue;
            const std::vector<Diagnostic> errors = s.suppressions->load(path);
            const launch::DiagnosticPrinter printer(s.suppressions->sources());
            for (const Diagnostic& d : errors) {
                std::ostringstream text;
                printer.printText(text, d);
                std::cerr << "clstep: settings: " << text.str();
            }
        }
    } else
        warn("unknown setting '" + key + "'");
}

} // namespace

DeviceSettings DeviceSettings::fromEnvironment() {
    DeviceSettings s;
    if (const char* path = std::getenv("CLSTEP_SETTINGS"); path && *path) {
        std::ifstream in(path);
        if (!in) {
            warn(std::string("cannot read ") + path);
        } else {
            try {
                nlohmann::json j = nlohmann::json::parse(in);
                for (auto it = j.begin(); it != j.end(); ++it)
                    apply(s, it.key(), it->is_string() ? it->get<std::string>() : it->dump());
            } catch (const std::exception& e) {
                warn(std::string(path) + ": " + e.what());
            }
        }
    }
    static const char* const keys[][2] = {
        {"CLSTEP_LOCAL_MEM_SIZE", "local_mem_size"},
        {"CLSTEP_MAX_WORK_GROUP_SIZE", "max_work_group_size"},
        {"CLSTEP_DEVICE_ENDIAN", "endian"},
        {"CLSTEP_SUB_GROUP_SIZE", "sub_group_size"},
        {"CLSTEP_GLOBAL_MEM_SIZE", "global_mem_size"},
        {"CLSTEP_MAX_STEPS", "max_steps"},
        {"CLSTEP_CHECKS", "checks"},
        {"CLSTEP_DIAGNOSTICS_JSON", "diagnostics_json"},
        {"CLSTEP_SUMMARY", "summary"},
        {"CLSTEP_QUIET", "quiet"},
        {"CLSTEP_RECORD", "record"},
        {"CLSTEP_LAUNCHES", "launches"},
        {"CLSTEP_RECORD_INLINE", "record_inline"},
        {"CLSTEP_BREAK_ON", "break_on"},
        {"CLSTEP_GUI", "gui"},
        {"CLSTEP_GUI_SCRIPT", "gui_script"},
        {"CLSTEP_SUPPRESSIONS", "suppressions"},
        {"CLSTEP_GEN_SUPPRESSIONS", "gen_suppressions"},
        {"CLSTEP_KEEP_MEMORY", "keep_memory"},
    };
    for (const auto& k : keys)
        if (const char* v = std::getenv(k[0])) apply(s, k[1], v);
    return s;
}

bool DeviceSettings::matches(const std::string& spec, uint32_t number, const std::string& kernel,
                             uint32_t kernelIndex) {
    uint64_t n = 0;
    if (parseUnsigned(spec, n)) return n == number;
    size_t colon = spec.rfind(':');
    if (colon == std::string::npos) return spec == kernel;
    if (!parseUnsigned(spec.substr(colon + 1), n)) return false;
    return spec.substr(0, colon) == kernel && n == kernelIndex;
}

uint64_t DeviceSettings::preferredWorkGroupSizeMultiple() const {
    constexpr uint64_t kGoal = 32; // work-items
    uint64_t multiple = std::max<uint64_t>(subGroupSize, 1);
    while (multiple < kGoal && 2 * multiple <= maxWorkGroupSize)
        multiple *= 2;
    return std::min(multiple, std::max<uint64_t>(maxWorkGroupSize, 1));
}

bool DeviceSettings::selects(uint32_t number, const std::string& kernel,
                             uint32_t kernelIndex) const {
    return launches.empty() || matches(launches, number, kernel, kernelIndex);
}

const DeviceSettings& DeviceSettings::get() {
    static const DeviceSettings settings = fromEnvironment();
    return settings;
}

} // namespace clstep::ocl
