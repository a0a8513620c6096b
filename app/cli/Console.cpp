// Console: command dispatch, positions and the entry point of `clstep-cli run -i`.
#include "Console.h"

#include "ConsoleInput.h"
#include "LaunchPreparation.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <iostream>
#include <sstream>

namespace clstep::cli {

using namespace clstep::debug;

namespace {

size_t editDistance(const std::string& a, const std::string& b) {
    std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min(
                {prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return "";
    size_t e = s.find_last_not_of(" \t");
    return s.substr(b, e - b + 1);
}

std::string baseName(const std::string& path) {
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::atomic<Session*> g_pauseTarget{nullptr};

extern "C" void pauseOnInterrupt(int) {
    if (Session* s = g_pauseTarget.load()) s->requestPause();
}

} // namespace

Console::Console(Session& session, std::ostream& out, bool echo)
    : m_session(session), m_out(out), m_echo(echo) {}

const std::vector<Console::Command>& Console::commands() {
    static const std::vector<Command> table = {
        {"help", "h", "help [COMMAND]", "list the commands, or explain one", &Console::cmdHelp},
        {"quit", "q", "quit", "end the session", &Console::cmdQuit},
        {"step", "s", "step [N]", "run the selected work-item one statement, entering calls",
         &Console::cmdStep},
        {"next", "n", "next [N]", "run the selected work-item one statement, stepping over calls",
         &Console::cmdNext},
        {"finish", "", "finish", "run the selected work-item until its current function returns",
         &Console::cmdFinish},
        {"continue", "c", "continue",
         "run under the schedule policy until a breakpoint, watchpoint, error or the end of the "
         "kernel",
         &Console::cmdContinue},
        {"lockstep", "", "lockstep [N]",
         "every work-item of the group runs one statement (SIMT view)", &Console::cmdLockstep},
        {"barrier", "", "barrier",
         "run every work-item of the group to the next barrier (or to its end)",
         &Console::cmdBarrier},
        {"back", "", "back [N]",
         "step back one debugger action (deterministic replay from the start)", &Console::cmdBack},
        {"rcontinue", "rc", "rcontinue",
         "step back to the previous breakpoint, watchpoint or error stop",
         &Console::cmdReverseContinue},
        {"run", "r", "run", "restart the kernel from the beginning (breakpoints stay)",
         &Console::cmdRun},
        {"schedule", "", "schedule [in-order|round-robin|reverse|random [SEED]|simt]",
         "show or change how the work-items of a group interleave", &Console::cmdSchedule},
        {"explore", "", "explore [N]",
         "run the whole kernel under N schedules (default 6), compare the results and list the "
         "runtime checks' reports with the first schedule that found each",
         &Console::cmdExplore},
        {"break", "b", "break [LINE] [if CONDITION]",
         "set a breakpoint at LINE (default: the current line), stopping only when CONDITION holds",
         &Console::cmdBreak},
        {"delete", "d", "delete [N]", "delete breakpoint or watchpoint N (all when no N)",
         &Console::cmdDelete},
        {"watch", "",
         "watch EXPRESSION [r|w|c|a]  or  watch SPACE [BUFFER:]OFFSET|ADDRESS SIZE [r|w|c|a]",
         "stop on a read, write (default), change or any access of memory", &Console::cmdWatch},
        {"errors", "", "errors [on|off]",
         "show or set whether a runtime error stops execution (default on)", &Console::cmdErrors},
        {"print", "p", "print EXPRESSION",
         "evaluate an OpenCL C expression in the selected work-item's scope", &Console::cmdPrint},
        {"list", "l", "list [LINE]", "show source lines around LINE (default: the current line)",
         &Console::cmdList},
        {"backtrace", "bt", "backtrace", "show the call stack of the selected work-item",
         &Console::cmdBacktrace},
        {"info", "i", "info [break|locals|workitems|lanes|trace]",
         "show the current context, breakpoints and watchpoints, variables, or work-item states",
         &Console::cmdInfo},
        {"workitem", "wi", "workitem GX [GY GZ]",
         "select a work-item by global id (and its work-group)", &Console::cmdWorkitem},
        {"group", "", "group GX [GY GZ]",
         "select a work-group (earlier groups show their final state)", &Console::cmdGroup},
        {"trace", "", "trace [PAGE [SIZE]]",
         "show the latest memory accesses and runtime diagnostics, newest first",
         &Console::cmdTrace},
        {"gmem", "gm", "gmem [BUFFER|ADDRESS [SIZE]]",
         "list __global buffers, or dump bytes of one", &Console::cmdGmem},
        {"lmem", "lm", "lmem [BUFFER|ADDRESS [SIZE]]",
         "list __local buffers of the group, or dump bytes of one", &Console::cmdLmem},
        {"pmem", "pm", "pmem [BUFFER|ADDRESS [SIZE]]",
         "list __private variables of the work-item, or dump bytes of one", &Console::cmdPmem},
        {"mem", "", "mem SPACE [BUFFER] [OFFSET] [COUNT] [TYPE]",
         "show memory as typed elements (TYPE: char uchar short ushort int uint long ulong half "
         "float double)",
         &Console::cmdMem},
    };
    return table;
}

void Console::error(const std::string& message, const std::string& hint) {
    m_out << "error: " << message << "\n";
    if (!hint.empty()) m_out << "hint: " << hint << "\n";
}

void Console::sessionError() {
    std::string msg = m_session.lastError();
    std::string hint;
    size_t h = msg.find(" (hint: ");
    if (h != std::string::npos && msg.back() == ')') {
        hint = msg.substr(h + 8, msg.size() - h - 9);
        msg = msg.substr(0, h);
    }
    error(msg, hint);
}

bool Console::parseNumber(const std::string& text, uint64_t& out) {
    if (text.empty()) return false;
    try {
        size_t used = 0;
        bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
        if (text[0] == '-' || text[0] == '+') return false;
        out = std::stoull(text, &used, hex ? 16 : 10);
        return used == text.size();
    } catch (...) {
        return false;
    }
}

std::string Console::idText(const std::array<uint64_t, 3>& id) {
    std::string s(1, '(');
    for (int d = 0; d < 3; ++d) {
        if (d) s += ',';
        s += std::to_string(id[d]);
    }
    return s + ")";
}

std::string Console::sourceLine(uint32_t file, uint32_t line) const {
    const Program* p = m_session.program();
    if (!p) return "";
    return std::string(p->sources.lineText(file, line));
}

std::string Console::location(const SourceRange& r) const {
    const Program* p = m_session.program();
    std::string path = p ? baseName(p->sources.path(r.begin.file)) : std::string("?");
    return path + ":" + std::to_string(r.begin.line);
}

std::string Console::positionLine(const SourceRange& r) const {
    if (!r.valid()) return "(no source position)";
    return location(r) + ": " + trim(sourceLine(r.begin.file, r.begin.line));
}

void Console::printNewOutput(const Snapshot& snap) {
    if (snap.output.size() > m_outputShown) {
        m_out << snap.output.substr(m_outputShown);
        if (snap.output.back() != '\n') m_out << "\n";
        m_outputShown = snap.output.size();
    }
}

void Console::printPosition(const Snapshot& snap) {
    if (!snap.running) {
        m_out << "the kernel is not running (run starts it)\n";
        return;
    }
    if (snap.runFinished && snap.workItems.empty()) {
        m_out << "the kernel has finished (run restarts it)\n";
        return;
    }
    if (snap.workItems.empty() || snap.selected >= snap.workItems.size()) return;
    const WorkItemSnapshot& w = snap.workItems[snap.selected];
    std::string who = "work-item " + idText(w.id.global);
    switch (w.state) {
    case WorkItemState::NotStarted:
        m_out << who << " has not started: " << positionLine(w.position) << "\n";
        break;
    case WorkItemState::Finished:
        m_out << who << " has finished\n";
        break;
    case WorkItemState::Error:
        m_out << who << " stopped with an error at " << positionLine(w.position) << "\n";
        break;
    case WorkItemState::AtBarrier: {
        size_t waiting = 0;
        for (const WorkItemSnapshot& x : snap.workItems)
            waiting += x.state == WorkItemState::AtBarrier;
        m_out << who << " waits at a barrier (" << waiting << " of " << snap.workItems.size()
              << " arrived): " << positionLine(w.position) << "\n";
        break;
    }
    default:
        m_out << positionLine(w.position) << "\n";
        break;
    }
}

void Console::afterExecution(bool ok) {
    m_listNext = 0; // `list` starts at the new position
    Snapshot snap = m_session.snapshot();
    printNewOutput(snap);
    if (!ok) {
        std::string why = m_session.lastError();
        std::string hint;
        if (why.find("barrier") != std::string::npos)
            hint = "'barrier' runs the whole group to the barrier; 'wi' selects another work-item";
        else if (why.find("finished") != std::string::npos)
            hint = "'run' restarts the kernel; 'wi' or 'group' selects another work-item";
        error(why, hint);
        return;
    }
    const std::string& reason = snap.stopReason;
    if (reason.rfind("breakpoint", 0) == 0 || reason.rfind("watchpoint", 0) == 0 ||
        reason.rfind("error", 0) == 0 || reason == "kernel finished" ||
        reason == "work-group finished" || reason == "paused") {
        std::string text = reason;
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
        m_out << text << "\n";
    }
    if (reason == "kernel finished" || snap.runFinished) return;
    printPosition(snap);
}

void Console::printStart() {
    Snapshot snap = m_session.snapshot();
    const NDRange& r = m_session.ndRange();
    const Program* p = m_session.program();
    m_out << "clstep debugger: kernel '" << m_session.kernelName() << "'";
    if (p) m_out << " in " << baseName(p->sources.path(p->mainFile));
    m_out << ", NDRange " << r.global[0] << "x" << r.global[1] << "x" << r.global[2]
          << ", work-groups of " << r.local[0] << "x" << r.local[1] << "x" << r.local[2] << " ("
          << r.totalGroups() << " group" << (r.totalGroups() == 1 ? "" : "s") << ")\n";
    m_out << "Type 'help' for the commands.\n";
    printPosition(snap);
}

bool Console::execute(const std::string& rawLine) {
    std::string line = trim(rawLine);
    if (line.empty() || line[0] == '#') return !m_quit;
    std::istringstream ss(line);
    std::string word;
    ss >> word;
    Args args;
    for (std::string a; ss >> a;)
        args.push_back(a);
    std::string rest = trim(line.substr(word.size()));
    std::string lower = word;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    for (const Command& c : commands())
        if (lower == c.name || (*c.shortName && lower == c.shortName)) {
            try {
                (this->*c.handler)(args, rest);
            } catch (const std::exception& e) {
                error(std::string("internal error: ") + e.what(),
                      "please report it with the command that caused it");
            }
            return !m_quit;
        }
    // unknown: suggest the closest command name
    std::string best;
    size_t bestDistance = 3;
    for (const Command& c : commands()) {
        for (const char* n : {c.name, c.shortName}) {
            if (!*n) continue;
            size_t d = editDistance(lower, n);
            bool prefix = std::string(n).rfind(lower, 0) == 0 && lower.size() >= 2;
            if (prefix) d = 0;
            if (d < bestDistance) {
                bestDistance = d;
                best = c.name;
            }
        }
    }
    error("unknown command '" + word + "'",
          best.empty() ? "type 'help' for the list of commands"
                       : "did you mean '" + best + "'? ('help " + best + "')");
    return !m_quit;
}

int Console::run(ConsoleInput& input) {
    printStart();
    const std::string prompt = "(clstep) ";
    std::string repeat;
    while (!m_quit) {
        m_out.flush();
        std::optional<std::string> line = input.read(prompt);
        if (!line) {
            if (input.interactive()) m_out << "\n";
            break;
        }
        if (m_echo) m_out << prompt << *line << "\n";
        std::string command = trim(*line);
        if (command.empty() && input.interactive())
            command = repeat; // like gdb: Enter repeats a step
        input.addHistory(command);
        execute(command);
        std::string word = command.substr(0, command.find(' '));
        static const char* const kRepeatable[] = {"step",     "s", "next", "n", "lockstep",
                                                  "continue", "c", "list", "l"};
        repeat.clear();
        for (const char* r : kRepeatable)
            if (word == r) repeat = word == "list" || word == "l" ? word : command;
    }
    m_out.flush();
    return 0;
}

void Console::cmdHelp(const Args& args, const std::string&) {
    if (!args.empty()) {
        for (const Command& c : commands())
            if (args[0] == c.name || (*c.shortName && args[0] == c.shortName)) {
                m_out << c.usage << "\n  " << c.help << "\n";
                if (*c.shortName) m_out << "  short form: " << c.shortName << "\n";
                return;
            }
        error("no command '" + args[0] + "'", "type 'help' for the list of commands");
        return;
    }
    m_out << "Commands (short forms in brackets):\n";
    for (const Command& c : commands()) {
        std::string name =
            std::string(c.name) + (*c.shortName ? std::string(" (") + c.shortName + ")" : "");
        m_out << "  " << name << std::string(name.size() < 16 ? 16 - name.size() : 1, ' ') << c.help
              << "\n";
    }
    m_out << "Expressions are OpenCL C: print partial[lid + 1], print p->x, break 21 if "
             "get_local_id(0) == 3\n";
}

void Console::cmdQuit(const Args&, const std::string&) {
    m_quit = true;
}

int runConsole(const std::string& kernelFile, const std::string& kernelName, const NDRange& range,
               std::vector<KernelArgument> args, const CompileOptions& compileOptions,
               const RunOptions& runOptions, const CheckOptions& checkOptions) {
    Session session;
    std::string why;
    if (!startSession(session, kernelFile, kernelName, range, std::move(args), compileOptions,
                      runOptions, checkOptions, why)) {
        std::cerr << "clstep-cli: " << why << "\n";
        return 1;
    }
    ConsoleInput input(std::cin);
    Console console(session, std::cout, !input.interactive());
    // Ctrl-C pauses a running operation (an endless loop) at the next statement boundary.
    g_pauseTarget.store(&session);
    auto previous = std::signal(SIGINT, pauseOnInterrupt);
    int rc = console.run(input);
    std::signal(SIGINT, previous);
    g_pauseTarget.store(nullptr);
    return rc;
}

} // namespace clstep::cli
