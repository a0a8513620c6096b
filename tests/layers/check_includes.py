#!/usr/bin/env python3
"""Checks every `#include "dir/..."` line of clstep's layers against the arrows.

Usage: check_includes.py <layers file> <source root> [<pending file>]

The layers file (written by tests/layers/CMakeLists.txt from cmake/ClstepLayers.cmake) has one
line per layer: `name|dir;dir|dep;dep|direct`, where the dirs are absolute and `direct` is 1
for a layer that may use only its direct dependencies (and the core values), 0 for one that may use
everything its dependencies use in turn. A file of a layer may include headers of its own
layer and of the layers it may use; an include of any other layer's directory is an upward
(or sideways) reach and fails the check, even when it is header-only and would link.

The pending file lists known reaches that are being removed (`path: dir/Header.h`, paths
relative to the source root, `#` comments); they are reported but do not fail. Entries that no
longer occur are reported as stale so the list shrinks.

Exit status: 0 when no file reaches outside its arrows, 1 otherwise (each reach is printed as
`file:line: layer 'a' includes "dir/X.h" of layer 'b', outside its arrows`), 2 on bad
arguments.
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([A-Za-z_]+)/([^"]+)"')


def read_layers(path):
    layers = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            name, dirs, deps, direct = line.split("|")
            layers[name] = {
                "dirs": [d for d in dirs.split(";") if d],
                "deps": [d for d in deps.split(";") if d],
                "direct": direct == "1",
            }
    return layers


def allowed_layers(layers, name):
    """The layers whose headers a file of layer `name` may include."""
    layer = layers[name]
    if layer["direct"]:
        return {name, "core"} | set(layer["deps"])
    seen = {name}
    todo = list(layer["deps"])
    while todo:
        dep = todo.pop()
        if dep in seen:
            continue
        seen.add(dep)
        todo.extend(layers[dep]["deps"])
    return seen


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    layers = read_layers(argv[1])
    source_root = argv[2]
    pending = set()
    if len(argv) == 4:
        with open(argv[3], encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if line:
                    pending.add(line)

    # Which layer owns each include prefix ("runtime" -> runtime, "common" -> core, ...).
    # Include paths are relative to a layer directory's parent (interpreter/, or the source
    # root for ui/ and platform/, whose headers are included without a prefix).
    owner = {}
    for name, layer in layers.items():
        for d in layer["dirs"]:
            owner[os.path.basename(d)] = name

    failures = []
    seen_pending = set()
    files = 0
    for name, layer in layers.items():
        allowed = allowed_layers(layers, name)
        for d in layer["dirs"]:
            for root, _, names in os.walk(d):
                for fname in sorted(names):
                    if not fname.endswith((".h", ".cpp")):
                        continue
                    path = os.path.join(root, fname)
                    rel = os.path.relpath(path, source_root)
                    files += 1
                    with open(path, encoding="utf-8", errors="replace") as f:
                        for number, text in enumerate(f, 1):
                            m = INCLUDE.match(text)
                            if not m or m.group(1) not in owner:
                                continue
                            target = owner[m.group(1)]
                            if target in allowed:
                                continue
                            header = m.group(1) + "/" + m.group(2)
                            key = rel + ": " + header
                            if key in pending:
                                seen_pending.add(key)
                                continue
                            failures.append(
                                f"{rel}:{number}: layer '{name}' includes \"{header}\" of "
                                f"layer '{target}', outside its arrows (may use: {', '.join(sorted(allowed))})")

    for key in sorted(seen_pending):
        print(f"pending (being removed): {key}")
    for key in sorted(pending - seen_pending):
        print(f"stale pending entry (no longer included; remove it): {key}")
    for failure in failures:
        print(failure)
    print(f"{files} files of {len(layers)} layers checked: {len(failures)} reach(es) outside "
          f"the arrows, {len(seen_pending)} pending")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
