#!/usr/bin/env bash
# Quick start, command 2: installs what is missing, builds everything (Release) and runs the
# whole test suite through CTest; then builds the interpreter, the CLI and a few tests with
# AddressSanitizer and UndefinedBehaviorSanitizer in ./build-asan and runs those tests
# (label "sanitize"; docs/reliability.md). CLSTEP_SKIP_SANITIZE=1 skips that second part.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/install-npm-deps.sh
scripts/build.sh
(cd build && ctest --output-on-failure -j "${JOBS:-$(nproc)}")

if [ "${CLSTEP_SKIP_SANITIZE:-0}" != 1 ]; then
    export CCACHE_DIR="${CCACHE_DIR:-$PWD/.ccache}"
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
    cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DCLSTEP_BUILD_GUI=OFF \
        -DCLSTEP_SANITIZE=address,undefined >/dev/null
    cmake --build build-asan -j "${JOBS:-$(nproc)}" --target clstep_sanitize_tests
    # Leaks are not checked: Qt and Boost.Wave keep process-lifetime allocations.
    (cd build-asan && ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest -L sanitize --output-on-failure -j "${JOBS:-$(nproc)}")
fi
