#!/bin/sh
# Regenerate samples/reference/NAME.ref for every samples/NAME.sim.
#
#   samples/reference/regenerate.sh            # references computed on POCL (run_pocl.py)
#   samples/reference/regenerate.sh --compare  # also diff each one against oclgrind-kernel
#   samples/reference/regenerate.sh --oclgrind # fallback: take oclgrind-kernel's output
#
# A .ref file is exactly the stdout of `oclgrind-kernel NAME.sim` for that sample
# (the dumped arguments), computed on a real OpenCL implementation.
# Needs python3-pyopencl + pocl-opencl-icd (Debian), or oclgrind for --oclgrind/--compare.
set -u
here=$(cd "$(dirname "$0")" && pwd)
samples=$(dirname "$here")
mode=pocl
compare=0
for arg in "$@"; do
  case "$arg" in
    --compare) compare=1 ;;
    --oclgrind) mode=oclgrind ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

cd "$samples" || exit 2          # oclgrind-kernel resolves the .cl path against the CWD
status=0
for sim in *.sim; do
  name=${sim%.sim}
  ref="$here/$name.ref"
  # clstep's image extension (<image=...>): oclgrind-kernel cannot read it, POCL only
  image=0
  grep -q '<image=' "$sim" && image=1
  if [ "$mode" = oclgrind ] && [ $image -eq 1 ]; then
    echo "skip  $name (images: POCL only)"
    continue
  fi
  if [ "$mode" = pocl ]; then
    /usr/bin/python3 "$here/run_pocl.py" "$sim" > "$ref.tmp"
  else
    oclgrind-kernel "$sim" > "$ref.tmp"
  fi
  rc=$?
  if [ $rc -ne 0 ]; then
    echo "FAIL  $name (exit $rc)" >&2
    rm -f "$ref.tmp"
    status=1
    continue
  fi
  mv "$ref.tmp" "$ref"
  if [ $compare -eq 1 ] && [ $image -eq 0 ]; then
    if oclgrind-kernel "$sim" 2>/dev/null | cmp -s - "$ref"; then
      echo "ok    $name (identical to oclgrind-kernel)"
    else
      echo "DIFF  $name: oclgrind-kernel output differs from $mode:"
      oclgrind-kernel "$sim" 2>/dev/null | diff - "$ref" | sed 's/^/      /'
    fi
  else
    echo "ok    $name"
  fi
done
exit $status
