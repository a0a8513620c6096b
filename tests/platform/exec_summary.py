"""`clstep-cli exec --error-exitcode 3` on a racy pyopencl program (racy_pyopencl.py): the
program exits 0, exec exits 3 because errors were reported, and the summary per kernel is
on stderr and in the --diagnostics-json file; without --error-exitcode exec keeps the
program's status; with the races suppressed, exit 0 despite --error-exitcode.
Usage: exec_summary.py CLSTEP_CLI RACY_PROGRAM"""
import json
import os
import subprocess
import sys
import tempfile

cli, program = sys.argv[1], sys.argv[2]
env = dict(os.environ, PYOPENCL_NO_CACHE="1")
for var in ("OCL_ICD_VENDORS", "PYOPENCL_CTX", "PYOPENCL_TEST", "CLSTEP_QUIET"):
    env.pop(var, None)
failures = 0


def check(cond, what, detail=""):
    global failures
    if not cond:
        failures += 1
        print("FAILED: " + what + ("\n" + detail if detail else ""), file=sys.stderr)


def run(*options):
    return subprocess.run([cli, "exec", *options, "--", sys.executable, program],
                          capture_output=True, text=True, env=env, timeout=300)


SUMMARY = [
    "SUMMARY: clstep: kernel reduce: 3 launches; data-race: 6 reports, first at "
    "clstep-program-1.cl:3:5",
    "SUMMARY: clstep: kernel scale: 1 launch; no reports",
]

with tempfile.TemporaryDirectory() as tmp:
    js = os.path.join(tmp, "diagnostics.json")
    r = run("--error-exitcode", "3", "--diagnostics-json", js)
    check(r.returncode == 3, "exit status %d, expected 3" % r.returncode, r.stderr)
    check(r.stdout.strip() == "done", "the program's output", r.stdout)
    lines = [l for l in r.stderr.splitlines() if l.startswith("SUMMARY: ")]
    check(lines == SUMMARY, "the summary on stderr", "\n".join(lines))
    check(r.stderr.rstrip("\n").endswith(SUMMARY[-1]), "the summary ends stderr", r.stderr)
    with open(js) as f:
        doc = json.load(f)
    summary = doc["summary"]
    check(summary["launches"] == 4 and summary["reports"] == 6 and summary["errors"] == 6,
          "summary totals", json.dumps(summary))
    reduce_, scale = summary["kernels"]
    check(reduce_["kernel"] == "reduce" and reduce_["launches"] == 3, "reduce", json.dumps(reduce_))
    check(len(reduce_["reports"]) == 1, "reduce's kinds", json.dumps(reduce_))
    race = reduce_["reports"][0]
    check(race["kind"] == "data-race" and race["severity"] == "error" and race["reports"] == 6,
          "reduce's races", json.dumps(race))
    check(race["first"] == {"file": "clstep-program-1.cl", "line": 3, "column": 5, "launch": 1},
          "the first race", json.dumps(race))
    check(scale == {"kernel": "scale", "launches": 1, "reports": []}, "scale", json.dumps(scale))
    check([l["launch"] for l in doc["launches"]] == [1, 2, 3], "launches with reports",
          json.dumps(doc["launches"])[:2000])

    # Without --error-exitcode, exec returns the program's own status.
    r = run("--quiet")
    check(r.returncode == 0, "exit status %d without --error-exitcode" % r.returncode, r.stderr)
    check("SUMMARY" not in r.stderr, "--quiet prints no summary", r.stderr)

    # The races suppressed: nothing is an error, the program's status again.
    supp = os.path.join(tmp, "reduce.supp")
    with open(supp, "w") as f:
        f.write("data-race  kernel=reduce\n")
    r = run("--error-exitcode", "3", "--suppressions", supp)
    check(r.returncode == 0, "exit status %d with the races suppressed" % r.returncode, r.stderr)
    check("SUMMARY: clstep: kernel reduce: 3 launches; no reports" in r.stderr,
          "the summary without the suppressed reports", r.stderr)
    check("clstep: 6 reports suppressed by 1 rule" in r.stderr, "the suppression count", r.stderr)

    # --gen-suppressions through exec: the rule block (each rule once per process), fed back,
    # suppresses every report.
    r = run("--gen-suppressions")
    header = "# clstep: suppression rules for the reports above:"
    check(r.stderr.count(header) == 1, "one rule block", r.stderr)
    block = []  # the header and the rule lines under it
    for line in r.stderr[r.stderr.find(header):].splitlines():
        if block and (line.startswith("clstep") or line.startswith("SUMMARY: ")):
            break
        block.append(line)
    block = "\n".join(block)
    check(block == header + "\ndata-race  clstep-program-1.cl:3", "the generated rules", block)
    with open(supp, "w") as f:
        f.write(block + "\n")
    r = run("--error-exitcode", "3", "--suppressions", supp)
    check(r.returncode == 0, "exit status %d with the generated rules" % r.returncode, r.stderr)
    check("clstep: 6 reports suppressed by 1 rule" in r.stderr, "generated rules' count", r.stderr)
    check("[data-race]" not in r.stderr, "no race reported with the generated rules", r.stderr)

print("%s" % ("all exec summary checks passed" if not failures else "%d failed" % failures))
sys.exit(1 if failures else 0)
