// Launch files whose buffers exceed the device's global memory (issue #18, "two 1 GiB
// buffers"): SimParser::bind builds no buffer contents beyond LaunchConfig::memoryBudgetBytes,
// and KernelRun still refuses the launch with every buffer named, by declared size.

#include "SignatureFromSource.h"

#include "launch/LaunchBinding.h"
#include "launch/SimParser.h"

#include <QTest>

using namespace clstep;
using namespace clstep::launch;

class TestLaunchBudget : public QObject {
    Q_OBJECT
private slots:
    // Regression: both 1 GiB fills were built (and copied twice more) before the memory
    // check refused the launch: 8.4 GB peak and a minute for a launch that never runs.
    void buffersBeyondTheBudgetAreNotFilled() {
        const std::string kernel =
            "__kernel void k(__global char *a, __global char *b, __global char *c) {}";
        auto sig = test::signatureFromSource(kernel, "k");
        QVERIFY(sig);
        std::vector<Diagnostic> diags;
        auto config = SimParser::parse("k.cl\nk\n1 1 1\n1 1 1\n"
                                       "<size=4096 char fill=1>\n"
                                       "<size=8192 char range=0:1:8192>\n"
                                       "<size=4096 char fill=2>\n",
                                       "", 0, diags);
        QVERIFY(config);
        config->memoryBudgetBytes = 6000;
        const bool bound = SimParser::bind(*config, *sig, diags);
        QVERIFY2(bound, diags.empty() ? "" : diags.back().message.c_str());
        QVERIFY(!config->args[0].overBudget);
        QCOMPARE(config->args[0].bytes.size(), size_t(4096));
        QVERIFY(config->args[1].overBudget); // 4096 + 8192 > 6000
        QVERIFY(config->args[1].bytes.empty());
        QVERIFY(config->args[2].overBudget); // declared sizes count: the launch cannot run
        QVERIFY(config->args[2].bytes.empty());

        const std::vector<KernelArgument> args = kernelArgumentsOf(*config);
        QVERIFY(args[1].bytes.empty());
        QCOMPARE(args[1].size, uint64_t(8192)); // KernelRun's memory check counts this size
    }

    void noBudgetBuildsEverything() {
        auto sig = test::signatureFromSource("__kernel void k(__global int *a) {}", "k");
        std::vector<Diagnostic> diags;
        auto config =
            SimParser::parse("k.cl\nk\n1 1 1\n1 1 1\n<size=64 int fill=7>\n", "", 0, diags);
        QVERIFY(config && sig);
        QVERIFY(SimParser::bind(*config, *sig, diags));
        QVERIFY(!config->args[0].overBudget);
        QCOMPARE(config->args[0].bytes.size(), size_t(64));
        QCOMPARE(config->args[0].bytes[0], uint8_t(7));
    }
};

QTEST_APPLESS_MAIN(TestLaunchBudget)
#include "tst_launchbudget.moc"
