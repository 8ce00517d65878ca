#!/usr/bin/env bash
# Emits the symbol graphs of the library products (public declarations, and what each façade
# re-exports) into .build/symbol-graphs: docs.sh builds the DocC catalogs from them and
# api_surface.py lists the public API from them.
#
# The graphs are read from the modules of the ordinary debug build (`make test`'s) by the
# toolchain's symbolgraph-extract, a second or so, rather than compiled again with flags that
# would need a build folder of their own (two minutes from a clean clone).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# The build `make` makes (the Makefile exports the same): anything else would rebuild it.
export REFRESH_OPTIMIZE_PIXELS="${REFRESH_OPTIMIZE_PIXELS:-1}"
graphs=.build/symbol-graphs
products="RefreshGif RefreshGifTesting RefreshGifUIKit RefreshGifSnapKit RefreshGifLottie"
# RefreshGifTesting depends on RefreshGif and RefreshGifUIKit; the app libraries' stand-ins
# (SnapKit's, Lottie's) sit beside it, over RefreshGifUIKit.
for target in RefreshGifTesting RefreshGifSnapKit RefreshGifLottie; do
  swift build --target "$target" >/dev/null
done
modules=$(swift build --show-bin-path)/Modules
rm -rf "$graphs" && mkdir -p "$graphs"
# The C targets' module maps (those the build writes, and the system libraries' own), their
# headers' folders and the system headers pkg-config names: the Swift modules import them.
clang=()
for map in "$modules"/../*.build/module.modulemap Sources/C*/module.modulemap; do
  [ -f "$map" ] && clang+=(-Xcc "-fmodule-map-file=$root/${map#"$root/"}")
done
for include in Sources/C*/include; do [ -d "$include" ] && clang+=(-Xcc "-I$root/$include"); done
packages=$(sed -n 's/.*pkgConfig: "\([^"]*\)".*/\1/p' Package.swift)
# shellcheck disable=SC2086 # one flag a word
for flag in $(pkg-config --cflags-only-I $packages); do clang+=(-Xcc "$flag"); done
# The package's own modules a façade may re-export (`@_exported import`): their symbols are
# listed in the façade's graph, as its users see them.
own=$(find Sources -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | tr '-' '_' | paste -sd, -)
for product in $products; do
  swift symbolgraph-extract -module-name "$product" -I "$modules" -target "$(uname -m)-unknown-linux-gnu" \
    -minimum-access-level public -output-dir "$graphs" -experimental-allowed-reexported-modules="$own" "${clang[@]}"
done
for product in $products; do
  [ -f "$graphs/$product.symbols.json" ] || { echo "symbol-graphs: $product's graph was not emitted" >&2; exit 1; }
done
