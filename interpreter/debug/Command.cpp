#include "debug/Command.h"

#include <algorithm>
#include <cctype>

namespace clstep::debug {

namespace {

using C = Command;

// The vocabulary, in the order `help` lists it: Oclgrind's interactive debugger's names and
// short forms, then clstep's verbs.
const std::vector<C::VerbInfo> kVocabulary = {
    {C::Help, "help", "h", "", "help [COMMAND]", "list the commands, or explain one", "", false,
     false},
    {C::Quit, "quit", "q", "", "quit", "end the session", "", false, false},
    {C::Step, "step", "s", "", "step [N]",
     "run the selected work-item one statement, entering calls", "step", true, true},
    {C::Next, "next", "n", "", "next [N]",
     "run the selected work-item one statement, stepping over calls", "next", true, true},
    {C::Finish, "finish", "", "", "finish",
     "run the selected work-item until its current function returns", "finish", false, false},
    {C::Continue, "continue", "c", "", "continue",
     "run under the schedule policy until a breakpoint, watchpoint, error or the end of the "
     "kernel",
     "continue", false, true},
    {C::Lockstep, "lockstep", "", "", "lockstep [N]",
     "every work-item of the group runs one statement (SIMT view)", "lockstep step", true, true},
    {C::GroupToBarrier, "barrier", "", "", "barrier",
     "run every work-item of the group to the next barrier (or to its end)", "group to barrier",
     false, false},
    {C::ToBarrier, "tobarrier", "", "", "tobarrier",
     "run the selected work-item to the next barrier (or to its end)", "run to barrier", false,
     false},
    {C::GroupToEnd, "rungroup", "", "", "rungroup",
     "run every work-item of the viewed group to its end", "run group", false, false},
    {C::RunAll, "runall", "", "", "runall",
     "run every remaining work-group to the end of the kernel (no breakpoint stops)", "run all",
     false, false},
    {C::StepBack, "back", "", "", "back [N]",
     "step back one debugger action (deterministic replay from the start)", "step back", true,
     false},
    {C::ReverseContinue, "rcontinue", "rc", "", "rcontinue",
     "step back to the previous breakpoint, watchpoint or error stop", "reverse continue", false,
     false},
    {C::Reset, "run", "r", "reset", "run",
     "restart the kernel from the beginning (breakpoints stay)", "reset", false, false},
    {C::Schedule, "schedule", "", "", "schedule [in-order|round-robin|reverse|random [SEED]|simt]",
     "show or change how the work-items of a group interleave", "schedule", false, false},
    {C::Explore, "explore", "", "", "explore [N]",
     "run the whole kernel under N schedules (default 6), compare the results and list the "
     "runtime checks' reports with the first schedule that found each",
     "explore", false, false},
    {C::Break, "break", "b", "", "break [LINE] [if CONDITION]",
     "set a breakpoint at LINE (default: the current line), stopping only when CONDITION holds", "",
     false, false},
    {C::Delete, "delete", "d", "", "delete [N]",
     "delete breakpoint or watchpoint N (all when no N)", "", false, false},
    {C::Watch, "watch", "", "",
     "watch EXPRESSION [r|w|c|a]  or  watch SPACE [BUFFER:]OFFSET|ADDRESS SIZE [r|w|c|a]",
     "stop on a read, write (default), change or any access of memory", "", false, false},
    {C::Errors, "errors", "", "", "errors [on|off]",
     "show or set whether a runtime error stops execution (default on)", "break on error", false,
     false},
    {C::Print, "print", "p", "", "print EXPRESSION",
     "evaluate an OpenCL C expression in the selected work-item's scope", "", false, false},
    {C::List, "list", "l", "", "list [LINE]",
     "show source lines around LINE (default: the current line)", "", false, true},
    {C::Backtrace, "backtrace", "bt", "", "backtrace",
     "show the call stack of the selected work-item", "", false, false},
    {C::Info, "info", "i", "", "info [break|locals|workitems|lanes|trace]",
     "show the current context, breakpoints and watchpoints, variables, or work-item states", "",
     false, false},
    {C::Workitem, "workitem", "wi", "global", "workitem GX [GY GZ]",
     "select a work-item by global id (and its work-group)", "select work-item", false, false},
    {C::Group, "group", "", "", "group GX [GY GZ]",
     "select a work-group (earlier groups show their final state)", "select group", false, false},
    {C::Select, "select", "", "", "select LX [LY LZ]",
     "select a work-item of the viewed group by local id", "select work-item", false, false},
    {C::Trace, "trace", "", "", "trace [PAGE [SIZE]]",
     "show the latest memory accesses and runtime diagnostics, newest first", "", false, false},
    {C::Gmem, "gmem", "gm", "", "gmem [BUFFER|ADDRESS [SIZE]]",
     "list __global buffers, or dump bytes of one", "", false, false},
    {C::Lmem, "lmem", "lm", "", "lmem [BUFFER|ADDRESS [SIZE]]",
     "list __local buffers of the group, or dump bytes of one", "", false, false},
    {C::Pmem, "pmem", "pm", "", "pmem [BUFFER|ADDRESS [SIZE]]",
     "list __private variables of the work-item, or dump bytes of one", "", false, false},
    {C::Mem, "mem", "", "", "mem SPACE [BUFFER] [OFFSET] [COUNT] [TYPE]",
     "show memory as typed elements (TYPE: char uchar short ushort int uint long ulong half "
     "float double)",
     "", false, false},
};

std::string_view trim(std::string_view s) {
    const size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos) return {};
    const size_t e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::vector<std::string> words(std::string_view s) {
    std::vector<std::string> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
            ++i;
        const size_t b = i;
        while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i])))
            ++i;
        if (i > b) out.emplace_back(s.substr(b, i - b));
    }
    return out;
}

