#!/usr/bin/env bash
# Speed and memory: typeset beside pdfLaTeX and Typst on the same jobs, and against an older
# typeset build on the zombie fixture. Each round runs every job once, engines alternated, so
# that the machine's noise falls on all of them alike; the table gives medians of RUNS rounds
# and the ratios issue 17 sets goals for (bench/speed.py prints it). See README.md.
#
# Usage: bash bench/run.sh   (after `make build`; `make bench` does both). Ends with the editing
# loop's figures (bench/watch.py).
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
# texlive-xetex: XeLaTeX and fontspec, for the Chinese book (pdfLaTeX has no OpenType CJK font).
# texlive-latex-recommended: xcolor and wrapfig, for the magazine. fonts-noto-cjk: the Chinese
# book's face. libhyphen-dev: the baseline commit's hyphenation, which main no longer links.
apt_install bible-kjv bible-kjv-text time poppler-utils texlive-latex-base texlive-fonts-recommended \
  texlive-xetex texlive-latex-recommended fonts-noto-cjk libhyphen-dev
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
# The zombie fixture as the baseline commit has it, which both builds can set (today's draws an
# SVG masthead, which the baseline build cannot read).
old_zombies=$old/Fixtures/zombies/zombies.txt

# --- The inputs --------------------------------------------------------------------------
# The books, each one paragraph a line, all set as the book is (below): the benchmark's book;
# the same verses each with its reference (`Ge1:1 In the beginning…`, Debian's `bible -f`:
# 31,102 words no other line has); a parts catalogue of 50,000 lines of distinct part numbers
# and prices; a Chinese book of 2 MB. Issue 39: memory must follow the text, not its vocabulary.
kjv_text "$work/kjv.txt"
bible -f -l100000 "Gen1:1-Rev22:21" > "$work/references.txt"
python3 bench/catalogue.py 50000 "$work/catalogue.txt"
python3 bench/chinese-book.py 2 "$work/chinese.txt"
# tex_body TEXT NAME: the text as LaTeX, one paragraph a line, TeX's special characters escaped,
# in $work/tex/NAME.tex.
tex_body() {
  sed -e 's/\\/\\textbackslash /g' -e 's/[#$%&_{}]/\\&/g' \
      -e 's/~/\\textasciitilde{}/g' -e 's/\^/\\textasciicircum{}/g' -e '/^$/d' -e G "$1" > "$work/tex/$2.tex"
}
# pdfLaTeX: the typography benchmark's document, in TeX Live's Times, on each Latin book;
# XeLaTeX: bench/chinese-book.tex on the Chinese one.
mkdir -p "$work/tex"
for text in kjv references catalogue; do tex_body "$work/$text.txt" "$text-body"; done
tex_body "$work/chinese.txt" chinese-body
cp bench/typography/kjv.tex bench/chinese-book.tex "$work/tex/"
# Typst: the typography benchmark's document; it reads the text itself. The Chinese book's face
# in a folder of its own beside the bundled fonts (Typst reads every font of the folders given).
cp bench/typography/kjv.typ "$work/"
mkdir -p "$work/cjk-fonts"
ln -s "$(fc-match -f '%{file}' 'Noto Serif CJK SC')" "$work/cjk-fonts/"
# The 200-page magazine of figures and asides, in each engine's markup.
for format in typeset latex typst; do python3 bench/magazine.py 200 "$work/magazine-200.$format" --format "$format"; done
# The magazine feature fifty times over (its <meta> once), its pictures beside it.
{ head -1 Fixtures/magazine-feature/magazine-feature.txt
  for _ in $(seq 50); do tail -n +2 Fixtures/magazine-feature/magazine-feature.txt; done
} > "$work/magazine.txt"
# The magazine feature's pictures, bench/magazine.py's too.
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
chinese=(--page-size letter --margin 54 --columns 2 --gutter 18 --font "Noto Serif CJK SC" --font-size 10
         --align justify --lang zh --paragraph-spacing 0)

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

