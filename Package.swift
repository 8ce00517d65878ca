// swift-tools-version:6.1
import PackageDescription

// The targets depend one way, bottom to top:
//
//   RefreshImage   pixel buffers and compositing (pure Swift)
//   RefreshModel   states, layout, timing, motion, the scene (pure Swift)
//   ImageCodecs    GIF, PNG, CgBI, APNG and Lottie on giflib, libpng, libdeflate, zlib and rlottie
//                  (rlottie in a worker process under hard limits)
//   PixelDiff      pixelmatch-style image comparison
//   RefreshRaster  text (FreeType, HarfBuzz, fontconfig), vector shapes and the renderer
//   RefreshGif     the façade users import: scene descriptions, image loading, files
//   RefreshGifTesting, refresh-render, refresh-bench   on top of the façade
//
// This manifest declares only what a library user needs; the live preview is a package of
// its own (Preview/Package.swift), building `refresh-render-preview`, which `refresh-render
// preview` finds beside itself.
// The pixel loops (compositing, codecs, rasterising, diffs) optimised in a debug build when the
// build asks for it: `make test` sets REFRESH_OPTIMIZE_PIXELS=1, since its suite encodes whole
// gestures, which unoptimised loops take minutes for. A package depending on this one never sets
// it, so its manifest has no unsafe flags.
let pixelSettings: [SwiftSetting] = Context.environment["REFRESH_OPTIMIZE_PIXELS"] == "1" ? [.unsafeFlags(["-O"])] : []

