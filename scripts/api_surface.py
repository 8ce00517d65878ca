#!/usr/bin/env python3
"""The public API of the library products, as the compiler's symbol graphs list it, against the
committed listing in api/ (one line a symbol: its kind, its path and its declaration).

    scripts/api_surface.py           compare; a difference fails with the lines added and removed
    scripts/api_surface.py --update  rewrite api/*.txt after an intended change (review the diff)
    scripts/api_surface.py --count   print the symbol count of each product

A product's listing holds what `import Product` shows an adopter: the product's own symbols and
what it re-exports from this package's modules, never Foundation's or the standard library's.
`@_spi(Tools)` and `package` declarations are not in it: they are the tools' plumbing.
`make api-check` runs the comparison, so a change to the API shows in review without a tag.
"""
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["RefreshGif", "RefreshGifTesting", "RefreshGifUIKit", "RefreshGifSnapKit", "RefreshGifLottie"]
GRAPHS = os.path.join(ROOT, ".build", "symbol-graphs")


def emit_graphs():
    subprocess.run([os.path.join(ROOT, "scripts", "symbol-graphs.sh")], cwd=ROOT, check=True)


def listing(product):
    """The sorted lines of one product's graph (and its extension graphs), this package's own."""
    lines = set()
    for path in glob.glob(os.path.join(GRAPHS, f"{product}.symbols.json")) + \
            glob.glob(os.path.join(GRAPHS, f"{product}@*.symbols.json")):
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            uri = symbol.get("location", {}).get("uri", "")
            if "/Sources/" not in uri or "/.build/" in uri:
                continue  # Foundation's, the standard library's, a dependency's
            if symbol.get("spi"):
                continue
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            lines.add(f"{kind}\t{'.'.join(symbol['pathComponents'])}\t{declaration}")
    return sorted(lines)


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "--check"
    emit_graphs()
    failed = False
    for product in PRODUCTS:
        current = listing(product)
        path = os.path.join(ROOT, "api", f"{product}.txt")
        if mode == "--count":
            tops = {line.split("\t")[1].split(".")[0] for line in current}
            raw = len(json.load(open(os.path.join(GRAPHS, f"{product}.symbols.json")))["symbols"])
            print(f"{product}: {len(current)} symbols of its own ({raw} in the compiler's graph), "
                  f"{len(tops)} top-level names")
            continue
        if mode == "--update":
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as out:
                out.write("\n".join(current) + "\n")
            print(f"api/{product}.txt: {len(current)} symbols")
            continue
        committed = open(path).read().splitlines() if os.path.exists(path) else []
        added = sorted(set(current) - set(committed))
        removed = sorted(set(committed) - set(current))
        if added or removed:
            failed = True
            print(f"api-check: the public API of {product} differs from api/{product}.txt:")
            for line in removed:
                print(f"  - {line}")
            for line in added:
                print(f"  + {line}")
    if failed:
        print("api-check: if the change is intended, run `scripts/api_surface.py --update` and commit api/.")
        sys.exit(1)
    if mode == "--check":
        print("api-check: the public API matches api/*.txt")


if __name__ == "__main__":
    main()
