#!/bin/sh
# Records every launch of a host program with `clstep-cli exec --record` and replays each
# bundle with `clstep-cli run launch.sim`: the replay's buffer dumps must equal the recorded
# outputs byte for byte. Usage: record_replay.sh CLSTEP_CLI PROGRAM [ARGS...]
. "$(dirname "$0")/record-program.sh"
count=0
for bundle in "$dir"/*/; do
  count=$((count + 1))
  (cd "$bundle" && "$cli" run launch.sim 2>/dev/null | cmp -s - expected-output.txt) ||
    { echo "replay of $(basename "$bundle") differs from the recorded outputs"; exit 1; }
done
[ "$count" -gt 0 ] || { echo "no launch was recorded"; exit 1; }
echo "$count launches replayed identically"