let package = Package(
    name: "RefreshGif",
    products: [
        .library(name: "RefreshGif", targets: ["RefreshGif"]),
        .library(name: "RefreshGifTesting", targets: ["RefreshGifTesting"]),
        // MJRefresh's Swift API on Linux: an app's own refresh code, compiled and drawn (docs/app-code.md).
        .library(name: "RefreshGifUIKit", targets: ["RefreshGifUIKit"]),
        // What an app's `import SnapKit` compiles against (the plugin maps the import).
        .library(name: "RefreshGifSnapKit", targets: ["RefreshGifSnapKit"]),
        // What an app's `import Lottie` compiles against (the plugin maps the import).
        .library(name: "RefreshGifLottie", targets: ["RefreshGifLottie"]),
        // Strategies for pointfreeco/swift-snapshot-testing, for teams already on it: only with
        // the SnapshotTesting trait, so nobody else builds that package.
        .library(name: "RefreshGifSnapshotTesting", targets: ["RefreshGifSnapshotTesting"]),
        .executable(name: "refresh-render", targets: ["refresh-render"]),
        // The process rlottie runs in, under hard limits: found beside refresh-render.
        .executable(name: "refresh-lottie-worker", targets: ["refresh-lottie-worker"]),
        // An app's refresh files compiled as they are (`import UIKit`, `@objc`, `#selector`) in a
        // Linux test target: the build-tool plugin and the tool it runs (docs/app-code.md).
        .plugin(name: "RefreshAppCode", targets: ["RefreshAppCode"]),
        // The tools' own plumbing (exit codes and option names of errors, the preview's
        // hand-off), shared by refresh-render and the preview package: not an adopter's API,
        // no stability promise, and not in `make api-check`.
        .library(name: "RefreshGifTools", targets: ["RefreshGifTools"]),
    ],
    traits: [
        .trait(name: "SnapshotTesting", description: "RefreshGifSnapshotTesting: strategies for pointfreeco/swift-snapshot-testing.")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        // System libraries, found with pkg-config.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CRLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // The C library's malloc tuning (mallopt), which the command line sets once at start.
        .systemLibrary(name: "CMalloc"),
        // libpng reports errors with longjmp, which Swift cannot catch; this C target
        // holds the setjmp frames around libpng's reader and writer and nothing else.
        .target(name: "CPNGSupport", dependencies: ["CPNG"]),
        // Starting and capping the worker process rlottie runs in (posix_spawn, setrlimit, prctl).
        .target(name: "CWorkerProcess"),
        // The pixel loops every snapshot assertion runs, in C so that an adopter's debug build
        // (unoptimised Swift, no flags allowed) runs them quickly too.
        .target(name: "CPixelLoops"),

        .target(name: "RefreshLocking"),
        // A linear constraint solver (Cassowary) for the app code's Auto Layout; no dependency.
        .target(name: "ConstraintSolver"),
        .target(name: "RefreshImage", dependencies: ["CPixelLoops"], swiftSettings: pixelSettings),
        .target(name: "RefreshModel", dependencies: ["RefreshImage"]),
        // The Swift and Objective-C an app compiles, written from the model: each library's setup
        // of its control, and the subclass that draws a scene's own layers.
        .target(name: "AppCodeWriter", dependencies: ["RefreshImage", "RefreshModel"]),
        .target(
            name: "ImageCodecs",
            dependencies: [
                "RefreshImage", "RefreshLocking", "CGif", "CPNG", "CPNGSupport", "CZlib", "CDeflate", "CRLottie", "CWorkerProcess",
            ], swiftSettings: pixelSettings),
        .target(name: "PixelDiff", dependencies: ["RefreshImage"], swiftSettings: pixelSettings),
        .target(
            name: "RefreshRaster",
            dependencies: ["RefreshImage", "RefreshLocking", "RefreshModel", "CFreeType", "CFontconfig", "CHarfBuzz"],
            swiftSettings: pixelSettings),
        // The tools' files and threads: inputs read within limits, outputs written atomically,
        // owned folders, temporaries, interruption, the worker pool, and the error they report.
        .target(name: "RefreshFiles", dependencies: ["ImageCodecs", "RefreshLocking", "RefreshModel"]),
        .target(
            name: "RefreshGif",
            dependencies: [
                "RefreshImage", "RefreshLocking", "RefreshModel", "AppCodeWriter", "ImageCodecs", "PixelDiff", "RefreshRaster",
                "RefreshFiles",
            ]),
        // The snapshot engine: goldens compared and recorded, batches of cases, the run's records.
        .target(name: "RefreshSnapshots", dependencies: ["RefreshGif", "RefreshFiles", "RefreshLocking"]),
        // A snapshot batch's reports for people and CI: the HTML page and JUnit XML.
        .target(name: "SnapshotReports", dependencies: ["RefreshGif", "RefreshSnapshots", "RefreshFiles", "RefreshModel"]),
        .target(
            name: "RefreshGifUIKit", dependencies: ["RefreshGif", "RefreshModel", "ImageCodecs", "RefreshLocking", "ConstraintSolver"]),
        .target(name: "RefreshGifSnapKit", dependencies: ["RefreshGifUIKit"]),
        .target(name: "RefreshGifLottie", dependencies: ["RefreshGifUIKit"]),
        .target(
            name: "RefreshGifTesting",
            dependencies: ["RefreshGif", "RefreshGifUIKit", "RefreshLocking", "RefreshSnapshots", "SnapshotReports"]),
        .target(
            name: "RefreshGifSnapshotTesting",
            dependencies: [
                "RefreshGif", "RefreshGifUIKit", "RefreshSnapshots",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
            ]),

        .target(name: "RefreshGifTools", dependencies: ["RefreshGif"]),
        // Rewrites an app's Swift file for Linux, token by token (pure Swift, no dependency).
        .target(name: "AppCodeImport"),
        .executableTarget(name: "refresh-app-import", dependencies: ["AppCodeImport"]),
        .plugin(name: "RefreshAppCode", capability: .buildTool(), dependencies: ["refresh-app-import"]),
        .executableTarget(
            name: "refresh-render",
            dependencies: [
                "RefreshGif", "RefreshGifTools", "RefreshSnapshots", "SnapshotReports", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "refresh-lottie-worker", dependencies: ["ImageCodecs"]),
        .executableTarget(name: "refresh-bench", dependencies: ["RefreshGif", "RefreshGifUIKit", "RefreshGifLottie", "CRLottie"]),

        // Tests: unit tests of the modules, the command line end to end, the examples and
        // gestures as a user runs them, and the example packages; helpers shared by all four.
        .target(
            name: "RefreshGifTestSupport", dependencies: ["RefreshGif"], path: "Tests/RefreshGifTestSupport",
            swiftSettings: pixelSettings),
        .testTarget(
            name: "RefreshGifTests",
            dependencies: [
                "RefreshGif", "RefreshGifTesting", "RefreshGifUIKit", "RefreshGifSnapKit", "RefreshGifLottie", "RefreshGifTestSupport",
                "ImageCodecs", "PixelDiff",
                "RefreshImage", "RefreshModel", "AppCodeWriter", "RefreshRaster", "RefreshFiles", "RefreshSnapshots", "SnapshotReports",
                "RefreshGifTools",
                "CZlib", "CRLottie",
            ],
            exclude: ["__Snapshots__"]),
        // Apps' refresh files written as iOS apps write them, compiled as they are through the
        // plugin (Tests/AppCorpus, listed in the target's refresh-app-files.txt) and drawn.
        .testTarget(
            name: "AppCorpusTests",
            dependencies: [
                "RefreshGifUIKit", "RefreshGifSnapKit", "RefreshGifLottie", "RefreshGifTesting", "RefreshGifTestSupport", "AppCodeImport",
            ],
            exclude: ["refresh-app-files.txt", "__Snapshots__"],
            plugins: ["RefreshAppCode"]),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"]),
        .testTarget(
            name: "RefreshRenderTests",
            dependencies: ["RefreshGif", "RefreshGifTools", "SnapshotReports", "RefreshGifTestSupport", "refresh-render"],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "ExampleTests", dependencies: ["RefreshGif", "RefreshGifTestSupport", "refresh-render"]),
        // The example packages built and run as their users do: minutes of building, so
        // `make check` runs them, not `make test`.
        .testTarget(name: "PackageTests", dependencies: ["RefreshGif", "RefreshGifTestSupport", "refresh-render"]),
    ]
)
