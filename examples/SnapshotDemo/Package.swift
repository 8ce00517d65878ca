// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package that uses RefreshGif as a user's package does, by path from this repository.
// Yours names it by URL instead (see the README):
//     .package(url: "https://github.com/refreshgif/RefreshGif.git", branch: "main")
// and its products then come from `package: "RefreshGif"`.
let repository = ProcessInfo.processInfo.environment["REFRESHGIF_PATH"].map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
let identity = repository.lastPathComponent.lowercased()

let package = Package(
    name: "SnapshotDemo",
    dependencies: [
        .package(path: repository.path),
    ],
    targets: [
        .testTarget(
            name: "SnapshotDemoTests",
            dependencies: [
                .product(name: "RefreshGif", package: identity),
                .product(name: "RefreshGifTesting", package: identity),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
