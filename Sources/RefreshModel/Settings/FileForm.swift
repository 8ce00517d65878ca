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
    /// The paths a value names, in a stable order.
    private let find: @Sendable (SceneValue) -> [String]
    /// The value with every path it names passed through a function.
    private let rewrite: @Sendable (SceneValue, (String) throws -> String) throws -> SceneValue

    /// A value of this form naming `path` (a label font: `15 PATH`); for a setting by state, the
    /// caller wraps it.
    /// - Parameter path: a file's path.
    /// - Returns: the value.
    public func value(naming path: String) -> SceneValue {
        kind == .path ? .text(path) : .text("15 " + path)
    }

    /// The paths `value` names (none for a value of another shape).
    /// - Parameter value: the setting's value.
    /// - Returns: the paths, as written.
    public func paths(in value: SceneValue) -> [String] { find(value) }

    /// `value` with each path it names replaced by `replace`'s answer.
    /// - Parameters:
    ///   - value: the setting's value.
    ///   - replace: a path's replacement.
    /// - Returns: the value with the same shape.
    /// - Throws: only what `replace` throws.
    public func replacingPaths(in value: SceneValue, _ replace: (String) throws -> String) throws -> SceneValue {
        try rewrite(value, replace)
    }

    /// The whole value is a path, or a path for each state (`images`, `arrowImage`).
    public static let path = FileForm(
        kind: .path, accepts: nil,
        find: { value in
            switch value {
            case let .text(path): return [path]
            case let .byState(map):
                return map.sorted { $0.key < $1.key }.compactMap { if case let .text(path) = $0.value { path } else { nil } }
            default: return []
            }
        },
        rewrite: { value, replace in
            switch value {
            case let .text(path): return .text(try replace(path))
            case let .byState(map):
                var out: [String: SceneValue] = [:]
                for (state, entry) in map {
                    if case let .text(path) = entry { out[state] = .text(try replace(path)) } else { out[state] = entry }
                }
                return .byState(out)
            default: return value
            }
        })

    /// A label font (`15 Fonts/Brand.otf`): its family when that names a font file.
    public static let labelFont = FileForm(
        kind: .part, accepts: .fonts,
        find: { value in
            guard let font = try? LabelFonts.Font.read(value, field: ""), font.namesFile, let file = font.family else { return [] }
            return [file]
        },
        rewrite: { value, replace in
            guard var font = try? LabelFonts.Font.read(value, field: ""), font.namesFile, let file = font.family else { return value }
            font.family = try replace(file)
            return font.sceneValue ?? value
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
