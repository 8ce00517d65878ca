#!/usr/bin/env bash
# Builds the libFuzzer targets: the library's sources compiled into each target with
# -sanitize=fuzzer,address (the C shim with clang's matching flags).
# Usage: fuzz/build.sh [gif png json diff]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/.build/fuzz
mkdir -p "$out/include"
cat > "$out/include/module.modulemap" <<MAP
module CPNGSupport {
    header "$root/Sources/CPNGSupport/include/CPNGSupport.h"
    export *
}
MAP
clang -O1 -g -fsanitize=fuzzer-no-link,address $(pkg-config --cflags libpng) \
  -I "$root/Sources/CPNGSupport/include" -c "$root/Sources/CPNGSupport/CPNGSupport.c" -o "$out/CPNGSupport.o"
sources=$(find "$root/Sources/RefreshGif" -name '*.swift' | sort)
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6
  -I "$root/Sources/CGif" -I "$root/Sources/CPNG" -I "$root/Sources/CZlib" -I "$root/Sources/CFreeType"
  -I "$root/Sources/CFontconfig" -I "$out/include"
  -Xcc -I/usr/include/libpng16 -Xcc -I/usr/include/freetype2
  -lgif -lpng16 -lz -lfreetype -lfontconfig)
for target in "${@:-gif png json diff}"; do
  for t in $target; do
    name=$(echo "$t" | sed 's/.*/\u&/')
    case $t in gif) file=FuzzGIF;; png) file=FuzzPNG;; json) file=FuzzJSON;; diff) file=FuzzDiff;; *) echo "unknown target $t"; exit 64;; esac
    swiftc "${flags[@]}" -module-name "Fuzz$name" $sources "$root/fuzz/$file.swift" "$out/CPNGSupport.o" -o "$out/fuzz-$t"
    echo "built $out/fuzz-$t"
  done
done
