#!/bin/sh
# Regenerates every .ref file in this directory: what oclgrind-kernel prints (stdout and
# stderr) for the .sim file of the same name, run from that file's directory. The committed
# files were made with Oclgrind 21.10 (Debian 12 package `oclgrind`):
#
#     tests/data/launch/regenerate.sh
#
# Where oclgrind-kernel crashes (zero_wgsize) or never ends (negative_ndrange, stopped after
# 60 s) the .ref is empty; where it prints a dangling pointer instead of a message
# (unknown_token, ...) the .ref holds those stray bytes. The tests skip the comparison for
# such files, which say "# differs:" on their first line.
set -u
cd "$(dirname "$0")" || exit 1
for dir in dumps errors warnings; do
    (
        cd "$dir" || exit 1
        for sim in *.sim; do
            timeout 60 oclgrind-kernel "$sim" > "${sim%.sim}.ref" 2>&1
        done
    )
done
