#!/usr/bin/env bash
# Runs pyopencl 2022.3.1 tests one pytest process per test id (so one slow or hanging case does
# not hide the others), on one or more OpenCL platforms back to back, each test under a time
# limit, and prints one line per (test, platform):
#   TOOL  TEST-ID  OUTCOME  WALL-s  CPU-s  LOAD-before
# OUTCOME is pytest's (passed, failed, skipped, xfailed, error) or "timeout>LIMIT". TEST-ID is
# the pytest node id with the context-factory parameter removed (the same on every platform).
#
# Usage: bench/pyopencl-per-test.sh TOOLS PATTERN...
#   TOOLS    comma list of clstep (checks from CLSTEP_CHECKS, default all), clstep-off
#            (CLSTEP_CHECKS=none), clstep-races (data races + the always-on memory checks),
#            oclgrind (Oclgrind's ICD, its defaults), oclgrind-races (OCLGRIND_DATA_RACES=1),
#            pocl; for each test the tools run one after the other, never at once
#   PATTERN  TEST-IDs, with * and ? as wildcards, e.g. 'test_algorithm.py::test_partition' or
#            'test_array.py::test_random_int_in_range[*int64*]'; the tests run in pattern order
# Environment: TIMEOUT (seconds per test and tool, default 1800; TIMEOUT_oclgrind etc. per
# tool), LOGS (directory for each run's pytest output, default a temporary one), BUILD (clstep
# build tree, default build/), PYOPENCL_TESTS (the tests' directory). Runs pytest under
# `nice -n 10` with --durations=30 -p no:cacheprovider.
# Exit status: 0 when every run passed or skipped, else 1.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,/^set /p' "$0" | sed '$d' >&2; exit 2; }
tools="$1"; shift
TESTS="${PYOPENCL_TESTS:-$PWD/../shared/third_party/pyopencl-2022.3.1-tests}"
build="${BUILD:-$PWD/build}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
logs="${LOGS:-$work}"
mkdir -p "$logs" && logs=$(cd "$logs" && pwd)
. bench/pyopencl-platforms.sh # tool_env

# The node ids of every tool, collected once: "normalized-id<TAB>node-id" lines.
IFS=, read -ra toolv <<< "$tools"
files=()
for f in test_algorithm test_array test_arrays_in_structs test_enqueue_copy test_wrapper; do
  files+=("$TESTS/$f.py")
done
for tool in "${toolv[@]}"; do
  mapfile -t envv < <(tool_env "$tool") || exit 2
  (cd "$work" && env PYOPENCL_NO_CACHE=1 "${envv[@]}" /usr/bin/python3 -m pytest \
      -p no:cacheprovider --collect-only -q "${files[@]}" 2>/dev/null) |
    grep '::' | sed -E 's#^.*/##' |
    awk '{ id = $0; norm = $0; sub(/<context factory for .*>>-?/, "", norm);
           sub(/\[\]$/, "", norm); print norm "\t" id }' > "$work/ids-$tool"
  [ -s "$work/ids-$tool" ] || { echo "$tool: no tests collected" >&2; exit 2; }
done

status=0
for pattern in "$@"; do
  glob="${pattern//[/\\[}"; glob="${glob//]/\\]}" # only * and ? are wildcards
  # shellcheck disable=SC2053
  mapfile -t norms < <(cut -f1 "$work/ids-${toolv[0]}" | while read -r n; do
    [[ "$n" == $glob ]] && echo "$n"; done)
  [ ${#norms[@]} -gt 0 ] || { echo "no test matches '$pattern'" >&2; status=1; }
  for norm in "${norms[@]}"; do
    for tool in "${toolv[@]}"; do
      id=$(awk -F'\t' -v n="$norm" '$1 == n { print $2; exit }' "$work/ids-$tool")
      if [ -z "$id" ]; then echo "$tool $norm not-collected"; continue; fi
      mapfile -t envv < <(tool_env "$tool")
      limit_var="TIMEOUT_${tool//-/_}"
      limit="${!limit_var:-${TIMEOUT:-1800}}"
      log="$logs/$tool--$(echo "$norm" | tr -c 'A-Za-z0-9_.=-' '_').log"
      load=$(cut -d' ' -f1 /proc/loadavg)
      start=$(date +%s.%N)
      (cd "$work" && env PYOPENCL_NO_CACHE=1 "${envv[@]}" \
          /usr/bin/time -f "cpu %U %S" -o "$work/cpu" \
          timeout -k 30 "$limit" nice -n 10 /usr/bin/python3 -m pytest -p no:cacheprovider \
          -q -rfEsx --durations=30 "$TESTS/$id" > "$log" 2>&1)
      rc=$?
      wall=$(echo "$(date +%s.%N) - $start" | bc)
      cpu=$(awk '/^cpu/ { print $2 + $3 }' "$work/cpu" 2>/dev/null)
      outcome=$(grep -oE '[0-9]+ (passed|failed|skipped|xfailed|xpassed|error)' "$log" |
        tail -1 | awk '{ print $2 }')
      if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then outcome="timeout>${limit}"; fi
      case "$outcome" in passed|skipped|xfailed) ;; *) status=1 ;; esac
      printf '%s %s %s %.1f %s %s\n' "$tool" "$norm" "${outcome:-rc=$rc}" "$wall" "${cpu:-?}" "$load"
    done
  done
done
exit $status
