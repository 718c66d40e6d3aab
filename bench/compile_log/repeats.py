#!/usr/bin/env python3
"""What several test objects instantiate alike (issue 71): the weak (template, inline) symbols
defined in more than one object file under BUILD_DIR/test, weighted by code size.

Usage: python3 bench/compile_log/repeats.py BUILD_DIR [--top N]
Prints the weak code in all objects, the part that repeats (each symbol's size times its copies
beyond the first), then the repeated bytes grouped by function (template arguments dropped) and
the largest repeated symbols with their copy counts. Code size is a proxy for the compile work
a symbol costs (its instantiation and code generation), not a measurement of it: weigh a lever
by the compile log (bench/compile_log/run.sh) before and after."""
import argparse, collections, glob, os, subprocess

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument('build_dir')
parser.add_argument('--top', type=int, default=30)
args = parser.parse_args()
objects = sorted(glob.glob(os.path.join(args.build_dir, 'test', '**', '*.o'), recursive=True))
if not objects:
    raise SystemExit(f'repeats.py: no object files under {args.build_dir}/test (build the tests first)')
copies, size = collections.Counter(), {}
for o in objects:
    listing = subprocess.run(['nm', '-S', '--defined-only', o], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) != 4 or fields[2] not in 'WVu':  # weak or unique: templates and inline functions
            continue
        copies[fields[3]] += 1
        size[fields[3]] = max(size.get(fields[3], 0), int(fields[1], 16))
repeated = {s: (copies[s] - 1) * size[s] for s in copies if copies[s] > 1}
total = sum(copies[s] * size[s] for s in copies)
print(f'{len(objects)} objects; weak code {total} bytes, of which repeated {sum(repeated.values())} '
      f'({100 * sum(repeated.values()) / max(total, 1):.0f} %)')
names = dict(zip(repeated, subprocess.run(['c++filt'], input='\n'.join(repeated), capture_output=True,
                                          text=True, check=True).stdout.splitlines()))

def function_of(name):  # the qualified name without template arguments and parameters
    depth, out = 0, []
    for ch in name:
        if ch == '<': depth += 1
        elif ch == '>': depth -= 1
        elif depth == 0: out.append(ch)
    return ''.join(out).split('(')[0].split(' ')[-1]

groups = collections.Counter()
for s, r in repeated.items():
    groups[function_of(names[s])] += r
print(f'\nrepeated bytes by function (top {args.top}):')
for f, r in groups.most_common(args.top):
    print(f'{r:>10} {f}')
print(f'\nlargest repeated symbols (repeated bytes, copies):')
for s, r in sorted(repeated.items(), key=lambda kv: -kv[1])[:args.top]:
    print(f'{r:>10} {copies[s]:>3} {names[s][:200]}')
