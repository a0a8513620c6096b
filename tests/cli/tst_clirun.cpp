// `clstep-cli run FILE.sim` through the real binary: the launch file's own settings
// (`# clstep: build-options`, `# clstep: device-endian`, written by `exec --record`) apply
// unless the command line gives its own (`-b`, `--device-endian`).
#include <QtTest>

#include "cli/CliProcess.h"

using clstep::test::cli;
using clstep::test::CliResult;
using clstep::test::write;

namespace {
/// A kernel that needs N from the build options, and a launch of it with `directives`.
QString launchWith(QTemporaryDir& dir, const QByteArray& directives) {
    write(dir, "k.cl",
          "#ifndef N\n#error N must be defined by the build options\n#endif\n"
          "__kernel void k(__global uint* out) { out[0] = N; }\n");
    return write(dir, "k.sim", directives + "k.cl\nk\n1 1 1\n1 1 1\n<size=4 uint fill=0 dump>\n");
}
} // namespace

class TestCliRun : public QObject {
    Q_OBJECT
private slots:
    void buildOptionsOfTheLaunchFileApply() {
        QTemporaryDir dir;
        const QString sim = launchWith(dir, "# clstep: build-options -D N=7\n");
        CliResult r = cli({"run", sim});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("7")), qPrintable(r.out));
        // -b on the command line replaces them.
        r = cli({"run", sim, "-b", "-D N=9"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("9")) && !r.out.contains(QStringLiteral("7")),
                 qPrintable(r.out));
        // Without them the kernel does not build.
        r = cli({"run", launchWith(dir, "")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("N must be defined")), qPrintable(r.err));
    }

    /// Oclgrind's spelling `-b "-cl-std=CL2.0 ..."`: the value of -b is passed on as it is
    /// (the `-cl-std` rewrite for the command line's own `-cl-std` must not touch it).
    void clStdInsideBuildOptionsIsKept() {
        QTemporaryDir dir;
        const QString sim = launchWith(dir, "");
        CliResult r = cli({"run", sim, "-b", "-cl-std=CL2.0 -D N=5"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("5")), qPrintable(r.out));
        r = cli({"run", sim, "-b", "-cl-std=CL1.2"});
        QCOMPARE(r.code, 1); // builds, but N is undefined: the kernel's own #error
        QVERIFY2(r.err.contains(QStringLiteral("N must be defined")), qPrintable(r.err));
    }

    void badBuildOptionsDirectiveIsALaunchFileError() {
        QTemporaryDir dir;
        CliResult r = cli({"run", launchWith(dir, "# clstep: build-options -D N=1 -Q\n")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains(QStringLiteral("k.sim:1:")) &&
                     r.err.contains(QStringLiteral("unknown build option '-Q'")),
                 qPrintable(r.err));
    }

    void deviceEndianOfTheLaunchFileApplies() {
        QTemporaryDir dir;
        // 7 stored by a big-endian device reads back as 0x07000000 on the little-endian host.
        const QString sim =
            launchWith(dir, "# clstep: build-options -D N=7\n# clstep: device-endian big\n");
        CliResult r = cli({"run", sim});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("117440512")), qPrintable(r.out));
        r = cli({"run", sim, "--device-endian", "little"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(!r.out.contains(QStringLiteral("117440512")), qPrintable(r.out));
    }

    /// The runtime reports the step limit as a fact; clstep-cli names its own flag for it.
    void stepLimitNamesTheMaxStepsFlag() {
        QTemporaryDir dir;
        write(dir, "spin.cl",
              "__kernel void spin(__global int* out) {\n  while (out[0] == 0) { out[1]++; }\n}\n");
        const QString sim =
            write(dir, "spin.sim", "spin.cl\nspin\n1 1 1\n1 1 1\n<size=8 int fill=0>\n");
        CliResult r = cli({"run", sim, "--max-steps", "1000"});
        QVERIFY2(r.err.contains(QStringLiteral(
                     "spin.cl:2:25: error: work-item stopped after 1000 statements (endless "
                     "loop?); raise the limit with --max-steps [step-limit]\n")),
                 qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliRun)
#include "tst_clirun.moc"
