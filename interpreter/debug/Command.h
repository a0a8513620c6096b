#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clstep::debug {

/// One debugger command: a verb of the console's vocabulary (Oclgrind's command names and
/// short forms, plus clstep's) and its arguments. It is the one command type of clstep:
/// the console (`clstep-cli run -i`), the GUI's script runner (`clstep --do "..."`), the
/// GUI's buttons and its SessionWorker all parse and print commands through it, and the
/// Session records its replayable actions by Verb.
///
/// Text form: `VERB [ARG ...]`, words separated by blanks; the verb is matched without regard
/// to case against each verb's name, short form and aliases (`step`/`s`, `workitem`/`wi`/
/// `global`, `run`/`r`/`reset`). A repeat count (`step 3`) is checked when parsing.
struct Command {
    /// The verbs. Unscoped on purpose: `Command::Step` names a verb and converts to a
    /// Command, so `controller.run(Command::Step)` reads as it should.
    enum Verb : uint8_t {
        Help,            ///< help [COMMAND]
        Quit,            ///< quit
        Step,            ///< step [N]: the selected work-item, entering calls
        Next,            ///< next [N]: the selected work-item, stepping over calls
        Finish,          ///< finish: until the current function returns
        Continue,        ///< continue: under the schedule policy to a stop or the end
        Lockstep,        ///< lockstep [N]: every work-item of the group one statement
        GroupToBarrier,  ///< barrier: every work-item of the group to the next barrier
        ToBarrier,       ///< tobarrier: the selected work-item to the next barrier
        GroupToEnd,      ///< rungroup: the viewed work-group to its end
        RunAll,          ///< runall: every remaining work-group to the end, no stops
        StepBack,        ///< back [N]: undo the last action by deterministic replay
        ReverseContinue, ///< rcontinue: back to the previous breakpoint/watchpoint/error stop
        Reset,           ///< run: restart the kernel (breakpoints stay)
        Schedule,        ///< schedule [POLICY [SEED]]
        Explore,         ///< explore [N]: N schedules compared
        Break,           ///< break [LINE] [if CONDITION]
        Delete,          ///< delete [N ...]
        Watch,           ///< watch EXPRESSION [r|w|c|a] | watch SPACE [BUF:]OFFSET SIZE [KIND]
        Errors,          ///< errors [on|off]
        Print,           ///< print EXPRESSION
        List,            ///< list [LINE]
        Backtrace,       ///< backtrace
        Info,            ///< info [break|locals|workitems|lanes|trace]
        Workitem,        ///< workitem GX [GY GZ]: select by global id
        Group,           ///< group GX [GY GZ]: select a work-group
        Select,          ///< select LX [LY LZ]: select a work-item of the group by local id
        Trace,           ///< trace [PAGE [SIZE]]
        Gmem,            ///< gmem [BUFFER|ADDRESS [SIZE]]
        Lmem,            ///< lmem [BUFFER|ADDRESS [SIZE]]
        Pmem,            ///< pmem [BUFFER|ADDRESS [SIZE]]
        Mem,             ///< mem SPACE [BUFFER] [OFFSET] [COUNT] [TYPE]
    };

    /// What the vocabulary knows about one verb.
    struct VerbInfo {
        Verb verb;
        const char* name;      ///< the canonical name ("step"), what format() writes
        const char* shortName; ///< Oclgrind's short form ("s"), "" when none
        const char* aliases;   ///< further accepted names, blank-separated ("reset"), or ""
        const char* usage;     ///< "step [N]"
        const char* help;      ///< one line for `help`
        /// The operation as the GUI reports it ("lockstep step", "run to barrier"); "" for
        /// verbs that are no execution or selection.
        const char* operation;
        bool counted;    ///< takes an optional repeat count [N] (1 to 1,000,000)
        bool repeatable; ///< an empty line repeats it on a terminal (as in gdb)
    };

    Verb verb = Help;
    std::vector<std::string> args; ///< the words after the verb
    /// Everything after the verb as written, trimmed (conditions and expressions keep their
    /// spacing); format() uses it, else the args joined by blanks.
    std::string text;

    Command() = default;
    /// A command of `verb` with `args` (text: the args joined by blanks). Implicit, so that a
    /// verb can be passed where a Command is expected.
    Command(Verb verb, std::vector<std::string> args = {}); // NOLINT(google-explicit-constructor)

    /// Parses one command line. Returns nullopt for an empty line or a comment (`#...`;
    /// `error` stays empty) and for a line that is no command, with `error` saying why in the
    /// Session's style, a hint in a trailing "(hint: ...)": "unknown command 'stpe' (hint:
    /// did you mean 'step'? ('help step'))", "'x' is not a repeat count (hint: step [N],
    /// e.g. step 3)". Never throws.
    static std::optional<Command> parse(std::string_view line, std::string& error);
    /// The command as text, in canonical spelling: "step 3", "break 21 if lid == 3",
    /// "workitem 4 0 0". parse(format()) gives the same command back. Used for echoes,
    /// transcripts and history.
    std::string format() const;

    /// The repeat count of a counted verb (`step 3`: 3); 1 when absent.
    uint64_t count() const;
    /// The args as a work-item or work-group id of one to three decimal numbers (`4`,
    /// `4 1 0`; missing dimensions are 0); nullopt when they are none. parse() checks it for
    /// workitem, group and select.
    std::optional<std::array<uint64_t, 3>> id() const;
    /// The vocabulary entry of this command's verb.
    const VerbInfo& info() const { return info(verb); }

    /// Every verb in the order `help` lists them.
    static const std::vector<VerbInfo>& vocabulary();
    /// The vocabulary entry of `verb`.
    static const VerbInfo& info(Verb verb);
    /// The verb named `word` (name, short form or alias, any case), if any.
    static std::optional<Verb> lookup(std::string_view word);
    /// The canonical name of the verb closest to the unknown `word` (a prefix of at least
    /// two letters, or within two edits), or "" when none is close.
    static std::string suggest(std::string_view word);
};

} // namespace clstep::debug
