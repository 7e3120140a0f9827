#!/usr/bin/env bash
# Runs the libFuzzer harnesses (built by `make fuzz-build` into .build-fuzz) for SECONDS each,
# side by side (each is one process on one core: on two cores, three harnesses share them for
# SECONDS of wall time rather than taking three times SECONDS one after another).
#   Fixtures/fuzz/run.sh SECONDS [keep-going]
# Seeds: every fixture document and every example of docs/markup.md (pictures renamed to a
# fixture picture, so that the pipeline gets past them). The corpus grows in .build-fuzz/corpus
# (outside git); crashes, hangs (-timeout) and memory blow-ups (-rss_limit_mb) are written to
# .build-fuzz/findings/HARNESS/. Without keep-going the first finding stops a harness. The
# exit status is 1 when any harness found anything. FUZZ_HARNESSES picks some ("markup pipeline").
# The picture harness's seeds are the picture corpus (Fixtures/images) and the pictures found or
# made to attack (Fixtures/fuzz/pictures: a chunk bomb, every JPEG coding mode), its dictionary
# pictures.dict: chunk types and lengths, JPEG coding modes.
set -u
cd "$(dirname "$0")/../.."
seconds=${1:?usage: Fixtures/fuzz/run.sh SECONDS [keep-going]}
keep_going=${2:-}
out=.build-fuzz
bin=$(swift build -c release --scratch-path "$out" --show-bin-path)

# Seeds, made afresh from the sources of truth.
seeds=$out/seeds
rm -rf "$seeds" && mkdir -p "$seeds"
for file in Fixtures/*/*.txt; do
  sed -E 's/src="[^"]*"/src="rgb8.png"/g' "$file" > "$seeds/$(basename "$(dirname "$file")")-$(basename "$file")"
done
awk -v dir="$seeds" '
  /^```markup$/ { n++; file = sprintf("%s/markup-md-%03d.txt", dir, n); inside = 1; next }
  /^```$/ && inside { inside = 0; close(file); next }
  inside { line = $0; gsub(/src="[^"]*"/, "src=\"rgb8.png\"", line); print line > file }
' docs/markup.md

export TYPESET_FONTS=$PWD/fonts TYPESET_FUZZ_PICTURES=$PWD/Fixtures/images ASAN_OPTIONS=detect_leaks=0
# One harness: its run, then its summary into $out/summary-HARNESS; exit 1 on any finding.
run_harness() {
  local harness=$1 harness_seeds=$seeds dictionary=Fixtures/fuzz/markup.dict binary timeout max_len
  case $harness in
    markup) binary=$bin/FuzzMarkup timeout=10 max_len=4096 ;;
    pipeline) binary=$bin/FuzzPipeline timeout=30 max_len=2048 ;;   # a page or two of text
    pictures) binary=$bin/FuzzPictures timeout=30 max_len=262144   # the corpus's files are up to 250 KB
              harness_seeds=$out/picture-seeds dictionary=Fixtures/fuzz/pictures.dict
              rm -rf "$harness_seeds" && mkdir -p "$harness_seeds"
              cp Fixtures/images/*.png Fixtures/images/*.jpg Fixtures/fuzz/pictures/*.png Fixtures/fuzz/pictures/*.jpg "$harness_seeds" ;;
    *) echo "unknown harness: $harness" >&2; return 1 ;;
  esac
  local corpus=$out/corpus/$harness findings=$out/findings/$harness log=$out/fuzz-$harness.log
  mkdir -p "$corpus" "$findings"
  local started=$out/started-$harness && touch "$started"   # findings of earlier runs are not this run's
  local options=(-dict="$dictionary" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048
                 -max_len="$max_len" -artifact_prefix="$findings/" -print_final_stats=1)
  if [ -n "$keep_going" ]; then options+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); fi
  "$binary" "${options[@]}" "$corpus" "$harness_seeds" > "$log" 2>&1
  local code=$? found
  {
    echo "== $harness: $seconds s, corpus $corpus, findings $findings, log $log"
    # libFuzzer's last status line: executions, coverage (cov: edges, ft: features), corpus, exec/s.
    grep -E '^#[0-9]+' "$log" | tail -1
    grep -E '^stat::number_of_executed_units|^stat::average_exec_per_sec|^stat::peak_rss_mb' "$log"
    # Slow units (over 10 s) are listed, not failures: the time limit is -timeout's.
    find "$findings" -name 'slow-unit-*' -newer "$started" | sed 's/^/slow: /'
    found=$(find "$findings" -type f ! -name 'slow-unit-*' -newer "$started" | wc -l)
    if [ "$code" != 0 ] || [ "$found" != 0 ]; then
      echo "$harness: FINDINGS ($found in $findings, exit $code); see $log"
      grep -E 'ERROR|Fatal error|SUMMARY' "$log" | sort | uniq -c | head -20
    fi
  } > "$out/summary-$harness"
  [ "$code" = 0 ] && [ "$found" = 0 ]
}

harnesses=(${FUZZ_HARNESSES:-markup pipeline pictures})
pids=()
for harness in "${harnesses[@]}"; do
  run_harness "$harness" & pids+=($!)
done
status=0
for index in "${!harnesses[@]}"; do
  wait "${pids[$index]}" || status=1
  cat "$out/summary-${harnesses[$index]}"
done
exit $status
