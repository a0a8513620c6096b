#!/usr/bin/env bash
# The Khronos OpenCL conformance tests (CTS) on clstep's platform, side by side with POCL.
#
# Usage: bench/conformance.sh [--no-pocl] [--no-doc] [--table-only] [SUITE...]
#        (default: every suite of suites.txt; --table-only: no runs, the table from $OUT's results)
#
# Builds the CTS once (build-cts.sh, about 10 minutes on 2 cores, under nice -n 19) and runs each
# suite with run-cts.sh (its options and sub-test selection from suites.txt, its time limits)
# against clstep's libclstep-opencl.so and then against POCL (Debian's pocl-opencl-icd), one after
# the other on the same machine. Prints the table and writes it into docs/conformance.md between
# the "conformance table" markers (--no-doc: print only). With --no-pocl, POCL's numbers come from
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
# The CTS is far too slow for CI: this is a benchmark-like script, not a CTest test.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
pocl=1
doc=1
run=1
suites=()
for a in "$@"; do
  case "$a" in
    --no-pocl) pocl=0 ;;
    --no-doc) doc=0 ;;
    --table-only) run=0 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "conformance.sh: unknown option $a" >&2; exit 2 ;;
    *) suites+=("$a") ;;
  esac
done

cts=${CLSTEP_CTS_DIR:-}
if [ -z "$cts" ]; then
  for d in "$root/../shared/third_party/opencl-cts" /work/shared/third_party/opencl-cts; do
    [ -f "$d/run-cts.sh" ] && { cts=$(cd "$d" && pwd); break; }
  done
fi
[ -n "$cts" ] && [ -f "$cts/run-cts.sh" ] || { echo "conformance.sh: no CTS material (set CLSTEP_CTS_DIR)" >&2; exit 1; }
build=${CLSTEP_BUILD:-$root/build}
lib="$build/lib/libclstep-opencl.so"
[ -f "$lib" ] || { echo "conformance.sh: $lib missing (cmake --build $build --target clstep-opencl)" >&2; exit 1; }
top=${CTS_TOP:-/tmp/opencl-cts}
pocl_icd=${POCL_ICD:-/usr/lib/x86_64-linux-gnu/libpocl.so.2}
out=${OUT:-/tmp/clstep-conformance}
mkdir -p "$out"

if [ ${#suites[@]} -eq 0 ] && [ $run = 0 ]; then
  mapfile -t suites < <(sed -n 's/^\(test_[a-z0-9_]*\): .*/\1/p' "$out/clstep.txt")
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

: > "$out/clstep.txt"
[ $pocl = 1 ] && : > "$out/pocl.txt"
for s in "${suites[@]}"; do
  echo "conformance.sh: $s on clstep" >&2
  CTS_LOGDIR="$out/logs/clstep" nice -n 19 "$cts/run-cts.sh" "$lib" "$s" | tee -a "$out/clstep.txt" >&2
  if [ $pocl = 1 ]; then
    echo "conformance.sh: $s on POCL" >&2
    CTS_LOGDIR="$out/logs/pocl" nice -n 19 "$cts/run-cts.sh" "$pocl_icd" "$s" | tee -a "$out/pocl.txt" >&2
  fi
done
fi

pocl_file="$out/pocl.txt"
[ -f "$pocl_file" ] || pocl_file=/dev/null
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
branch=$(git -C "$root" rev-parse --abbrev-ref HEAD 2>/dev/null || echo unknown)
table=$(/usr/bin/python3 - "$out/clstep.txt" "$pocl_file" "$cts/pocl-3.1-results.txt" "$out/logs" "$commit" "$branch" "${suites[@]}" <<'PYEOF'
import json, os, re, sys, time
clstep_file, pocl_file, pocl_ref, logs, commit, branch = sys.argv[1:7]
suites = sys.argv[7:]
LINE = re.compile(r"^(\S+): (\d+) passed, (\d+) failed, (\d+) skipped \((\d+) s\)(?: \[(.*)\])?")

def read(path):
    res = {}
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

c, p, ref = read(clstep_file), read(pocl_file), read(pocl_ref)
from_ref = [s for s in suites if s not in p and s in ref]
for s in from_ref:
    p[s] = dict(ref[s], notes=("from pocl-3.1-results.txt; " + ref[s]["notes"]).rstrip("; "))
print(f"*Measured {time.strftime('%Y-%m-%d')} by `bench/conformance.sh` on commit {commit} "
      f"(branch `{branch}`); POCL 3.1 run by the same script right after clstep, except where "
      f"the notes say \"from pocl-3.1-results.txt\" (measured earlier with the same commands).*\n")
print("| suite | clstep pass / fail / skip | clstep s | POCL pass / fail / skip | POCL s | time ratio clstep/POCL | notes |")
print("|---|---|---|---|---|---|---|")
worse = []
for s in suites:
    a, b = c.get(s), p.get(s)
    fmt = lambda r: f"{r['p']} / {r['f']} / {r['s']}" if r else "not run"
    ratio = f"{a['t'] / b['t']:.1f}" if a and b and b["t"] > 0 else "—"
    notes = "; ".join(x for x in [a and a["notes"] and "clstep: " + a["notes"],
                                  b and b["notes"] and "POCL: " + b["notes"]] if x)
    print(f"| {s} | {fmt(a)} | {a['t'] if a else '—'} | {fmt(b)} | {b['t'] if b else '—'} | {ratio} | {notes} |")
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
