#!/usr/bin/env bash
# The library floor under typeset's layout of the KJV book (bench/floor/layout-floor.c): ICU's
# line breaking of every paragraph and HarfBuzz's shaping of every distinct word, alone, in
# CPU seconds. Compare with the layout thread's CPU time in a profile of the same job
# (docs/pipeline.md, "Speed: the layout thread").
#
# Usage: bash bench/floor/run.sh   (from the repository root)
set -euo pipefail
cd "$(dirname "$0")/../.."
source bench/lib.sh
apt_install bible-kjv bible-kjv-text libharfbuzz-dev libicu-dev pkg-config
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
kjv_text "$work/kjv.txt"
cc -O2 -o "$work/layout-floor" bench/floor/layout-floor.c $(pkg-config --cflags --libs harfbuzz icu-uc)
"$work/layout-floor" "$work/kjv.txt" "$(fc-match -f '%{file}' 'Liberation Serif')" en
