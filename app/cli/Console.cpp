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

Console::Handler Console::handler(Command::Verb verb) {
    // the verbs that are no action on the session (Session::execute answers
    // StopKind::FrontEnd): what the console shows or edits itself
    static const std::pair<Command::Verb, Handler> handlers[] = {
        {Command::Help, &Console::cmdHelp},   {Command::Quit, &Console::cmdQuit},
        {Command::Break, &Console::cmdBreak}, {Command::Delete, &Console::cmdDelete},
        {Command::Watch, &Console::cmdWatch}, {Command::Print, &Console::cmdPrint},
        {Command::List, &Console::cmdList},   {Command::Backtrace, &Console::cmdBacktrace},
        {Command::Info, &Console::cmdInfo},   {Command::Trace, &Console::cmdTrace},
        {Command::Gmem, &Console::cmdGmem},   {Command::Lmem, &Console::cmdLmem},
        {Command::Pmem, &Console::cmdPmem},   {Command::Mem, &Console::cmdMem},
    };
    for (const auto& [v, h] : handlers)
        if (v == verb) return h;
    return &Console::cmdHelp;
}

void Console::error(const std::string& message, const std::string& hint) {
    m_out << "error: " << message << "\n";
    if (!hint.empty()) m_out << "hint: " << hint << "\n";
}

void Console::sessionError() {
    errorWithHint(m_session.lastError());
}

void Console::errorWithHint(const std::string& message) {
    std::string msg = message;
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

std::string Console::sentence(const std::string& text) {
    std::string s = text;
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

void Console::afterExecution(const Stop& stop) {
    m_listNext = 0; // `list` starts at the new position
    Snapshot snap = m_session.snapshot();
    printNewOutput(snap);
    if (!stop.ok) {
        std::string hint = stop.hint;
        if (hint.empty() && stop.kind == StopKind::AtBarrier)
            hint = "'barrier' runs the whole group to the barrier; 'wi' selects another work-item";
        else if (hint.empty() &&
                 (stop.kind == StopKind::WorkItemFinished || stop.kind == StopKind::GroupFinished ||
                  stop.kind == StopKind::KernelFinished))
            hint = "'run' restarts the kernel; 'wi' or 'group' selects another work-item";
        error(stop.text, hint);
        return;
    }
    switch (stop.kind) {
    case StopKind::Breakpoint:
    case StopKind::Watchpoint:
    case StopKind::Error:
    case StopKind::GroupFinished:
    case StopKind::KernelFinished:
    case StopKind::Paused:
        m_out << sentence(stop.text) << "\n";
        break;
    default:
        break;
    }
    if (stop.kind == StopKind::KernelFinished || snap.runFinished) return;
    printPosition(snap);
}

void Console::show(const Command& command, const Stop& stop) {
    // what the console's own wording needs to know of the command it ran
    const bool back = command.verb == Command::StepBack || command.verb == Command::ReverseContinue;
    if (back) {
        const Snapshot snap = m_session.snapshot();
        if (stop.ok && command.verb == Command::StepBack)
            m_out << "Stepped back to step " << snap.step << "\n";
        m_outputShown = std::min(m_outputShown, snap.output.size());
        if (stop.ok && command.verb == Command::ReverseContinue && snap.step == 0)
            m_out << "No earlier breakpoint, watchpoint or error stop: back at the start\n";
        return afterExecution(stop);
    }
    switch (stop.kind) {
    case StopKind::FrontEnd:
        return (this->*handler(command.verb))(command.args, command.text);
    case StopKind::Invalid:
        return error(stop.text, stop.hint);
    case StopKind::None: // the selection, shown
        m_out << sentence(stop.text) << "\n";
        if (stop.workItem) printPosition(m_session.snapshot());
        return;
    case StopKind::Schedule:
        m_out << stop.text << "\n";
        return;
    case StopKind::Setting:
        m_out << sentence(stop.text) << "\n";
        return;
    case StopKind::Explored:
        m_out << stop.text; // the same text as the headless demo's and the GUI's explore
        return;
    case StopKind::Reset:
        if (!stop.ok) return error(stop.text, "fix the launch and start clstep-cli again");
        m_outputShown = 0;
        m_out << "Restarted the kernel\n";
        return printPosition(m_session.snapshot());
    case StopKind::WorkItemSelected: {
        m_listNext = 0;
        const Snapshot snap = m_session.snapshot();
        const WorkItemSnapshot& w = snap.workItems[snap.selected];
        m_out << "Switched to work-item " << idText(w.id.global) << " (local " << idText(w.id.local)
              << " in group " << idText(w.id.group) << ")\n";
        return printPosition(snap);
    }
    case StopKind::GroupSelected: {
        const Snapshot snap = m_session.snapshot();
        m_out << "Switched to work-group " << idText(snap.group) << " (" << stop.text << ")\n";
        return printPosition(snap);
    }
    default:
        return afterExecution(stop);
    }
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

bool Console::execute(const std::string& line) {
    std::string why;
    const std::optional<Command> command = Command::parse(line, why);
    if (!command) {
        if (!why.empty()) errorWithHint(why);
        return !m_quit;
    }
    return execute(*command);
}

bool Console::execute(const Command& given) {
    // a command built in code is checked by the same parser as a typed one
    std::string why;
    const std::optional<Command> command = Command::parse(given.format(), why);
    if (!command) {
        errorWithHint(why);
        return !m_quit;
    }
    try {
        show(*command, m_session.execute(*command));
    } catch (const std::exception& e) {
        error(std::string("internal error: ") + e.what(),
              "please report it with the command that caused it");
    }
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
        std::string why;
        const std::optional<Command> parsed = Command::parse(command, why);
        repeat.clear();
        if (!parsed) {
            if (!why.empty()) errorWithHint(why);
            continue;
        }
        execute(command);
        if (parsed->info().repeatable) // like gdb: `list` continues, a step repeats
            repeat = parsed->verb == Command::List ? parsed->info().name : parsed->format();
    }
    m_out.flush();
    return 0;
}

void Console::cmdHelp(const Args& args, const std::string&) {
    if (!args.empty()) {
        const std::optional<Command::Verb> verb = Command::lookup(args[0]);
        if (!verb) {
            error("no command '" + args[0] + "'", "type 'help' for the list of commands");
            return;
        }
        const Command::VerbInfo& c = Command::info(*verb);
        m_out << c.usage << "\n  " << c.help << "\n";
        if (*c.shortName) m_out << "  short form: " << c.shortName << "\n";
        if (*c.aliases) m_out << "  also: " << c.aliases << "\n";
        return;
    }
    m_out << "Commands (short forms in brackets):\n";
    for (const Command::VerbInfo& c : Command::vocabulary()) {
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
