// swift-tools-version:6.1
import Foundation
import PackageDescription

// A package already on pointfreeco/swift-snapshot-testing that adds RefreshGif's strategies:
// RefreshGif with its SnapshotTesting trait, by path from this repository. Yours names it by URL:
//     .package(url: "https://github.com/refreshgif/RefreshGif.git", branch: "main", traits: ["SnapshotTesting"])
let repository = ProcessInfo.processInfo.environment["REFRESHGIF_PATH"].map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
let identity = repository.lastPathComponent.lowercased()

let package = Package(
    name: "SnapshotTestingDemo",
    dependencies: [
        .package(path: repository.path, traits: ["SnapshotTesting"]),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
    ],
    targets: [
        .testTarget(
            name: "SnapshotTestingDemoTests",
            dependencies: [
                .product(name: "RefreshGif", package: identity),
                .product(name: "RefreshGifSnapshotTesting", package: identity),
                .product(name: "RefreshGifUIKit", package: identity),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
