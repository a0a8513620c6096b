#include "ReplCommand.h"

#include "ReplLineReader.h"
#include "frontend/CompileOptions.h"
#include "repl/EntryAccumulator.h"
#include "repl/Repl.h"

#include <unistd.h>

#include <iostream>

namespace clstep::cli {

void addReplOptions(CLI::App& cmd, ReplOptionsCli& o) {
    cmd.add_option("--cl-std", o.clStd, "OpenCL C version: CL1.0|CL1.1|CL1.2|CL2.0|CL3.0");
    cmd.add_option("--device-endian", o.deviceEndian, "simulated device byte order: little|big")
        ->check(CLI::IsMember({"little", "big"}));
    cmd.add_option("--max-steps", o.maxSteps, "statements one work-item may execute per entry");
    cmd.add_option("--load", o.load,
                   "kernel file whose declarations are loaded first (repeatable)");
    cmd.add_flag("--echo", o.echo,
                 "print each entry before its result (transcripts of piped input)");
}

int runRepl(const ReplOptionsCli& o) {
    repl::ReplSettings settings;
    settings.clVersion = CompileOptions::parseClStd(o.clStd);
    if (!settings.clVersion) {
        std::cerr << "clstep-cli: unknown -cl-std value '" << o.clStd << "'\n";
        return 2;
    }
    settings.bigEndian = o.deviceEndian == "big";
    settings.maxSteps = o.maxSteps ? o.maxSteps : 1;
    repl::Repl scratchpad(settings);

    const bool interactive = isatty(STDIN_FILENO) != 0;
    ReplLineReader reader(interactive);
    if (interactive)
        std::cout << "clstep OpenCL C scratchpad (" << o.clStd << ", " << o.deviceEndian
                  << "-endian, one work-item). :help lists the commands, Ctrl-D leaves.\n";
    bool refused = false;
    auto submit = [&](const std::string& entry) {
        if (o.echo) std::cout << "cl> " << entry << "\n";
        repl::ReplResult r = scratchpad.submit(entry);
        std::cout << r.text << std::flush;
        if (!r.ok) refused = true;
        return !r.quit;
    };
    for (const std::string& file : o.load)
        if (!submit(":load " + file)) return refused ? 1 : 0;

    repl::EntryAccumulator accumulator;
    while (true) {
        std::optional<std::string> line = reader.read(accumulator.pending() ? "... " : "cl> ");
        if (!line) break;
        if (!accumulator.addLine(*line)) continue;
        const std::string entry = accumulator.take();
        reader.addHistory(entry);
        if (!submit(entry)) break;
    }
    if (accumulator.pending()) {
        // End of input inside an open bracket: evaluate what there is (it reports the error).
        submit(accumulator.take());
    }
    if (interactive) std::cout << "\n";
    return !interactive && refused ? 1 : 0;
}

} // namespace clstep::cli
