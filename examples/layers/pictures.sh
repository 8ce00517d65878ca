#!/usr/bin/env bash
# Draws the pictures docs/layers.md shows, from the scene files in this folder: each demo
# control played through a gesture, on a contact sheet. Run from anywhere after a build;
# REFRESH_RENDER names the binary (default: the debug build).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${REFRESH_RENDER:-$root/.build/debug/refresh-render}
docs=$root/docs
"$bin" simulate "$here/pull-far.json" --scene "$here/MJDIYHeader.json" --show-content --fps 5 --sheet-every 2 --sheet "$docs/layers-diy-header.png"
"$bin" simulate "$here/scroll-up.json" --scene "$here/MJDIYAutoFooter.json" --show-content --fps 5 --sheet-every 2 --sheet "$docs/layers-diy-auto-footer.png"
"$bin" simulate "$here/push-far.json" --scene "$here/MJDIYBackFooter.json" --show-content --fps 5 --sheet-every 2 --sheet "$docs/layers-diy-back-footer.png"
echo "wrote docs/layers-diy-header.png, docs/layers-diy-auto-footer.png, docs/layers-diy-back-footer.png"
