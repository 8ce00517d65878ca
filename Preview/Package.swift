// swift-tools-version:6.1
import Foundation
import PackageDescription

// The live preview server, `refresh-render preview`, as a package of its own: its stack
// (Hummingbird, SwiftNIO) is resolved only by those who build the preview, never by a package
// that depends on RefreshGif. It builds `refresh-render-preview`, which `refresh-render preview`
// finds beside itself and runs; `swift build --product refresh-render` here builds the command
// line in the same folder, so the two end up side by side (`make preview`, `make install`).
//
// The repository's root package, by path; its identity is its folder's name.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("..").standardized
let identity = repository.lastPathComponent.lowercased()

let package = Package(
    name: "RefreshGifPreview",
    products: [
        .executable(name: "refresh-render-preview", targets: ["refresh-render-preview"])
    ],
    dependencies: [
        .package(path: repository.path),
        // Without its default traits: no swift-configuration, no full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Already under Hummingbird: the HTTP/1 parts a connection guard sees before them.
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.25.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
    ],
    targets: [
        // The service (routes, sessions, limits) on Hummingbird; its page's HTML, CSS and
        // JavaScript are embedded in the binary.
        .target(
            name: "RefreshPreview",
            dependencies: [
                .product(name: "RefreshGif", package: identity),
                .product(name: "RefreshGifTools", package: identity),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/preview.css"), .embedInCode("Page/preview.js"),
                .embedInCode("Page/state.js"), .embedInCode("Page/dom.js"), .embedInCode("Page/stored.js"), .embedInCode("Page/uploads.js"),
                .embedInCode("Page/controls.js"), .embedInCode("Page/scene.js"),
                .embedInCode("Page/panel.js"), .embedInCode("Page/still.js"), .embedInCode("Page/scroll.js"),
                .embedInCode("Page/readouts.js"), .embedInCode("Page/phone.js"),
                .embedInCode("Page/layers.js"),
            ]),
        // The server process `refresh-render preview` hands over to, once it has checked the options.
        .executableTarget(
            name: "refresh-render-preview",
            dependencies: ["RefreshPreview"]),

        // Tests/RefreshGifTestSupport links to the root package's test helpers: the files that
        // use only the public API (the others reach the root package's `package` declarations).
        .target(
            name: "RefreshGifTestSupport", dependencies: [.product(name: "RefreshGif", package: identity)],
            path: "Tests/RefreshGifTestSupport",
            exclude: ["APNGReader.swift", "Decoding.swift", "GestureFuzz.swift", "LottieMaker.swift", "ProofScenes.swift"]),
        .testTarget(
            name: "PreviewTests",
            dependencies: [
                .product(name: "RefreshGif", package: identity), .product(name: "RefreshGifTools", package: identity),
                "RefreshGifTestSupport", "RefreshPreview",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // The command line the service's bytes are compared with, built beside the tests.
                .product(name: "refresh-render", package: identity),
                // Lottie files are drawn in the worker, found beside the tests.
                .product(name: "refresh-lottie-worker", package: identity),
            ]),
    ]
)
