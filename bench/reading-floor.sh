#!/usr/bin/env bash
# Reading the source, the step before layout and drawing start (so all of it is wall time):
# Typesetter.prepare and what it is made of — decoding the UTF-8 (MarkupSource), the markup
# (ParsePass) and the coverage preflight (ResolveFontsPass) — counted in instructions
# (callgrind) on the KJV book set as bench/run.sh sets it: its first 500 kB, the whole book,
# the 500 kB with 10 and 1000 verses a paragraph, and with every verse inside 1 and 10 nested
# <i><b> pairs. See docs/pipeline.md, "Speed: reading the source".
#
# An unknown tag at the end and --strict stop each run once the source is read (a warning is
# then an error): layout, which would take minutes under valgrind, never starts.
#
# Usage: bash bench/reading-floor.sh   (after `make build`)
# Environment: TYPESET   the typeset to measure (.build/release/typeset)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
callgrind_work

kjv_part
python3 - "$work" <<'EOF_PY'
import sys
work = sys.argv[1]
verses = [line for line in open(f'{work}/part.txt').read().split('\n') if line.strip()]
def write(name, paragraphs):
    open(f'{work}/{name}.txt', 'w').write('\n'.join(paragraphs) + '\n')
for count in (10, 1000):
    write(f'verses-{count}', [' '.join(verses[i:i + count]) for i in range(0, len(verses), count)])
for depth in (1, 10):
    write(f'nested-{depth}', ['<i><b>' * depth + verse + '</b></i>' * depth for verse in verses])
EOF_PY
cp "$work/kjv.txt" "$work/book.txt"

book=(--page-size letter --margin 54 --columns 2 --gutter 18 --font "Liberation Serif" --font-size 10
      --align justify --lang en --paragraph-spacing 0 --strict)
printf '%-12s %10s %10s %10s %10s  (M instructions)\n' input prepare decoding markup coverage
for name in part book verses-10 verses-1000 nested-1 nested-10; do
  printf '<stop-here>\n' >> "$work/$name.txt"
  TYPESET_FONTS=$PWD/fonts SOURCE_DATE_EPOCH=946684800 valgrind --tool=callgrind --callgrind-out-file="$work/$name.cg" \
    "$work/typeset" "$work/$name.txt" "${book[@]}" -o "$work/$name.pdf" >/dev/null 2>&1 || true
  callgrind_annotate --inclusive=yes --threshold=100 "$work/$name.cg" > "$work/$name.calls"
  count() { grep -m1 -E "$1" "$work/$name.calls" | awk '{ gsub(",", "", $1); printf "%.1f", $1 / 1e6 }'; }
  printf '%-12s %10s %10s %10s %10s\n' "$name" "$(count 'TypesetterC7prepare6fileAt')" "$(count 'Markup0A6SourceV8fileName5bytes')" \
    "$(count 'ParsePassV3run')" "$(count 'ResolveFontsPassV3run')"
done
