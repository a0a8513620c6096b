// `clstep-cli sweep` through the real binary (docs/sweep.md): one launch under a matrix of
// work-group sizes, schedules and byte orders; diagnostics with the configurations that
// show them, results that depend on the configuration, the verdict and the exit code, the
// JSON report against its schema, `__local` argument sizes scaled or pinned, the SIMT
// statistics per sub-group size (--access-stats), the comparison with a reference report as
// each run ends (--expect-json), and the host running out of memory under --jobs 2.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "cli/CliProcess.h"

using clstep::test::cli;
using clstep::test::CliResult;
using clstep::test::grading;
using clstep::test::haveJsonSchema;
using clstep::test::readJson;
using clstep::test::schemaErrors;
using clstep::test::write;

namespace {

const QString kGrading = grading();

/// The grading exercise's launch with another kernel file.
QStringList sweepOf(const QString& kernelFile, const QStringList& more) {
    return QStringList{"sweep", kGrading + "launch.sim", "--kernel-file", kernelFile} + more;
}

/// A reduction that starts at a stride of 8: right for work-groups of 16 only, without any
/// error under 32 (work-items 16..31 are never added).
const QByteArray kStartsAt8 =
    "__kernel void total(__global const int *in, __global int *out, __local int *scratch)\n"
    "{\n"
    "    const uint lid = get_local_id(0);\n"
    "    scratch[lid] = in[get_global_id(0)];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (uint s = 8; s > 0; s /= 2) {\n"
    "        if (lid < s)\n"
    "            scratch[lid] += scratch[lid + s];\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    if (lid == 0)\n"
    "        atomic_add(out, scratch[0]);\n"
    "}\n";

} // namespace

class TestCliSweep : public QObject {
    Q_OBJECT
private slots:
    void rightKernelIsCleanUnderTheDefaultMatrix() {
        CliResult r = cli(sweepOf(kGrading + "reference.cl", {}));
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        // every size dividing 64 (1..64) x in-order, reverse, round-robin
        QVERIFY2(r.out.contains("21 configurations"), qPrintable(r.out));
        QVERIFY2(r.out.contains("results equal under every configuration"), qPrintable(r.out));
        QVERIFY2(r.out.endsWith("verdict: clean\n"), qPrintable(r.out));
    }

    /// A plain `+=` on out[0] races between work-groups: only with two groups (32), not with
    /// one (64).
    void raceOnlyUnderOneWorkGroupSize() {
        const QString file = kGrading + "submissions/racy_some_sizes.cl";
        CliResult r = cli(sweepOf(file, {"--local", "32,64"}));
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("racy_some_sizes.cl:16:9: error: ") &&
                     r.out.contains("[data-race]"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("under 3 of 6 configurations: local 32, in-order; local 32, "
                                "reverse; local 32, round-robin\n"),
                 qPrintable(r.out));
        QVERIFY2(!r.out.contains("local 64, in-order;"), qPrintable(r.out));
        QVERIFY2(r.out.endsWith("verdict: errors\n"), qPrintable(r.out));
    }

    void resultDependsOnTheWorkGroupSize() {
        QTemporaryDir dir;
        const QString file = write(dir, "starts_at_8.cl", kStartsAt8);
        CliResult r = cli(sweepOf(file, {"--local", "16,32"}));
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        QVERIFY2(!r.out.contains("error:"), qPrintable(r.out));
        QVERIFY2(r.out.contains("results differ: 2 classes"), qPrintable(r.out));
        QVERIFY2(r.out.contains("  class 1 (3): local 16, in-order; local 16, reverse; local 16, "
                                "round-robin\n"),
                 qPrintable(r.out));
        // 1 + ... + 64 = 2080; groups of 32 add only their first 16: 136 + 648 = 784
        QVERIFY2(r.out.contains("    out[0] = 2080 (local 16, in-order) vs 784 (local 32, "
                                "in-order)\n"),
                 qPrintable(r.out));
        QVERIFY2(r.out.endsWith("verdict: results depend on the configuration\n"),
                 qPrintable(r.out));
    }

