#!/usr/bin/env bash
# Work bounded by input: for each kind of element, typesets documents of n, 2n, 4n and 8n of
# them with the release binary, and prints wall time, CPU time, peak memory and the growth
# exponent log2(t(2n) / t(n)) of each doubling's CPU time. A kind whose time grows faster than n log n at the largest
# sizes is flagged, and the run exits 1. See docs/scaling.md.
# Usage: bash bench/scaling/run.sh [KIND…]   (after `make build`; `make bench-scaling` does both)
# Environment: REPEAT (best of how many runs, default 3), TIMEOUT (CPU seconds a run may take,
# 20; ten times as much wall time), LIMIT (the largest exponent allowed at the last doubling, 1.3),
# TYPESET (the binary timed, the release build's by default: a debug build, whose layout modules
# are optimised, with TYPESET_CHECK_PAGES=0, measures growth too, not speed).
set -euo pipefail
cd "$(dirname "$0")/../.."
typeset=${TYPESET:-$PWD/.build/release/typeset}
generate=$PWD/bench/scaling/generate.py
repeat=${REPEAT:-3} timeout=${TIMEOUT:-20} limit=${LIMIT:-1.3}
# Below this many seconds a run is mostly start-up (fonts, fontconfig), and its ratios are noise.
floor=0.4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp Fixtures/images/grey8.png "$work/pic.png"
cp Fixtures/images/rgba8.png "$work/contour.png"

# kind and its n: the largest document (8n) takes one to three seconds of CPU where the work is
# linear. Quadratic code takes far longer at 8n; TIMEOUT stops it.
sizes=(
  lines 2500
  pictures 1000
  links 4000
  entities-known 6000
  entities-unknown 5000
  rules 500
  sections 1000
  floats 120
  contour-floats 100
  figures 120
  top-floats 120
  floated-figures 120
  pull-quotes 60
  asides 120
  tab-columns 500
  polygon-points 200
  paragraph-words 25000
  heading-words 10000
  nested-fonts 2000
  size-changes 10000
  rule-matches 25000
  warnings 2000
  includes 2000
  nested-includes 1000
)

# The CPU time (user and system) of the run with the least, its wall time and peak memory, of
# REPEAT runs ("timeout" when a run exceeds TIMEOUT: CPU time, as the exponent, with a wall-time
# backstop for a run that waits); a slow run is not repeated. CPU time, not
# wall time, is what the exponent is computed from: on a shared machine the wall time of the
# same run moves with the neighbours' load several times over, its CPU time far less.
measure() { # input
  local best="" wall="" memory="" status
  for ((attempt = 0; attempt < repeat; attempt++)); do
    status=0
    /usr/bin/time -o "$work/time" -f "%e %U %S %M" timeout "$((10 * timeout))" \
      bash -c 'ulimit -t "$1"; exec "${@:2}"' limit "$timeout" "$typeset" "$1" -o "$work/out.pdf" \
      >/dev/null 2>"$work/stderr" || status=$?
    # timeout's own status, or killed by SIGXCPU or SIGKILL at the CPU limit.
    case $status in 124 | 137 | 152) echo "timeout - -"; return ;; esac
    if [ "$status" != 0 ]; then echo "exit$status - -"; return; fi
    read -r elapsed user system kilobytes < <(tail -1 "$work/time")
    local cpu
    cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
    if [ -z "$best" ] || awk -v a="$cpu" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$cpu wall=$elapsed memory=$kilobytes
    fi
    awk -v s="$elapsed" 'BEGIN { exit !(s > 5) }' && break
  done
  echo "$wall $best $((memory / 1024))"
}

wanted=" $* "
flagged=()
echo "typeset $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, best of $repeat, exponent limit $limit"
printf "%-17s %7s %7s %7s %8s %9s\n" kind n "wall s" "cpu s" "peak MB" exponent
for ((i = 0; i < ${#sizes[@]}; i += 2)); do
  kind=${sizes[i]} n=${sizes[i + 1]}
  [ $# -gt 0 ] && [[ $wanted != *" $kind "* ]] && continue
  previous="" exponent="" verdict=""
  for count in $n $((2 * n)) $((4 * n)) $((8 * n)); do
    python3 "$generate" "$kind" "$count" "$work/doc.txt"
    read -r wall seconds megabytes < <(measure "$work/doc.txt")
    exponent="-"
    if [[ $seconds =~ ^[0-9.]+$ ]] && [[ $previous =~ ^[0-9.]+$ ]]; then
      exponent=$(awk -v a="$seconds" -v b="$previous" 'BEGIN { if (b < 0.01) b = 0.01; printf "%.2f", log(a / b) / log(2) }')
    fi
    printf "%-17s %7s %7s %7s %8s %9s\n" "$kind" "$count" "$wall" "$seconds" "$megabytes" "$exponent"
    if ! [[ $wall =~ ^[0-9.]+$ ]]; then verdict="$wall at n=$count"; break; fi
    previous=$seconds
  done
  # The verdict is the last doubling's: the earlier ones are dominated by start-up.
  if [ -z "$verdict" ] && awk -v e="$exponent" -v t="$seconds" -v l="$limit" -v f="$floor" \
       'BEGIN { exit !(e > l && t > f) }'; then
    verdict="exponent $exponent at n=$count"
  fi
  [ -n "$verdict" ] && flagged+=("$kind: $verdict")
done

if [ ${#flagged[@]} -gt 0 ]; then
  echo "faster than n log n:"
  printf "  %s\n" "${flagged[@]}"
  exit 1
fi
echo "every kind grows at most as n log n"
