#include "repl/ScratchpadLauncher.h"

#include "checks/CheckSet.h"
#include "launch/ArgParser.h"
#include "launch/BufferDump.h"
#include "launch/LaunchBinding.h"
#include "launch/LaunchPlan.h"
#include "repl/DiagnosticFormatter.h"
#include "repl/KernelBuilder.h"
#include "repl/ReplCompiler.h"
#include "runtime/KernelRun.h"

namespace clstep::repl {

namespace {

std::string sizesText(const std::array<uint64_t, 3>& v, uint32_t dims) {
    std::string s;
    for (uint32_t d = 0; d < dims; ++d) {
        if (d) s += ',';
        s += std::to_string(v[d]);
    }
    return s;
}

std::string paramText(const launch::KernelParamInfo& p) {
    switch (p.addressSpace) {
    case launch::ParamAddressSpace::Global:
        return "__global " + p.typeName + " " + p.name + "  <size=N TYPE ...>";
    case launch::ParamAddressSpace::Constant:
        return "__constant " + p.typeName + " " + p.name + "  <size=N TYPE ...>";
    case launch::ParamAddressSpace::Local:
        return "__local " + p.typeName + " " + p.name + "  <local size=N>";
    default:
        return p.typeName + " " + p.name + "  <" + p.typeName + "> VALUE";
    }
}

} // namespace

ReplResult ScratchpadLauncher::run(const std::string& command) {
    ReplResult r;
    r.kind = EntryKind::Command;
    const uint32_t origin = m_session.addEntry(":run " + command);
    size_t nameEnd = command.find_first_of(" \t\n<");
    const std::string name = command.substr(0, nameEnd);
    const std::string argText = nameEnd == std::string::npos ? "" : command.substr(nameEnd);
    if (name.empty()) {
        r.ok = false;
        r.text = "usage: :run KERNEL <arg> <arg> ... (arguments as in .sim files)\n";
        return r;
    }

    ReplState laid = m_session.state;
    laid.layout();
    EntryPlan plan;
    plan.withKernel = false;
    SyntheticSource source = KernelBuilder::build(laid, plan);
    std::shared_ptr<Program> program = ReplCompiler::compile(source, laid.settings);
    DiagnosticFormatter formatter(m_session.sources, origin);
    if (program->hasErrors()) {
        r.ok = false;
        for (const Diagnostic& d : ReplCompiler::entryDiagnostics(*program, source, origin))
            r.text += formatter.format(d);
        return r;
    }
    const ast::FunctionDecl* kernel = program->findKernel(name);
    if (!kernel) {
        std::string names;
        for (const ast::FunctionDecl* k : program->kernels)
            names += (names.empty() ? "" : ", ") + k->name;
        r.ok = false;
        r.text = "no kernel named '" + name + "' in the scratchpad" +
                 (names.empty() ? " (define one with __kernel void " + name + "(...) { ... })"
                                : " (kernels: " + names + ")") +
                 "\n";
        return r;
    }
    launch::KernelSignature sig = launch::signatureOf(*kernel, laid.settings.clVersion);

    // One `<...>` specification per argument.
    std::vector<std::string> pieces;
    size_t pos = argText.find_first_not_of(" \t\n");
    if (pos != std::string::npos && argText[pos] != '<') {
        r.ok = false;
        r.text = "arguments are written as in .sim files and start with '<' (e.g. <size=64 float "
                 "dump>)\n";
        return r;
    }
    while (pos != std::string::npos && pos < argText.size()) {
        size_t next = argText.find('<', pos + 1);
        pieces.push_back(
            argText.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
        pos = next;
    }
    std::vector<Diagnostic> diags;
    launch::LaunchConfig config;
    config.kernelName = name;
    for (size_t i = 0; i < pieces.size(); ++i) {
        const uint32_t id = m_session.sources.addFile(
            "<entry " + std::to_string(m_session.entries) + " argument " + std::to_string(i) + ">",
            pieces[i]);
        auto spec = launch::ArgParser::parse(pieces[i], id, static_cast<uint32_t>(i), diags);
        if (!spec) break;
        config.args.push_back(std::move(*spec));
    }
    if (!hasErrors(diags) && config.args.size() != sig.params.size()) {
        r.ok = false;
        r.text = "kernel '" + name + "' takes " + std::to_string(sig.params.size()) +
                 " argument(s), " + std::to_string(config.args.size()) + " given:\n";
        for (size_t i = 0; i < sig.params.size(); ++i)
            r.text += "  " + std::to_string(i) + ": " + paramText(sig.params[i]) + "\n";
        return r;
    }
    // The NDRange comes from the REPL's settings (KernelRun checks it), not from `config`.
    config.localSizeGiven = false;
    launch::LaunchPlan launchPlan;
    if (!hasErrors(diags)) launchPlan = launch::prepare(*program, config, diags);
    for (const Diagnostic& d : diags)
        r.text += formatter.format(d);
    if (hasErrors(diags) || !launchPlan.ok) {
        r.ok = false;
        r.diagnostics = diags;
        return r;
    }

    const NDRange range = laid.settings.range;
    RunOptions options;
    options.deviceBigEndian = laid.settings.bigEndian;
    options.maxStepsPerWorkItem = laid.settings.maxSteps;
    KernelRun run(*program, name, range, std::move(launchPlan.arguments), options);
    CheckSet checks{CheckOptions{}};
    checks.attach(run);
    r.text += "running " + name + " over global " + sizesText(range.global, range.dims) +
              ", local " +
              (range.localGiven ? sizesText(range.local, range.dims) : std::string("auto")) + " (" +
              std::to_string(range.totalWorkItems()) + " work-items)\n";
    run.runAll();
    r.text += run.output();
    if (!run.output().empty() && run.output().back() != '\n') r.text += "\n";

    std::vector<Diagnostic> mapped;
    for (const Diagnostic& d : run.diagnostics())
        mapped.push_back(source.map(d));
    formatter.setKernelName(name);
    formatter.setDetailsLookup([&](const Diagnostic& d) -> const nlohmann::json* {
        const size_t i = static_cast<size_t>(&d - mapped.data());
        return i < run.diagnostics().size() ? checks.details(run.diagnostics()[i]) : nullptr;
    });
    for (size_t i = 0; i < mapped.size(); ++i)
        r.text += formatter.format(mapped[i], run.diagnosticCounts()[i]);
    r.diagnostics = mapped;
    if (!run.ready()) {
        r.ok = false;
        return r;
    }
    m_session.lastRun.clear();
    m_session.lastKernel = name;
    for (size_t i = 0; i < config.args.size(); ++i) {
        const launch::KernelArgSpec& spec = config.args[i];
        if (spec.kind != launch::ArgKind::Buffer) continue;
        RunBuffer b;
        b.name = spec.name;
        b.space = sig.params[i].addressSpace == launch::ParamAddressSpace::Constant ? "__constant"
                                                                                    : "__global";
        b.bytes = run.argumentBytes(i);
        b.type = spec.type;
        if (spec.dump) r.text += launch::BufferDump::format(spec, b.bytes);
        m_session.lastRun.push_back(std::move(b));
    }
    if (hasErrors(mapped)) r.ok = false;
    return r;
}

} // namespace clstep::repl
