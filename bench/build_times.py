#!/usr/bin/env python3
"""What a new user and an adopting team wait for, on this machine: `make run` and `make test`
from a fresh clone of HEAD, what a package depending on RefreshGifTesting resolves and how long
its first debug build takes, and the installed programs' sizes (stripped). Prints a Markdown
table for docs/benchmarks.md.

    python3 bench/build_times.py

Run it on a quiet machine: the times are wall-clock, one run each (a build cannot be repeated
from scratch cheaply); the package counts and sizes do not depend on the machine.
"""
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def timed(command, cwd):
    start = time.monotonic()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - start


def adopter(work, products, traits):
    package = work / ("adopter-" + "-".join(products))
    (package / "Tests/AdopterTests").mkdir(parents=True)
    identity = ROOT.name.lower()
    uses = ", ".join(f'.product(name: "{p}", package: "{identity}")' for p in products)
    trait_list = ", ".join(f'"{t}"' for t in traits)
    (package / "Package.swift").write_text(
        "// swift-tools-version:6.1\nimport PackageDescription\n"
        f'let package = Package(name: "Adopter", dependencies: [.package(path: "{ROOT}", traits: [{trait_list}])],\n'
        f'    targets: [.testTarget(name: "AdopterTests", dependencies: [{uses}])])\n')
    (package / "Tests/AdopterTests/T.swift").write_text("import Testing\n@Test func builds() {}\n")
    resolve = timed(["swift", "package", "resolve"], package)
    state = json.loads((package / ".build/workspace-state.json").read_text())
    names = sorted(d["packageRef"]["identity"] for d in state["object"]["dependencies"])
    checkouts = sum(f.stat().st_size for f in (package / ".build/checkouts").rglob("*") if f.is_file()) if (package / ".build/checkouts").exists() else 0
    build = timed(["swift", "build", "--build-tests"], package)
    return names, checkouts, resolve, build


def main():
    work = pathlib.Path(tempfile.mkdtemp(prefix="refreshgif-build-"))
    try:
        clone = work / "RefreshGif"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        run = timed(["make", "run"], clone)
        test = timed(["make", "test"], clone)
        rows = [("`make run` from a fresh clone (release build, 4 PNGs)", f"{run:.0f} s"),
                ("`make test` from a fresh clone (debug build, every library and CLI test)", f"{test:.0f} s")]
        for products, traits in ((["RefreshGifTesting"], []), (["RefreshGifSnapshotTesting"], ["SnapshotTesting"])):
            names, size, resolve, build = adopter(work, products, traits)
            label = " + ".join(products) + (f" (trait {', '.join(traits)})" if traits else "")
            rows.append((f"a package using {label}: packages resolved", f"{len(names)} ({', '.join(names)}), {size / 1e6:.1f} MB of checkouts"))
            rows.append((f"a package using {label}: first debug build", f"{build:.0f} s"))
        install = work / "prefix"
        subprocess.run(["make", "-s", "install", f"PREFIX={install}"], cwd=clone, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for program in ("refresh-render", "refresh-render-preview"):
            rows.append((f"installed `{program}` (stripped)", f"{(install / 'bin' / program).stat().st_size / 1e6:.0f} MB"))
        print("| what | measured |")
        print("|---|---|")
        for what, value in rows:
            print(f"| {what} | {value} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
