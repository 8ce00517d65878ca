#!/usr/bin/env python3
"""A snapshot suite as an adopting team runs it: a package of its own depending on RefreshGif by
path, 200 passing `assertSnapshot(of: control, as: .state(…))` (4 stock classes × 5 moments of their states × 10
pulls, one Swift Testing test each), a plain debug build. Records the goldens once, then runs the
passing suite BENCH_ROUNDS times (default 3) in Swift Testing's default parallelism and with
`--no-parallel`, and prints the medians: wall and CPU seconds, CPU a passing assertion, and the
throughput of the parallel run against one at a time. The package's start (building, loading the
test bundle) is in each run, as in a team's CI; a run of one assertion measures it alone, and
an assertion's own cost is the rest over 199. BENCH_BASELINE=<commit> measures that commit
alongside, round for round. Run from the repository: `python3 bench/snapshot_suite.py`."""
import os
import pathlib
import resource
import statistics
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))

PACKAGE = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Suite",
    dependencies: [.package(path: "%s")],
    targets: [
        .testTarget(
            name: "SuiteTests",
            dependencies: [
                .product(name: "RefreshGifUIKit", package: "main"),
                .product(name: "RefreshGifTesting", package: "main"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
"""

TESTS = """import Foundation
import RefreshGifTesting
import RefreshGifUIKit
import Testing

struct Case: Sendable, CustomTestStringConvertible {
    var kind: Int
    var state: MJRefreshState
    var time: Double
    var percent: Double
    var testDescription: String { "\\(kind)-\\(state.rawValue)-\\(Int(time * 10))-\\(Int(percent * 10))" }
}

/// Five moments of each kind, from the states it has.
func moments(_ kind: Int) -> [(MJRefreshState, Double)] {
    switch kind {
    case 0, 1: return [(.idle, 0), (.pulling, 0), (.refreshing, 0), (.refreshing, 0.3), (.willRefresh, 0)]
    case 2: return [(.idle, 0), (.pulling, 0), (.refreshing, 0), (.refreshing, 0.3), (.noMoreData, 0)]
    default: return [(.idle, 0), (.refreshing, 0), (.refreshing, 0.3), (.refreshing, 0.6), (.noMoreData, 0)]
    }
}

let cases: [Case] = (0..<4).flatMap { kind in
    moments(kind).flatMap { state, time in
        (1...10).map { Case(kind: kind, state: state, time: time, percent: Double($0) / 10) }
    }
}

func control(_ kind: Int) -> MJRefreshComponent {
    switch kind {
    case 0: return MJRefreshNormalHeader {}
    case 1: return MJRefreshStateHeader {}
    case 2: return MJRefreshBackNormalFooter {}
    default: return MJRefreshAutoNormalFooter {}
    }
}

/// A file `cases` beside the package saying 1 runs one case: the start of `swift test` alone,
/// to tell from the assertions. (A file, not the environment: SwiftPM evaluates the manifests
/// again when the environment changes, which would be measured as the start.)
let chosen: [Case] = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../cases")
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    return Array(cases.prefix(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? cases.count))
}()

@Test(arguments: chosen)
func snapshot(_ one: Case) {
    AppDevice.now = Date(timeIntervalSince1970: 1_700_000_000)
    assertSnapshot(of: control(one.kind), as: .state(one.state, percent: one.percent, time: one.time), named: one.testDescription)
}
"""


def run(command, cwd, cases=None):
    """Wall and CPU (user + system of the children) seconds of one command."""
    (pathlib.Path(cwd) / "cases").write_text(str(cases or 200))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.returncode, wall, cpu


def suite(repository, label):
    """A suite package against `repository`, built, its goldens recorded."""
    work = pathlib.Path(tempfile.mkdtemp(prefix="refreshgif-suite-"))
    (work / "Tests/SuiteTests").mkdir(parents=True)
    (work / "Package.swift").write_text(PACKAGE % repository)
    (work / "Tests/SuiteTests/SuiteTests.swift").write_text(TESTS)
    code, wall, _ = run(["swift", "build", "--build-tests"], work)
    assert code == 0, f"{label}: the suite did not build"
    print(f"{label}: built in {wall:.0f} s")
    run(["swift", "test", "--skip-build"], work)  # records the goldens (and fails)
    return work


RUNS = (
    ("parallel (Swift Testing's default)", [], None),
    ("one at a time (--no-parallel)", ["--no-parallel"], None),
    ("the start alone (one assertion, --no-parallel)", ["--no-parallel"], 1),
)


def report(label, rows):
    for name, wall, cpu in rows[:2]:
        print(f"{label}, {name}: {wall:.2f} s wall, {cpu:.2f} s CPU, {1000 * cpu / 200:.1f} ms CPU a passing assertion")
    start_wall, start_cpu = rows[2][1], rows[2][2]
    print(f"{label}, {rows[2][0]}: {start_wall:.2f} s wall, {start_cpu:.2f} s CPU")
    print(f"{label}, an assertion beyond the start, one at a time: {1000 * (rows[1][2] - start_cpu) / 199:.1f} ms CPU")
    print(f"{label}, throughput, parallel against one at a time: {rows[1][1] / rows[0][1]:.2f}x")
    beyond = (rows[1][1] - start_wall) / max(0.001, rows[0][1] - start_wall)
    print(f"{label}, throughput of the assertions beyond the start: {beyond:.2f}x")


def main():
    # BENCH_BASELINE=<commit>: the same suite against that commit too (a git worktree), the
    # rounds of the two alternating, so a busy machine weighs on both alike.
    baseline = os.environ.get("BENCH_BASELINE")
    packages = [("this tree", suite(ROOT, "this tree"))]
    if baseline:
        tree = pathlib.Path(tempfile.mkdtemp(prefix="refreshgif-baseline-")) / "main"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), baseline], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        packages.append((baseline, suite(tree, baseline)))
    try:
        samples = {(label, name): ([], []) for label, _ in packages for name, _, _ in RUNS}
        for _ in range(ROUNDS):
            for name, extra, cases in RUNS:
                for label, work in packages:
                    code, wall, cpu = run(["swift", "test", "--skip-build", *extra], work, cases)
                    assert code == 0, f"{label}, {name}: the suite failed"
                    samples[(label, name)][0].append(wall)
                    samples[(label, name)][1].append(cpu)
        for label, _ in packages:
            rows = [(name, statistics.median(samples[(label, name)][0]), statistics.median(samples[(label, name)][1]))
                    for name, _, _ in RUNS]
            report(label, rows)
    finally:
        if baseline:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], stdout=subprocess.DEVNULL)


if __name__ == "__main__":
    main()