# typst_compile DOCUMENT PDF ROOT [FONT_FOLDER [NAME=VALUE…]]: the document compiled with the
# bundled fonts (and FONT_FOLDER's), NAME=VALUE as its sys.inputs.
typst_compile='
import sys, typst
folders = ["fonts"] + [folder for folder in sys.argv[4:5] if folder]
inputs = dict(pair.split("=", 1) for pair in sys.argv[5:])
typst.compile(sys.argv[1], output=sys.argv[2], root=sys.argv[3], font_paths=folders, ignore_system_fonts=True,
              sys_inputs=inputs)
'
# latex_job FOLDER ENGINE JOB BODY (a script for sh -c): bench/typography/kjv.tex compiled in
# FOLDER as JOB.pdf, BODY.tex its text (bench/chinese-book.tex when ENGINE is xelatex).
latex_job='
cd "$1"
if [ "$2" = xelatex ]; then document="\input{chinese-book}"; else document="\def\benchtimes{}\def\benchbody{$4}\input{kjv}"; fi
exec "$2" -interaction=batchmode -halt-on-error -jobname="$3" "$document"
'
echo "typeset $(git rev-parse --short HEAD) against pdfLaTeX, Typst $TYPST_VERSION and typeset $baseline;" \
     "$runs rounds on $(nproc) cores"
for round in $(seq "$runs"); do
  echo "round $round of $runs"
  run book typeset "$work/book.pdf" "$typeset" "$work/kjv.txt" -o "$work/book.pdf" "${book[@]}"
  run book pdflatex "$work/tex/kjv.pdf" sh -c "$latex_job" _ "$work/tex" pdflatex kjv kjv-body
  run book typst "$work/typst.pdf" "$py" -c "$typst_compile" "$work/kjv.typ" "$work/typst.pdf" "$work"
  for text in references catalogue; do
    run "$text" typeset "$work/$text.pdf" "$typeset" "$work/$text.txt" -o "$work/$text.pdf" "${book[@]}"
    run "$text" pdflatex "$work/tex/$text.pdf" sh -c "$latex_job" _ "$work/tex" pdflatex "$text" "$text-body"
    run "$text" typst "$work/$text-typst.pdf" "$py" -c "$typst_compile" "$work/kjv.typ" "$work/$text-typst.pdf" "$work" "" "text=$text.txt"
  done
  run chinese typeset "$work/chinese.pdf" "$typeset" "$work/chinese.txt" -o "$work/chinese.pdf" "${chinese[@]}"
  run chinese xelatex "$work/tex/chinese.pdf" sh -c "$latex_job" _ "$work/tex" xelatex chinese chinese-body
  run chinese typst "$work/chinese-typst.pdf" "$py" -c "$typst_compile" "$work/kjv.typ" "$work/chinese-typst.pdf" "$work" \
    "$work/cjk-fonts" text=chinese.txt "font=Noto Serif CJK SC" lang=zh
  run "magazine 200" typeset "$work/magazine-200.pdf" "$typeset" "$work/magazine-200.typeset" -o "$work/magazine-200.pdf" --min-ppi 0
  run "magazine 200" pdflatex "$work/tex/magazine-200.pdf" sh -c 'cd "$1" && pdflatex -interaction=batchmode -halt-on-error -output-directory=tex magazine-200.latex' _ "$work"
  run "magazine 200" typst "$work/magazine-200-typst.pdf" "$py" -c "$typst_compile" "$work/magazine-200.typst" "$work/magazine-200-typst.pdf" "$work"
  run zombies typeset "$work/zombies.pdf" "$typeset" "$old_zombies" -o "$work/zombies.pdf"
  run zombies "typeset $baseline" "$work/zombies-old.pdf" "$old_typeset" "$old_zombies" -o "$work/zombies-old.pdf"
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
# The editing loop (issue 39): `typeset watch` on the 99-page magazine, one word changed on its
# last page and then on its first, the time from each save to the new PDF (bench/watch.py).
echo
python3 bench/watch.py "$typeset" --rounds "$runs"
