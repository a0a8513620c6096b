#!/usr/bin/env bash
# Seeds a libFuzzer corpus for fuzz_clstep (docs/reliability.md) in DIR from the kernels of
# tests/kernels and samples: every .cl file as a `check` input, every .sim with its kernel as
# a `run` input, REPL scripts, and hostile seeds (deep nesting, huge sizes, invalid bytes).
# Usage: tests/fuzz/make-corpus.sh DIR
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:?usage: make-corpus.sh DIR}"
mkdir -p "$out"
n=0
for cl in $(find tests/kernels samples -name '*.cl' | sort); do
    cp "$cl" "$out/check-$((n++)).cl"
done
for sim in $(find tests/kernels samples -name '*.sim' | sort); do
    kernel="$(dirname "$sim")/$(grep -v '^[[:space:]]*#' "$sim" | awk 'NF { print $1; exit }')"
    [ -f "$kernel" ] || continue
    { printf '//!run\n'; cat "$sim"; printf '\n//!kernel\n'; cat "$kernel"; } > "$out/run-$((n++)).txt"
done
repl() { printf '//!repl\n%s\n' "$1" > "$out/repl-$((n++)).txt"; }
repl 'float4 v = (float4)(1, 2, 3, 4);
v.wzyx * 2
convert_uchar4_sat(v * 100.0f)
typedef struct { char a; int b; } S;
sizeof(S)'
repl 'int a[4] = {1, 2, 3, 4};
for (int i = 0; i < 4; ++i) a[i] *= 2;
a'
repl 'int big[1<<25];
1+1'
repl 'int big[1<<24];
1+1'
repl '__local int l[16];
l[3] = 5;
l'
# Hostile seeds.
terms() { local s=1; for ((i = 1; i < $1; ++i)); do s+="+1"; done; printf '%s' "$s"; }
printf '__kernel void k(__global int *o) { o[0] = %s; }\n' "$(terms 5000)" > "$out/deep-sum.cl"
printf '__kernel void k(__global int *o) { o[0] = %s1; }\n' "$(printf -- '- %.0s' {1..5000})" > "$out/deep-unary.cl"
printf '#error \xff\xfe\n__kernel void k() {}\n' > "$out/invalid-utf8.cl"
printf '__kernel void k(__global long *o) { long a[1L<<61]; __local int b[1<<28]; o[0] = a[0] + b[0]; }\n' > "$out/huge-arrays.cl"
{ printf '//!run\nk.cl\nk\n2147483648 2147483648 4\n1 1 1\n<size=16 int fill=0 dump>\n//!kernel\n'
  printf '__kernel void k(__global int *o) { o[get_global_id(0)] = 1; }\n'; } > "$out/run-huge-ndrange.txt"
{ printf '//!run\nk.cl\nk\n4294967296 4294967296 1\n4294967296 4294967296 1\n<size=16 int fill=0>\n//!kernel\n'
  printf '__kernel void k(__global int *o) { o[0] = 1; }\n'; } > "$out/run-huge-group.txt"
{ printf '//!run\nk.cl\nk\n4 1 1\n4 1 1\n<size=16 int fill=0 dump>\n//!kernel\n'
  printf '__kernel void k(__global int *o) { __local int t[4]; t[get_local_id(0)] = %s1;\n' "$(printf -- '- %.0s' {1..3000})"
  printf '  barrier(CLK_LOCAL_MEM_FENCE); o[get_local_id(0)] = t[3 - get_local_id(0)]; }\n'; } > "$out/run-deep-barrier.txt"
echo "$(ls "$out" | wc -l) inputs in $out"