size_t editDistance(std::string_view a, std::string_view b) {
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

/// Parses a repeat count (decimal, 1 to 1,000,000).
bool repeatCount(const std::string& s, uint64_t& n) {
    if (s.empty() || s.size() > 7) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    n = std::stoull(s);
    return n >= 1 && n <= 1000000;
}

} // namespace

Command::Command(Verb v, std::vector<std::string> a) : verb(v), args(std::move(a)) {
    for (const std::string& w : args)
        text += (text.empty() ? "" : " ") + w;
}

const std::vector<Command::VerbInfo>& Command::vocabulary() {
    return kVocabulary;
}

const Command::VerbInfo& Command::info(Verb verb) {
    for (const VerbInfo& i : kVocabulary)
        if (i.verb == verb) return i;
    return kVocabulary.front();
}

std::optional<Command::Verb> Command::lookup(std::string_view word) {
    const std::string w = lower(word);
    if (w.empty()) return std::nullopt;
    for (const VerbInfo& i : kVocabulary) {
        if (w == i.name || w == i.shortName) return i.verb;
        for (const std::string& alias : words(i.aliases))
            if (w == alias) return i.verb;
    }
    return std::nullopt;
}

std::string Command::suggest(std::string_view word) {
    const std::string w = lower(word);
    std::string best;
    size_t bestDistance = 3;
    for (const VerbInfo& i : kVocabulary) {
        for (const char* n : {i.name, i.shortName}) {
            if (!*n) continue;
            size_t d = editDistance(w, n);
            const bool prefix = std::string_view(n).substr(0, w.size()) == w && w.size() >= 2;
            if (prefix) d = 0;
            if (d < bestDistance) {
                bestDistance = d;
                best = i.name;
            }
        }
    }
    return best;
}

std::optional<Command> Command::parse(std::string_view line, std::string& error) {
    error.clear();
    line = trim(line);
    if (line.empty() || line.front() == '#') return std::nullopt;
    size_t end = 0;
    while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end])))
        ++end;
    const std::string_view word = line.substr(0, end);
    const std::optional<Verb> verb = lookup(word);
    if (!verb) {
        const std::string best = suggest(word);
        error = "unknown command '" + std::string(word) + "' (hint: " +
                (best.empty() ? std::string("type 'help' for the list of commands")
                              : "did you mean '" + best + "'? ('help " + best + "')") +
                ")";
        return std::nullopt;
    }
    Command c;
    c.verb = *verb;
    c.text = std::string(trim(line.substr(end)));
    c.args = words(c.text);
    const VerbInfo& i = info(c.verb);
    uint64_t n = 0;
    if (i.counted && !c.args.empty() && !repeatCount(c.args[0], n)) {
        const bool example = c.verb == Step || c.verb == Next;
        error = "'" + c.args[0] + "' is not a repeat count (hint: " + i.usage +
                (example ? std::string(", e.g. ") + i.name + " 3" : std::string()) + ")";
        return std::nullopt;
    }
    if ((c.verb == Workitem || c.verb == Group || c.verb == Select) &&
        (c.verb == Select || !c.args.empty()) && !c.id()) {
        const char* what = c.verb == Workitem ? "a work-item id"
                           : c.verb == Group  ? "a work-group id"
                                              : "a local id";
        const char* hint = c.verb == Workitem ? "workitem 3, or wi 3 1 0"
                           : c.verb == Group  ? "group 1"
                                             : "select 3, or select 3 1 0 (local ids in the viewed "
                                               "work-group)";
        error = (c.args.empty() ? std::string(i.name) + " needs " + what
                                : "'" + c.args[0] + "' is not " + what) +
                " (hint: " + hint + ")";
        return std::nullopt;
    }
    return c;
}

std::optional<std::array<uint64_t, 3>> Command::id() const {
    std::array<uint64_t, 3> out{};
    if (args.empty() || args.size() > 3) return std::nullopt;
    for (size_t d = 0; d < args.size(); ++d) {
        const std::string& a = args[d];
        if (a.empty() || a.size() > 19) return std::nullopt;
        for (char ch : a)
            if (ch < '0' || ch > '9') return std::nullopt;
        out[d] = std::stoull(a);
    }
    return out;
}

std::string Command::format() const {
    std::string s = info(verb).name;
    if (!text.empty()) s += " " + text;
    return s;
}

uint64_t Command::count() const {
    uint64_t n = 1;
    if (info(verb).counted && !args.empty() && repeatCount(args[0], n)) return n;
    return 1;
}

} // namespace clstep::debug
