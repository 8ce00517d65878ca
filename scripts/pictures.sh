#!/usr/bin/env bash
# Draws every picture docs/ and the README show, with the program, into OUT (default docs/):
# `make pictures` writes them, `make pictures-check` draws them into a scratch folder and fails
# when one differs from the committed file. A picture in docs/ that this script does not draw
# fails the check too, so no picture can drift from what the program draws today.
# REFRESH_RENDER names the binary (default: the release build). Two pictures are screenshots of
# pages in Chromium, not drawings: docs/preview.png (Tests/browser/test_preview_page.py with
# UPDATE_SCREENSHOT=1) and docs/report.png (the HTML snapshot report); `--screenshots` lists them
# for the check, which leaves them out.
if [ "${1:-}" = "--screenshots" ]; then echo "preview.png report.png"; exit 0; fi
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${1:-docs}
bin=${REFRESH_RENDER:-$root/.build/release/refresh-render}
mkdir -p "$out"
r() { "$bin" "$@"; }
lottie=Fixtures/lottie/pull-loop.json

r --state pulling --percent 0.6 --background '#FFFFFF' -o "$out/header-pulling.png"
r gallery -o "$out/gallery.png"
r gallery --language zh-Hans -o "$out/gallery-zh-Hans.png"
r gallery --library svpulltorefresh -o "$out/gallery-svpulltorefresh.png"
r gallery --library zjrefresh -o "$out/gallery-zjrefresh.png"
r gallery --images idle=$lottie --images pulling=$lottie --images refreshing=$lottie \
  --lottie-segment idle=pull --lottie-segment pulling=loop --lottie-segment refreshing=loop -o "$out/gallery-lottie.png"

diff_scene=(--style normal --width 320 --background '#FFFFFF' --last-updated 2024-03-17T09:41:00Z --now 2024-07-05T12:00:00Z)
r "${diff_scene[@]}" --state idle -o "$out/diff-expected.png"
r "${diff_scene[@]}" --state pulling -o "$out/diff-actual.png"
# Exit 1: the two differ beyond the tolerance, which is the point of the picture.
r diff "$out/diff-expected.png" "$out/diff-actual.png" -o "$out/diff-example.png" \
  --diff-color-alt '#0077FF' --threshold 0.1 --no-include-aa >/dev/null || [ $? -eq 1 ]

r --style normal --state pulling --height 60 --state-label-font "bold 16" \
  --state-label-color '#007AFF' --time-label-font "regular 12" --time-label-color '#8E8E93' \
  --last-updated 2026-03-17T21:41:00Z --now 2026-03-18T08:00:00Z \
  --last-updated-format "'Updated 'MM-dd h:mm a" --control-color '#F2F2F7' -o "$out/header-app-settings.png"
r --style normal --state pulling --i18n-bundle Fixtures/strings/App.bundle \
  --state-label-font "bold 16 DejaVu Serif" --title "pulling=Let go 🎉" \
  --arrow-image Fixtures/demo/arrow@2x.png -o "$out/header-app-strings.png"

r simulate gestures/header-pull-release.json --fps 30 --show-content --gif "$out/preview-normal.gif"
r simulate gestures/header-pull-release.json --fps 30 --show-content --sheet "$out/preview-normal-sheet.png" --sheet-every 6
r simulate gestures/header-gif-pull-release.json --fps 30 --show-content --gif "$out/preview-gif.gif"
r simulate gestures/sv-pull-to-refresh.json --fps 30 --show-content --sheet "$out/sv-sheet.png" --sheet-every 8
r simulate gestures/header-lottie-pull-release.json --fps 30 --show-content --sheet "$out/lottie-sheet.png" --sheet-every 8
r simulate gestures/header-lottie-pull-release.json --fps 30 --show-content --gif "$out/preview-lottie.gif"
r sequence --library svpulltorefresh --style gif --animation burst --state loading --fps 20 --loops 2 \
  --background '#FFFFFF' --gif "$out/preview-burst.gif"
# GIF's one bit of transparency: the pulled header's title cut at half opacity, and matted on white.
r sequence --state pulling --percent 1 --length 0.1 --fps 10 --gif "$out/gif-matte-cut.gif"
r sequence --state pulling --percent 1 --length 0.1 --fps 10 --gif-matte '#FFFFFF' --gif "$out/gif-matte-white.gif"

REFRESH_RENDER="$bin" DOCS="$out" examples/layers/pictures.sh >/dev/null
