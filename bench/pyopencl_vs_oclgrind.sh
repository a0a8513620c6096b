#!/usr/bin/env bash
# Times pyopencl 2022.3.1's own tests on clstep's platform against Oclgrind's ICD in one run:
# checks off (clstep CLSTEP_CHECKS=none / Oclgrind default), then race checks on (clstep
# CLSTEP_CHECKS=no-uninitialized,no-endian-events, i.e. data races plus the always-on memory
# errors / Oclgrind OCLGRIND_DATA_RACES=1), and with all of clstep's checks (its default).
# Prints, per configuration, the wall and CPU (user+sys) time, pytest's summary, and the
# ratios Oclgrind/clstep (> 1: clstep is faster), then the load average before and after.
#
# Usage: bench/pyopencl_vs_oclgrind.sh [--suite] [pytest files or args...]
#   (no arguments)  the quick subset: test_wrapper, test_enqueue_copy, test_arrays_in_structs
#   --suite         the five files of issue 13 (test_algorithm, test_array, test_arrays_in_structs,
#                   test_enqueue_copy, test_wrapper); more pytest args (-k ...) may follow
# BUILD=dir selects clstep's build tree (default build/); PYOPENCL_TESTS the tests directory.
# Each configuration's pytest log is kept in $BENCH_LOGS (default: a temporary directory).
# BENCH_NO_ALL=1 leaves out the last configuration (all of clstep's checks).
set -euo pipefail
cd "$(dirname "$0")/.."
TESTS="${PYOPENCL_TESTS:-$PWD/../shared/third_party/pyopencl-2022.3.1-tests}"
if [ "${1:-}" = "--suite" ]; then
  shift
  set -- "$TESTS/test_algorithm.py" "$TESTS/test_array.py" "$TESTS/test_arrays_in_structs.py" \
    "$TESTS/test_enqueue_copy.py" "$TESTS/test_wrapper.py" "$@"
elif [ $# -eq 0 ]; then
  set -- "$TESTS/test_wrapper.py" "$TESTS/test_enqueue_copy.py" "$TESTS/test_arrays_in_structs.py"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
logs="${BENCH_LOGS:-$work}"
mkdir -p "$logs"
echo /usr/lib/oclgrind/liboclgrind-rt-icd.so > "$work/oclgrind.icd"
TESTS_ARGS=("$@")
run() { # name, env...
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  (cd "$work" && env PYOPENCL_NO_CACHE=1 "$@" /usr/bin/time -f "cpu %U %S" -o "$work/$name.cpu" \
      /usr/bin/python3 -m pytest -p no:cacheprovider -q -rfE "${TESTS_ARGS[@]}" \
      > "$logs/$name.log" 2>&1) || true
  end=$(date +%s.%N)
  local cpu
  cpu=$(awk '/^cpu/ {print $2 + $3}' "$work/$name.cpu")
  echo "$name $(echo "$end - $start" | bc) $cpu $(grep -E '(passed|failed|error)' "$logs/$name.log" | tail -1)"
}
clstep_env=(OCL_ICD_VENDORS="${BUILD:-$PWD/build}/icd" PYOPENCL_TEST=clstep CLSTEP_QUIET=1)
oclgrind_env=(OCL_ICD_VENDORS="$work/oclgrind.icd" PYOPENCL_TEST=oclgrind)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
{
  run clstep-off "${clstep_env[@]}" CLSTEP_CHECKS=none
  run oclgrind-off "${oclgrind_env[@]}"
  run clstep-races "${clstep_env[@]}" CLSTEP_CHECKS=no-uninitialized,no-endian-events
  run oclgrind-races "${oclgrind_env[@]}" OCLGRIND_DATA_RACES=1
  [ -n "${BENCH_NO_ALL:-}" ] || run clstep-all "${clstep_env[@]}"
} | tee "$work/times"
awk '{w[$1]=$2; c[$1]=$3} END {
  printf "checks off: clstep %.1f s (cpu %.1f s), Oclgrind %.1f s (cpu %.1f s), ratio wall %.2fx, cpu %.2fx\n", w["clstep-off"], c["clstep-off"], w["oclgrind-off"], c["oclgrind-off"], w["oclgrind-off"]/w["clstep-off"], c["oclgrind-off"]/c["clstep-off"];
  printf "races on:   clstep %.1f s (cpu %.1f s), Oclgrind %.1f s (cpu %.1f s), ratio wall %.2fx, cpu %.2fx\n", w["clstep-races"], c["clstep-races"], w["oclgrind-races"], c["oclgrind-races"], w["oclgrind-races"]/w["clstep-races"], c["oclgrind-races"]/c["clstep-races"];
  if ("clstep-all" in w)
    printf "all clstep checks: clstep %.1f s (cpu %.1f s), vs Oclgrind races on %.2fx wall\n", w["clstep-all"], c["clstep-all"], w["oclgrind-races"]/w["clstep-all"] }' "$work/times"
echo "load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
