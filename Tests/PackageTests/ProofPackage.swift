import Foundation
@_spi(Tools) import RefreshGif
import RefreshGifTestSupport
import Synchronization
import Testing

/// A package of exported setups, built against RefreshGifUIKit as an app's Linux tests build
/// them (its `#else` import), whose runner installs each control and draws it at its moments;
/// the export proofs (ExportProofTests, SettingProofTests; docs/export.md, "Proof") compare what
/// it drew with the scene path, PNG byte for PNG byte. One package holds every scene's files,
/// so it is built once.
struct ProofPackage {
    /// A moment to draw, in the control's own library's state names.
    struct Moment: Sendable {
        var state: String
        var percent: Double
        var time: Double

        /// The command line's arguments for it.
        var arguments: [String] { ["--state", state, "--percent", String(percent), "--time", String(time)] }
    }

    /// One exported scene: its number in the package (`sceneN`), what it came from and when to
    /// draw it.
    struct Entry {
        var index: Int
        var name: String
        var description: SceneDescription
        var moments: [Moment]
    }

    let work: String
    var package: String { work + "/ExportProof" }
    var sources: String { package + "/Sources/ExportProof" }
    var out: String { work + "/out" }
    private(set) var entries: [Entry] = []

    init() throws {
        work = try Support.temporaryFolder()
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    }

    /// A scene to export: its name, its settings and when to draw it.
    struct Item: Sendable {
        var name: String
        var description: SceneDescription
        var moments: [Moment]
    }

    /// Exports every item into the package, the files as written (only the setup function and
    /// the subclass are renamed, so that all live in one module), on every CPU: each export
    /// decodes and writes its images. Returns the items that could not be exported, with why,
    /// in order; the others are added in order, each keeping its scene number.
    mutating func add(
        _ items: [Item], baseDirectory: String, options: AppExport.Options = AppExport.Options()
    ) -> [(name: String, error: any Error)] {
        let first = entries.count
        let (package, sources) = (package, sources)
        let done = Self.inParallel(items.count) { offset in
            try Self.export(
                items[offset].description, index: first + offset, package: package, sources: sources, baseDirectory: baseDirectory,
                options: options)
        }
        var failed: [(name: String, error: any Error)] = []
        for (offset, (item, result)) in zip(items, done).enumerated() {
            switch result {
            case .success:
                entries.append(Entry(index: first + offset, name: item.name, description: item.description, moments: item.moments))
            case .failure(let error): failed.append((item.name, error))
            }
        }
        return failed
    }

    /// `body` for each index below `count`, on every CPU; the results in the indices' order.
    private static func inParallel<T: Sendable>(_ count: Int, _ body: @Sendable (Int) throws -> T) -> [Result<T, any Error>] {
        let results = Mutex<[Int: Result<T, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { try body(index) }
            results.withLock { $0[index] = result }
        }
        let done = results.withLock { $0 }
        // concurrentPerform runs every index before it returns.
        return (0..<count).map { done[$0] ?? .failure(ProofError.notRun) }
    }

    enum ProofError: Error { case notRun, noCode(String) }

    /// One scene's export, its files renamed for scene `index`.
    private static func export(
        _ description: SceneDescription, index: Int, package: String, sources: String, baseDirectory: String,
        options: AppExport.Options
    ) throws {
        let export = try AppExport(description, options: options, baseDirectory: baseDirectory, planned: nil)
        let folder = package + "/exports/scene\(index)"
        try export.write(to: folder)
        guard let function = export.setup?.function else { throw ProofError.noCode("scene \(index) exports no code") }
        var files = ["RefreshSetup.swift"]
        if let subclass = export.subclass?.className { files.append(subclass + ".swift") }
        for file in files {
            var swift = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                .replacingOccurrences(of: "func \(function)(", with: "func install\(index)(")
            if let subclass = export.subclass?.className {
                swift = swift.replacingOccurrences(of: "\\b\(subclass)\\b", with: subclass + "\(index)", options: .regularExpression)
            }
            try swift.write(toFile: sources + "/Scene\(index)" + file, atomically: true, encoding: .utf8)
        }
    }

