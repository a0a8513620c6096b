#!/usr/bin/env bash
# The Khronos OpenCL conformance tests (CTS) on clstep's platform, side by side with POCL.
#
# Usage: bench/conformance.sh [--no-pocl | --pocl-only] [--no-doc] [--table-only] [--selections FILE] [--save DIR] [SUITE...]
#        (default: every suite of suites.txt; --pocl-only: run POCL only, keeping $OUT's clstep results; --table-only: no runs, the table from $OUT's results;
#        --selections FILE: lines in suites.txt's format that replace its options and sub-test
#        selection for the suites they name, on clstep and POCL alike, e.g. bench/cts-selections.txt;
#        --save DIR: merge $OUT's results into DIR (a later run's result of a suite replaces an
#        earlier one's), so that results of several runs, e.g. bench/cts-results, make one table
#        with OUT=DIR --table-only)
#
# Builds the CTS once (build-cts.sh, about 10 minutes on 2 cores, under nice -n 19) and runs each
# suite with run-cts.sh (its options and sub-test selection from suites.txt, its time limits)
# against clstep's libclstep-opencl.so and then against POCL (Debian's pocl-opencl-icd), one after
# the other on the same machine. Prints the table and writes it into docs/conformance.md between
# the "conformance table" markers (--no-doc: print only). The table has each suite's wall time
# and CPU time (user + system, the CTS binary and the library's threads), the commit of the
# checkout when the suite ran, and the selection where --selections changed it. With --no-pocl, POCL's numbers come from
# pocl-3.1-results.txt (the same commands, measured earlier) and the table says so.
# Also lists, per suite, the sub-tests that fail on clstep but pass on POCL (from the per-sub-test
# JSON run-cts.sh writes).
#
# Environment: CLSTEP_BUILD (default build/; the library is $CLSTEP_BUILD/lib/libclstep-opencl.so),
# CLSTEP_CTS_DIR (the CTS material: build-cts.sh, run-cts.sh, suites.txt; default
# ../shared/third_party/opencl-cts next to the checkout, or /work/shared/third_party/opencl-cts),
# CTS_TOP (where the CTS is built, default /tmp/opencl-cts), POCL_ICD (default
# /usr/lib/x86_64-linux-gnu/libpocl.so.2), OUT (logs, default /tmp/clstep-conformance), and
# run-cts.sh's CTS_TIMEOUT / CTS_TOTAL_LIMIT.
# Results in $OUT: clstep.txt and pocl.txt (run-cts.sh's line per suite), commits.txt (the
# checkout's commit per clstep suite), dates.txt (ICD, suite, UTC end time), cpu/ICD.SUITE,
# selection/SUITE, logs/ICD/SUITE.json (per sub-test) and SUITE.log (the CTS output; not saved).
# The CTS is far too slow for CI: this is a benchmark-like script, not a CTest test.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
pocl=1
clstep=1
doc=1
run=1
suites=()
selections=
want_selections=0
save=
want_save=0
for a in "$@"; do
  if [ $want_selections = 1 ]; then selections=$a; want_selections=0; continue; fi
  if [ $want_save = 1 ]; then save=$a; want_save=0; continue; fi
  case "$a" in
    --selections) want_selections=1 ;;
    --no-pocl) pocl=0 ;;
    --pocl-only) pocl=1; clstep=0 ;;
    --no-doc) doc=0 ;;
    --table-only) run=0 ;;
    --save) want_save=1 ;;
    -h|--help) sed -n '2,/^[^#]/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "conformance.sh: unknown option $a" >&2; exit 2 ;;
    *) suites+=("$a") ;;
  esac
done
[ $want_selections = 0 ] || { echo "conformance.sh: --selections needs a file" >&2; exit 2; }
[ $want_save = 0 ] || { echo "conformance.sh: --save needs a directory" >&2; exit 2; }

