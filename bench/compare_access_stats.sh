#!/usr/bin/env bash
# Runs every launch file (.sim) under the given directories (default: tests/kernels, samples
# and bench/kernels) with `clstep-cli run --access-stats --json` through two builds and
# reports any difference in the statistics table, the JSON, the dumps or the exit status.
# Each file runs in three configurations: checks off (sub-groups of 32), checks off with
# sub-groups of 8, and checks on; each with `--threads 1` and `--threads 2` for the new build.
# Used to show that a change to AccessStats reports exactly what the build before it did.
# Usage: bench/compare_access_stats.sh OLD_CLI NEW_CLI [DIR...]
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 OLD_CLI NEW_CLI [DIR...]" >&2; exit 2; }
old=$(realpath "$1")
new=$(realpath "$2")
shift 2
[ $# -eq 0 ] && set -- tests/kernels samples bench/kernels
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
count=0
run() { # CLI NAME SIM ARGS...
  local cli=$1 name=$2 sim=$3
  shift 3
  rm -f "$tmp/$name.json"
  (cd "$(dirname "$sim")" && timeout 600 "$cli" run "$(basename "$sim")" --access-stats \
    --json "$tmp/$name.json" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
   echo "exit $?" >>"$tmp/$name.out")
}
while IFS= read -r sim; do
  # the kernel's "// args:" lines (as tests/checks/tst_accessstats.cpp reads them)
  cl=$(dirname "$sim")/$(grep -v -e '^#' -e '^[[:space:]]*$' "$sim" | head -1)
  eval "args=($(sed -n 's|^// args:||p' "$cl" 2>/dev/null | tr '\n' ' '))"
  for mode in "--no-checks" "--no-checks --sub-group-size 8" ""; do
    # shellcheck disable=SC2086
    run "$old" old "$sim" $mode "${args[@]}" --threads 1
    for t in 1 2; do
      # shellcheck disable=SC2086
      run "$new" new "$sim" $mode "${args[@]}" --threads $t
      for f in out err json; do
        [ -e "$tmp/old.$f" ] || [ -e "$tmp/new.$f" ] || continue # no JSON from either
        if ! cmp -s "$tmp/old.$f" "$tmp/new.$f"; then
          echo "DIFF ($f, ${mode:-checks on}, --threads $t): $sim"
          status=1
        fi
      done
    done
    count=$((count + 1))
  done
done < <(find "$@" -name '*.sim' | sort)
echo "$count runs compared, $([ $status = 0 ] && echo "no difference" || echo "DIFFERENCES")"
exit $status
