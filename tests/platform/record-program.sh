# Sourced by the platform's recording tests (expect.sh, record_replay.sh).
# Usage: . record-program.sh CLSTEP_CLI PROGRAM [ARGS...]
# Runs PROGRAM with `clstep-cli exec --quiet --record` into a fresh directory $dir (removed on
# exit) and sets $cli to the absolute path of CLSTEP_CLI. Exits 1 if the program fails.
set -u
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$cli" exec --quiet --record "$dir" -- "$@" >/dev/null || { echo "program failed"; exit 1; }
