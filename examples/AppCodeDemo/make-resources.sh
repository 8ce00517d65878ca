#!/usr/bin/env bash
# Makes the demo app's resources from the repository's demo GIFs, with refresh-render: an asset
# catalog of PNG frames (dropdown_anim__0001…0020 from pull.gif, loading_0001…0008 from
# spin.gif), as an app's designer hands them over; it replaces only the files it writes, by name.
# The German strings are written by hand.
# REFRESH_RENDER names the binary (default: the debug build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${REFRESH_RENDER:-$root/.build/debug/refresh-render}
catalog=$here/App/Resources/Assets.xcassets
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$bin" extract "$root/Fixtures/demo/pull.gif" -o "$scratch/pull" >/dev/null
"$bin" extract "$root/Fixtures/demo/spin.gif" -o "$scratch/spin" >/dev/null
mkdir -p "$catalog"
printf '{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n' > "$catalog/Contents.json"
put() { # put NAME FILE: an image set NAME holding FILE as its @2x image (its own two files replaced)
  mkdir -p "$catalog/$1.imageset"
  cp "$2" "$catalog/$1.imageset/$1@2x.png"
  printf '{\n  "images" : [\n    { "idiom" : "universal", "scale" : "1x" },\n    { "filename" : "%s@2x.png", "idiom" : "universal", "scale" : "2x" },\n    { "idiom" : "universal", "scale" : "3x" }\n  ],\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n' "$1" > "$catalog/$1.imageset/Contents.json"
}
for i in $(seq 1 20); do put "$(printf 'dropdown_anim__%04d' "$i")" "$scratch/pull/$(printf 'frame_%04d.png' "$i")"; done
for i in $(seq 1 8); do put "$(printf 'loading_%04d' "$i")" "$scratch/spin/$(printf 'frame_%04d.png' "$i")"; done
echo "wrote $catalog"
