#!/usr/bin/env bash
# Runs pyopencl 2022.3.1's own tests (test_algorithm, test_array, test_arrays_in_structs,
# test_enqueue_copy, test_wrapper) on one OpenCL platform and prints pytest's summary and the
# wall time. Usage:
#   bench/pyopencl-suite.sh [clstep|pocl|oclgrind] [pytest args...]
# clstep uses build/icd (set BUILD=dir for another build tree); checks follow CLSTEP_CHECKS.
# oclgrind uses /usr/lib/oclgrind/liboclgrind-rt-icd.so (OCLGRIND_DATA_RACES=1 for races).
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-clstep}"
shift || true
TESTS="${PYOPENCL_TESTS:-$PWD/../shared/third_party/pyopencl-2022.3.1-tests}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
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
start=$(date +%s)
cd "$work"
status=0
/usr/bin/python3 -m pytest -p no:cacheprovider -q -rfE \
  "$TESTS/test_algorithm.py" "$TESTS/test_array.py" "$TESTS/test_arrays_in_structs.py" \
  "$TESTS/test_enqueue_copy.py" "$TESTS/test_wrapper.py" "$@" || status=$?
echo "$which: $(( $(date +%s) - start )) s wall"
exit $status
