/// How a setting's value names files: the paths in a value, and the value with its paths
/// replaced. Declared with the setting (``SceneField/fileForm``), so every reader of paths —
/// the command line's input list, the preview's gate, uploads, the scene cache — finds every
/// file a scene names from the declarations alone (docs/robustness.md, "Paths").
package struct FileForm: Sendable {
    /// The two shapes a file takes in a value.
    package enum Kind: Sendable, Equatable {
        /// The value (or each state's value) is a path.
        case path
        /// The value holds a path among other words.
        case part
    }

    /// Which shape.
    package let kind: Kind
    /// The files a value of this form takes when the form says (a label font's file: a font);
    /// nil when the setting declares them (``SceneField/accepts``).
    public let accepts: FileTypes?
    /// The path one text of a value names, if any.
    private let find: @Sendable (String) -> String?
    /// One text of a value with its path passed through a function.
    private let rewrite: @Sendable (String, (String) throws -> String) throws -> String

    /// A value of this form naming `path` (a label font: `15 PATH`); for a setting by state, the
    /// caller wraps it.
    /// - Parameter path: a file's path.
    /// - Returns: the value.
    public func value(naming path: String) -> SceneValue {
        kind == .path ? .text(path) : .text("15 " + path)
    }

    /// The paths `value` names — the whole value's, or each state's in the states' order —
    /// none for a value of another shape.
    /// - Parameter value: the setting's or layer property's value.
    /// - Returns: the paths, as written.
    public func paths(in value: SceneValue) -> [String] {
        switch value {
        case let .text(text): return find(text).map { [$0] } ?? []
        case let .byState(map): return map.sorted { $0.key < $1.key }.flatMap { paths(in: $0.value) }
        default: return []
        }
    }

    /// `value` with each path it names replaced by `replace`'s answer.
    /// - Parameters:
    ///   - value: the setting's or layer property's value.
    ///   - replace: a path's replacement.
    /// - Returns: the value with the same shape.
    /// - Throws: only what `replace` throws.
    public func replacingPaths(in value: SceneValue, _ replace: (String) throws -> String) throws -> SceneValue {
        switch value {
        case let .text(text): return .text(try rewrite(text, replace))
        case let .byState(map): return .byState(try map.mapValues { try replacingPaths(in: $0, replace) })
        default: return value
        }
    }

    /// The whole value is a path, or a path for each state (`images`, `arrowImage`, a layer's `image`).
    public static let path = FileForm(kind: .path, accepts: nil, find: { $0 }, rewrite: { try $1($0) })

    /// A label font (`15 Fonts/Brand.otf`), or one for each state (a layer's `font`): its family
    /// when that names a font file.
    public static let labelFont = FileForm(
        kind: .part, accepts: .fonts,
        find: { text in
            guard let font = try? LabelFonts.Font.read(.text(text), field: ""), font.namesFile else { return nil }
            return font.family
        },
        rewrite: { text, replace in
            guard var font = try? LabelFonts.Font.read(.text(text), field: ""), font.namesFile, let file = font.family else { return text }
            font.family = try replace(file)
            guard case let .text(written)? = font.sceneValue else { return text }
            return written
        })
}

/// What files a setting that names one takes: the extensions (lowercase, without the dot) it
/// reads and a noun for them. Declared with the setting (``SceneField/accepts``), so the
/// preview's pickers, its upload check and the help derive from the declaration.
package struct FileTypes: Sendable, Equatable {
    /// The extensions taken, lowercase, without the dot (`ttf`).
    public let extensions: [String]
    /// The folders taken besides, by their names' endings (`lproj`; an empty ending for a
    /// folder of any name, as a folder of PNG frames): named on the command line, never uploaded.
    public let folders: [String]
    /// What such a file is called, for pickers and messages (`a font file`).
    public let noun: String

    /// Files ending in one of `extensions`.
    /// - Parameters:
    ///   - extensions: lowercase, without the dot.
    ///   - folders: the endings of folders taken too.
    ///   - noun: what such a file is called.
    public init(_ extensions: [String], folders: [String] = [], noun: String) {
        self.extensions = extensions
        self.folders = folders
        self.noun = noun
    }

    /// Whether `name` ends in one of the extensions, in any case.
    /// - Parameter name: a file name or path.
    /// - Returns: true when taken.
    public func accepts(_ name: String) -> Bool {
        let lower = name.lowercased()
        return extensions.contains { lower.hasSuffix("." + $0) }
    }

    /// A state's pictures: a GIF, a PNG (or PNG frames) or a Lottie file.
    public static let stateImages = FileTypes(["gif", "png", "json"], folders: [""], noun: "a GIF, PNG frames or a Lottie file")
    /// A layer's image: one picture, a GIF or a Lottie animation (or a folder of PNG frames
    /// named on the command line), as a state's images are read.
    public static let layerImage = FileTypes(["gif", "png", "json"], folders: [""], noun: "an image file (PNG, GIF or Lottie JSON)")
    /// One picture: a PNG or a GIF (its first frame).
    public static let picture = FileTypes(["png", "gif"], noun: "a PNG or GIF")
    /// A font file.
    public static let fonts = FileTypes(["ttf", "otf", "ttc"], noun: "a font file (.ttf, .otf, .ttc)")
    /// A strings table.
    public static let strings = FileTypes(
        ["strings", "xcstrings"], folders: ["lproj", "bundle", ""], noun: "a .strings or .xcstrings file")
}
