// Session::execute: the one interpretation of a debugger command's verb, its argument checks
// and repeat counts, and the recording of replayable actions.
#include "debug/AccessTracer.h"
#include "debug/ExploreReport.h"
#include "debug/Session.h"
#include "debug/SessionController.h"
#include "runtime/WorkGroup.h"
#include "runtime/WorkItem.h"

namespace clstep::debug {

namespace {

using Mode = SessionController::Mode;

/// A non-negative integer, decimal or 0x hexadecimal; false if `text` is none.
bool parseNumber(const std::string& text, uint64_t& out) {
    if (text.empty() || text[0] == '-' || text[0] == '+') return false;
    try {
        size_t used = 0;
        const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
        out = std::stoull(text, &used, hex ? 16 : 10);
        return used == text.size();
    } catch (...) {
        return false;
    }
}

std::string idText(const std::array<uint64_t, 3>& id) {
    return "(" + std::to_string(id[0]) + "," + std::to_string(id[1]) + "," + std::to_string(id[2]) +
           ")";
}

std::vector<std::string> idArgs(const std::array<uint64_t, 3>& id) {
    return {std::to_string(id[0]), std::to_string(id[1]), std::to_string(id[2])};
}

/// A command that was not done because its arguments are wrong.
Stop invalid(std::string text, std::string hint) {
    Stop s;
    s.ok = false;
    s.kind = StopKind::Invalid;
    s.text = std::move(text);
    s.hint = std::move(hint);
    return s;
}

/// "schedule random seed 7", "schedule in-order".
std::string scheduleText(const Scheduler& s) {
    std::string text = std::string("schedule ") + schedulePolicyName(s.policy());
    if (s.policy() == SchedulePolicy::Random) text += " seed " + std::to_string(s.seed());
    return text;
}

} // namespace

const char* stopKindName(StopKind kind) {
    static const char* const names[] = {"none",
                                        "reset",
                                        "step",
                                        "breakpoint",
                                        "watchpoint",
                                        "error",
                                        "paused",
                                        "at-barrier",
                                        "group-at-barrier",
                                        "work-item-finished",
                                        "group-finished",
                                        "kernel-finished",
                                        "work-item-selected",
                                        "group-selected",
                                        "schedule",
                                        "setting",
                                        "explored",
                                        "refused",
                                        "invalid",
                                        "front-end"};
    const auto i = static_cast<size_t>(kind);
    return i < std::size(names) ? names[i] : "?";
}

void Session::stopAt(StopKind kind, std::string text,
                     std::optional<std::array<uint64_t, 3>> workItem) {
    m_stop = Stop{};
    m_stop.kind = kind;
    m_stop.text = std::move(text);
    m_stop.workItem = workItem;
}

bool Session::fail(const std::string& message, StopKind kind) {
    m_lastError = message;
    m_stop = Stop{};
    m_stop.ok = false;
    m_stop.kind = kind;
    m_stop.text = message;
    return false;
}

Stop Session::act(Command recorded, bool executes, const std::function<void()>& op) {
    if (!m_run) {
        fail("the kernel is not running: reset first");
        return m_stop;
    }
    m_pauseRequested = false;
    m_lastError.clear();
    Record r{std::move(recorded), m_replaying ? m_replayBreakOnError : m_breakOnError,
             m_replaying ? m_replayBreakKinds : m_breakKinds};
    m_actionBreakOnError = r.breakOnError;
    m_actionBreakKinds = r.breakKinds;
    m_tracer->setStep(m_step + 1); // accesses belong to the step this action becomes
    const uint64_t groupsBefore = m_groupsFinished;
    if (!executes)
        op();
    else if (!m_group)
        fail("the kernel has finished; reset to run again", StopKind::KernelFinished);
    else if (m_viewLinear != m_groupLinear)
        fail("the selected work-group has finished; select the running one",
             StopKind::GroupFinished);
    else
        op();
    const Command::Verb verb = r.command.verb;
    if (!m_replaying) m_history.push_back(std::move(r));
    // Selecting a work-item or a started/kept work-group, or choosing a schedule, runs
    // nothing: it is no step, so the last read/write marks and their fading stay.
    const bool selectionOnly = verb == Command::Select || verb == Command::Schedule ||
                               (verb == Command::Group && m_groupsFinished == groupsBefore);
    if (!selectionOnly) ++m_step;
    return m_stop;
}

Stop Session::selectGroupStop(const std::array<uint64_t, 3>& g) {
    for (int d = 0; d < 3; ++d)
        if (g[d] >= m_range.groups(d)) {
            fail("no such work-group");
            return m_stop;
        }
    return act(Command(Command::Group, idArgs(g)), false, [&] { selectGroupNow(g); });
}

Stop Session::selectLocalStop(const std::array<uint64_t, 3>& l) {
    return act(Command(Command::Select, idArgs(l)), false, [&] { selectLocalNow(l); });
}

Stop Session::selectGlobalStop(const std::array<uint64_t, 3>& global) {
    std::array<uint64_t, 3> g{}, l{};
    for (int d = 0; d < 3; ++d) {
        if (global[d] < m_range.offset[d] || global[d] - m_range.offset[d] >= m_range.global[d]) {
            fail("global id out of range");
            return m_stop;
        }
        const uint64_t rel = global[d] - m_range.offset[d];
        g[d] = rel / m_range.local[d];
        l[d] = rel % m_range.local[d];
    }
    const Stop s = selectGroupStop(g);
    return s.ok ? selectLocalStop(l) : s;
}

Stop Session::stepBackStop() {
    if (m_history.empty()) {
        fail("nothing to step back to");
        return m_stop;
    }
    replay(m_history.size() - 1);
    return m_stop;
}

Stop Session::reverseContinueStop() {
    if (m_history.empty()) {
        fail("nothing to step back to");
        return m_stop;
    }
    // Find the latest earlier action that stopped at a breakpoint, watchpoint or error.
    std::vector<Record> history = m_history;
    for (size_t n = history.size() - 1; n > 0; --n) {
        if (!replay(n)) return m_stop;
        const StopKind k = m_stop.kind;
        if (k == StopKind::Breakpoint || k == StopKind::Watchpoint || k == StopKind::Error)
            return m_stop;
        m_history = history;
    }
    replay(0);
    return m_stop;
}

Stop Session::execute(const Command& given) {
    using C = Command;
    // a command built in code is checked by the same parser as a typed one
    std::string why;
    const std::optional<Command> parsed = Command::parse(given.format(), why);
    if (!parsed) {
        // Command::parse writes "message (hint: ...)"; the Stop keeps them apart
        const size_t h = why.find(" (hint: ");
        if (h != std::string::npos && why.back() == ')')
            return invalid(why.substr(0, h), why.substr(h + 8, why.size() - h - 9));
        return invalid(why.empty() ? "empty command" : why, "");
    }
    const Command& c = *parsed;
    // `step 3`: up to three steps, fewer when one stops for another reason (a breakpoint, a
    // barrier, the end), fails, or a pause is requested; `back 3` goes on while it can.
    auto repeat = [&](const std::function<Stop()>& once, bool plainStepsOnly) {
        Stop s;
        for (uint64_t i = 0; i < c.count(); ++i) {
            s = once();
            if (!s.ok || (plainStepsOnly && s.kind != StopKind::Step) || m_pauseRequested) break;
        }
        return s;
    };
    auto running = [&](Command::Verb verb, const std::function<void()>& op) {
        return act(Command(verb), true, op);
    };
    switch (c.verb) {
    case C::Step:
        return repeat(
            [&] { return running(C::Step, [&] { stepSelected(int(Mode::AnyStatement)); }); }, true);
    case C::Next:
        return repeat(
            [&] { return running(C::Next, [&] { stepSelected(int(Mode::DepthAtMost)); }); }, true);
    case C::Finish:
        return running(C::Finish, [&] { stepSelected(int(Mode::DepthBelow)); });
    case C::Lockstep:
        return repeat([&] { return running(C::Lockstep, [&] { lockstep(); }); }, true);
    case C::ToBarrier:
        return running(C::ToBarrier, [&] { toBarrier(); });
    case C::GroupToBarrier:
        return running(C::GroupToBarrier, [&] { runGroup(true, true); });
    case C::GroupToEnd:
        return running(C::GroupToEnd, [&] { runGroup(true, false); });
    case C::Continue:
        return running(C::Continue, [&] { continueToEnd(); });
    case C::RunAll:
        return running(C::RunAll, [&] { runAllGroups(); });
    case C::StepBack:
        return repeat([&] { return stepBackStop(); }, false);
    case C::ReverseContinue:
        return reverseContinueStop();
    case C::Reset:
        reset();
        return m_stop;
    case C::Workitem: {
        if (c.args.empty()) {
            const WorkItem* wi = selectedItem();
            if (!wi) return invalid("no work-item selected", "");
            Stop s;
            s.kind = StopKind::None;
            s.workItem = wi->ids().global;
            s.text = "work-item " + idText(wi->ids().global) + " (local " +
                     idText(wi->ids().local) + " in group " + idText(wi->ids().group) + ")";
            return s;
        }
        Stop s = selectGlobalStop(*c.id());
        if (!s.ok) {
            const NDRange& r = m_range;
            s.hint = m_stop.hint = "global ids go up to " + idText({r.offset[0] + r.global[0] - 1,
                                                                    r.offset[1] + r.global[1] - 1,
                                                                    r.offset[2] + r.global[2] - 1});
        }
        return s;
    }
    case C::Group: {
        if (c.args.empty()) {
            Stop s;
            s.kind = StopKind::None;
            s.text =
                "work-group " + idText(m_run ? groupIdOf(m_viewLinear) : std::array<uint64_t, 3>{});
            return s;
        }
        return selectGroupStop(*c.id());
    }
    case C::Select:
        return selectLocalStop(*c.id());
    case C::Schedule: {
        if (c.args.empty()) {
            Stop s;
            s.kind = StopKind::Schedule;
            s.text = scheduleText(m_scheduler);
            return s;
        }
        SchedulePolicy policy;
        if (!parseSchedulePolicy(c.args[0], policy))
            return invalid("unknown schedule '" + c.args[0] + "'",
                           "schedule in-order|round-robin|reverse|random [SEED]|simt");
        uint64_t seed = 1;
        if (c.args.size() > 1 && !parseNumber(c.args[1], seed))
            return invalid("'" + c.args[1] + "' is not a seed", "schedule random 42");
        const Scheduler chosen(policy, seed);
        if (!m_run) { // takes effect at the reset that starts the run
            m_scheduler = chosen;
            Stop s;
            s.kind = StopKind::Schedule;
            s.text = scheduleText(chosen);
            return s;
        }
        return act(Command(C::Schedule, {schedulePolicyName(policy), std::to_string(seed)}), false,
                   [&] {
                       m_scheduler = chosen;
                       stopAt(StopKind::Schedule, scheduleText(chosen));
                   });
    }
    case C::Errors: {
        if (!c.args.empty()) {
            if (c.args[0] != "on" && c.args[0] != "off")
                return invalid("'" + c.args[0] + "' is neither on nor off", "errors on|off");
            setBreakOnError(c.args[0] == "on");
        }
        Stop s;
        s.kind = StopKind::Setting;
        s.text = m_breakOnError ? "runtime errors stop execution"
                                : "runtime errors do not stop execution";
        return s;
    }
    case C::Explore: {
        uint64_t n = 6;
        if (!c.args.empty() && (!parseNumber(c.args[0], n) || n == 0 || n > 1000))
            return invalid("'" + c.args[0] + "' is not a number of schedules", "explore 8");
        auto result = std::make_shared<ExploreResult>(explore(static_cast<int>(n)));
        Stop s;
        if (result->schedules == 0) {
            s.ok = false;
            s.kind = StopKind::Refused;
            s.text = "cannot explore: no kernel that builds is loaded";
            return s;
        }
        s.kind = StopKind::Explored;
        s.text = exploreReport(*result, m_program ? &m_program->sources : nullptr);
        s.explore = std::move(result);
        return s;
    }
    case C::Help:
    case C::Quit:
    case C::Break:
    case C::Delete:
    case C::Watch:
    case C::Print:
    case C::List:
    case C::Backtrace:
    case C::Info:
    case C::Trace:
    case C::Gmem:
    case C::Lmem:
    case C::Pmem:
    case C::Mem:
        break;
    }
    Stop s;
    s.ok = false;
    s.kind = StopKind::FrontEnd;
    s.text = "'" + std::string(c.info().name) + "' is no action on the session";
    return s;
}

// ---- the public operations: commands of one verb each ----

bool Session::step() {
    return execute(Command::Step).ok;
}
bool Session::next() {
    return execute(Command::Next).ok;
}
bool Session::finish() {
    return execute(Command::Finish).ok;
}
bool Session::stepLockstep() {
    return execute(Command::Lockstep).ok;
}
bool Session::runToBarrier(bool wholeGroup) {
    return execute(wholeGroup ? Command::GroupToBarrier : Command::ToBarrier).ok;
}
bool Session::runGroupToEnd() {
    return execute(Command::GroupToEnd).ok;
}
bool Session::continueRun() {
    return execute(Command::Continue).ok;
}
bool Session::runAll() {
    return execute(Command::RunAll).ok;
}
bool Session::stepBack() {
    return execute(Command::StepBack).ok;
}
bool Session::reverseContinue() {
    return execute(Command::ReverseContinue).ok;
}

void Session::setSchedule(SchedulePolicy policy, uint64_t seed) {
    execute(Command(Command::Schedule, {schedulePolicyName(policy), std::to_string(seed)}));
}

bool Session::selectGroup(const std::array<uint64_t, 3>& g) {
    return selectGroupStop(g).ok;
}

bool Session::selectLocal(const std::array<uint64_t, 3>& l) {
    return selectLocalStop(l).ok;
}

bool Session::selectGlobal(const std::array<uint64_t, 3>& global) {
    return selectGlobalStop(global).ok;
}

bool Session::replay(size_t count) {
    std::vector<Record> history = m_history;
    history.resize(count);
    m_scheduler = Scheduler(m_initialPolicy, m_initialSeed);
    if (!reset()) return false;
    m_replaying = true;
    for (const Record& r : history) {
        m_replayBreakOnError = r.breakOnError;
        m_replayBreakKinds = r.breakKinds;
        execute(r.command);
    }
    m_replaying = false;
    m_history = history;
    return true;
}

} // namespace clstep::debug
