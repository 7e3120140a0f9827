#!/usr/bin/env bash
# Which of typeset's modules a debug build spends its time in: the modules worth optimising in
# debug builds (Package.swift, optimizedInDebugBuilds; docs/pipeline.md, "Speed: build and
# allocator settings"). perf samples the run with its call stacks, and each sample is
# given to the module of the first frame of typeset's own code on its stack, so the standard
# library's unspecialised generic code and runtime metadata look-ups count for the module
# that called them. Samples with no frame of ours (C libraries called from threads perf could
# not unwind, the kernel) are listed by the library they were taken in.
#
# Usage: bash bench/debug-hot-modules.sh             the debug typeset on the KJV's 91 pages
#        bash bench/debug-hot-modules.sh COMMAND…    any command, and the processes it starts,
#          e.g. swift test --disable-swift-testing --skip-build --filter LongParagraphTests
# (after `swift build --build-tests`)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
apt_install bible-kjv linux-perf
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TYPESET_FONTS=$PWD/fonts SOURCE_DATE_EPOCH=946684800

if [ $# -eq 0 ]; then
  kjv_part
  set -- .build/debug/typeset "$work/part.txt" --page-size letter --margin 54 --columns 2 --gutter 18 \
    --font "Liberation Serif" --font-size 10 --align justify --lang en --paragraph-spacing 0 -o "$work/part.pdf"
fi
perf record -q -F 999 -g -o "$work/perf.data" -- "$@" > /dev/null
perf script --no-demangle -i "$work/perf.data" -F tid,ip,sym,dso 2> /dev/null > "$work/samples.txt"

python3 - "$work/samples.txt" <<'PYTHON'
import collections, re, sys
frame = re.compile(r'\s*\S+\s+(.*)\s+\((.*)\)$')
swift_module = re.compile(r'^\$s(\d+)(\w+)')   # a mangled Swift name starts with its module's
owners, samples = collections.Counter(), 0
for sample in open(sys.argv[1], errors='replace').read().split('\n\n'):
    frames = [m.groups() for m in map(frame.match, sample.strip().split('\n')[1:]) if m]
    if not frames:
        continue
    samples += 1
    owner = 'outside typeset: ' + frames[0][1].split('/')[-1]
    for symbol, library in frames:
        if not library.split('/')[-1].startswith('typeset'):   # the executable, the test bundle
            continue
        if m := swift_module.match(symbol):
            owner = m.group(2)[:int(m.group(1))]
            break
        if not symbol.startswith('$s'):   # C linked in; a `$s` name without a module is the
            owner = 'C in typeset: ' + symbol.split('+')[0]   # standard library's code copied
            break                                            # in: its caller is further up
    owners[owner] += 1
print(f'{samples} samples')
for owner, count in owners.most_common(20):
    print(f'{100 * count / samples:5.1f} %  {owner}')
PYTHON
