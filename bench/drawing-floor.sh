#!/usr/bin/env bash
# The drawing thread and what it is made of: typeset's own text writer (PDFTextLayer: the
# glyphs' operators, each page's stream deflated), Cairo (everything else it still draws) and
# the rest of typeset's drawing code; the finishing step, layout, and reading and parsing
# the source before them (Typesetter.prepare). Counted in instructions
# (callgrind), which the shared machine's load does not change, on the first 500 kB of the
# KJV set as bench/run.sh sets the book (91 pages). See docs/pipeline.md, "Speed: drawing
# and the content streams".
#
# Usage: bash bench/drawing-floor.sh [TEXT] [OPTION…]   (after `make build`)
#   TEXT    another input instead, e.g. the same verses inside <p letter-spacing="0 0 0">…</p>
#   OPTION  added to the book's options, e.g. --footer "{page}" (every page then has an artifact)
# Environment: TYPESET   the typeset to measure (.build/release/typeset)
set -euo pipefail
text=""
if [ $# -gt 0 ] && [ -f "$1" ]; then text=$(realpath "$1"); shift; fi
cd "$(dirname "$0")/.."
source bench/lib.sh
callgrind_work

if [ -n "$text" ]; then
  cp "$text" "$work/part.txt"
else
  kjv_part
fi
book=(--page-size letter --margin 54 --columns 2 --gutter 18 --font "Liberation Serif" --font-size 10
      --align justify --lang en --paragraph-spacing 0 "$@")
TYPESET_FONTS=$PWD/fonts SOURCE_DATE_EPOCH=946684800 valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" \
  "$work/typeset" "$work/part.txt" "${book[@]}" -o "$work/part.pdf" 2>/dev/null
callgrind_annotate --inclusive=yes --tree=calling "$work/cg.out" > "$work/calls.txt"

python3 - "$work/calls.txt" <<'EOF'
import re, sys
own = re.compile(r'\s*([\d,]+) \([^)]*\)\s+\*\s+(\S+).*\[(.*)\]')
callee = re.compile(r'\s*([\d,]+) \([^)]*\)\s+>\s+(\S+).*\[(.*)\]')
number = lambda text: int(text.replace(',', ''))
inclusive, cairo, caller, total = {}, 0, '', 0
for line in open(sys.argv[1], errors='replace'):
    if line.rstrip().endswith('PROGRAM TOTALS'):
        total = number(line.split()[0])
    elif m := own.match(line):
        caller = m.group(3)
        inclusive.setdefault(m.group(2), number(m.group(1)))
    elif (m := callee.match(line)) and 'typeset' in caller and 'libcairo' in m.group(3):
        cairo += number(m.group(1))       # every call typeset makes into Cairo, with its callees
def find(pattern):
    return max((n for name, n in inclusive.items() if re.search(pattern, name)), default=0)
rows = [('the whole run (every thread)', total),
        ('drawing: DocumentWriter.drawPDF', find(r'DocumentWriterV7drawPDF')),
        ('  Cairo, all of it', cairo),
        ('    of which snprintf (Cairo\'s numbers)', find(r'__snprintf_chk$')),
        ('  typeset\'s own drawing code', find(r'DocumentWriterV7drawPDF') - cairo),
        ('    of which the text layer\'s glyphs', find(r'PDFTextLayerC4show_')),
        ('    of which its pages deflated', find(r'PDFTextLayerC7endPage')),
        ('    of which RunTextClusters.fill', find(r'RunTextClustersV4fill')),
        ('finishing: PDFFinisher.finish', find(r'PDFFinisherV6finish')),
        ('  of which ArtifactMarking.mark', find(r'ArtifactMarkingO4mark')),
        ('layout: Paginator.next', find(r'PaginatorV4next')),
        ('reading and parsing: Typesetter.prepare', find(r'TypesetterC7prepare6fileAt')),
        ('deflate (zlib, libdeflate), wherever called', find(r'^\?\?\?:deflate$') + find(r'libdeflate_zlib_compress$'))]
for label, count in rows:
    print(f'{label:40} {count / 1e6:9.0f} M instructions')
EOF
