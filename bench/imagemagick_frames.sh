#!/usr/bin/env bash
# The ImageMagick peer: the script a user would write, one `convert` per frame (select the
# frame, composite it on the canvas, annotate the two labels, write PNG).
# Usage: imagemagick_frames.sh IDLE.gif REFRESHING.gif OUT_DIR N_IDLE N_REFRESHING
set -eu
convert=${CONVERT:-convert}  # bench/run.py passes the real binary, past any wrapper on PATH
idle=$1 refreshing=$2 out=$3 n_idle=$4 n_refreshing=$5
mkdir -p "$out"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
frame() { # gif index title output
  "$convert" -size 1125x162 xc:none \( "$1[$2]" \) -geometry +130+6 -composite \
    -font "$font" -pointsize 42 -fill '#5A5A5A' -gravity north \
    -annotate +0+16 "$3" -annotate +0+97 'Last update: No record' "$4"
}
for ((i = 0; i < n_idle; i++)); do
  k=$(( n_idle > 1 ? (60 * (i + 1) / n_idle < 59 ? 60 * (i + 1) / n_idle : 59) : 36 ))
  frame "$idle" "$k" 'Pull down to refresh' "$out/idle_$(printf %04d "$i").png"
done
for ((i = 0; i < n_refreshing; i++)); do
  frame "$refreshing" $(( i % 3 )) 'Loading...' "$out/refreshing_$(printf %04d "$i").png"
done
