#!/usr/bin/env python3
"""Compares the expectations written in the rule corpus with clang's verdict.

Each kernel in this directory states its expected diagnostics as
`// expect-error: <rule-id>` / `// expect-warning: <rule-id>` on the offending line and, when
it needs another version, `// cl-std: CL2.0` on its first line. This script runs
`clang-15 -x cl -cl-std=<std> -Xclang -finclude-default-header -fsyntax-only` on each file and
prints every file where the lines clang reports differ from the expected lines. Intentional
differences are listed in docs/rules.md ("Differences from clang").

Usage: tests/kernels/rules/check_clang.py [clang-binary]
"""
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
EXPECT = re.compile(r"//\s*expect-(error|warning):\s*([\w-]+)")
STD = re.compile(r"^//\s*cl-std:\s*(CL\d\.\d)")
CLANG_DIAG = re.compile(r"^[^:]+:(\d+):\d+: (error|warning): (.*)$")


def expectations(path):
    lines = path.read_text().splitlines()
    std = "CL1.2"
    if lines and STD.match(lines[0]):
        std = STD.match(lines[0]).group(1)
    expected = set()
    for number, text in enumerate(lines, 1):
        for m in EXPECT.finditer(text):
            expected.add((number, m.group(1)))
    return std, expected


def clang_verdict(clang, path, std):
    run = subprocess.run(
        [clang, "-x", "cl", f"-cl-std={std}", "-Xclang", "-finclude-default-header",
         "-fsyntax-only", "-ferror-limit=0", str(path)],
        capture_output=True, text=True)
    found = {}
    for line in run.stderr.splitlines():
        m = CLANG_DIAG.match(line)
        if m:
            found.setdefault((int(m.group(1)), m.group(2)), m.group(3))
    return found


def main():
    clang = sys.argv[1] if len(sys.argv) > 1 else "clang-15"
    files = sorted(HERE.glob("*.cl"))
    mismatches = 0
    for path in files:
        std, expected = expectations(path)
        found = clang_verdict(clang, path, std)
        got = set(found)
        if got != expected:
            mismatches += 1
            print(f"{path.name} ({std}):")
            for key in sorted(expected - got):
                print(f"  expected, clang silent: line {key[0]} {key[1]}")
            for key in sorted(got - expected):
                print(f"  clang only: line {key[0]} {key[1]}: {found[key]}")
    print(f"{len(files)} files, {mismatches} differ from clang")
    return 0


if __name__ == "__main__":
    sys.exit(main())
