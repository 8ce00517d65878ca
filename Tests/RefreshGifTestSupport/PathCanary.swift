import Foundation
@_spi(Tools) import RefreshGif

/// A folder a tool may read (`served`) and, beside it, a canary tree it must never open
/// (docs/robustness.md, "Paths"): the values that try to reach the canary from any setting,
/// and an ``OpenWatch`` that sees it if one does. The canary holds a file at every place a
/// traversal value lands, spelled as the code that joins a value into a path might spell it
/// (the bare name, `NAME.lproj/Localizable.strings`, `NAME.EXT` for every extension a setting
/// or layer property declares), so a value that reaches a path is an open in the canary.
public final class PathCanary {
    /// The temporary folder holding both.
    public let root: String
    /// The folder the tool may read: the demo's `pull.gif` and a strings bundle `bundle` (its
    /// `en.lproj` and `de.lproj`); a link `link` in it and in the bundle points at the canary.
    public let served: String
    /// The canary tree, outside `served`.
    public let canary: String
    /// What the canary's files hold; no answer may quote it.
    public static let marker = "CANARY-5e1f0c"
    private let watch: OpenWatch

    /// Makes the folders and starts watching the canary.
    public init() throws {
        root = try Support.temporaryFolder()
        served = root + "/served"
        canary = root + "/canary"
        let manager = FileManager.default
        let secret = Data("root:x:0:0:\(Self.marker)\n".utf8)
        for folder in [served + "/bundle/en.lproj", served + "/bundle/de.lproj", canary + "/s.lproj"] {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try manager.copyItem(atPath: Support.fixture("demo/pull.gif"), toPath: served + "/pull.gif")
        try Data("\"MJRefreshHeaderIdleText\" = \"Ziehen\";\n".utf8).write(
            to: URL(fileURLWithPath: served + "/bundle/de.lproj/Localizable.strings"))
        try Data("\"MJRefreshHeaderIdleText\" = \"Pull\";\n".utf8).write(
            to: URL(fileURLWithPath: served + "/bundle/en.lproj/Localizable.strings"))
        try manager.createSymbolicLink(atPath: served + "/link", withDestinationPath: canary)
        try manager.createSymbolicLink(atPath: served + "/bundle/link", withDestinationPath: canary)
        var names = ["s", "s.lproj/Localizable.strings", "Localizable.strings", "Localizable.xcstrings"]
        names += Self.declaredExtensions.map { "s." + $0 }
        for name in names { try secret.write(to: URL(fileURLWithPath: canary + "/" + name)) }
        watch = try OpenWatch(tree: canary)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Every file extension a setting or a layer property declares it takes.
    static var declaredExtensions: [String] {
        let catalog = SettingsCatalog(schema: .standard)
        let settings = catalog.fields.compactMap(\.files).flatMap(\.extensions)
        let layers = catalog.layerFields.compactMap(\.files).flatMap(\.extensions)
        return Array(Set(settings + layers)).sorted()
    }

    /// Values that try to reach the canary from `served` or any folder below it: `../` far
    /// enough to reach the top, an absolute path, the same cut by a NUL, a link inside the
    /// folder, and Windows separators.
    public var attacks: [String] {
        let deep = String(repeating: "../", count: 24) + canary.dropFirst() + "/s"
        return [deep, canary + "/s", deep + "\u{0}", "link/s", deep.replacingOccurrences(of: "/", with: "\\")]
    }

    /// The values of `field` carrying `attack`: as its whole value, as a state's value and as
    /// a state's name where it is set by state, and as the file it names where it names one.
    public static func values(of field: SceneField, carrying attack: String) -> [SceneValue] {
        var values: [SceneValue] = [.text(attack)]
        if field.isByState {
            values = [.byState(["idle": .text(attack)]), .byState([attack: .text("pull.gif")])]
        }
        if let named = field.value(naming: attack) { values.append(named) }
        return values
    }

    /// The canary's files and folders opened since the last call.
    public func opened() -> [String] { watch.opened() }
}
