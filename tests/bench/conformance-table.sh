#!/usr/bin/env bash
# bench.conformance_table (issue #29, item 1): bench/conformance.sh's table and --save, without
# the CTS. Two runs' results (an older and a newer one, as run-cts.sh and conformance.sh write
# them) are merged into one kept directory with --table-only --save; the table rendered from the
# kept directory must:
#   - list each suite once, with the later run's result where a suite ran twice;
#   - give the wall-time ratio and the CPU ratio (cpu/ICD.SUITE: user and system seconds);
#   - take POCL's row from pocl-3.1-results.txt where POCL did not run, and say so;
#   - name the commit each suite ran on (commits.txt) and when the runs ended (dates.txt);
#   - list the sub-tests that fail or skip on clstep but pass on POCL (logs/ICD/SUITE.json).
# Also: a bad command line exits with status 2 and a message.
# Usage: conformance-table.sh SOURCE_DIR
set -uo pipefail
SRC="$1"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*"; echo "--- table:"; cat "$TMP/table.md" 2>/dev/null; exit 1; }

# The CTS material conformance.sh reads: run-cts.sh must exist (it is not run with --table-only).
cts="$TMP/cts"
mkdir -p "$cts" "$TMP/build/lib"
printf '#!/bin/sh\nexit 1\n' > "$cts/run-cts.sh"
chmod +x "$cts/run-cts.sh"
printf 'test_alpha alpha\ntest_beta beta -w\ntest_gamma gamma\n' > "$cts/suites.txt"
cat > "$cts/pocl-3.1-results.txt" <<'EOF'
# POCL's earlier results
test_gamma: 4 passed, 1 failed, 0 skipped (50 s) [signal 11 in g2]
EOF
: > "$TMP/build/lib/libclstep-opencl.so"

# results DIR ICD SUITE RESULTS: a per-sub-test JSON as run-cts.sh writes it
results() {
  mkdir -p "$1/logs/$2"
  printf '{"test": "%s", "results": {%s}}\n' "$3" "$4" > "$1/logs/$2/$3.json"
}
old="$TMP/old"
mkdir -p "$old/cpu" "$old/selection"
cat > "$old/clstep.txt" <<'EOF'
test_alpha: 1 passed, 2 failed, 0 skipped (300 s)
test_beta: 3 passed, 0 failed, 0 skipped (40 s)
EOF
echo 'test_alpha: 3 passed, 0 failed, 0 skipped (30 s)' > "$old/pocl.txt"
printf 'test_alpha c0ffee1\ntest_beta c0ffee1\n' > "$old/commits.txt"
printf 'clstep test_alpha 2026-01-01T10:00Z\nclstep test_beta 2026-01-01T10:05Z\npocl test_alpha 2026-01-01T09:00Z\n' > "$old/dates.txt"
echo '290.0 10.0' > "$old/cpu/clstep.test_alpha"
echo '20.0 0.0' > "$old/cpu/pocl.test_alpha"
echo '-w' > "$old/selection/test_beta"
results "$old" clstep test_alpha '"a1": "pass", "a2": "fail", "a3": "fail"'
results "$old" pocl test_alpha '"a1": "pass", "a2": "pass", "a3": "pass"'

new="$TMP/new"
mkdir -p "$new/cpu"
cat > "$new/clstep.txt" <<'EOF'
test_alpha: 2 passed, 0 failed, 1 skipped (100 s) [restarted 1x]
test_gamma: 5 passed, 0 failed, 0 skipped (70 s)
EOF
printf 'test_alpha beefed2\ntest_gamma beefed2\n' > "$new/commits.txt"
printf 'clstep test_alpha 2026-02-02T12:00Z\nclstep test_gamma 2026-02-02T12:30Z\n' > "$new/dates.txt"
echo '45.5 4.5' > "$new/cpu/clstep.test_alpha"
results "$new" clstep test_alpha '"a1": "pass", "a2": "pass", "a3": "skip"'

