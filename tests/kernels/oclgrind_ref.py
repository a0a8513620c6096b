#!/usr/bin/python3
"""Prints the '// EXACT' lines of a check kernel's dumps as oclgrind-kernel computes them.

Usage: tests/kernels/oclgrind_ref.py [--append] FILE.sim...

Runs `oclgrind-kernel` on each .sim (from the .sim's directory, with the kernel's
`// args:` --cl-std / --build-options passed on as Oclgrind build options) and prints the
dump lines in tst_kernelchecks' format; with --append, appends them to the kernel file
(whose existing EXACT/MATCH lines are replaced). Lines for values the kernel leaves
undefined should then be turned into '// MATCH   name[i] =' by hand.
"""
import os
import re
import shlex
import subprocess
import sys


def kernel_file(sim):
    with open(sim) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                return os.path.join(os.path.dirname(sim), line)
    raise SystemExit(sim + ': no kernel file')


def build_options(kernel):
    opts = []
    with open(kernel) as f:
        for line in f:
            if line.startswith('// args:'):
                args = shlex.split(line[len('// args:'):])
                for i, a in enumerate(args):
                    if a == '--cl-std' and i + 1 < len(args):
                        opts.append('-cl-std=' + args[i + 1])
                    elif a in ('-b', '--build-options') and i + 1 < len(args):
                        opts.append(args[i + 1])
                    elif a.startswith('--build-options='):
                        opts.append(a.split('=', 1)[1])
    return ' '.join(opts)


def dump_lines(sim, kernel):
    cmd = ['oclgrind-kernel', '--build-options', build_options(kernel), os.path.basename(sim)]
    out = subprocess.run(cmd, cwd=os.path.dirname(sim) or '.', capture_output=True, text=True,
                         timeout=300)
    lines, in_dump = [], False
    for line in out.stdout.split('\n'):
        if line.startswith("Argument '"):
            in_dump = True
            lines.append(line)
        elif in_dump and line.startswith('  '):
            lines.append(line)
        else:
            in_dump = False
    if not lines:
        raise SystemExit(sim + ': oclgrind-kernel printed no dump\n' + out.stderr[-2000:])
    return lines


def main():
    args = sys.argv[1:]
    append = '--append' in args
    for sim in [a for a in args if a != '--append']:
        kernel = kernel_file(sim)
        exact = ['// EXACT ' + l for l in dump_lines(sim, kernel)]
        if not append:
            print('\n'.join(exact))
            continue
        with open(kernel) as f:
            text = [l for l in f.read().split('\n') if not re.match(r'// (EXACT|MATCH) ', l)]
        while text and text[-1] == '':
            text.pop()
        with open(kernel, 'w') as f:
            f.write('\n'.join(text + exact) + '\n')


if __name__ == '__main__':
    main()
