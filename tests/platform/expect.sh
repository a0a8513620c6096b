#!/bin/sh
# `clstep-cli run launch.sim --expect` on bundles recorded by `clstep-cli exec --record`:
# every replay matches its recorded final buffers (expected/ directory and expected-output.txt);
# after one byte of a recorded output is changed, --expect exits non-zero and names the
# differing element. Usage: expect.sh CLSTEP_CLI PROGRAM [ARGS...]
. "$(dirname "$0")/record-program.sh"
count=0
for bundle in "$dir"/*/; do
  count=$((count + 1))
  (cd "$bundle" && "$cli" run launch.sim --expect >/dev/null 2>err.txt
   grep -q -- "--expect: the final buffers match" err.txt) ||
    { echo "replay of $(basename "$bundle") does not match expected/:"; cat "$bundle/err.txt"; exit 1; }
  "$cli" run "$bundle/launch.sim" --expect "$bundle/expected-output.txt" >/dev/null 2>"$dir/err.txt"
  grep -q -- "--expect: the final buffers match" "$dir/err.txt" ||
    { echo "replay of $(basename "$bundle") does not match expected-output.txt:"; cat "$dir/err.txt"; exit 1; }
done
[ "$count" -gt 0 ] || { echo "no launch was recorded"; exit 1; }

# Corrupt element 1 of the first recorded output (4-byte elements in the test programs).
bundle=$(ls -d "$dir"/*/ | head -n 1)
file=$(ls "$bundle/expected/" | head -n 1)
name=${file#arg*-}
name=${name%.bin}
printf '\377' | dd of="$bundle/expected/$file" bs=1 seek=4 conv=notrunc 2>/dev/null
if "$cli" run "$bundle/launch.sim" --expect >/dev/null 2>"$dir/err.txt"; then
  echo "--expect passed although $file was changed"; exit 1
fi
grep -q "elements differ from .*$file; $name\[1\] = " "$dir/err.txt" ||
  { echo "--expect did not name $name[1]:"; cat "$dir/err.txt"; exit 1; }
cat "$dir/err.txt"
# A missing expected file is an error too.
rm "$bundle/expected/$file"
if "$cli" run "$bundle/launch.sim" --expect >/dev/null 2>"$dir/err.txt"; then
  echo "--expect passed although $file is missing"; exit 1
fi
grep -q "no expected bytes for" "$dir/err.txt" || { cat "$dir/err.txt"; exit 1; }
echo "$count launches replayed with --expect; a changed and a missing output were reported"
