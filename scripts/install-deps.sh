#!/usr/bin/env bash
# Installs the Debian 12 packages clstep needs to build, test and run (only the missing
# ones). Run as root, or with sudo available.
set -euo pipefail

PACKAGES=(
  cmake ninja-build g++ pkg-config ccache git
  antlr4 libantlr4-runtime-dev default-jre-headless
  libboost-wave-dev libboost-context-dev libboost-dev
  qt6-base-dev libqscintilla2-qt6-dev
  libcli11-dev nlohmann-json3-dev libreadline-dev libpng-dev
  xvfb xauth
  ocl-icd-opencl-dev opencl-c-headers ocl-icd-libopencl1 python3-pytest python3-pyopencl
  # tests/cli: `sweep --json` validated against docs/sweep.schema.json
  python3-jsonschema
  # debug adapter tests (tests/dap, npm ci), man pages, packaging (cpack -G DEB, lintian)
  nodejs help2man lintian dpkg-dev file fakeroot appstream desktop-file-utils
)
# Reference tools used by bench/ and by the reference-output generator (optional at test
# time, but installed so `bench/` and `samples/regen-references` work out of the box).
# python3-opencv: bench/opencv.py (OpenCV's OpenCL kernels on clstep vs POCL); clinfo lists
# what the platform reports, as in docs/platform.md.
OPTIONAL=(oclgrind pocl-opencl-icd clang-15 clang-format python3-opencv clinfo)

# Debian's npm, unless an npm came with another nodejs build (NodeSource's conflicts with it).
command -v npm >/dev/null 2>&1 || PACKAGES+=(npm)

missing=()
for p in "${PACKAGES[@]}" "${OPTIONAL[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "clstep: installing ${missing[*]}" >&2
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
