#!/usr/bin/env bash
# Quick start, command 2: installs what is missing, builds everything (Release) and runs the
# whole test suite through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/install-npm-deps.sh
scripts/build.sh
cd build
ctest --output-on-failure -j "${JOBS:-$(nproc)}"
