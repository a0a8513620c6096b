#!/usr/bin/env bash
# Times pyopencl's tests on clstep's platform against Oclgrind's ICD in one run: checks off
# (clstep CLSTEP_CHECKS=none / Oclgrind default), then race checks on (clstep default checks /
# OCLGRIND_DATA_RACES=1), and prints the wall times and the ratios Oclgrind/clstep.
# Usage: bench/pyopencl_vs_oclgrind.sh [pytest file or args...]  (default: the quick subset)
set -euo pipefail
cd "$(dirname "$0")/.."
TESTS="${PYOPENCL_TESTS:-$PWD/../shared/third_party/pyopencl-2022.3.1-tests}"
if [ $# -eq 0 ]; then
  set -- "$TESTS/test_wrapper.py" "$TESTS/test_enqueue_copy.py" "$TESTS/test_arrays_in_structs.py"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo /usr/lib/oclgrind/liboclgrind-rt-icd.so > "$work/oclgrind.icd"
run() { # name, env...
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  (cd "$work" && env PYOPENCL_NO_CACHE=1 "$@" /usr/bin/python3 -m pytest -p no:cacheprovider -q \
      "${TESTS_ARGS[@]}" > "$work/$name.log" 2>&1) || true
  end=$(date +%s.%N)
  echo "$name $(echo "$end - $start" | bc) $(tail -1 "$work/$name.log")"
}
TESTS_ARGS=("$@")
clstep_env=(OCL_ICD_VENDORS="${BUILD:-$PWD/build}/icd" PYOPENCL_TEST=clstep CLSTEP_QUIET=1)
oclgrind_env=(OCL_ICD_VENDORS="$work/oclgrind.icd" PYOPENCL_TEST=oclgrind)
{
  run clstep-off "${clstep_env[@]}" CLSTEP_CHECKS=none
  run oclgrind-off "${oclgrind_env[@]}"
  run clstep-races "${clstep_env[@]}"
  run oclgrind-races "${oclgrind_env[@]}" OCLGRIND_DATA_RACES=1
} | tee "$work/times"
awk '{t[$1]=$2} END {
  printf "checks off: clstep %.1f s, Oclgrind %.1f s, ratio %.2fx\n", t["clstep-off"], t["oclgrind-off"], t["oclgrind-off"]/t["clstep-off"];
  printf "races on:   clstep %.1f s, Oclgrind %.1f s, ratio %.2fx\n", t["clstep-races"], t["oclgrind-races"], t["oclgrind-races"]/t["clstep-races"] }' "$work/times"
