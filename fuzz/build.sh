#!/usr/bin/env bash
# Builds the libFuzzer targets: the library's sources compiled into each target with
# -sanitize=fuzzer,address (the C shim with clang's matching flags).
# Usage: fuzz/build.sh [gif png json diff lottie font gesture]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/.build/fuzz
mkdir -p "$out/include"
cat > "$out/include/module.modulemap" <<MAP
module CPNGSupport {
    header "$root/Sources/CPNGSupport/include/CPNGSupport.h"
    export *
}
module CWorkerProcess {
    header "$root/Sources/CWorkerProcess/include/CWorkerProcess.h"
    export *
}
MAP
clang -O1 -g -fsanitize=fuzzer-no-link,address $(pkg-config --cflags libpng) \
  -I "$root/Sources/CPNGSupport/include" -c "$root/Sources/CPNGSupport/CPNGSupport.c" -o "$out/CPNGSupport.o"
clang -O1 -g -fsanitize=fuzzer-no-link,address -I "$root/Sources/CWorkerProcess/include" \
  -c "$root/Sources/CWorkerProcess/CWorkerProcess.c" -o "$out/CWorkerProcess.o"
# The library's modules, compiled one by one in dependency order (as SwiftPM does), each
# with the fuzzer's instrumentation.
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name refreshgif
  -I "$root/Sources/CGif" -I "$root/Sources/CPNG" -I "$root/Sources/CZlib" -I "$root/Sources/CFreeType"
  -I "$root/Sources/CFontconfig" -I "$root/Sources/CHarfBuzz" -I "$root/Sources/CDeflate" -I "$root/Sources/CRLottie"
  -I "$out/include" -I "$out/modules" -Xcc -I/usr/include/harfbuzz
  -Xcc -I/usr/include/libpng16 -Xcc -I/usr/include/freetype2)
mkdir -p "$out/modules"
objects=()
for module in RefreshImage RefreshModel ImageCodecs PixelDiff RefreshRaster RefreshGif; do
  sources=$(find "$root/Sources/$module" -name '*.swift' | sort)
  swiftc "${flags[@]}" -module-name "$module" -wmo -emit-module -emit-module-path "$out/modules/$module.swiftmodule" \
    -c $sources -o "$out/$module.o"
  objects+=("$out/$module.o")
done
for target in "${@:-gif png json diff lottie font gesture}"; do
  for t in $target; do
    name=$(echo "$t" | sed 's/.*/\u&/')
    extra=()
    case $t in gif) file=FuzzGIF;; png) file=FuzzPNG;; json) file=FuzzJSON;; diff) file=FuzzDiff;; lottie) file=FuzzLottie;; font) file=FuzzFont;;
      gesture) file=FuzzGesture; extra=("$root/Tests/RefreshGifTestSupport/GestureFuzz.swift");;
      *) echo "unknown target $t"; exit 64;; esac
    swiftc "${flags[@]}" -module-name "Fuzz$name" "$root/fuzz/$file.swift" "${extra[@]}" "${objects[@]}" "$out/CPNGSupport.o" "$out/CWorkerProcess.o" \
      -lgif -lpng16 -lz -lfreetype -lfontconfig -lharfbuzz -ldeflate -lrlottie -o "$out/fuzz-$t"
    echo "built $out/fuzz-$t"
  done
done
