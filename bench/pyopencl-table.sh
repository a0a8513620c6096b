#!/usr/bin/env bash
# The whole-suite benchmark of issue 13 (item 6): pyopencl 2022.3.1's tests on clstep's
# platform against Oclgrind's ICD, one pytest per test id (bench/pyopencl-per-test.sh), with
# checks off (clstep-off vs oclgrind) and then with race checks on (clstep-races vs
# oclgrind-races), each test under a time limit; then a per-file and total table.
#
# Usage: bench/pyopencl-table.sh [PATTERN...]      run, append to RESULTS, print the table
#        bench/pyopencl-table.sh --table FILE...   only print the table of earlier results
#   PATTERN  test ids as bench/pyopencl-per-test.sh takes them (default: every test of the five
#            files, 'test_*.py::*')
# Environment: RESULTS (per-test result lines, appended; default logs/pyopencl-table.txt),
# TOOLS (default clstep-off,oclgrind,clstep-races,oclgrind-races), TIMEOUT (seconds of wall
# time per test and tool, default 1800; TIMEOUT_oclgrind, TIMEOUT_oclgrind_races, ... per
# tool), LOGS, BUILD, PYOPENCL_TESTS as for bench/pyopencl-per-test.sh.
#
# How the table counts (per pair clstep-X / oclgrind-X):
# * a test counts when clstep passed or skipped it (or ran out of time) and Oclgrind passed or
#   skipped it or ran out of time; a test Oclgrind ran out of time on counts as >= its limit
#   in wall time and as the CPU time it had used (both lower bounds, and the total is then
#   marked ">="); the same for clstep;
# * a test that either tool cannot run at all (failed, error, not collected: e.g. Oclgrind's
#   `clCreateKernel` fails on pyopencl's Threefry generator) is listed below the table, not
#   counted on either side;
# * ratio = Oclgrind / clstep (> 1: clstep is faster), of wall and of CPU (user+sys) time.
# Wall times on a shared machine depend on its load (each run's load average is in RESULTS);
# compare the CPU times. The result lines of several runs (files) may be combined; for a
# test and tool the last line counts.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--table" ]; then
  shift
  files=("$@")
else
  results="${RESULTS:-logs/pyopencl-table.txt}"
  mkdir -p "$(dirname "$results")"
  [ $# -gt 0 ] || set -- 'test_*.py::*'
  echo "# $(date -u '+%F %T') load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$results"
  bench/pyopencl-per-test.sh "${TOOLS:-clstep-off,oclgrind,clstep-races,oclgrind-races}" "$@" |
    tee -a "$results"
  echo "# $(date -u '+%F %T') load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$results"
  files=("$results")
fi

awk '
  /^#/ { next }
  NF >= 5 {
    tool = $1; id = $2; out = $3; wall = $4; cpu = ($5 == "?" ? 0 : $5)
    if (!(id in seen)) { seen[id] = 1; ids[++n] = id }
    O[tool, id] = out; W[tool, id] = wall; C[tool, id] = cpu
  }
  function ok(o) { return o == "passed" || o == "skipped" || o == "xfailed" || o ~ /^timeout>/ }
  function short(o) { return o ~ /^timeout>/ ? "timeout" : o }
  function fmt(w, ge) { return sprintf("%s%.1f", ge ? ">= " : "", w) }
  END {
    npairs = split("off races", pairs, " ")
    print "| file | tests | checks | clstep passed/failed/skipped/timeout | clstep wall s (CPU s) | Oclgrind passed/failed/skipped/timeout | Oclgrind wall s (CPU s) | Oclgrind/clstep wall (CPU) |"
    print "|---|---:|---|---|---:|---|---:|---:|"
    for (p = 1; p <= npairs; p++) {
      ct = "clstep-" pairs[p]; ot = (pairs[p] == "off" ? "oclgrind" : "oclgrind-races")
      delete files_seen; nf = 0
      for (i = 1; i <= n; i++) {
        id = ids[i]; f = id; sub(/::.*/, "", f)
        if (!((ct, id) in O) && !((ot, id) in O)) continue
        if (!(f in files_seen)) { files_seen[f] = 1; flist[++nf] = f }
        tests[f]++; tests["total"]++
        for (t = 0; t < 2; t++) {
          tool = (t == 0 ? ct : ot)
          o = ((tool, id) in O) ? short(O[tool, id]) : "not run"
          cnt[tool, f, o]++; cnt[tool, "total", o]++
        }
        if (((ct, id) in O) && ((ot, id) in O) && ok(O[ct, id]) && ok(O[ot, id])) {
          for (t = 0; t < 2; t++) {
            tool = (t == 0 ? ct : ot)
            w = W[tool, id]
            if (O[tool, id] ~ /^timeout>/) { w = substr(O[tool, id], 9) + 0; ge[tool, f] = ge[tool, "total"] = 1 }
            sw[tool, f] += w; sw[tool, "total"] += w
            sc[tool, f] += C[tool, id]; sc[tool, "total"] += C[tool, id]
          }
          counted[f]++; counted["total"]++
        } else {
          excluded[++nx] = sprintf("%s (%s): clstep %s, Oclgrind %s", id, pairs[p],
            ((ct, id) in O) ? O[ct, id] : "not run", ((ot, id) in O) ? O[ot, id] : "not run")
        }
      }
      flist[++nf] = "total"
      for (j = 1; j <= nf; j++) {
        f = flist[j]
        cc = sprintf("%d/%d/%d/%d", cnt[ct, f, "passed"], cnt[ct, f, "failed"] + cnt[ct, f, "error"],
          cnt[ct, f, "skipped"] + cnt[ct, f, "xfailed"], cnt[ct, f, "timeout"])
        oc = sprintf("%d/%d/%d/%d", cnt[ot, f, "passed"], cnt[ot, f, "failed"] + cnt[ot, f, "error"],
          cnt[ot, f, "skipped"] + cnt[ot, f, "xfailed"], cnt[ot, f, "timeout"])
        bound = ge[ot, f] && !ge[ct, f] ? ">= " : (ge[ct, f] && !ge[ot, f] ? "<= " : "")
        rw = sw[ct, f] > 0 ? sprintf("%s%.2fx", bound, sw[ot, f] / sw[ct, f]) : "-"
        rc = sc[ct, f] > 0 ? sprintf("%s%.2fx", bound, sc[ot, f] / sc[ct, f]) : "-"
        name = (f == "total" ? "**total**" : "`" f "`")
        printf "| %s | %d (%d counted) | %s | %s | %s (%.1f) | %s | %s (%.1f) | %s (%s) |\n",
          name, tests[f], counted[f] + 0, pairs[p], cc, fmt(sw[ct, f], ge[ct, f]), sc[ct, f],
          oc, fmt(sw[ot, f], ge[ot, f]), sc[ot, f], rw, rc
        delete tests[f]; delete counted[f]
      }
    }
    if (nx) {
      print ""
      print "Not counted (a tool could not run the test):"
      for (i = 1; i <= nx; i++) print "* " excluded[i]
    }
  }' "${files[@]}"
