// debug::Command: the one debugger command vocabulary (console, GUI scripts, GUI worker):
// parsing with Oclgrind's names, short forms and aliases, canonical formatting, and the
// error messages of bad lines.
#include "debug/Command.h"

#include <QtTest>

using namespace clstep::debug;

namespace {
std::string parsed(const std::string& line) {
    std::string why;
    const std::optional<Command> c = Command::parse(line, why);
    return c ? c->format() : "error: " + why;
}
} // namespace

class TestCommand : public QObject {
    Q_OBJECT
private slots:
    void namesShortFormsAndAliases() {
        std::string why;
        QCOMPARE(Command::parse("s", why)->verb, Command::Step);
        QCOMPARE(Command::parse("STEP 3", why)->verb, Command::Step);
        QCOMPARE(Command::parse("wi 4 1", why)->verb, Command::Workitem);
        QCOMPARE(Command::parse("global 4", why)->verb, Command::Workitem);
        QCOMPARE(Command::parse("r", why)->verb, Command::Reset);
        QCOMPARE(Command::parse("reset", why)->verb, Command::Reset);
        QCOMPARE(Command::parse("rc", why)->verb, Command::ReverseContinue);
        QCOMPARE(Command::parse("barrier", why)->verb, Command::GroupToBarrier);
        QCOMPARE(Command::parse("tobarrier", why)->verb, Command::ToBarrier);
        QCOMPARE(Command::parse("runall", why)->verb, Command::RunAll);
        QCOMPARE(Command::parse("gm", why)->verb, Command::Gmem);
        // every verb's own name and short form parse back to it
        // (lookup: `select` alone parses to an error, it needs an id)
        for (const Command::VerbInfo& i : Command::vocabulary()) {
            QCOMPARE(Command::lookup(i.name), std::optional<Command::Verb>(i.verb));
            if (*i.shortName)
                QCOMPARE(Command::lookup(i.shortName), std::optional<Command::Verb>(i.verb));
        }
    }

    void formatIsCanonicalAndRoundTrips() {
        QCOMPARE(parsed("  s   3 "), std::string("step 3"));
        QCOMPARE(parsed("b 21 if lid ==  3"), std::string("break 21 if lid ==  3"));
        QCOMPARE(parsed("wi 4 1 0"), std::string("workitem 4 1 0"));
        QCOMPARE(parsed("reset"), std::string("run"));
        QCOMPARE(Command(Command::Lockstep).format(), std::string("lockstep"));
        QCOMPARE(Command(Command::Group, {"1", "0", "0"}).format(), std::string("group 1 0 0"));
        for (const char* line : {"step 2", "print a[lid + 1]", "watch partial[3] c",
                                 "mem global a 0 4 float", "schedule random 42"}) {
            std::string why;
            const std::optional<Command> c = Command::parse(line, why);
            QVERIFY(c);
            const std::optional<Command> again = Command::parse(c->format(), why);
            QVERIFY(again);
            QCOMPARE(again->verb, c->verb);
            QCOMPARE(again->args, c->args);
        }
    }

    void countsAndIds() {
        std::string why;
        QCOMPARE(Command::parse("next", why)->count(), uint64_t(1));
        QCOMPARE(Command::parse("lockstep 12", why)->count(), uint64_t(12));
        QCOMPARE(Command::parse("back 2", why)->count(), uint64_t(2));
        const auto id = Command::parse("select 3 1", why)->id();
        QVERIFY(id);
        QCOMPARE((*id)[0], uint64_t(3));
        QCOMPARE((*id)[1], uint64_t(1));
        QCOMPARE((*id)[2], uint64_t(0));
    }

    void badLinesSayWhy() {
        QCOMPARE(parsed("stpe"),
                 std::string("error: unknown command 'stpe' (hint: did you mean 'step'? ('help "
                             "step'))"));
        QCOMPARE(parsed("frobnicate"), std::string("error: unknown command 'frobnicate' (hint: "
                                                   "type 'help' for the list of commands)"));
        QCOMPARE(parsed("step x"),
                 std::string("error: 'x' is not a repeat count (hint: step [N], e.g. step 3)"));
        QCOMPARE(parsed("lockstep 0"),
                 std::string("error: '0' is not a repeat count (hint: lockstep [N])"));
        QCOMPARE(parsed("wi -1"), std::string("error: '-1' is not a work-item id (hint: "
                                              "workitem 3, or wi 3 1 0)"));
        QCOMPARE(parsed("group 1 2 3 4"),
                 std::string("error: '1' is not a work-group id (hint: group 1)"));
        QVERIFY(parsed("select").rfind("error: select needs a local id", 0) == 0);
        // empty lines and comments are no command and no error
        std::string why = "x";
        QVERIFY(!Command::parse("   ", why));
        QVERIFY(why.empty());
        QVERIFY(!Command::parse("# a comment", why));
        QVERIFY(why.empty());
    }
};

QTEST_APPLESS_MAIN(TestCommand)
#include "tst_command.moc"
