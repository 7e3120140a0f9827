#!/usr/bin/env bash
# Times typeset on the zombie magazine, on a 4.2 MB book (the King James Bible, one verse a
# paragraph, from Debian's bible-kjv packages) and on a 50-page magazine full of figures and
# asides (bench/magazine.py), and prints pages, wall time, time per page and peak memory.
# Usage: bash bench/run.sh   (after `make build`; `make bench` does both)
set -euo pipefail
cd "$(dirname "$0")/.."
typeset=.build/release/typeset
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

need=""
command -v bible >/dev/null || need="$need bible-kjv bible-kjv-text"
[ -x /usr/bin/time ] || need="$need time"
if [ -n "$need" ]; then
  sudo=$([ "$(id -u)" = 0 ] || echo sudo)
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $need
fi

bible -l100000 "Gen1:1-Rev22:21" | sed 's/^ *//' > "$work/kjv.txt"
# A magazine of some 50 pages full of figures and asides, its pictures beside it.
python3 bench/magazine.py 50 "$work/magazine.txt"
cp Fixtures/zombies/coffee.jpg Fixtures/zombies/rocket.jpg Fixtures/zombies/chelsea.png "$work/"

run() { # name, input, options…
  local name=$1 input=$2; shift 2
  /usr/bin/time -o "$work/time" -f "%e %M" "$typeset" "$input" -o "$work/$name.pdf" "$@" 2>/dev/null
  local stats
  stats=$(tail -1 "$work/time")
  local pages
  pages=$(pdfinfo "$work/$name.pdf" | awk '/^Pages/ {print $2}')
  local seconds
  seconds=$(echo "$stats" | cut -d' ' -f1)
  printf "%-34s %8s bytes %6s pages %7s s %7s ms/page %8s MB\n" "$name" "$(stat -c %s "$input")" "$pages" "$seconds" \
    "$(awk -v s="$seconds" -v p="$pages" 'BEGIN {printf "%.1f", 1000 * s / p}')" \
    "$(awk -v kb="$(echo "$stats" | cut -d' ' -f2)" 'BEGIN {printf "%.1f", kb / 1024}')"
}

echo "typeset $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores"
run zombies Fixtures/zombies/zombies.txt
run kjv-a4-11pt "$work/kjv.txt"
run kjv-letter-10pt-liberation "$work/kjv.txt" --page-size letter --font-size 10 --margin 54 --font "Liberation Serif"
# Per page against the plain book above: what figures, asides and their trials cost.
run magazine-50-figures-asides "$work/magazine.txt" --min-ppi 0
