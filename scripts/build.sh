#!/usr/bin/env bash
# Configures and builds clstep in Release into ./build (ccache cache in ./.ccache).
# Usage: scripts/build.sh [extra cmake -D options...]
set -euo pipefail
cd "$(dirname "$0")/.."
export CCACHE_DIR="${CCACHE_DIR:-$PWD/.ccache}"
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-2G}"
# Paths under the checkout hash as relative ones, so another clone or worktree sharing
# CCACHE_DIR hits the same cache entries.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
JOBS="${JOBS:-$(nproc)}"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j "$JOBS"
