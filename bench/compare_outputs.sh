#!/bin/bash
# Byte-for-byte comparison of two clstep-cli builds: every .sim of bench/kernels, tests/kernels
# and samples runs with both, with every check on and with --no-checks, each with
# --diagnostics-json; stdout plus exit status, stderr and the JSON must be identical.
# A change meant to be unobservable (a speed-up) must leave them so.
#
# Usage: bench/compare_outputs.sh BEFORE_CLI AFTER_CLI [WORKDIR]
# Prints "DIFF: FILE MODE" for each difference, then "compared N runs, M differ"; exits 1
# when one differs. Runs --threads 1 (reports do not depend on the thread count).
set -u
[ $# -ge 2 ] || { sed -n '2,9p' "$0"; exit 2; }
a=$(realpath "$1"); b=$(realpath "$2"); out=${3:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
n=0; differ=0
for f in $( (ls "$root"/bench/kernels/*.sim; find "$root"/tests/kernels -name '*.sim'; ls "$root"/samples/*.sim) | sort); do
    for mode in checks nochecks; do
        extra=""; [ $mode = nochecks ] && extra="--no-checks"
        for which in a b; do
            cli=$a; [ $which = b ] && cli=$b
            rm -f "$out/$which.json"
            # shellcheck disable=SC2086 # $extra: one word or none
            (cd "$(dirname "$f")" && timeout 600 "$cli" run "$(basename "$f")" --threads 1 $extra \
                --diagnostics-json "$out/$which.json" > "$out/$which.out" 2> "$out/$which.err"
             echo "exit=$?" >> "$out/$which.out")
            [ -f "$out/$which.json" ] || echo none > "$out/$which.json"
        done
        n=$((n + 1))
        if ! cmp -s "$out/a.out" "$out/b.out" || ! cmp -s "$out/a.err" "$out/b.err" ||
            ! cmp -s "$out/a.json" "$out/b.json"; then
            echo "DIFF: $f $mode"
            differ=$((differ + 1))
        fi
    done
done
echo "compared $n runs, $differ differ"
[ $differ -eq 0 ]
