#!/usr/bin/env bash
# Blurs a 512x512 CL_RGBA/CL_UNORM_INT8 image (bench/image/blur_host.c: image2d_t + sampler_t,
# 9 read_imagef per texel) on clstep's OpenCL platform and on Oclgrind's ICD in one run, with
# checks off (clstep CLSTEP_CHECKS=none / Oclgrind's default) and with race checks (clstep's
# default checks / OCLGRIND_DATA_RACES=1). Prints each run's wall time and CPU time (user +
# sys of all threads; /usr/bin/time) of the whole process and its kernel time (event
# profiling), the ratios Oclgrind / clstep and whether the outputs match.
# Usage: bench/image/blur_vs_oclgrind.sh [W H]   (BUILD=dir selects the build, default ./build)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${BUILD:-$here/../../build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 -Wall -Wextra -o "$work/blur_host" "$here/blur_host.c" -lOpenCL
echo /usr/lib/oclgrind/liboclgrind-rt-icd.so > "$work/oclgrind.icd"
run() { # name, env...
  local name=$1; shift
  # wall time and CPU time (user + sys, all threads) of the whole process
  /usr/bin/time -f "%e %U %S" -o "$work/$name.time" \
    env "$@" "$work/blur_host" "${SIZE[@]}" > "$work/$name.out" 2> "$work/$name.err" ||
    { echo "$name FAILED: $(cat "$work/$name.err")"; return; }
  read -r wall user sys < "$work/$name.time"
  echo "$name $wall $(echo "$user + $sys" | bc) $(cat "$work/$name.out")"
}
SIZE=("$@")
{
  run clstep-off OCL_ICD_VENDORS="$build/icd" CLSTEP_QUIET=1 CLSTEP_CHECKS=none
  run oclgrind-off OCL_ICD_VENDORS="$work/oclgrind.icd"
  run clstep-checks OCL_ICD_VENDORS="$build/icd" CLSTEP_QUIET=1
  run oclgrind-races OCL_ICD_VENDORS="$work/oclgrind.icd" OCLGRIND_DATA_RACES=1
} | tee "$work/times"
# Lines: NAME WALL CPU kernel K s, checksum C
awk '{w[$1]=$2; u[$1]=$3; k[$1]=$5; c[$1]=$8} END {
  printf "checks off: clstep %.2f s (kernel %.2f s, CPU %.2f s), Oclgrind %.2f s (kernel %.2f s, CPU %.2f s): %.1fx wall, %.1fx kernel, %.1fx CPU\n",
    w["clstep-off"], k["clstep-off"], u["clstep-off"], w["oclgrind-off"], k["oclgrind-off"],
    u["oclgrind-off"], w["oclgrind-off"]/w["clstep-off"], k["oclgrind-off"]/k["clstep-off"],
    u["oclgrind-off"]/u["clstep-off"];
  printf "checks on:  clstep %.2f s (kernel %.2f s, CPU %.2f s), Oclgrind %.2f s (kernel %.2f s, CPU %.2f s): %.1fx wall, %.1fx kernel, %.1fx CPU\n",
    w["clstep-checks"], k["clstep-checks"], u["clstep-checks"], w["oclgrind-races"],
    k["oclgrind-races"], u["oclgrind-races"], w["oclgrind-races"]/w["clstep-checks"],
    k["oclgrind-races"]/k["clstep-checks"], u["oclgrind-races"]/u["clstep-checks"];
  same = c["clstep-off"] == c["oclgrind-off"] && c["clstep-checks"] == c["oclgrind-off"]
  printf "outputs: %s\n", same ? "identical" : "DIFFER" }' "$work/times"
