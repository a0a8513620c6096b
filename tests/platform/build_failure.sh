#!/bin/sh
# platform.exec_build_failure: runs build_failure.c's program under `clstep-cli exec` and
# checks that its stderr reports each failed build (the program ignores the errors itself).
# Usage: build_failure.sh CLSTEP_CLI BUILD_FAILURE_PROGRAM
cli=$1
program=$2
err=$(mktemp)
trap 'rm -f "$err"' EXIT
"$cli" exec -- "$program" 2>"$err" || { echo "the program failed:"; cat "$err"; exit 1; }
status=0
expect() {
  if ! grep -qF -- "$1" "$err"; then
    echo "stderr lacks: $1"
    status=1
  fi
}
expect "clstep: clBuildProgram failed (CL_BUILD_PROGRAM_FAILURE) for program clstep-program-1.cl (kernels 'broken'), options \"-D WIDTH=4 -cl-std=CL1.2\":"
expect "clstep-program-1.cl:2:20: error:"
expect "clstep: clCompileProgram failed (CL_COMPILE_PROGRAM_FAILURE) for program clstep-program-2.cl (kernels 'broken'), options \"-D WIDTH=8\":"
expect "clstep-program-2.cl:2:20: error:"
expect "clstep: clCompileProgram failed (CL_INVALID_COMPILER_OPTIONS) for program clstep-program-2.cl, options \"-no-such-option\":"
[ $status -eq 0 ] || { echo "--- stderr:"; cat "$err"; }
exit $status
