#!/usr/bin/env bash
# Writes Sources/TypesetCLI/function-order.txt, the order the release link lays typeset's
# functions out in (Package.swift hands it to lld): the functions typical runs execute, in the
# order first met, so that they fill a few megabytes of pages together instead of being
# scattered over the whole code. The kernel maps a program's code by pages and their
# neighbours as it runs; scattered, the code a book touches kept some 11 MiB of the binary
# resident, gathered about 6 MiB (docs/pipeline.md, "Speed: build and allocator settings").
#
# The runs, counted with callgrind: `typeset --help`, a one-line document, the first 500 kB of
# the KJV book set as bench/run.sh sets it (91 pages), then with --pdf-standard ua1,x4, a
# paragraph hyphenated in each installed language, and every fixture under Fixtures/. A function missing from the file (renamed since, or new)
# is only placed after the others: rerun this script when the code has changed much.
#
# Usage: bash bench/function-order.sh   (after `make build`; takes some minutes), then `make build`
# again: SwiftPM does not see the file change, so the script removes the release binary for it
# to be linked again.
# Environment: TYPESET   the typeset to profile (.build/release/typeset)
#              SKIP_FIXTURES   a grep -E pattern of fixture paths not to profile: under callgrind
#                  on a loaded machine the layout fuzzer's 185 fixtures and the hyphenation word
#                  lists take hours ('layout-fuzz|hyphenation'). The names of the file before
#                  that the runs did not meet and the binary still defines are then kept after
#                  the others, so that the code only those fixtures run keeps its place.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
callgrind_work

kjv_part
printf 'One line of text.\n' > "$work/line.txt"
book=(--page-size letter --margin 54 --columns 2 --gutter 18 --font "Liberation Serif" --font-size 10
      --align justify --lang en --paragraph-spacing 0)
profiles=()
# profile NAME DIRECTORY ARGUMENT…: typeset run in DIRECTORY under callgrind.
profile() {
  local name=$1 directory=$2
  shift 2
  (cd "$directory" && TYPESET_FONTS=$OLDPWD/fonts SOURCE_DATE_EPOCH=946684800 valgrind --tool=callgrind \
    --demangle=no --callgrind-out-file="$work/$name.cg" "$work/typeset" "$@" > /dev/null 2>&1) || true
  profiles+=("$work/$name.cg")
}
profile help "$work" --help
profile line "$work" line.txt -o line.pdf
profile book "$work" part.txt "${book[@]}" -o part.pdf
profile standards "$work" part.txt "${book[@]}" --pdf-standard ua1,x4 -o standards.pdf
# Hyphenating each installed language, as bench/run.sh times it, with its patterns' table
# already kept (a plain run first) as every run after a language's first finds it.
for language in $(hyphenation_languages); do
  hyphenation_paragraph "$language" "$work/hyphenate-$language.txt"
  (cd "$work" && TYPESET_FONTS=$OLDPWD/fonts ./typeset "hyphenate-$language.txt" -o hyphenate.pdf > /dev/null 2>&1) || true
  profile "hyphenate-$language" "$work" "hyphenate-$language.txt" -o hyphenate.pdf
done
index=0
for fixture in $(find Fixtures -name '*.txt' | sort | { [ -n "${SKIP_FIXTURES:-}" ] && grep -Ev "$SKIP_FIXTURES" || cat; }); do
  index=$((index + 1))
  profile "fixture-$index" "$(dirname "$fixture")" "$(basename "$fixture")" -o "$work/fixture-$index.pdf"
done

defined=/dev/null
if [ -n "${SKIP_FIXTURES:-}" ]; then
  defined=$work/defined.txt
  nm --defined-only "$work/typeset" | awk '{print $3}' > "$defined"
fi
python3 - "$work/typeset" Sources/TypesetCLI/function-order.txt "$defined" "${profiles[@]}" <<'EOF_PY'
import re, sys
binary, output, defined, profiles = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
# callgrind names each object and function once, by a number used after that.
object_line = re.compile(r'^c?ob=\((\d+)\)(?: (.*))?$')
function_line = re.compile(r'^(c?)fn=\((\d+)\)(?: (.*))?$')
order, seen = [], set()
for path in profiles:
    objects, functions, current_object = {}, {}, None
    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        if m := object_line.match(line):
            if m.group(2): objects[m.group(1)] = m.group(2)
            if not line.startswith('c'): current_object = objects.get(m.group(1))
        elif m := function_line.match(line):
            if m.group(3): functions[m.group(2)] = m.group(3).split("'")[0]  # 'N: a recursion depth
            name = functions.get(m.group(2))
            # A function with costs of its own in typeset's binary, not one it called elsewhere.
            if not m.group(1) and current_object == binary and name and name not in seen:
                seen.add(name)
                order.append(name)
met = len(order)
# Fixtures left out: the previous order's names the runs did not meet, if still defined.
still_defined = set(open(defined).read().split())
order += [name for name in open(output).read().split() if name in still_defined and name not in seen]
open(output, 'w').write(''.join(name + '\n' for name in order))
print(f'{met} functions met by {len(profiles)} runs, {len(order) - met} kept from before, in {output}')
EOF_PY
rm -f .build/*/release/typeset
