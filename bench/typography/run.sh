#!/usr/bin/env bash
# Typography benchmark: sets the same 200 KB of the King James Bible (one verse a paragraph)
# with typeset, pdfLaTeX, Typst and WeasyPrint on letter paper in two justified, hyphenated
# columns of 10 pt Liberation Serif, then measures each PDF's word spacing from its word
# boxes (measure.py) and prints one table. README.md beside this file explains the rules.
#
# Usage: bash bench/typography/run.sh [KEEP_DIR]   (after `make build`; `make bench-typography`
#        does both). With KEEP_DIR, the inputs and PDFs are left there for a look; otherwise a
#        temporary folder is used and removed.
# Installs what it lacks: Debian packages with apt-get, the Python engines (pinned) with pip
# into a virtual environment under ~/.cache. Exits 0 whether or not typeset meets the target
# (the table says MET or NOT MET); non-zero only when an engine or the set-up fails.
set -euo pipefail
cd "$(dirname "$0")/../.."              # the repository root: fonts/ and .build/ are relative
here=bench/typography
typeset=${TYPESET:-.build/release/typeset}   # TYPESET=path/to/typeset compares another build

TEXT_BYTES=204800                        # the text is the first 200 KB, cut at a line end
export SOURCE_DATE_EPOCH=946684800       # fixed PDF dates (typeset, pdfTeX)

