// swift-tools-version:6.0
import Foundation
import PackageDescription

// An app's refresh code tested on Linux (docs/app-code.md): App/Sources is shared word for word
// with the iOS target (iOS/, not built here), which imports UIKit and MJRefresh; here it
// compiles against RefreshGifUIKit inside the test target (Tests/AppTests/App is a link to
// App/Sources), and the tests snapshot the controls it makes.
// The repository by path; yours names RefreshGif by URL (see the README).
let repository = ProcessInfo.processInfo.environment["REFRESHGIF_PATH"].map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
let identity = repository.lastPathComponent.lowercased()

let package = Package(
    name: "AppCodeDemo",
    dependencies: [
        .package(path: repository.path),
    ],
    targets: [
        .testTarget(
            name: "AppTests",
            dependencies: [
                .product(name: "RefreshGifUIKit", package: identity),
                .product(name: "RefreshGifTesting", package: identity),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
