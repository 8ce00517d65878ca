#!/usr/bin/env bash
# Draws the pictures docs/layers.md shows, from the scene files in this folder: each demo
# control played through a gesture, on a contact sheet. Run from anywhere after a build;
# REFRESH_RENDER names the binary (default: the debug build), DOCS the folder (default docs/);
# scripts/pictures.sh runs it with every other picture.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${REFRESH_RENDER:-$root/.build/debug/refresh-render}
docs=${DOCS:-$root/docs}
"$bin" simulate "$here/pull-far.json" --scene "$here/MJDIYHeader.json" --show-content --fps 5 --sheet-every 2 --sheet "$docs/layers-diy-header.png"
"$bin" simulate "$here/scroll-up.json" --scene "$here/MJDIYAutoFooter.json" --show-content --fps 5 --sheet-every 2 --sheet "$docs/layers-diy-auto-footer.png"
"$bin" simulate "$here/push-far.json" --scene "$here/MJDIYBackFooter.json" --show-content --fps 5 --sheet-every 2 --sheet "$docs/layers-diy-back-footer.png"
"$bin" simulate "$root/gestures/header-pull-release.json" --scene "$here/brand-header.json" --show-content --fps 20 --gif "$docs/layers-brand-header.gif"
"$bin" sequence --scene "$here/burst.json" --sweep 6 --sheet "$docs/layers-burst-pull.png"
"$bin" sequence --scene "$here/burst.json" --state refreshing --length 1.2 --fps 10 --sheet "$docs/layers-burst-refresh.png"
echo "wrote docs/layers-*.png and docs/layers-brand-header.gif"
