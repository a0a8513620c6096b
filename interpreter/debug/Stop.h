#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace clstep::debug {

struct ExploreResult;

/// What a debugger command (Session::execute) ended with. With Stop::ok true it is where
/// execution stopped or what the command did; with ok false it is why the command was not
/// done, and for a refused execution where the selection stands (a work-item that waits at a
/// barrier or has finished, a finished work-group or kernel).
enum class StopKind : uint8_t {
    None,             ///< nothing changed: `workitem` or `group` without ids shows the selection
    Reset,            ///< the run restarted from the beginning ("reset")
    Step,             ///< a step ended at the next statement ("step", "lockstep step")
    Breakpoint,       ///< a line breakpoint stopped a work-item (Stop::id: the breakpoint)
    Watchpoint,       ///< a data watchpoint was hit (Stop::id: the watchpoint)
    Error,            ///< a runtime error was reported (Stop::diagnostic), break on error
    Paused,           ///< Session::requestPause() stopped the operation ("paused")
    AtBarrier,        ///< the selected work-item waits at a barrier ("at barrier")
    GroupAtBarrier,   ///< every work-item of the group waits at the barrier
    WorkItemFinished, ///< the selected work-item ran to its end ("work-item finished")
    GroupFinished,    ///< the work-group ran to its end ("work-group finished")
    KernelFinished,   ///< the whole NDRange ran to its end ("kernel finished")
    WorkItemSelected, ///< `workitem`, `select`: another work-item is selected
    GroupSelected,    ///< `group`: another work-group is viewed (started on demand)
    Schedule,         ///< `schedule`: the schedule policy shown or changed
    Setting,          ///< `errors`: break on error shown or changed
    Explored,         ///< `explore N` ran (Stop::explore: the result; text: its report)
    Refused,          ///< ok false: the session could not do it now (Stop::text says why)
    Invalid,          ///< ok false: the command's arguments are wrong; nothing happened
    FrontEnd,         ///< ok false: no action on the session (help, print, list, info, break,
                      ///< watch, memory dumps, ...): the front end shows or does it
};

/// The name of a kind as written in docs and tests ("breakpoint", "kernel-finished").
const char* stopKindName(StopKind kind);

/// The typed result of Session::execute(): whether the command was done, the kind of stop,
/// the breakpoint, watchpoint or diagnostic concerned and the work-item, and the text the
/// Session formats once (what Session::stopReason() and Snapshot::stopReason show). Front
/// ends map it to their own output and never look inside `text`.
struct Stop {
    bool ok = true;
    StopKind kind = StopKind::None;
    /// The breakpoint (StopKind::Breakpoint) or watchpoint (StopKind::Watchpoint) id; 0 else.
    int id = 0;
    /// StopKind::Error: the index of the diagnostic in Session::diagnostics() and
    /// Snapshot::diagnostics (its latest occurrence there); -1 else.
    long diagnostic = -1;
    /// The global id of the work-item concerned: the one a breakpoint, watchpoint or error
    /// stopped, the one a step ran, the one selected; none for group-wide stops.
    std::optional<std::array<uint64_t, 3>> workItem;
    /// The text, formatted once: "step", "breakpoint 1 at line 21, work-item (0,0,0)",
    /// "error: ... [data-race] at line 21, work-item (1,0,0)", "schedule random seed 7",
    /// "Runtime errors stop execution", explore's report, or why the command failed.
    std::string text;
    /// With ok false, how to fix it ("errors on|off"); may be empty.
    std::string hint;
    /// StopKind::Explored: what the schedules gave.
    std::shared_ptr<const ExploreResult> explore;

    /// `text`, with " (hint: HINT)" after it when there is a hint (the Session's message
    /// style, as Session::lastError() writes it).
    std::string message() const { return hint.empty() ? text : text + " (hint: " + hint + ")"; }
};

} // namespace clstep::debug
