// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RefreshGif",
    products: [
        .library(name: "RefreshGif", targets: ["RefreshGif"]),
        .library(name: "RefreshGifTesting", targets: ["RefreshGifTesting"]),
        .executable(name: "refresh-render", targets: ["refresh-render"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGif",
            providers: [.apt(["libgif-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // libpng reports errors with longjmp, which Swift cannot catch; this C target
        // holds the one setjmp frame around libpng's writer and nothing else.
        .target(
            name: "CPNGSupport",
            dependencies: ["CPNG"]
        ),
        .target(
            name: "RefreshGif",
            dependencies: ["CGif", "CPNG", "CPNGSupport", "CZlib", "CFreeType", "CFontconfig"]
        ),
        .target(
            name: "RefreshGifTesting",
            dependencies: ["RefreshGif"]
        ),
        .executableTarget(
            name: "refresh-render",
            dependencies: [
                "RefreshGif",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "refresh-bench",
            dependencies: ["RefreshGif"]
        ),
        .testTarget(
            name: "RefreshGifTests",
            dependencies: ["RefreshGif", "RefreshGifTesting", "CZlib"],
            exclude: ["__Snapshots__"]
        ),
    ]
)
