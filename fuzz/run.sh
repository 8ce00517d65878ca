#!/usr/bin/env bash
# Runs the libFuzzer targets for SECONDS each, two at a time (one per core), seeded from the
# project's fixtures. Crashes land in Fixtures/fuzz-regressions/TARGET/, which `make test`
# replays. Prints each target's execution count.
# Usage: fuzz/run.sh SECONDS [gif png json diff lottie font gesture]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
shift || true
targets=${*:-gif png json diff lottie font gesture}
out=$root/.build/fuzz
seed() {
  local t=$1 dir=$out/corpus-$1
  mkdir -p "$dir" "$root/Fixtures/fuzz-regressions/$t"
  case $t in
    gif) cp "$root"/Fixtures/gif/*.gif "$dir/" ;;
    png) cp "$root"/Fixtures/png/*.png "$dir/" ;;
    json) cp "$root"/gestures/*.json "$root"/examples/snapshots/cases.json "$dir/" ;;
    lottie) cp "$root"/Fixtures/lottie/*.json "$dir/" ;;
    font) cp /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf "$dir/" ;;
    gesture) cp "$root"/Fixtures/fuzz-regressions/gesture/seed-* "$dir/" ;;
    diff) printf '\x03\x02\x19abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP' > "$dir/seed" ;;
  esac
}
run() {
  local t=$1
  seed "$t"
  # The same leak suppressions as the ASan test run: process-wide constants made once.
  LSAN_OPTIONS=suppressions=$root/scripts/lsan.supp:print_suppressions=0 \
  "$out/fuzz-$t" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$root/Fixtures/fuzz-regressions/$t/" "$out/corpus-$t" > "$out/$t.log" 2>&1
  echo "$t: $(grep -E '^Done [0-9]+ runs' "$out/$t.log" || tail -1 "$out/$t.log")"
}
set -- $targets
while [ $# -gt 0 ]; do
  run "$1" &
  [ $# -gt 1 ] && run "$2" &
  wait
  shift; [ $# -gt 0 ] && shift
done
