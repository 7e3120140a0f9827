#!/usr/bin/env bash
# Speed and memory: typeset beside pdfLaTeX and Typst on the same jobs, and against an older
# typeset build on the zombie fixture. Each round runs every job once, engines alternated, so
# that the machine's noise falls on all of them alike; the table gives medians of RUNS rounds
# and the ratios issue 17 sets goals for (bench/speed.py prints it). See README.md.
#
# Usage: bash bench/run.sh   (after `make build`; `make bench` does both)
# Environment:
#   RUNS      rounds (5)
#   TYPESET   the typeset to time (.build/release/typeset)
#   BASELINE  a commit whose release build the zombie fixture is also timed with (default: the
#             one in bench/baseline, the commit before the speed work); built once into
#             ~/.cache/typeset-bench/, which takes a few minutes
# Installs what it lacks (Debian packages; Typst from PyPI, see bench/lib.sh). Exits 0 whether
# or not the goals are met; non-zero when an engine or the set-up fails.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
typeset=$(realpath "${TYPESET:-.build/release/typeset}")
runs=${RUNS:-5}
baseline=$(git rev-parse --short "${BASELINE:-$(cat bench/baseline)}")
export SOURCE_DATE_EPOCH=946684800       # fixed PDF dates: the same bytes every round
[ -x "$typeset" ] || { echo "$typeset is missing: run 'make build' first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# bible-kjv: the book. time: GNU time, for CPU and peak memory. poppler-utils: pdfinfo.
# texlive-latex-base and texlive-fonts-recommended: pdfLaTeX, multicol and Times.
# libhyphen-dev: the baseline commit's hyphenation, which main no longer links.
apt_install bible-kjv bible-kjv-text time poppler-utils texlive-latex-base texlive-fonts-recommended libhyphen-dev
python_engines

# --- The older build ---------------------------------------------------------------------
# The baseline commit's files (git archive: no worktree is registered in the repository) in
# the cache, built in release once; its binary finds the bundled fonts there, as a build in the
# source tree does.
cache=${XDG_CACHE_HOME:-$HOME/.cache}/typeset-bench
old=$cache/$baseline
if [ ! -x "$old/.build/release/typeset" ]; then
  echo "Building typeset $baseline (release) into $old, once"
  mkdir -p "$cache"
  rm -rf "$old" && mkdir -p "$old"
  git archive "$baseline" | tar -x -C "$old"
  # Its messages only when it fails: a failed build stops the bench with them.
  (cd "$old" && swift build -c release --product typeset > "$old/build.log" 2>&1) || { cat "$old/build.log" >&2; exit 1; }
fi
old_typeset=$old/.build/release/typeset

# --- The inputs --------------------------------------------------------------------------
kjv_text "$work/kjv.txt"
# pdfLaTeX: the typography benchmark's document on the whole book, in TeX Live's Times.
mkdir -p "$work/tex"
sed -e 's/\\/\\textbackslash /g' -e 's/[#$%&_{}]/\\&/g' \
    -e 's/~/\\textasciitilde{}/g' -e 's/\^/\\textasciicircum{}/g' -e '/^$/d' -e G \
    "$work/kjv.txt" > "$work/tex/kjv-body.tex"
cp bench/typography/kjv.tex "$work/tex/"
# Typst: the typography benchmark's document; it reads kjv.txt itself.
cp bench/typography/kjv.typ "$work/"
# The magazine feature fifty times over (its <meta> once), its pictures beside it.
{ head -1 Fixtures/magazine-feature/magazine-feature.txt
  for _ in $(seq 50); do tail -n +2 Fixtures/magazine-feature/magazine-feature.txt; done
} > "$work/magazine.txt"
cp Fixtures/magazine-feature/*.jpg Fixtures/magazine-feature/*.png "$work/"
echo "One line of text." > "$work/line.txt"
# One word a language: the time and memory of loading its hyphenation patterns, over the
# one-line document's. Every installed dictionary (links to the same file counted once).
hyphenation_languages=$(hyphenation_languages)
for lang in $hyphenation_languages; do hyphenation_paragraph "$lang" "$work/hyphenate-$lang.txt"; done

# The book's settings: issue 17's job (letter, 0.75 in margins, two columns 18 pt apart, 10 pt
# justified and hyphenated, no space between paragraphs).
book=(--page-size letter --margin 54 --columns 2 --gutter 18 --font "Liberation Serif" --font-size 10
      --align justify --lang en --paragraph-spacing 0)

# --- Measuring ---------------------------------------------------------------------------
# run JOB ENGINE PDF COMMAND…: runs the command under bench/measure.py (GNU time's figures, to
# the microsecond) and appends job, engine, wall, user, system (s), peak memory (KiB), pages
# and PDF bytes to runs.tsv.
run() {
  local job=$1 engine=$2 pdf=$3; shift 3
  if ! python3 bench/measure.py "$work/time" "$@" > "$work/run.log" 2>&1; then
    echo "$job: $engine failed:" >&2; tail -20 "$work/run.log" >&2; exit 1
  fi
  local pages=0 bytes=0
  if [ -n "$pdf" ]; then
    pages=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages/ {print $2}')
    bytes=$(stat -c %s "$pdf")
  fi
  printf "%s\t%s\t%s\t%s\t%s\n" "$job" "$engine" "$(tail -1 "$work/time" | tr ' ' '\t')" "$pages" "$bytes" >> "$work/runs.tsv"
}

typst_compile='
import sys, typst
typst.compile(sys.argv[1], output=sys.argv[2], root=sys.argv[3], font_paths=["fonts"], ignore_system_fonts=True)
'
echo "typeset $(git rev-parse --short HEAD) against pdfLaTeX, Typst $TYPST_VERSION and typeset $baseline;" \
     "$runs rounds on $(nproc) cores"
for round in $(seq "$runs"); do
  echo "round $round of $runs"
  run book typeset "$work/book.pdf" "$typeset" "$work/kjv.txt" -o "$work/book.pdf" "${book[@]}"
  run book pdflatex "$work/tex/kjv.pdf" sh -c 'cd "$1/tex" && pdflatex -interaction=batchmode -halt-on-error "\def\benchtimes{}\input{kjv}"' _ "$work"
  run book typst "$work/typst.pdf" "$py" -c "$typst_compile" "$work/kjv.typ" "$work/typst.pdf" "$work"
  run zombies typeset "$work/zombies.pdf" "$typeset" Fixtures/zombies/zombies.txt -o "$work/zombies.pdf"
  run zombies "typeset $baseline" "$work/zombies-old.pdf" "$old_typeset" Fixtures/zombies/zombies.txt -o "$work/zombies-old.pdf"
  run floor "typeset --help" "" "$typeset" --help
  run floor "one line" "$work/line.pdf" "$typeset" "$work/line.txt" -o "$work/line.pdf"
  for lang in $hyphenation_languages; do
    run hyphenation "$lang" "$work/hyphenate.pdf" "$typeset" "$work/hyphenate-$lang.txt" -o "$work/hyphenate.pdf"
  done
  run "page count" "{page}" "$work/page.pdf" "$typeset" "$work/kjv.txt" -o "$work/page.pdf" "${book[@]}" --footer "{page}"
  run "page count" "{page} of {pages}" "$work/pages.pdf" "$typeset" "$work/kjv.txt" -o "$work/pages.pdf" "${book[@]}" --footer "{page} of {pages}"
  run "magazine" "magazine feature ×50" "$work/magazine.pdf" "$typeset" "$work/magazine.txt" -o "$work/magazine.pdf" --min-ppi 0
  # The same book on small pages: about ten times as many.
  run "small pages" "small pages" "$work/small.pdf" "$typeset" "$work/kjv.txt" -o "$work/small.pdf" \
    --page-size 180x260 --margin 15 --columns 1 --font "Liberation Serif" --font-size 10 --align justify --lang en --paragraph-spacing 0
done
"$py" bench/speed.py "$work/runs.tsv" --baseline "typeset $baseline"
