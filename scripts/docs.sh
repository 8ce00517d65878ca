#!/usr/bin/env bash
# Builds the DocC catalogs of RefreshGif, RefreshGifTesting and RefreshGifUIKit into .build/docs/*.doccarchive
# with the toolchain's docc (symbol graphs from the compiler, no plugin needed).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
graphs=.build/symbol-graphs
mkdir -p .build/docs
scripts/symbol-graphs.sh
for module in RefreshGif RefreshGifTesting RefreshGifUIKit; do
  dir=$graphs/$module
  mkdir -p "$dir"
  cp "$graphs/$module.symbols.json" "$dir/"
  cp "$graphs/$module@"*.symbols.json "$dir/" 2>/dev/null || true
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$dir" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.refreshgif.$module" \
    --output-path ".build/docs/$module.doccarchive" 2>&1 | tee ".build/docs/$module.log"
done
if grep -q "warning:" .build/docs/*.log; then echo "docs: warnings above"; exit 1; fi
echo "docs: .build/docs/RefreshGif.doccarchive, .build/docs/RefreshGifTesting.doccarchive, .build/docs/RefreshGifUIKit.doccarchive"
