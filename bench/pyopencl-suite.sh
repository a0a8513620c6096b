#!/usr/bin/env bash
# Runs pyopencl 2022.3.1's own tests (test_algorithm, test_array, test_arrays_in_structs,
# test_enqueue_copy, test_wrapper) on one or more OpenCL platforms, one pytest run per file and
# platform (the platforms take turns per file, so a run stopped early still compares like with
# like), and prints each run's pytest summary, its wall and CPU time, and the totals per
# platform with the ratio of each platform's time to the first one's. Usage:
#   bench/pyopencl-suite.sh [TOOLS] [pytest args...]
#   TOOLS  comma list of clstep (checks from CLSTEP_CHECKS, default all), clstep-off
#          (CLSTEP_CHECKS=none), clstep-races (data races + the memory checks that are always
#          on), oclgrind (Oclgrind's ICD, its defaults), oclgrind-races (OCLGRIND_DATA_RACES=1),
#          pocl; default clstep
# e.g. bench/pyopencl-suite.sh clstep -k 'not random_float_in_range'
#      bench/pyopencl-suite.sh clstep-off,oclgrind        (the whole suite, checks off)
# clstep uses build/icd (set BUILD=dir for another build tree); Oclgrind uses
# /usr/lib/oclgrind/liboclgrind-rt-icd.so. FILES="test_wrapper test_array" runs only those
# files; LOGS=dir keeps each run's full pytest output (with --durations=0: every test's time)
# in dir/TOOL-FILE.log; RESULTS=file appends one line per run:
#   TOOL FILE WALL-s CPU-s PASSED FAILED SKIPPED ERRORS LOAD-before
# CPU time is user + sys of pytest and its children (the interpreter runs in-process).
# LIMIT_FACTOR=F stops each later platform's run of a file after F times the first platform's
# wall time on that file, or LIMIT_MIN seconds (default 300) if that is longer (SIGINT, as
# Ctrl-C: pytest still prints what passed): a slower tool then costs at most about F times
# the first, and its times are lower bounds, marked ">=" (the run line says "stopped at the
# limit", RESULTS gets "limit" after the load).
# Exit status: 0 when every run passed, else 1.
set -uo pipefail
cd "$(dirname "$0")/.."
tools="${1:-clstep}"
shift || true
TESTS="${PYOPENCL_TESTS:-$PWD/../shared/third_party/pyopencl-2022.3.1-tests}"
FILES="${FILES:-test_wrapper test_enqueue_copy test_arrays_in_structs test_array test_algorithm}"
build="${BUILD:-$PWD/build}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
logs="${LOGS:-$work}"
mkdir -p "$logs"
. bench/pyopencl-platforms.sh # tool_env

IFS=, read -ra toolv <<< "$tools"
for tool in "${toolv[@]}"; do tool_env "$tool" > /dev/null || exit 2; done
count() { # pytest summary line, word -> the number before the word
  grep -oE "[0-9]+ $2" <<< "$1" | head -1 | cut -d' ' -f1 | grep . || echo 0
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A wallsum cpusum limited
status=0
for f in $FILES; do
  firstwall=""
  for tool in "${toolv[@]}"; do
    mapfile -t envv < <(tool_env "$tool")
    load=$(cut -d' ' -f1 /proc/loadavg)
    log="$logs/$tool-$f.log"
    limit=() # the first platform's wall time on this file, times LIMIT_FACTOR
    [ -n "${LIMIT_FACTOR:-}" ] && [ -n "$firstwall" ] &&
      limit=(timeout -s INT -k 60 "$(awk -v w="$firstwall" -v f="$LIMIT_FACTOR" \
        -v m="${LIMIT_MIN:-300}" 'BEGIN { l = w * f + 1; printf "%d", (l > m ? l : m) }')")
    TIMEFORMAT='%R %U %S'
    times=$( { time (cd "$work" && env PYOPENCL_NO_CACHE=1 "${envv[@]}" "${limit[@]}" \
      /usr/bin/python3 -m pytest -p no:cacheprovider -q -rfEs --durations=0 "$TESTS/$f.py" \
      "$@" > "$log" 2>&1) ; } 2>&1) || true
    read -r wall user sys <<< "$times"
    [ -z "$firstwall" ] && firstwall=$wall
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
    stopped=""
    grep -q KeyboardInterrupt "$log" && [ ${#limit[@]} -gt 0 ] &&
      stopped=" stopped at the limit (${limit[5]} s):" && limited[$tool]=">="
    summary=$(grep -E '^[=]* *[0-9]+ (passed|failed|skipped|deselected|error)' "$log" | tail -1)
    grep -qE '[0-9]+ (failed|error)' <<< "$summary" && status=1
    [ -n "$summary" ] || status=1
    echo "$tool $f:$stopped ${summary:-no summary (see $log)}; ${wall} s wall, ${cpu} s CPU"
    grep -E '^(FAILED|ERROR)' "$log" || true
    [ -n "${RESULTS:-}" ] && echo "$tool $f $wall $cpu $(count "$summary" passed)" \
      "$(count "$summary" failed) $(count "$summary" skipped) $(count "$summary" error) $load" \
      "${stopped:+limit}" >> "$RESULTS"
    wallsum[$tool]=$(awk -v a="${wallsum[$tool]:-0}" -v b="$wall" 'BEGIN { print a + b }')
    cpusum[$tool]=$(awk -v a="${cpusum[$tool]:-0}" -v b="$cpu" 'BEGIN { print a + b }')
  done
done
first="${toolv[0]}"
for tool in "${toolv[@]}"; do
  awk -v t="$tool" -v w="${wallsum[$tool]}" -v c="${cpusum[$tool]}" -v fw="${wallsum[$first]}" \
    -v fc="${cpusum[$first]}" -v first="$first" -v ge="${limited[$tool]:-}" 'BEGIN {
      printf "%s: %s%.1f s wall, %s%.1f s CPU in all", t, ge, w, ge, c
      if (t != first && fw > 0 && fc > 0)
        printf "; %s%.2fx the wall time and %s%.2fx the CPU time of %s", ge, w / fw, ge,
          c / fc, first
      print "" }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