    /// The runner: for each scene, a fresh configuration, the app's resources in its export
    /// folder (and its `Strings` folder of `.lproj` folders, as an app target adds it), its control installed and drawn at each moment (`sceneN-M.png`, or `.error`).
    func main() -> String {
        var text = """
            import Foundation
            import RefreshGif
            import RefreshGifUIKit

            let out = CommandLine.arguments[1], exports = CommandLine.arguments[2]
            AppDevice.width = 320
            AppDevice.now = ISO8601DateFormatter().date(from: "2024-07-05T12:00:00Z")
            AppDevice.lastUpdated = ISO8601DateFormatter().date(from: "2024-07-05T09:41:00Z")
            let mjStates: [String: MJRefreshState] = [
                "idle": .idle, "pulling": .pulling, "refreshing": .refreshing, "will-refresh": .willRefresh, "no-more-data": .noMoreData,
            ]
            let svStates: [String: SVPullToRefreshState] = ["stopped": .stopped, "triggered": .triggered, "loading": .loading]
            let svInfiniteStates: [String: Int] = [
                "stopped": SVInfiniteScrollingStateStopped, "triggered": SVInfiniteScrollingStateTriggered,
                "loading": SVInfiniteScrollingStateLoading,
            ]
            let zjStates: [String: RefreshViewState] = [
                "normal": .normal, "pull-to-refresh": .pullToRefresh, "release-to-refresh": .releaseToFresh, "loading": .loading,
            ]
            /// The control's scene at a moment in its own library's states.
            func scene(_ control: Any, _ state: String, _ percent: Double, _ time: Double) throws -> RefreshScene {
                let gone = AppCodeError.badValue(what: "state", message: "the library has no state \\(state)")
                switch control {
                case let mj as MJRefreshComponent:
                    guard let state = mjStates[state] else { throw gone }
                    return try mj.scene(state: state, percent: percent, time: time)
                case let sv as SVPullToRefreshView:
                    guard let state = svStates[state] else { throw gone }
                    return try sv.scene(state: state, percent: percent, time: time)
                case let sv as SVInfiniteScrollingView:
                    guard let state = svInfiniteStates[state] else { throw gone }
                    return try sv.scene(state: state, percent: percent, time: time)
                case let zj as ZJAnimatorView:
                    guard let state = zjStates[state] else { throw gone }
                    return try zj.scene(state: state, percent: percent, time: time)
                default: throw AppCodeError.badValue(what: "control", message: "\\(type(of: control)) is not a refresh control")
                }
            }
            func draw(_ index: Int, _ control: Any, _ moments: [(String, Double, Double)]) {
                for (m, moment) in moments.enumerated() {
                    do {
                        let image = try RefreshRenderer().render(try scene(control, moment.0, moment.1, moment.2))
                        try image.writePNG(to: out + "/scene\\(index)-\\(m).png")
                    } catch {
                        try? Data("\\(error)".utf8).write(to: URL(fileURLWithPath: out + "/scene\\(index)-\\(m).error"))
                    }
                }
            }

            """
        for entry in entries {
            let index = entry.index
            let moments = entry.moments.map { "(\"\($0.state)\", \($0.percent), \($0.time))" }.joined(separator: ", ")
            text += """
                MJRefreshConfig.default.reset()
                AppResources.folders = [exports + "/scene\(index)", exports + "/scene\(index)/Strings"]
                draw(\(index), install\(index)(on: UITableView()) {}, [\(moments)])

                """
        }
        return text
    }