if [ $# -ge 1 ]; then
  work=$(mkdir -p "$1" && cd "$1" && pwd)
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

[ -x "$typeset" ] || { echo "$typeset is missing: run 'make build' first" >&2; exit 1; }

# --- Packages ------------------------------------------------------------------------------
source bench/lib.sh
# bible-kjv: the text. poppler-utils: pdftotext. texlive-latex-base: pdfLaTeX with multicol,
# geometry, babel and English hyphenation. lcdf-typetools: otftotfm, which makes TeX metrics
# for Liberation Serif. texlive-fonts-recommended: TeX Live's Times, for the second pdfLaTeX
# row. texlive-latex-recommended: microtype, for the +mt rows. libpango: what WeasyPrint draws text with. No recommended packages: TeX Live stays small.
apt_install bible-kjv bible-kjv-text poppler-utils texlive-latex-base texlive-latex-recommended lcdf-typetools \
            texlive-fonts-recommended libpango-1.0-0 libpangoft2-1.0-0

python_engines
WEASYPRINT_VERSION=$([ $weasyprint = no ] || "$py" -c 'import weasyprint; print(weasyprint.__version__)')

# --- The text ------------------------------------------------------------------------------
# One verse or chapter heading a line, as bench/run.sh makes it; blank lines dropped (every
# line is a paragraph for every engine), then the first TEXT_BYTES bytes cut at a line end.
kjv_text "$work/kjv-full.txt"
LC_ALL=C awk -v max="$TEXT_BYTES" 'NF == 0 {next} {n += length($0) + 1; if (n > max) exit; print}' \
  "$work/kjv-full.txt" > "$work/kjv.txt"

# typeset's markup: only < and & are special (the text has neither; escaped all the same).
sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' "$work/kjv.txt" > "$work/kjv-typeset.txt"

# pdfLaTeX: TeX's special characters escaped, a blank line after each paragraph.
mkdir -p "$work/tex"
sed -e 's/\\/\\textbackslash /g' -e 's/[#$%&_{}]/\\&/g' \
    -e 's/~/\\textasciitilde{}/g' -e 's/\^/\\textasciicircum{}/g' -e G \
    "$work/kjv.txt" > "$work/tex/kjv-body.tex"
cp "$here/kjv.tex" fonts/LiberationSerif-Regular.ttf "$work/tex/"
# TeX metrics (T1 encoding, the font's kerning) and a pdfTeX map line for Liberation Serif.
(cd "$work/tex" && otftotfm -e ec -fkern --no-updmap --directory=. \
   LiberationSerif-Regular.ttf > liberation.map 2> otftotfm.log) \
  || { cat "$work/tex/otftotfm.log" >&2; exit 1; }

# Typst reads kjv.txt itself; WeasyPrint gets an HTML page per job (kjv_html.py).
cp "$here/kjv.typ" "$work/"

# --- The engines ---------------------------------------------------------------------------
# timed NAME COMMAND…: runs the command (its output to NAME.log in the job's folder) and
# appends "--engine NAME NAME.pdf SECONDS" to the arguments of measure.py.
timed() {
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  if ! "$@" > "$out/$name.log" 2>&1; then
    echo "$name failed:" >&2; tail -20 "$out/$name.log" >&2; exit 1
  fi
  end=$(date +%s.%N)
  engines+=(--engine "$name" "$out/$name.pdf" "$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.2f", b - a}')")
}

# One pdfLaTeX run is enough: there are no cross-references.
latex() { # jobname, TeX input
  (cd "$work/tex" && pdflatex -interaction=batchmode -halt-on-error -jobname="$1" "$2") \
    || { tail -20 "$work/tex/$1.log"; return 1; }
  mv "$work/tex/$1.pdf" "$out/$1.pdf"
}

source="work tree at $(git rev-parse --short HEAD 2>/dev/null || echo "?")"
git diff --quiet HEAD -- Sources 2>/dev/null || source="$source, with uncommitted changes in Sources/"
echo "$(wc -c < "$work/kjv.txt") bytes of the King James Bible in $(wc -l < "$work/kjv.txt") paragraphs;" \
     "typeset: $typeset ($source)"
versions="$(pdflatex --version | head -1); typst $TYPST_VERSION (PyPI)"
[ "$weasyprint" = yes ] && versions="$versions; weasyprint $WEASYPRINT_VERSION (PyPI)"
echo "$versions"
echo "pdflatex sets Liberation Serif (TeX metrics made by otftotfm), pdflatex-times TeX Live's Times (ptm);"
echo "+mt: with microtype (protrusion and font expansion, its defaults)"

# The two jobs: a book's two wide columns and a magazine's three narrow ones, each with the
# goal issue 15 set for typeset at its defaults (README.md).
#        columns gutter  p95 goal  loose goal (%)
for job in "2 18 0.34 0.02" "3 12 0.45 1.0"; do
  read -r columns gutter goal_p95 goal_loose <<< "$job"
  out="$work/$columns-columns"
  mkdir -p "$out"
  engines=()
  measure=$(awk -v c="$columns" -v g="$gutter" 'BEGIN {printf "%g", (612 - 108 - (c - 1) * g) / c}')
  echo
  echo "== $columns columns of $measure pt, $gutter pt gutter"

  timed typeset "$typeset" "$work/kjv-typeset.txt" -o "$out/typeset.pdf" \
    --page-size letter --margin 54 --columns "$columns" --gutter "$gutter" --font "Liberation Serif" \
    --font-size 10 --align justify --lang en --paragraph-spacing 0

  layout="\\def\\benchcolumns{$columns}\\def\\benchgutter{${gutter}pt}"
  timed pdflatex latex pdflatex "$layout\\input{kjv}"
  timed pdflatex-times latex pdflatex-times "$layout\\def\\benchtimes{}\\input{kjv}"
  timed pdflatex+mt latex pdflatex+mt "$layout\\def\\benchmicrotype{}\\input{kjv}"
  timed pdflatex-times+mt latex pdflatex-times+mt "$layout\\def\\benchtimes{}\\def\\benchmicrotype{}\\input{kjv}"

  # Typst through its Python binding, with typeset's fonts/ as the only font folder. No PDF
  # tags: poppler 22 complains about Typst's tagged-PDF dictionaries.
  timed typst "$py" -c '
import sys, typst
typst.compile(sys.argv[1], output=sys.argv[2], root=sys.argv[3], font_paths=["fonts"],
              ignore_system_fonts=True, pdf_tags=False,
              sys_inputs={"columns": sys.argv[4], "gutter": sys.argv[5]})
' "$work/kjv.typ" "$out/typst.pdf" "$work" "$columns" "$gutter"

  if [ "$weasyprint" = yes ]; then
    "$py" "$here/kjv_html.py" "$work/kjv.txt" fonts/LiberationSerif-Regular.ttf "$columns" "$gutter" > "$out/kjv.html"
    timed weasyprint "$py" -m weasyprint "$out/kjv.html" "$out/weasyprint.pdf"
  fi

  "$py" "$here/measure.py" "$work/kjv.txt" --columns "$columns" --gutter "$gutter" --margin 54 \
    --target-p95 "$goal_p95" --target-loose "$goal_loose" "${engines[@]}"
done