cts=${CLSTEP_CTS_DIR:-}
if [ -z "$cts" ]; then
  for d in "$root/../shared/third_party/opencl-cts" /work/shared/third_party/opencl-cts; do
    [ -f "$d/run-cts.sh" ] && { cts=$(cd "$d" && pwd); break; }
  done
fi
[ -n "$cts" ] && [ -f "$cts/run-cts.sh" ] || { echo "conformance.sh: no CTS material (set CLSTEP_CTS_DIR)" >&2; exit 1; }
if [ -n "$selections" ]; then
  # run-cts.sh reads suites.txt next to itself: a copy of the material with the lines replaced
  [ -f "$selections" ] || { echo "conformance.sh: $selections: no such file" >&2; exit 1; }
  merged=$(mktemp -d /tmp/clstep-cts-selections.XXXXXX)
  trap 'rm -rf "$merged"' EXIT
  for f in build-cts.sh run-cts.sh pocl-3.1-results.txt; do ln -s "$cts/$f" "$merged/$f"; done
  awk 'NR == FNR { if ($0 !~ /^#/ && NF) over[$1] = $0; next }
       ($1 in over) { print over[$1]; next } { print }' "$selections" "$cts/suites.txt" > "$merged/suites.txt"
  cts=$merged
fi
build=${CLSTEP_BUILD:-$root/build}
lib="$build/lib/libclstep-opencl.so"
[ -f "$lib" ] || { echo "conformance.sh: $lib missing (cmake --build $build --target clstep-opencl)" >&2; exit 1; }
top=${CTS_TOP:-/tmp/opencl-cts}
pocl_icd=${POCL_ICD:-/usr/lib/x86_64-linux-gnu/libpocl.so.2}
out=${OUT:-/tmp/clstep-conformance}
mkdir -p "$out"

