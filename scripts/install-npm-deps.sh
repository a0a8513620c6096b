#!/usr/bin/env bash
# Installs the npm packages of the debug adapter tests (tests/dap: the DAP client
# @vscode/debugadapter-testsupport) from the npm registry with `npm ci`, exactly as the
# committed package-lock.json pins them. Skips the download when they are up to date.
set -euo pipefail
cd "$(dirname "$0")/../tests/dap"
if [ -f node_modules/.package-lock.json ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  exit 0
fi
echo "clstep: installing the npm packages of tests/dap (npm ci)" >&2
npm ci --no-audit --no-fund --loglevel=error
