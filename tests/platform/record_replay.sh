#!/bin/sh
# Records every launch of a host program with `clstep-cli exec --record` and replays each
# bundle with `clstep-cli run launch.sim`: the replay's buffer dumps must equal the recorded
# outputs byte for byte. Usage: record_replay.sh CLSTEP_CLI PROGRAM [ARGS...]
set -u
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$cli" exec --quiet --record "$dir" -- "$@" >/dev/null || { echo "program failed"; exit 1; }
count=0
for bundle in "$dir"/*/; do
  count=$((count + 1))
  (cd "$bundle" && "$cli" run launch.sim 2>/dev/null | cmp -s - expected-output.txt) ||
    { echo "replay of $(basename "$bundle") differs from the recorded outputs"; exit 1; }
done
[ "$count" -gt 0 ] || { echo "no launch was recorded"; exit 1; }
echo "$count launches replayed identically"
