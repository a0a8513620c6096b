#include "debug/LaunchFile.h"

#include "debug/Session.h"
#include "launch/LaunchPlan.h"
#include "launch/SimParser.h"
#include "launch/SimWriter.h"

#include <algorithm>
#include <fstream>

namespace clstep::debug {

std::optional<launch::LaunchConfig>
LaunchFile::read(SourceManager& sources, const std::string& path, std::vector<Diagnostic>& diags) {
    return launch::SimParser::parseFile(sources, path, diags);
}

std::optional<launch::LaunchConfig> LaunchFile::parse(const std::string& text,
                                                      const std::string& path,
                                                      std::vector<Diagnostic>& diags,
                                                      bool readArguments) {
    auto config = launch::SimParser::parse(text, path, 0, diags);
    if (config && readArguments) launch::SimParser::readUnbound(*config, diags);
    return config;
}

bool LaunchFile::readArguments(launch::LaunchConfig& config, std::vector<Diagnostic>& diags) {
    return launch::SimParser::readUnbound(config, diags);
}

void LaunchFile::applySettings(const launch::LaunchConfig* config, Session& session,
                               CompileOptions& compile) {
    // Settings belong to the launch: what the .sim saved, else the defaults (never the
    // previous file's).
    const bool big = config && config->deviceBigEndian.value_or(false);
    RunOptions o = session.runOptions();
    o.deviceBigEndian = big;
    o.subGroupSize =
        config && config->subGroupSize ? *config->subGroupSize : RunOptions{}.subGroupSize;
    session.setRunOptions(o);
    compile = CompileOptions{}; // the .sim's build options apply in Session::loadSim()
    compile.deviceLittleEndian = !big;
    CheckOptions checks;
    if (config && config->checks) {
        const auto has = [&](const char* name) {
            return std::find(config->checks->begin(), config->checks->end(), name) !=
                   config->checks->end();
        };
        checks = CheckOptions::none();
        checks.dataRaces = has("races");
        checks.uninitialized = has("uninitialized");
        checks.endianEvents = has("endian");
        checks.uniformWrites = has("uniform-writes");
        checks.strictRaces = has("strict-races");
        checks.asyncCopies = has("async-copies");
    }
    session.setCheckOptions(checks);
    SchedulePolicy policy = SchedulePolicy::InOrder;
    if (config && config->schedule) parseSchedulePolicy(*config->schedule, policy);
    session.setSchedule(policy, config ? config->scheduleSeed : 1);
}

LaunchFile::Applied LaunchFile::apply(Session& session, CompileOptions& compile,
                                      const std::string& text, const std::string& simPath,
                                      const std::string& saveTo, bool deviceBigEndian,
                                      uint64_t maxSteps) {
    Applied result;
    SourceManager sources;
    const uint32_t fileId = sources.addFile(simPath, text);
    auto config = launch::SimParser::parse(text, simPath, fileId, result.diags);
    const Program* program = session.program();
    launch::LaunchPlan plan;
    if (config && program) {
        plan = launch::prepare(*program, *config, result.diags);
        result.ok = plan.ok && !hasErrors(result.diags);
    } else if (!program) {
        Diagnostic d;
        d.message = "no program is loaded";
        result.diags.push_back(d);
    }
    if (!result.ok) return result;
    session.setKernel(config->kernelName);
    session.setNDRange(plan.range);
    std::vector<std::string> simTypes;
    for (const auto& a : config->args)
        simTypes.push_back(a.writtenType ? std::string(launch::elementTypeName(*a.writtenType))
                                         : std::string());
    session.setArguments(std::move(plan.arguments), std::move(simTypes));
    RunOptions o = session.runOptions();
    const bool endianChanged = o.deviceBigEndian != deviceBigEndian;
    o.deviceBigEndian = deviceBigEndian;
    o.maxStepsPerWorkItem = maxSteps;
    // the launch's own sub-group size (the panel writes it as a directive), else 32
    o.subGroupSize = config->subGroupSize.value_or(RunOptions{}.subGroupSize);
    session.setRunOptions(o);
    if (endianChanged) {
        compile.deviceLittleEndian = !deviceBigEndian;
        const std::string path = program->sources.path(program->mainFile);
        const std::string source(program->sources.text(program->mainFile));
        session.loadSource(path, source, compile);
    }
    if (!saveTo.empty()) {
        std::vector<Diagnostic> writeDiags;
        if (auto out = launch::SimWriter::write(*config, writeDiags, saveTo)) {
            std::ofstream f(saveTo, std::ios::binary | std::ios::trunc);
            if (f && f.write(out->data(), static_cast<std::streamsize>(out->size()))) {
                result.savedPath = saveTo;
            } else {
                Diagnostic d;
                d.message = "cannot write " + saveTo;
                result.diags.insert(result.diags.begin(), d);
            }
        }
        result.diags.insert(result.diags.end(), writeDiags.begin(), writeDiags.end());
    }
    return result;
}

std::string LaunchFile::dump(const std::string& name, launch::ElementType type, bool hex,
                             std::span<const uint8_t> bytes) {
    return launch::BufferDump::format(name, type, hex, bytes);
}

} // namespace clstep::debug