    /// `scratch` is 64 bytes for 16 work-items: 128 under 32 (no error), unless pinned.
    void localArgumentsScaleUnlessPinned() {
        const QString ref = kGrading + "reference.cl";
        CliResult r = cli(sweepOf(ref, {"--local", "32"}));
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        r = cli(sweepOf(ref, {"--local", "32", "--pin-local", "scratch"}));
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("[out-of-bounds]"), qPrintable(r.out));
        // the same pin in the launch file
        QTemporaryDir dir;
        QFile sim(kGrading + "launch.sim");
        QVERIFY(sim.open(QIODevice::ReadOnly));
        QByteArray text = "# clstep: pin-local scratch\n" + sim.readAll();
        text.replace("reference.cl", QFile::encodeName(ref));
        const QString pinned = write(dir, "pinned.sim", text);
        r = cli({"sweep", pinned, "--local", "32"});
        QVERIFY2(r.code == 1 && r.out.contains("[out-of-bounds]"), qPrintable(r.out + r.err));
    }

    /// A .cl launch: `--arg` sizes are for the first --local size; without --local, as written.
    void clLaunchLocalSizes() {
        const QStringList launch = {"sweep",    kGrading + "reference.cl",
                                    "--kernel", "total",
                                    "--global", "64",
                                    "--arg",    "<size=256 int range=1:1:64>",
                                    "--arg",    "<size=4 int fill=0 dump>",
                                    "--arg",    "<size=64>"};
        CliResult r = cli(launch + QStringList{"--local", "16,32,64"});
        QVERIFY2(r.code == 0 && r.out.contains("9 configurations"), qPrintable(r.out + r.err));
        r = cli(launch + QStringList{"--schedules", "in-order"});
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("[out-of-bounds]") &&
                     r.out.contains("configurations: local 32, in-order; local 64, in-order\n"),
                 qPrintable(r.out));
    }

    void bigEndianDeviceAndRandomSchedules() {
        CliResult r = cli(
            sweepOf(kGrading + "reference.cl", {"--local", "16", "--device-endian", "little,big",
                                                "--random", "2", "--schedules", "in-order"}));
        // host-filled `in` is read as big-endian ints on the big-endian device: another total
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("6 configurations"), qPrintable(r.out));
        QVERIFY2(r.out.contains("local 16, random seed 2, big-endian"), qPrintable(r.out));
        QVERIFY2(r.out.endsWith("verdict: results depend on the configuration\n"),
                 qPrintable(r.out));
    }

    /// A kernel that calls a sub-group function is swept over sub-group sizes 8..64.
    void subGroupSizesWhenTheKernelUsesThem() {
        QTemporaryDir dir;
        const QString file = write(dir, "sg.cl",
                                   "__kernel void k(__global uint *out) {\n"
                                   "    if (get_global_id(0) == 0) out[0] = "
                                   "get_max_sub_group_size();\n"
                                   "}\n");
        const QStringList launch = {
            "sweep",    file,      "--kernel",    "k",       "--global",
            "64",       "--local", "64",          "--arg",   "<size=4 uint fill=0 dump>",
            "--cl-std", "CL2.0",   "--schedules", "in-order"};
        CliResult r = cli(launch);
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("4 configurations"), qPrintable(r.out));
        QVERIFY2(r.out.contains("    out[0] = 8 (local 64, sub-group 8, in-order) vs 64 (local "
                                "64, sub-group 64, in-order)\n"),
                 qPrintable(r.out));
        r = cli(launch + QStringList{"--sub-group-size", "16"});
        QVERIFY2(r.code == 0 && r.out.contains("1 configuration"), qPrintable(r.out + r.err));
        // a kernel without sub-group functions is not swept over them
        r = cli(sweepOf(kGrading + "reference.cl", {"--local", "16"}));
        QVERIFY2(r.out.contains("3 configurations"), qPrintable(r.out));
    }

    /// --access-stats: the SIMT statistics depend on the sub-group size, so the sweep varies it
    /// (8, 16, 32, 64) even for a kernel without sub-group functions, and reports them per
    /// configuration. One work-group of 64; `tile[lid * 32]` puts every lane in bank 0
    /// (degree = lanes per sub-group), `out[gid]` moves one 128-byte segment per sub-group
    /// (two for 64 lanes), and `lid % 16 < 8` splits every sub-group of 16 or more lanes,
    /// masking 8 lanes of each 16 on line 7.
    void accessStatsPerSubGroupSize() {
        QTemporaryDir dir;
        const QString file = write(dir, "stats.cl",
                                   "__kernel void k(__global int *out, __local int *tile) {\n"
                                   "    const uint lid = get_local_id(0);\n"
                                   "    tile[lid * 32] = (int)lid;\n"
                                   "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                                   "    int v = tile[lid * 32];\n"
                                   "    if (lid % 16 < 8)\n"
                                   "        v += 1;\n"
                                   "    out[get_global_id(0)] = v;\n"
                                   "}\n");
        const QString json = dir.filePath("sweep.json");
        const QStringList launch = {
            "sweep", file,          "--kernel",    "k",       "--global",
            "64",    "--local",     "64",          "--arg",   "<size=256 int fill=0 dump>",
            "--arg", "<size=8192>", "--schedules", "in-order"};
        CliResult r = cli(launch + QStringList{"--access-stats", "--json", json});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("4 configurations"), qPrintable(r.out));
        QVERIFY2(
            r.out.contains(
                "\naccess statistics per configuration (per sub-group of its size; "
                "docs/diagnostics.md, \"Access statistics\"):\n"
                "  local 64, sub-group 8, in-order: __local conflicts worst 8, mean 8.00 (16 "
                "accesses); __global efficiency 25% (256 of 1024 bytes, worst 1 segment); "
                "branches split 0 of 8; 0 masked lane-slots\n"
                "  local 64, sub-group 16, in-order: __local conflicts worst 16, mean 16.00 (8 "
                "accesses); __global efficiency 50% (256 of 512 bytes, worst 1 segment); "
                "branches split 4 of 4; 32 masked lane-slots\n"
                "  local 64, sub-group 32, in-order: __local conflicts worst 32, mean 32.00 (4 "
                "accesses); __global efficiency 100% (256 of 256 bytes, worst 1 segment); "
                "branches split 2 of 2; 32 masked lane-slots\n"
                "  local 64, sub-group 64, in-order: __local conflicts worst 64, mean 64.00 (2 "
                "accesses); __global efficiency 100% (256 of 256 bytes, worst 2 segments); "
                "branches split 1 of 1; 32 masked lane-slots\n"
                "\nverdict: clean\n"),
            qPrintable(r.out));
        const QJsonObject j = readJson(json);
        QCOMPARE(j["matrix"].toObject()["sub_group_sizes"].toArray(), QJsonArray({8, 16, 32, 64}));
        const QJsonObject s16 =
            j["configurations"].toArray()[1].toObject()["access_stats"].toObject();
        QCOMPARE(s16["sub_group_size"].toInt(), 16);
        QCOMPARE(s16["local_accesses"].toInt(), 8);
        QCOMPARE(s16["worst_conflict_degree"].toInt(), 16);
        QCOMPARE(s16["mean_conflict_degree"].toDouble(), 16.0);
        QCOMPARE(s16["global_accesses"].toInt(), 4);
        QCOMPARE(s16["worst_segments"].toInt(), 1);
        QCOMPARE(s16["bytes_requested"].toInt(), 256);
        QCOMPARE(s16["bytes_moved"].toInt(), 512);
        QCOMPARE(s16["efficiency"].toDouble(), 0.5);
        QCOMPARE(s16["branches"].toInt(), 4);
        QCOMPARE(s16["splits"].toInt(), 4);
        QCOMPARE(s16["masked_lane_slots"].toInt(), 32);
        // the banks and segment options as run's; a listed sub-group size only
        r = cli(launch + QStringList{"--access-stats", "--sub-group-size", "32", "--banks", "16",
                                     "--segment", "32"});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("  local 64, sub-group 32, in-order: __local conflicts worst 32, "
                                "mean 32.00 (4 accesses); __global efficiency 100% (256 of 256 "
                                "bytes, worst 4 segments); branches split 2 of 2; 32 masked "
                                "lane-slots\n"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("1 configuration"), qPrintable(r.out));
        // without --access-stats, neither the sizes nor the statistics
        r = cli(launch);
        QVERIFY2(r.code == 0 && r.out.contains("1 configuration") &&
                     !r.out.contains("access statistics"),
                 qPrintable(r.out));
    }

    /// --jobs runs configurations in parallel; the report is the same.
    void jobsDoNotChangeTheReport() {
        QTemporaryDir dir;
        const QString file = kGrading + "submissions/missing_barrier.cl";
        QCOMPARE(cli(sweepOf(file, {"--random", "3", "--jobs", "1", "--json",
                                    dir.filePath("1.json"), "--json-buffers"}))
                     .code,
                 1);
        QCOMPARE(cli(sweepOf(file, {"--random", "3", "--jobs", "4", "--json",
                                    dir.filePath("4.json"), "--json-buffers"}))
                     .code,
                 1);
        const QJsonObject one = readJson(dir.filePath("1.json"));
        QCOMPARE(one["configurations"].toArray().size(), 42);
        QCOMPARE(one, readJson(dir.filePath("4.json")));
    }

    /// With --jobs 2, the host running out of memory (a real std::bad_alloc under an RLIMIT_AS
    /// of 1.8 GB that no configuration fits: 16 private arrays of 60 MiB live at once) is
    /// caught in each configuration's run, each reports it, and the sweep ends with its
    /// report.
    void outOfHostMemoryUnderEveryJob() {
        QTemporaryDir dir;
        const QString file =
            write(dir, "hog.cl",
                  "__kernel void total(__global const int *in, __global int *out,\n"
                  "                    __local int *scratch)\n"
                  "{\n"
                  "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                  "    int big[15 << 20];\n"
                  "    big[get_local_id(0)] = in[get_global_id(0)];\n"
                  "    barrier(CLK_LOCAL_MEM_FENCE);\n"
                  "    if (get_global_id(0) == 0) *out = big[0];\n"
                  "}\n");
        const QString json = dir.filePath("sweep.json");
        CliResult r = cli(sweepOf(file, {"--local", "16", "--schedules", "in-order,reverse",
                                         "--jobs", "2", "--json", json}),
                          {}, 1800u * 1000 * 1000);
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        QVERIFY2(r.out.endsWith("verdict: errors\n"), qPrintable(r.out));
        const QJsonObject j = readJson(json);
        const QJsonArray configs = j["configurations"].toArray();
        QCOMPARE(configs.size(), 2);
        for (const QJsonValue& c : configs) {
            QVERIFY(c.toObject()["errors"].toInt() >= 1);
            QVERIFY(c.toObject()["launched"].toBool());
            QVERIFY(!c.toObject().contains("failure"));
        }
        QSet<QString> shown;
        for (const QJsonValue& d : j["diagnostics"].toArray())
            if (d.toObject()["kind"].toString() == "allocation-too-large")
                for (const QJsonValue& c : d.toObject()["configurations"].toArray())
                    shown << c.toString();
        QCOMPARE(shown, QSet<QString>({"local 16, in-order", "local 16, reverse"}));
    }

    /// --expect-json (what grade runs each submission with): every configuration compared,
    /// as its run ends, with the one of the same name in a reference report written with
    /// --json-buffers; the report carries the differences, not the buffers.
    void expectJsonComparesEachConfiguration() {
        QTemporaryDir dir;
        const QString ref = dir.filePath("ref.json"), sub = dir.filePath("sub.json");
        const QStringList matrix = {"--local", "16,32", "--schedules", "in-order"};
        QCOMPARE(cli(sweepOf(kGrading + "reference.cl",
                             matrix + QStringList{"--json", ref, "--json-buffers"}))
                     .code,
                 0);
        CliResult r = cli(sweepOf(kGrading + "submissions/assumes_16.cl",
                                  matrix + QStringList{"--json", sub, "--expect-json", ref}));
        QVERIFY2(r.code == 1, qPrintable(r.out + r.err));
        const QJsonArray configs = readJson(sub)["configurations"].toArray();
        QCOMPARE(configs.size(), 2);
        const QJsonObject c16 = configs[0].toObject(), c32 = configs[1].toObject();
        QVERIFY(!c16.contains("buffers") && !c32.contains("buffers"));
        QCOMPARE(c16["expected_differences"].toObject(),
                 QJsonObject({{"total", 0}, {"elements", QJsonArray()}}));
        QCOMPARE(c32["expected_differences"].toObject()["total"].toInt(), 1);
        QCOMPARE(
            c32["expected_differences"].toObject()["elements"].toArray(),
            QJsonArray({QJsonObject(
                {{"argument", "out"}, {"index", 0}, {"expected", "2080"}, {"actual", "784"}})}));
        // a file that is no sweep report: a usage error, nothing runs
        const QString bad = write(dir, "bad.json", "[1, 2]");
        r = cli(sweepOf(kGrading + "reference.cl", matrix + QStringList{"--expect-json", bad}));
        QVERIFY2(r.code == 2 && r.err.contains("is no sweep JSON report"), qPrintable(r.err));
    }

    /// A work-group size the launch does not allow (64 is no multiple of 3 before OpenCL 2.0)
    /// is listed as not launched; it is an error only when no configuration runs.
    void refusedConfigurationsAreListed() {
        const QString ref = kGrading + "reference.cl";
        CliResult r = cli(sweepOf(ref, {"--local", "3,16", "--schedules", "in-order"}));
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("error: global size 64 is not a multiple of local size 3") &&
                     r.out.contains("\nnot launched under 1 configuration (see the launch "
                                    "diagnostics above): local 3, in-order\n"),
                 qPrintable(r.out));
        QVERIFY2(r.out.endsWith("verdict: clean\n"), qPrintable(r.out));
        r = cli(sweepOf(ref, {"--local", "3", "--schedules", "in-order"}));
        QVERIFY2(r.code == 1 && r.out.endsWith("verdict: errors\n"), qPrintable(r.out));
    }

    /// `--suppressions`: the race racy_some_sizes.cl shows under two work-groups, silenced by
    /// a rule, is left out of the diagnostics and the verdict; --gen-suppressions prints that
    /// rule; --error-exitcode replaces the 1 of an error verdict.
    void suppressedRaceLeavesTheVerdictClean() {
        const QString file = kGrading + "submissions/racy_some_sizes.cl";
        QTemporaryDir dir;
        CliResult r =
            cli(sweepOf(file, {"--local", "32,64", "--gen-suppressions", "--error-exitcode", "7"}));
        QVERIFY2(r.code == 7, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("# clstep: suppression rules for the reports above:\n"
                                "data-race  racy_some_sizes.cl:16\n"),
                 qPrintable(r.out));
        const QString rules = write(dir, "known.supp",
                                    "# the race on out[0] is known\n"
                                    "data-race  racy_some_sizes.cl:16\n"
                                    "out-of-bounds  kernel=other\n");
        const QString json = dir.filePath("sweep.json");
        r = cli(sweepOf(file, {"--local", "32,64", "--suppressions", rules, "--json", json}));
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(!r.out.contains("[data-race]") && !r.out.contains("under 3 of 6"),
                 qPrintable(r.out));
        QVERIFY2(r.out.endsWith("verdict: clean\n"), qPrintable(r.out));
        QVERIFY2(r.err.contains("clstep-cli: 1 report suppressed by 1 rule\n"), qPrintable(r.err));
        const QJsonObject j = readJson(json);
        QCOMPARE(j["verdict"].toString(), QString("clean"));
        QCOMPARE(j["diagnostics"].toArray().size(), 0);
        QCOMPARE(j["configurations"].toArray()[0].toObject()["errors"].toInt(), 0);
        QCOMPARE(j["suppressed"].toObject()["reports"].toInt(), 1);
        QCOMPARE(j["suppressed"].toObject()["rules"].toInt(), 1);
    }

    /// A malformed suppressions file is a usage error at its file:line:col; nothing runs.
    void malformedSuppressionsFile() {
        QTemporaryDir dir;
        const QString rules = write(dir, "bad.supp", "\n# fine\ndata-race racy.cl\n");
        CliResult r = cli(sweepOf(kGrading + "reference.cl", {"--suppressions", rules}));
        QVERIFY2(r.code == 2, qPrintable(r.out + r.err));
        QVERIFY2(r.err.contains(rules + ":3:11: error: 'racy.cl' is not a location"),
                 qPrintable(r.err));
        QVERIFY2(!r.out.contains("sweep: kernel"), qPrintable(r.out));
        r = cli(sweepOf(kGrading + "reference.cl", {"--suppressions", dir.filePath("none")}));
        QVERIFY2(r.code == 2, qPrintable(r.out + r.err));
    }

    void usageErrors() {
        const QString ref = kGrading + "reference.cl";
        QCOMPARE(cli(sweepOf(ref, {"--local", "0"})).code, 2);
        QCOMPARE(cli(sweepOf(ref, {"--local", "8,,16"})).code, 2);
        QCOMPARE(cli(sweepOf(ref, {"--schedules", "sideways"})).code, 2);
        QCOMPARE(cli(sweepOf(ref, {"--device-endian", "middle"})).code, 2);
        QCOMPARE(cli(sweepOf(ref, {"--sub-group-size", "0"})).code, 2);
    }

    /// --json against docs/sweep.schema.json, field by field here (and with python3's
    /// jsonschema in the next test).
    void jsonReportFields() {
        QTemporaryDir dir;
        const QString json = dir.filePath("sweep.json");
        CliResult r = cli(sweepOf(kGrading + "submissions/racy_some_sizes.cl",
                                  {"--local", "32,64", "--json", json, "--json-buffers"}));
        QCOMPARE(r.code, 1);
        const QJsonObject j = readJson(json);
        QCOMPARE(j["verdict"].toString(), QStringLiteral("errors"));
        QCOMPARE(j["built"].toBool(), true);
        QCOMPARE(j["kernel"].toString(), QStringLiteral("total"));
        const QJsonArray configs = j["configurations"].toArray();
        QCOMPARE(configs.size(), 6);
        const QJsonObject c0 = configs[0].toObject();
        QCOMPARE(c0["name"].toString(), QStringLiteral("local 32, in-order"));
        QCOMPARE(c0["local"].toArray(), QJsonArray({32}));
        QCOMPARE(c0["schedule"].toString(), QStringLiteral("in-order"));
        QCOMPARE(c0["device_endian"].toString(), QStringLiteral("little"));
        QVERIFY(c0["sub_group_size"].isNull() && c0["seed"].isNull());
        QCOMPARE(c0["launched"].toBool(), true);
        QCOMPARE(c0["errors"].toInt(), 2); // two race reports at one place (RAW, then WAR)
        QCOMPARE(c0["result_class"].toInt(), 0);
        const QJsonArray buffers = c0["buffers"].toArray();
        QCOMPARE(buffers.size(), 1);
        QCOMPARE(buffers[0].toObject()["name"].toString(), QStringLiteral("out"));
        QCOMPARE(buffers[0].toObject()["type"].toString(), QStringLiteral("int"));
        QCOMPARE(buffers[0].toObject()["hex"].toString(), QStringLiteral("20080000")); // 2080
        const QJsonArray diags = j["diagnostics"].toArray();
        QCOMPARE(diags.size(), 1);
        const QJsonObject d = diags[0].toObject();
        QCOMPARE(d["kind"].toString(), QStringLiteral("data-race"));
        QCOMPARE(d["line"].toInt(), 16);
        QCOMPARE(d["column"].toInt(), 9);
        QCOMPARE(d["configurations"].toArray().size(), 3);
        QCOMPARE(j["result_classes"].toArray().size(), 1);
        QCOMPARE(j["differences"].toArray().size(), 0);
        const QJsonObject m = j["matrix"].toObject();
        QCOMPARE(m["local"].toArray(), QJsonArray({"32", "64"}));
        QCOMPARE(m["schedules"].toArray(), QJsonArray({"in-order", "reverse", "round-robin"}));
    }

    void jsonReportValidatesAgainstTheSchema() {
        if (!haveJsonSchema())
            QSKIP("python3 with jsonschema (Debian python3-jsonschema) is not installed");
        QTemporaryDir dir;
        QTemporaryDir tmp;
        const QString starts = write(tmp, "starts_at_8.cl", kStartsAt8);
        const QStringList runs[] = {
            {"--local", "32,64", "--json", dir.filePath("a.json"), "--json-buffers"},
            {"--local", "16,32", "--json", dir.filePath("b.json")},
        };
        QCOMPARE(cli(sweepOf(kGrading + "submissions/racy_some_sizes.cl", runs[0])).code, 1);
        QCOMPARE(cli(sweepOf(starts, runs[1])).code, 1);
        QCOMPARE(cli(sweepOf(kGrading + "submissions/does_not_build.cl",
                             {"--json", dir.filePath("c.json")}))
                     .code,
                 1);
        QCOMPARE(cli(sweepOf(kGrading + "reference.cl",
                             {"--local", "16", "--access-stats", "--json", dir.filePath("d.json")}))
                     .code,
                 0);
        QCOMPARE(cli(sweepOf(kGrading + "submissions/racy_some_sizes.cl",
                             {"--local", "32,64", "--expect-json", dir.filePath("a.json"), "--json",
                              dir.filePath("e.json")}))
                     .code,
                 1);
        // a report the schema must refuse, so that the validation can fail
        write(dir, "bad.json",
              "{\"file\": \"x\", \"built\": true, \"verdict\": \"fine\", "
              "\"configurations\": [], \"diagnostics\": []}");
        for (const char* name : {"a.json", "b.json", "c.json", "d.json", "e.json", "bad.json"}) {
            const QString errors = schemaErrors("sweep.schema.json", dir.filePath(name));
            if (QByteArray(name) == "bad.json")
                QVERIFY2(!errors.isEmpty(), "the schema accepts an unknown verdict");
            else
                QVERIFY2(errors.isEmpty(), qPrintable(name + QString(": ") + errors));
        }
    }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "tst_clisweep.moc"
