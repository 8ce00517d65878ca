#!/usr/bin/env bash
# Runs a fixed set of commands (every library × kind × style × state name, galleries, family
# options, every gesture to GIF/sheet/JSON, stills in each format, --jobs 1 and 3, bad values,
# a snapshot batch, a diff) with one build of refresh-render and keeps every output, standard
# output, standard error and exit code in OUTDIR. Run it with two builds and `diff -r` the
# folders to show a refactoring changed no byte:
#
#   scripts/compare-outputs.sh /tmp/old/.build/debug/refresh-render /tmp/out-old
#   scripts/compare-outputs.sh .build/debug/refresh-render /tmp/out-new
#   diff -r /tmp/out-old /tmp/out-new
#
# Messages that name OUTDIR itself differ by that name only.
set -u
BIN=$(realpath "$1"); OUT=$2; rm -rf "$OUT"; mkdir -p "$OUT"; OUT=$(realpath "$OUT"); cd "$(dirname "$0")/.."
i=0
r() { i=$((i+1)); "$BIN" "$@" > $OUT/$i.stdout 2> $OUT/$i.stderr; echo $? > $OUT/$i.rc; }
for lib in mjrefresh svpulltorefresh zjrefresh; do
  r gallery --library $lib -o $OUT/gallery-$lib.png
  for kind in header back-footer auto-footer trailer; do for style in normal gif state; do for st in idle pulling refreshing no-more-data stopped triggered loading normal pull-to-refresh; do
    r render --library $lib --kind $kind --style $style --state $st --percent 0.6 --time 0.3 -o $OUT/r-$lib-$kind-$style-$st.png --json
  done; done; done
done
r render --library svpulltorefresh --arrow-color '#FF0000' --subtitle idle=hello -o $OUT/sv-opts.png
r render --library svpulltorefresh --last-updated 2024-01-01T00:00:00Z --now 2024-02-01T00:00:00Z --rtl -o $OUT/sv-date.png
r render --library zjrefresh --height 80 --title pull-to-refresh=P --state pull-to-refresh -o $OUT/zj-opts.png
r render --library zjrefresh --height 80 --style gif --rtl --state loading -o $OUT/zj-gif.png
r render --library mjrefresh --arrow-color '#FF0000' --subtitle idle=x -o $OUT/mj-ignored.png
for g in gestures/*.json; do b=$(basename $g .json); r simulate $g --fps 30 --json --gif $OUT/$b.gif --sheet $OUT/$b-sheet.png; done
r sequence --library svpulltorefresh --kind auto-footer --state triggered --json --fps 30 --length 1
r sequence --library zjrefresh --state loading --style gif --json --fps 30 --length 1 --apng $OUT/zj-seq.png
r render -o $OUT/still.gif
r render --state refreshing -o $OUT/still.apng
r render -o $OUT/still.webp
for j in 1 3; do r simulate gestures/header-gif-pull-release.json --fps 30 --jobs $j --frames $OUT/frames$j --gif $OUT/g$j.gif --apng $OUT/a$j.png --sheet $OUT/s$j.png --sheet-every 5; done
r sequence --state refreshing --fps 240 --png-level 13
r sequence --state refreshing --fps 241 --json
r sequence --state refreshing --jobs 0 --json
cp -r examples/snapshots/golden "$OUT/golden"
r snapshot examples/snapshots/cases.json --golden "$OUT/golden" --artifacts "$OUT/snapshot-artifacts" --jobs 3
r diff docs/diff-expected.png docs/diff-actual.png
