#!/usr/bin/env bash
# Emits the compiler's symbol graphs of the library products (public declarations, and what each
# re-exports) into .build/symbol-graphs: docs.sh builds the DocC catalogs from them and
# api_surface.py lists the public API from them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
graphs=.build/symbol-graphs
mkdir -p "$graphs"
products="RefreshGif RefreshGifTesting RefreshGifUIKit RefreshGifSnapKit RefreshGifLottie"
for product in $products; do rm -f "$graphs/$product.symbols.json" "$graphs/$product@"*.symbols.json; done
# A façade's graph carries what it re-exports only when the façade is compiled again: touching one
# file of each makes the compiler rebuild (and re-emit) it when only a lower module changed.
touch Sources/RefreshGif/Exports.swift Sources/RefreshGifTesting/AssertSnapshot.swift Sources/RefreshGifUIKit/Exports.swift \
  Sources/RefreshGifSnapKit/SnapKit.swift Sources/RefreshGifLottie/Lottie.swift
# RefreshGifTesting depends on the other two: one build emits all three. Its own build folder:
# the extra flags would otherwise make the next ordinary build compile every module again.
# The app libraries' stand-ins (SnapKit's, Lottie's) sit beside it, over RefreshGifUIKit.
for target in RefreshGifTesting RefreshGifSnapKit RefreshGifLottie; do
  swift build --scratch-path .build/symbol-graphs-build --target "$target" -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$root/$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
done
for product in $products; do
  [ -f "$graphs/$product.symbols.json" ] || { echo "symbol-graphs: $product's graph was not emitted" >&2; exit 1; }
done