if [ ${#suites[@]} -eq 0 ] && [ $run = 0 ]; then
  mapfile -t suites < <(sed -n 's/^\(test_[a-z0-9_]*\): .*/\1/p' "$out/clstep.txt" | awk '!seen[$0]++')
elif [ ${#suites[@]} -eq 0 ]; then
  mapfile -t suites < <(grep -v '^#' "$cts/suites.txt" | awk 'NF {print $1}')
fi
[ $run = 1 ] || [ -s "$out/pocl.txt" ] || pocl=0
if [ $run = 1 ]; then

# Build the CTS once (build-cts.sh skips what is built already).
missing=0
for s in "${suites[@]}"; do
  dir=$(awk -v s="$s" '$1 == s {print $2}' "$cts/suites.txt")
  [ -n "$dir" ] && [ -x "$top/build/test_conformance/$dir/$s" ] || missing=1
done
if [ $missing = 1 ]; then
  echo "conformance.sh: building the CTS in $top (log: $out/build-cts.log)" >&2
  mkdir -p "$top"
  # one build at a time in $top (two ninjas in one build tree corrupt it)
  flock "$top/.conformance-build.lock" nice -n 19 "$cts/build-cts.sh" "$top" > "$out/build-cts.log" 2>&1
fi
export CTS_BUILD="$top/build/test_conformance"

[ $clstep = 1 ] && : > "$out/clstep.txt"
[ $pocl = 1 ] && : > "$out/pocl.txt"
commit_now=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
# one suite on one ICD; its CPU seconds (user + system of run-cts.sh and everything it waited for)
# go to $out/cpu/ICD.SUITE, the selection it ran with to $out/selection/SUITE
run_suite() {
  local who=$1 icd=$2 s=$3
  mkdir -p "$out/cpu" "$out/selection"
  awk -v s="$s" '$1 == s { $1 = ""; $2 = ""; sub(/^ +/, ""); print }' "$cts/suites.txt" > "$out/selection/$s"
  /usr/bin/time -f '%U %S' -o "$out/cpu/$who.$s" \
    env CTS_LOGDIR="$out/logs/$who" nice -n 19 "$cts/run-cts.sh" "$icd" "$s" | tee -a "$out/$who.txt" >&2
  if [ "$who" = clstep ]; then echo "$s $commit_now" >> "$out/commits.txt"; fi
  echo "$who $s $(date -u +%Y-%m-%dT%H:%MZ)" >> "$out/dates.txt"
}
for s in "${suites[@]}"; do
  if [ $clstep = 1 ]; then
    echo "conformance.sh: $s on clstep" >&2
    run_suite clstep "$lib" "$s"
  fi
  if [ $pocl = 1 ]; then
    echo "conformance.sh: $s on POCL" >&2
    run_suite pocl "$pocl_icd" "$s"
  fi
done
fi

pocl_file="$out/pocl.txt"
[ -f "$pocl_file" ] || pocl_file=/dev/null
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
branch=$(git -C "$root" rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)
table=$(/usr/bin/python3 - "$out/clstep.txt" "$pocl_file" "$cts/pocl-3.1-results.txt" "$out" "$commit" "$branch" "${suites[@]}" <<'PYEOF'
import json, os, re, sys, time
clstep_file, pocl_file, pocl_ref, out, commit, branch = sys.argv[1:7]
logs = os.path.join(out, "logs")
suites = sys.argv[7:]
LINE = re.compile(r"^(\S+): (\d+) passed, (\d+) failed, (\d+) skipped \((\d+) s\)(?: \[(.*)\])?")

def read(path):
    res = {}
    if not os.path.exists(path):  # --pocl-only into a new $OUT: no clstep results
        return res
    for line in open(path):
        m = LINE.match(line.strip())
        if m:
            res[m.group(1)] = dict(p=int(m.group(2)), f=int(m.group(3)), s=int(m.group(4)),
                                   t=int(m.group(5)), notes=m.group(6) or "")
    return res

def subtests(icd, suite):
    try:
        return json.load(open(os.path.join(logs, icd, suite + ".json")))["results"]
    except (OSError, ValueError, KeyError):
        return None

def cpu(who, suite):
    """User + system CPU seconds of one suite's run, or None (not measured)."""
    try:
        u, sy = open(os.path.join(out, "cpu", who + "." + suite)).read().split()[-2:]
        return float(u) + float(sy)
    except (OSError, ValueError):
        return None

def last_fields(name, n):
    """{key: value} from the lines of $OUT/name with n fields: the key is the first n - 1 fields
    (one field: itself, else a tuple), the value the last; a later line replaces an earlier one."""
    res = {}
    try:
        for line in open(os.path.join(out, name)):
            f = line.split()
            if len(f) == n:
                res[f[0] if n == 2 else tuple(f[:-1])] = f[-1]
    except OSError:
        pass
    return res

def commits():
    """{suite: commit of the checkout when it ran} (the last run of each)."""
    return last_fields("commits.txt", 2)

def dates():
    """{(icd, suite): UTC time its run ended} (the last run of each; runs since dates.txt)."""
    return last_fields("dates.txt", 3)

def selection(suite):
    try:
        return open(os.path.join(out, "selection", suite)).read().strip()
    except OSError:
        return None

c, p, ref = read(clstep_file), read(pocl_file), read(pocl_ref)
ended = dates()

def when():
    """When the table's runs ended, per ICD, where dates.txt knows it."""
    parts = []
    for who, name, runs in (("clstep", "clstep's", c), ("pocl", "POCL's", p)):
        ran = [s for s in suites if s in runs and not (who == "pocl" and s in from_ref)]
        d = sorted(ended[(who, s)] for s in ran if (who, s) in ended)
        if d:
            span = d[0] if d[0] == d[-1] else f"{d[0]} to {d[-1]}"
            known = "" if len(d) == len(ran) else f" ({len(d)} of them)"
            parts.append(f"{name} suite runs ended {span}{known}")
    return " " + "; ".join(parts) + "." if parts else ""
ran_at = commits()
if ran_at:
    commit = ", ".join(sorted(set(ran_at.get(s, "?") for s in suites if s in c)))
from_ref = [s for s in suites if s not in p and s in ref]
for s in from_ref:
    p[s] = dict(ref[s], notes=("from pocl-3.1-results.txt; " + ref[s]["notes"]).rstrip("; "))
print(f"*Table written {time.strftime('%Y-%m-%d')} by `bench/conformance.sh` on branch `{branch}`; "
      f"the suites ran on commit {commit}. POCL 3.1 ran by the same script on the same kind of machine, "
      f"with the same options and selection, except where the notes say \"from "
      f"pocl-3.1-results.txt\" (measured earlier with suites.txt's commands).{when()}*\n")
print("| suite | clstep pass / fail / skip | clstep s (CPU s) | POCL pass / fail / skip | POCL s (CPU s) | wall-time ratio clstep/POCL (CPU) | options and selection | notes |")
print("|---|---|---|---|---|---|---|---|")
def secs(r, who, s):
    if not r:
        return "—"
    t = cpu(who, s)
    return f"{r['t']} ({t:.0f})" if t is not None else str(r["t"])
worse = []
for s in suites:
    a, b = c.get(s), p.get(s)
    fmt = lambda r: f"{r['p']} / {r['f']} / {r['s']}" if r else "not run"
    ratio = f"{a['t'] / b['t']:.1f}" if a and b and b["t"] > 0 else "—"
    ca, cb = cpu("clstep", s), cpu("pocl", s)
    if a and b and b["t"] > 0 and ca is not None and cb is not None and cb > 0:
        ratio += f" (CPU {ca / cb:.1f})"
    notes = "; ".join(x for x in [a and a["notes"] and "clstep: " + a["notes"],
                                  b and b["notes"] and "POCL: " + b["notes"]] if x)
    sel = selection(s)
    sel = f"`{sel}`" if sel else ("—" if sel is not None else "")
    print(f"| {s} | {fmt(a)} | {secs(a, 'clstep', s)} | {fmt(b)} | {secs(b, 'pocl', s)} | {ratio} | {sel} | {notes} |")
    cs, ps = subtests("clstep", s), subtests("pocl", s)
    if cs and ps:
        for name, r in sorted(cs.items()):
            if r != "pass" and ps.get(name) == "pass":
                worse.append(f"{s} {name}: clstep {r}, POCL pass")
if worse:
    print("\nSub-tests that fail or skip on clstep but pass on POCL:\n")
    for w in worse:
        print("- " + w)
PYEOF
)
echo "$table"
if [ -n "$save" ]; then
  # later lines of clstep.txt, pocl.txt, commits.txt and dates.txt replace earlier ones
  mkdir -p "$save/cpu" "$save/selection" "$save/logs/clstep" "$save/logs/pocl"
  for f in clstep.txt pocl.txt commits.txt dates.txt; do
    if [ -f "$out/$f" ]; then cat "$out/$f" >> "$save/$f"; fi
  done
  for d in cpu selection; do
    if [ -d "$out/$d" ]; then cp -p "$out/$d"/. "$save/$d/" -R; fi
  done
  for who in clstep pocl; do
    for j in "$out/logs/$who"/*.json; do
      if [ -f "$j" ]; then cp -p "$j" "$save/logs/$who/"; fi
    done
  done
  echo "conformance.sh: results merged into $save" >&2
fi
if [ $doc = 1 ]; then
  /usr/bin/python3 - "$root/docs/conformance.md" "$table" <<'PYEOF'
import sys
path, table = sys.argv[1], sys.argv[2]
begin, end = "<!-- conformance table: begin (bench/conformance.sh) -->", "<!-- conformance table: end -->"
text = open(path).read()
i, j = text.find(begin), text.find(end)
if i < 0 or j < 0:
    sys.exit("conformance.sh: markers missing in " + path)
open(path, "w").write(text[:i + len(begin)] + "\n" + table + "\n" + text[j:])
print("conformance.sh: table written into " + path, file=sys.stderr)
PYEOF
fi