    /// Writes the runner and the manifest, builds the package in the examples' shared build
    /// folder and runs it; returns the build's and the run's complaints, empty when both passed.
    func buildAndRun() throws -> String {
        try main().write(toFile: sources + "/main.swift", atomically: true, encoding: .utf8)
        let manifest = """
            // swift-tools-version:6.0
            import Foundation
            import PackageDescription
            let repository = ProcessInfo.processInfo.environment["REFRESHGIF_PATH"] ?? "../.."
            let identity = URL(fileURLWithPath: repository).lastPathComponent.lowercased()
            let package = Package(
                name: "ExportProof", dependencies: [.package(path: repository)],
                targets: [
                    .executableTarget(
                        name: "ExportProof",
                        dependencies: [
                            .product(name: "RefreshGifUIKit", package: identity), .product(name: "RefreshGif", package: identity),
                        ])
                ])

            """
        try manifest.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        let built = try ExamplePackages.swift(
            ["build", "--scratch-path", ExamplePackages.scratch, "--product", "ExportProof"], in: package)
        guard built.status == 0 else { return String(built.output.suffix(4000)) }
        let ran = try CLI.run([out, package + "/exports"], executable: ExamplePackages.scratch + "/debug/ExportProof")
        return ran.status == 0 ? "" : "the runner failed: \(ran.stderr.prefix(2000))"
    }

    /// Compares each scene's drawing at each moment with the scene path's; returns how many
    /// moments were compared and how many both refused. A moment the scene path refuses (a
    /// state the kind or library does not have) must be refused by the runner too. `REFRESH_LOOK=DIR` keeps both pictures of a
    /// difference there.
    func compare(baseDirectory: String) throws -> (compared: Int, refused: Int) {
        // Each scene is drawn again by the scene path on every CPU, a renderer each.
        let entries = entries, out = out
        let results = Self.inParallel(entries.count) { try Self.check(entries[$0], out: out, baseDirectory: baseDirectory) }
        var compared = 0, refused = 0
        for (entry, result) in zip(entries, results) {
            let one = try result.get()
            compared += one.compared
            refused += one.refused
            #expect(
                one.drawnWhereRefused.isEmpty, "\(entry.name) \(one.drawnWhereRefused): the scene path refuses it, the app code drew it")
            #expect(one.differing.isEmpty, "\(entry.name): the exported code draws otherwise at \(one.differing)")
        }
        return (compared, refused)
    }

    /// What comparing one scene's moments found.
    struct Checked: Sendable {
        var compared = 0
        /// Moments the scene path refuses.
        var refused = 0
        /// Of those, the ones the runner drew, by their arguments.
        var drawnWhereRefused: [[String]] = []
        /// Moments drawn otherwise, with the runner's error if it had one.
        var differing: [String] = []
    }

    private static func check(_ entry: Entry, out: String, baseDirectory: String) throws -> Checked {
        let renderer = try RefreshRenderer()
        var checked = Checked()
        for (m, moment) in entry.moments.enumerated() {
            let drawnFile = out + "/scene\(entry.index)-\(m)"
            let error = (try? String(contentsOfFile: drawnFile + ".error", encoding: .utf8)) ?? ""
            guard
                let original = try? entry.description.merged(
                    with: try SceneSchema.standard.description(fromArguments: moment.arguments)
                ).makeScene(baseDirectory: baseDirectory)
            else {
                if error.isEmpty { checked.drawnWhereRefused.append(moment.arguments) }
                checked.refused += 1
                continue
            }
            let drawn = try? Data(contentsOf: URL(fileURLWithPath: drawnFile + ".png"))
            let expected = try renderer.render(original)
            if drawn.map([UInt8].init) != (try PNGEncoder().encode(expected)) {
                checked.differing.append("\(moment.state) \(moment.percent) \(moment.time)\(error.isEmpty ? "" : ": " + error)")
                if let look = ProcessInfo.processInfo.environment["REFRESH_LOOK"] {
                    try expected.writePNG(to: look + "/proof-\(entry.index)-\(m)-expected.png")
                    try drawn?.write(to: URL(fileURLWithPath: look + "/proof-\(entry.index)-\(m)-drawn.png"))
                }
            }
            checked.compared += 1
        }
        return checked
    }

    func remove() { try? FileManager.default.removeItem(atPath: work) }
}