keep="$TMP/keep"
# run OUT ARGS...: conformance.sh on the fake CTS material with OUT as its results
run() {
  local out=$1
  shift
  CLSTEP_CTS_DIR="$cts" CLSTEP_BUILD="$TMP/build" OUT="$out" "$SRC/bench/conformance.sh" "$@"
}
run "$old" --table-only --no-doc --save "$keep" > /dev/null 2> "$TMP/save1.err" ||
  fail "--save of the older run: $(cat "$TMP/save1.err")"
grep -q "results merged into $keep" "$TMP/save1.err" || fail "--save did not say where it merged"
run "$new" --table-only --no-doc --save "$keep" > /dev/null 2> "$TMP/save2.err" ||
  fail "--save of the newer run: $(cat "$TMP/save2.err")"
run "$keep" --table-only --no-doc > "$TMP/table.md" 2> "$TMP/table.err" ||
  fail "--table-only from the kept results: $(cat "$TMP/table.err")"

row() { grep "^| $1 |" "$TMP/table.md"; }
for s in test_alpha test_beta test_gamma; do
  [ "$(row $s | wc -l)" = 1 ] || fail "$s is not listed exactly once"
done
# the later run replaces the earlier one: 100 s against POCL's 30 s, CPU 50 against 20
[ "$(row test_alpha)" = "| test_alpha | 2 / 0 / 1 | 100 (50) | 3 / 0 / 0 | 30 (20) | 3.3 (CPU 2.5) |  | clstep: restarted 1x |" ] ||
  fail "test_alpha's row: $(row test_alpha)"
# a suite only the older run has keeps its result and its selection; POCL did not run it
[ "$(row test_beta)" = "| test_beta | 3 / 0 / 0 | 40 | not run | — | — | \`-w\` |  |" ] ||
  fail "test_beta's row: $(row test_beta)"
# POCL's row from pocl-3.1-results.txt, named as such
[ "$(row test_gamma)" = "| test_gamma | 5 / 0 / 0 | 70 | 4 / 1 / 0 | 50 | 1.4 |  | POCL: from pocl-3.1-results.txt; signal 11 in g2 |" ] ||
  fail "test_gamma's row: $(row test_gamma)"
# the header: both commits, and when clstep's and POCL's runs ended (POCL's from pocl-3.1 left out)
head -1 "$TMP/table.md" | grep -qF "the suites ran on commit beefed2, c0ffee1." ||
  fail "the header does not name the commits: $(head -1 "$TMP/table.md")"
head -1 "$TMP/table.md" |
  grep -qF "clstep's suite runs ended 2026-01-01T10:05Z to 2026-02-02T12:30Z; POCL's suite runs ended 2026-01-01T09:00Z." ||
  fail "the header's end times: $(head -1 "$TMP/table.md")"
# the sub-test comparison uses the newer run's per-sub-test results: a3 skips on clstep, passes on POCL
grep -qx -- "- test_alpha a3: clstep skip, POCL pass" "$TMP/table.md" || fail "a3 is not listed as worse than POCL"
grep -q -- "- test_alpha a2:" "$TMP/table.md" && fail "a2 passes in the newer run but is listed"

# bad command lines
run "$keep" --table-only --save > /dev/null 2> "$TMP/bad.err"
[ $? = 2 ] && grep -q -- "--save needs a directory" "$TMP/bad.err" || fail "--save without a directory"
run "$keep" --frobnicate > /dev/null 2> "$TMP/bad.err"
[ $? = 2 ] && grep -q "unknown option --frobnicate" "$TMP/bad.err" || fail "an unknown option"
CLSTEP_CTS_DIR="$TMP/nowhere" OUT="$keep" "$SRC/bench/conformance.sh" --table-only > /dev/null 2> "$TMP/bad.err"
[ $? = 1 ] && grep -q "no CTS material" "$TMP/bad.err" || fail "a missing CTS directory"
echo "conformance.sh's table and --save: as expected"
