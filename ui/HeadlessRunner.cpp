#include "HeadlessRunner.h"

#include "KernelDocument.h"

#include "debug/ExploreReport.h"
#include "debug/LaunchFile.h"
#include "debug/Session.h"

#include <QFileInfo>

#include <ostream>

namespace clstep::ui {

namespace {

void printDiagnostic(std::ostream& out, const Diagnostic& d, const SourceManager* sources,
                     uint64_t count, const std::string& launchFile) {
    const bool aboutSim = d.range.begin.file == debug::kLaunchFileId;
    if (aboutSim) sources = nullptr; // its lines are the .sim's, not the program's
    const std::string file = aboutSim                        ? launchFile
                             : sources && d.range.begin.file ? sources->path(d.range.begin.file)
                                                             : std::string();
    out << (file.empty() ? std::string("<launch>")
                         : QFileInfo(QString::fromStdString(file)).fileName().toStdString());
    if (d.range.valid()) out << ':' << d.range.begin.line << ':' << d.range.begin.column;
    out << ": " << severityName(d.severity) << ": " << d.message << " ["
        << DiagnosticKinds::name(d.kind) << "]";
    if (count > 1) out << " (x" << count << ")";
    out << '\n';
    if (sources && d.range.valid() && d.range.begin.file)
        out << "    " << d.range.begin.line << " | "
            << sources->lineText(d.range.begin.file, d.range.begin.line) << '\n';
    for (const RelatedLocation& n : d.notes) {
        if (!n.range.valid()) continue;
        out << "    note: line " << n.range.begin.line << ": " << n.message << '\n';
        if (sources && n.range.begin.file)
            out << "    " << n.range.begin.line << " | "
                << sources->lineText(n.range.begin.file, n.range.begin.line) << '\n';
    }
}

launch::ElementType typeForBytes(unsigned bytes) {
    switch (bytes) {
    case 2:
        return launch::ElementType::UShort;
    case 4:
        return launch::ElementType::UInt;
    case 8:
        return launch::ElementType::ULong;
    default:
        return launch::ElementType::UChar;
    }
}

} // namespace

int HeadlessRunner::run(const QString& path, const Options& options, std::ostream& out,
                        std::ostream& err) {
    const KernelDocument::Target t = KernelDocument::resolve(path);
    if (t.kernelPath.isEmpty() && t.simPath.isEmpty()) {
        err << "clstep: " << t.error.toStdString() << '\n';
        return 1;
    }
    debug::Session session;
    RunOptions ro;
    ro.deviceBigEndian = options.deviceBigEndian;
    session.setRunOptions(ro);
    CompileOptions co;
    co.deviceLittleEndian = !options.deviceBigEndian;
    const bool loaded = t.simPath.isEmpty() ? session.loadFile(t.kernelPath.toStdString(), co)
                                            : session.loadSim(t.simPath.toStdString(), co);
    const SourceManager* sources = session.program() ? &session.program()->sources : nullptr;
    out << "clstep (headless): "
        << QFileInfo(t.simPath.isEmpty() ? t.kernelPath : t.simPath).fileName().toStdString()
        << '\n';
    if (!loaded || !session.reset()) {
        for (const Diagnostic& d : session.diagnostics())
            printDiagnostic(err, d, sources, 1, t.simPath.toStdString());
        err << "clstep: "
            << (session.lastError().empty() ? "cannot start the kernel" : session.lastError())
            << '\n';
        return 1;
    }
    const NDRange& r = session.ndRange();
    out << "kernel " << session.kernelName() << ": global " << r.global[0] << 'x' << r.global[1]
        << 'x' << r.global[2] << ", local " << r.local[0] << 'x' << r.local[1] << 'x' << r.local[2]
        << ", " << r.totalGroups() << " work-group(s), device "
        << (options.deviceBigEndian ? "big" : "little") << "-endian\n";
    if (!session.runAll()) {
        err << "clstep: " << session.lastError() << '\n';
        return 1;
    }
    const debug::Snapshot snap = session.snapshot();
    if (!snap.output.empty()) out << "\nprintf output:\n" << snap.output;
    out << "\n" << snap.diagnostics.size() << " diagnostic(s):\n";
    for (size_t i = 0; i < snap.diagnostics.size(); ++i)
        printDiagnostic(out, snap.diagnostics[i], sources,
                        i < snap.diagnosticCounts.size() ? snap.diagnosticCounts[i] : 1,
                        snap.launchFile);

    // Dumps: element type and hex flag as the launch file wrote them.
    std::vector<launch::KernelArgSpec> specs;
    if (!t.simPath.isEmpty()) {
        SourceManager simSources;
        std::vector<Diagnostic> diags;
        if (auto cfg = debug::LaunchFile::read(simSources, t.simPath.toStdString(), diags)) {
            debug::LaunchFile::readArguments(*cfg, diags);
            specs = cfg->args;
        }
    }
    const auto& args = session.arguments();
    const auto& dumps = session.dumpFlags();
    for (size_t i = 0; i < args.size() && i < dumps.size(); ++i) {
        if (!dumps[i]) continue;
        const launch::KernelArgSpec* spec = i < specs.size() ? &specs[i] : nullptr;
        const launch::ElementType type =
            spec && spec->writtenType ? *spec->writtenType : typeForBytes(args[i].elementBytes);
        out << debug::LaunchFile::dump(args[i].name, type, spec && spec->hex,
                                       session.argumentBytes(i));
    }
    if (options.exploreSchedules > 1) // the same text as the console's `explore`
        out << "\n" << debug::exploreReport(session.explore(options.exploreSchedules), sources);
    return 0;
}

} // namespace clstep::ui
