#!/usr/bin/env python3
"""Checks which project headers a layer's headers pull in (issue 30 item 6).

Usage: check_header_reach.py <compile_commands.json> <source root> <compiler> <probe dir>
           <forbidden regex>

The probe dir holds one generated source per header of the layer (`#include "X.h"` alone,
tests/layers/CMakeLists.txt), compiled as an object library linked like the layer, so its
command in compile_commands.json has the layer's include paths and definitions. Each probe's
command is run with -M (preprocessing only, nothing is built) and the project headers it
reaches (files under the source root) are listed. A header reaching a file whose path from
the source root matches the forbidden regex (e.g. the front end's AST,
`interpreter/frontend/Ast\\w*\\.h`) fails the check; each header's count of project headers
is printed (the figure docs/architecture.md quotes).

Exit status: 0 when no probe reaches a forbidden header, 1 otherwise, 2 on bad arguments or
when a probe does not preprocess.
"""

import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys


def command_for(entry, compiler):
    """The entry's compiler command with -M instead of its outputs (launchers dropped)."""
    args = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
    start = next((i for i, a in enumerate(args) if a == compiler), None)
    if start is None:
        start = next(i for i, a in enumerate(args) if a.endswith(("g++", "c++", "clang++")))
    out = []
    skip = False
    for a in args[start:]:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD"):
            continue
        out.append(a)
    return out + ["-M"]


def reached(entry, compiler, root):
    """The project headers (paths from the source root) the probe's source reaches."""
    cmd = command_for(entry, compiler)
    result = subprocess.run(cmd, cwd=entry["directory"], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{entry['file']}: {' '.join(cmd)}\n{result.stderr}")
    files = result.stdout.replace("\\\n", " ").split(":", 1)[1].split()
    headers = set()
    for f in files:
        path = os.path.realpath(os.path.join(entry["directory"], f))
        if path.startswith(root + os.sep) and path.endswith(".h"):
            headers.add(os.path.relpath(path, root))
    return headers


def main(argv):
    if len(argv) != 6:
        print(__doc__, file=sys.stderr)
        return 2
    commands, root, compiler, probe_dir, forbidden = argv[1:]
    root = os.path.realpath(root)
    probe_dir = os.path.realpath(probe_dir)
    forbidden_re = re.compile(forbidden)
    with open(commands, encoding="utf-8") as f:
        entries = [e for e in json.load(f)
                   if os.path.realpath(e["file"]).startswith(probe_dir + os.sep)]
    if not entries:
        print(f"no probe sources of {probe_dir} in {commands}", file=sys.stderr)
        return 2

    def probe(entry):
        with open(entry["file"], encoding="utf-8") as src:
            header = re.search(r'#include "([^"]+)"', src.read()).group(1)
        return header, reached(entry, compiler, root)

    failures = 0
    workers = max(1, os.cpu_count() or 1)
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        try:
            results = sorted(pool.map(probe, entries))
        except RuntimeError as e:
            print(f"a probe does not preprocess: {e}", file=sys.stderr)
            return 2
    for header, headers in results:
        bad = sorted(h for h in headers if forbidden_re.search(h))
        print(f"{header}: {len(headers)} project headers" +
              (f", {len(bad)} forbidden: {', '.join(bad)}" if bad else ""))
        failures += bool(bad)
    print(f"{len(results)} headers checked: {failures} reach a header matching {forbidden}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
