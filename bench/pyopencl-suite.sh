#!/usr/bin/env bash
# Runs pyopencl 2022.3.1's own tests (test_algorithm, test_array, test_arrays_in_structs,
# test_enqueue_copy, test_wrapper) on one OpenCL platform, one pytest run per file, and prints
# each file's pytest summary, its wall time, and the total. Usage:
#   bench/pyopencl-suite.sh [clstep|pocl|oclgrind] [pytest args...]
# e.g. bench/pyopencl-suite.sh clstep -k 'not random_float_in_range'
# clstep uses build/icd (set BUILD=dir for another build tree); checks follow CLSTEP_CHECKS
# (default: all). oclgrind uses /usr/lib/oclgrind/liboclgrind-rt-icd.so (OCLGRIND_DATA_RACES=1
# for races). FILES="test_wrapper test_array" runs only those files; LOGS=dir keeps each
# file's full pytest output (with --durations=30) in dir/FILE.log.
# Exit status: 0 when every file passed, else 1.
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-clstep}"
shift || true
TESTS="${PYOPENCL_TESTS:-$PWD/../shared/third_party/pyopencl-2022.3.1-tests}"
FILES="${FILES:-test_algorithm test_array test_arrays_in_structs test_enqueue_copy test_wrapper}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
logs="${LOGS:-$work}"
mkdir -p "$logs"
case "$which" in
clstep)
  export OCL_ICD_VENDORS="${BUILD:-$PWD/build}/icd" PYOPENCL_TEST=clstep CLSTEP_QUIET=${CLSTEP_QUIET:-1} ;;
pocl)
  export OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd PYOPENCL_TEST=portable ;;
oclgrind)
  echo /usr/lib/oclgrind/liboclgrind-rt-icd.so > "$work/oclgrind.icd"
  export OCL_ICD_VENDORS="$work/oclgrind.icd" PYOPENCL_TEST=oclgrind ;;
*) echo "usage: $0 [clstep|pocl|oclgrind] [pytest args]" >&2; exit 2 ;;
esac
export PYOPENCL_NO_CACHE=1
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
total=$(date +%s)
status=0
cd "$work"
for f in $FILES; do
  start=$(date +%s)
  /usr/bin/python3 -m pytest -p no:cacheprovider -q -rfEs --durations=30 "$TESTS/$f.py" "$@" \
    > "$logs/$f.log" 2>&1 || status=1
  summary=$(grep -E '^[=]* *[0-9]+ (passed|failed|skipped|deselected|error)' "$logs/$f.log" | tail -1)
  echo "$which $f: ${summary:-no summary (see $logs/$f.log)}; $(( $(date +%s) - start )) s wall"
  grep -E '^(FAILED|ERROR)' "$logs/$f.log" || true
done
echo "$which: $(( $(date +%s) - total )) s wall in all; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
