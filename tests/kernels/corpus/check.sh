#!/bin/sh
# Syntax-check every corpus kernel with clang-15 (OpenCL C 1.2; cl20_* as OpenCL C 2.0).
# Usage: tests/kernels/corpus/check.sh   (exit status != 0 if any file fails)
cd "$(dirname "$0")" || exit 2
status=0
for f in *.cl; do
  case "$f" in cl20_*) std=CL2.0 ;; *) std=CL1.2 ;; esac
  if ! clang-15 -x cl -cl-std=$std -Xclang -finclude-default-header -fsyntax-only "$f"; then
    echo "FAIL: $f" >&2; status=1
  fi
done
exit $status
