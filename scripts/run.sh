#!/usr/bin/env bash
# Quick start, command 1: installs what is missing, builds in Release and launches the clstep
# GUI on the default sample (samples/reduction_race.sim). Without a display, runs the same
# demo headlessly (`clstep --headless`) and prints what it found.
# Usage: scripts/run.sh [FILE.cl|FILE.sim]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/install-npm-deps.sh
scripts/build.sh -DCLSTEP_BUILD_GUI=ON
TARGET="${1:-samples/reduction_race.sim}"
if [ -x build/app/clstep ] && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/app/clstep "$TARGET"
fi
if [ -x build/app/clstep ]; then
  echo "clstep: no display; running the demo headlessly" >&2
  exec build/app/clstep --headless "$TARGET"
fi
echo "clstep: no display; running the demo with clstep-cli" >&2
exec build/app/clstep-cli run "$TARGET"
