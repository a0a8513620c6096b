#include "repl/ReplCompiler.h"

namespace clstep::repl {

std::shared_ptr<Program> ReplCompiler::compile(const SyntheticSource& source,
                                               const ReplSettings& settings) {
    CompileOptions options;
    options.clVersion = settings.clVersion;
    options.deviceLittleEndian = !settings.bigEndian;
    return std::shared_ptr<Program>(Program::fromSource("<scratchpad>", source.text(), options));
}

bool ReplCompiler::hasSyntaxErrors(const Program& program) {
    for (const Diagnostic& d : program.diagnostics) {
        if (d.severity != Severity::Error) continue;
        if (d.kind == DiagnosticKind::SyntaxError || d.kind == DiagnosticKind::Preprocessor ||
            d.kind == DiagnosticKind::NestingTooDeep || d.kind == DiagnosticKind::InternalError ||
            d.kind == DiagnosticKind::TooManyErrors)
            return true;
    }
    return false;
}

std::vector<Diagnostic> ReplCompiler::entryDiagnostics(const Program& program,
                                                       const SyntheticSource& source,
                                                       uint32_t origin) {
    std::vector<Diagnostic> out;
    for (const Diagnostic& d : program.diagnostics) {
        const bool inEntry = source.inEntry(d.range.begin, origin);
        if (!inEntry && d.severity != Severity::Error) continue;
        out.push_back(source.map(d));
    }
    return out;
}

} // namespace clstep::repl
