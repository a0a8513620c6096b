#pragma once

#include "debug/Command.h"
#include "debug/Session.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace clstep::cli {

class ConsoleInput;

/// The interactive debugger of `clstep-cli run FILE -i`: Oclgrind's command names and short
/// forms (break/b, delete/d, continue/c, step/s, next/n, finish, workitem/wi, print/p,
/// list/l, backtrace/bt, info/i, gmem/gm, lmem/lm, pmem/pm, help/h, quit/q) plus clstep's
/// group, select, lockstep, barrier, tobarrier, rungroup, runall, schedule, watch, back,
/// explore and mem, all on a debug::Session. Lines are parsed by debug::Command (the
/// vocabulary the GUI's scripts and buttons share). Positions print as
/// `file:line: source line`. A bad command or expression prints "error: ..." with a hint;
/// nothing it reads can crash it.
class Console {
public:
    /// `echo`: print each command after a prompt (sessions read from a script, so that the
    /// transcript shows what ran).
    Console(debug::Session& session, std::ostream& out, bool echo);

    /// Prints the banner and where the selected work-item is.
    void printStart();
    /// Reads and executes commands until `quit` or the end of input. Returns the exit code:
    /// 0 (the console itself never fails).
    int run(ConsoleInput& input);
    /// Executes one command line; false when it asks to quit.
    bool execute(const std::string& line);
    /// Executes one parsed command; false when it asks to quit.
    bool execute(const debug::Command& command);

private:
    using Args = std::vector<std::string>;
    using Handler = void (Console::*)(const Args& args, const std::string& rest);
    /// The member function that carries out `verb`, one of the verbs that are no action on
    /// the session (StopKind::FrontEnd).
    static Handler handler(debug::Command::Verb verb);

    // ---- breakpoints and watchpoints (ConsoleCommands.cpp) ----
    void cmdBreak(const Args& args, const std::string& rest);
    void cmdDelete(const Args& args, const std::string& rest);
    void cmdWatch(const Args& args, const std::string& rest);
    // ---- inspection (ConsoleInspect.cpp) ----
    void cmdPrint(const Args& args, const std::string& rest);
    void cmdList(const Args& args, const std::string& rest);
    void cmdBacktrace(const Args& args, const std::string& rest);
    void cmdInfo(const Args& args, const std::string& rest);
    /// `info lanes`: each sub-group of the viewed group as one character per lane (A active,
    /// . masked, B at a barrier, F finished), where the active lanes are and the branch
    /// that split the sub-group.
    void infoLanes(const debug::Snapshot& snap);
    void cmdTrace(const Args& args, const std::string& rest);
    void cmdHelp(const Args& args, const std::string& rest);
    void cmdQuit(const Args& args, const std::string& rest);
    // ---- memory (ConsoleMemory.cpp) ----
    void cmdGmem(const Args& args, const std::string& rest);
    void cmdLmem(const Args& args, const std::string& rest);
    void cmdPmem(const Args& args, const std::string& rest);
    void cmdMem(const Args& args, const std::string& rest);
    void dumpSpace(AddressSpace space, const Args& args);

    // ---- helpers (Console.cpp) ----
    /// Prints what `stop` means for `command` (Session::execute's answer): a verb that is no
    /// action on the session runs its console handler, the rest map the stop's kind to the
    /// console's lines.
    void show(const debug::Command& command, const debug::Stop& stop);
    /// Prints the outcome of an execution command: the new printf output, the stop's text
    /// when it is a breakpoint, watchpoint, error, pause or end (or the failure with a hint),
    /// and the selected work-item's position.
    void afterExecution(const debug::Stop& stop);
    /// `text` with its first letter in capitals, as the console writes its lines.
    static std::string sentence(const std::string& text);
    void printPosition(const debug::Snapshot& snap);
    void printNewOutput(const debug::Snapshot& snap);
    /// "reduction_race.cl:21" for a range.
    std::string location(const SourceRange& r) const;
    /// "reduction_race.cl:21: partial[lid] += partial[lid + stride];"
    std::string positionLine(const SourceRange& r) const;
    std::string sourceLine(uint32_t file, uint32_t line) const;
    void error(const std::string& message, const std::string& hint = std::string());
    /// Prints the session's lastError(), splitting off a trailing "(hint: ...)".
    void sessionError();
    /// Prints `message`, splitting off a trailing "(hint: ...)" into a hint line.
    void errorWithHint(const std::string& message);
    /// Parses a non-negative integer (decimal or 0x hex); false if `text` is not one.
    static bool parseNumber(const std::string& text, uint64_t& out);
    static std::string idText(const std::array<uint64_t, 3>& id);

    debug::Session& m_session;
    std::ostream& m_out;
    bool m_echo;
    bool m_quit = false;
    size_t m_outputShown = 0; ///< bytes of printf output already printed
    uint32_t m_listNext = 0;  ///< next line `list` shows when repeated
};

/// Runs the console on a kernel: builds `kernelFile`, launches `kernelName` over `range`
/// with `args` under the runtime checks of `checkOptions` (those of `clstep-cli run`'s
/// switches; they observe every replay and explore too), and reads commands from standard
/// input (GNU readline on a terminal). Returns 0 when the session ends (quit or end of
/// input), 1 when the kernel cannot be loaded or launched.
int runConsole(const std::string& kernelFile, const std::string& kernelName, const NDRange& range,
               std::vector<KernelArgument> args, const CompileOptions& compileOptions,
               const RunOptions& runOptions, const CheckOptions& checkOptions);

/// Parses an address-space name as the console accepts it: "global"/"g", "local"/"l",
/// "private"/"p", "constant"/"c", with or without a leading "__". False if unknown.
bool parseSpaceName(std::string s, AddressSpace& out);

} // namespace clstep::cli
