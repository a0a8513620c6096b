#!/usr/bin/env bash
# Runs every launch file (.sim) under the given directories (default: tests/kernels and
# samples) with `clstep-cli run --threads 1` (sequential) and `--threads N` (parallel), with
# checks on and with --no-checks, and reports any difference in output, exit status or
# diagnostics JSON. Issue 15 items 5 and 6: a run does not depend on its thread count.
# Usage: scripts/compare-threads.sh [-n N] [-c path/to/clstep-cli] [DIR...]
set -uo pipefail
cd "$(dirname "$0")/.."
threads=4
cli=build/app/clstep-cli
while getopts "n:c:" opt; do
  case $opt in
    n) threads=$OPTARG ;;
    c) cli=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] && set -- tests/kernels samples
cli=$(realpath "$cli")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
count=0
while IFS= read -r sim; do
  for mode in checks no-checks; do
    extra=()
    [ $mode = no-checks ] && extra=(--no-checks)
    for t in 1 "$threads"; do
      (cd "$(dirname "$sim")" && "$cli" run "$(basename "$sim")" --threads "$t" "${extra[@]}" \
        --diagnostics-json "$tmp/$t.json" >"$tmp/$t.out" 2>"$tmp/$t.err"; echo "exit $?" >>"$tmp/$t.out")
    done
    count=$((count + 1))
    for f in out err json; do
      if ! cmp -s "$tmp/1.$f" "$tmp/$threads.$f"; then
        echo "DIFF ($mode, $f): $sim"
        status=1
      fi
    done
  done
done < <(find "$@" -name '*.sim' | sort)
echo "$count runs compared, threads 1 vs $threads: $([ $status = 0 ] && echo identical || echo DIFFERENT)"
exit $status
