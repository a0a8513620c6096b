#!/usr/bin/env bash
# clstep --help, --version and --headless with no display: they answer, exit 0 and never
# hit Qt's "could not connect to display" abort. Usage: gui-no-display.sh CLSTEP VERSION
set -uo pipefail
CLSTEP="$1"
VERSION="$2"
fail=0
out=$("$CLSTEP" --version 2>&1); rc=$?
[ $rc -eq 0 ] && [ "$out" = "clstep $VERSION" ] || { echo "--version: rc=$rc: $out"; fail=1; }
out=$("$CLSTEP" --help 2>&1); rc=$?
[ $rc -eq 0 ] && grep -q -- "--headless" <<<"$out" && grep -q -- "--screenshot" <<<"$out" ||
  { echo "--help: rc=$rc: $out"; fail=1; }
out=$("$CLSTEP" --headless --explore 0 2>&1); rc=$?
# the default sample has a data race: the demo reports it (exit code 1 means "found errors")
grep -q "data race\|data-race" <<<"$out" && ! grep -qi "could not connect to display\|qt.qpa" <<<"$out" ||
  { echo "--headless: rc=$rc: $out"; fail=1; }
exit $fail
