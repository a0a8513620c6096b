# Sourced by bench/pyopencl-suite.sh and bench/pyopencl-per-test.sh: the OpenCL platforms the
# pyopencl benchmarks run on, as environment assignments. Needs $build (clstep build tree,
# whose icd/ directory holds clstep.icd) and $work (a directory for Oclgrind's .icd file).
#   clstep        clstep's ICD, checks from CLSTEP_CHECKS (default all)
#   clstep-off    clstep's ICD, CLSTEP_CHECKS=none
#   clstep-races  clstep's ICD, data races + the memory checks that are always on
#   oclgrind      Oclgrind's ICD (/usr/lib/oclgrind/liboclgrind-rt-icd.so), its defaults
#   oclgrind-races  the same with OCLGRIND_DATA_RACES=1
#   pocl          POCL's ICD
echo /usr/lib/oclgrind/liboclgrind-rt-icd.so > "$work/oclgrind.icd"

tool_env() { # platform -> env assignments, one per line; status 1 for an unknown name
  case "$1" in
  clstep) printf '%s\n' OCL_ICD_VENDORS="$build/icd" PYOPENCL_TEST=clstep \
            CLSTEP_QUIET="${CLSTEP_QUIET:-1}" CLSTEP_CHECKS="${CLSTEP_CHECKS:-all}" ;;
  clstep-off) printf '%s\n' OCL_ICD_VENDORS="$build/icd" PYOPENCL_TEST=clstep CLSTEP_QUIET=1 \
            CLSTEP_CHECKS=none ;;
  clstep-races) printf '%s\n' OCL_ICD_VENDORS="$build/icd" PYOPENCL_TEST=clstep CLSTEP_QUIET=1 \
            CLSTEP_CHECKS=no-uninitialized,no-endian-events ;;
  oclgrind) printf '%s\n' OCL_ICD_VENDORS="$work/oclgrind.icd" PYOPENCL_TEST=oclgrind ;;
  oclgrind-races) printf '%s\n' OCL_ICD_VENDORS="$work/oclgrind.icd" PYOPENCL_TEST=oclgrind \
            OCLGRIND_DATA_RACES=1 ;;
  pocl) printf '%s\n' OCL_ICD_VENDORS=/etc/OpenCL/vendors/pocl.icd PYOPENCL_TEST=portable ;;
  *) echo "unknown platform '$1'" >&2; return 1 ;;
  esac
}
