#!/usr/bin/env bash
# Configures and builds clstep in Release into ./build (ccache cache in ./.ccache).
# Usage: scripts/build.sh [extra cmake -D options...]
set -euo pipefail
cd "$(dirname "$0")/.."
export CCACHE_DIR="${CCACHE_DIR:-$PWD/.ccache}"
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-2G}"
JOBS="${JOBS:-$(nproc)}"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j "$JOBS"
