import FoundationEssentials
import RefreshImage

/// Every kind × style × state a library draws, as named scenes: the README galleries and the
/// golden-image tests use this one list.
public enum Gallery {
    /// A named scene of the gallery.
    public struct Case: Sendable {
        /// File-name-safe name, e.g. `header-normal-pulling-en`.
        public var name: String
        /// Short caption, e.g. `normal · pulling`.
        public var caption: String
        /// The scene.
        public var scene: RefreshScene
    }

    /// The states each kind goes through (docs/model.md), WillRefresh left out: it is drawn as
    /// Refreshing.
    public static func states(of kind: ComponentKind) -> [RefreshState] {
        RefreshLibrary.mjrefresh.states(of: kind)
    }

    /// The columns of a library's gallery: each state under the library's own name, and the
    /// pull it is shown with (ZJRefresh draws "normal" and "pull-to-refresh" as two columns).
    public static func columns(library: RefreshLibrary, kind: ComponentKind) -> [(name: String, state: RefreshState, percent: Double)] {
        switch library {
        case .mjrefresh:
            return states(of: kind).map { ($0.rawValue, $0, $0 == .idle ? 0.6 : 1) }
        case .svpulltorefresh:
            return library.stateNames.map { ($0.name, $0.state, $0.state == .idle ? 0.6 : 1) }
        case .zjrefresh:
            return library.stateNames.map { ($0.name, $0.state, $0.pulled == false ? 0 : $0.state == .idle ? 0.6 : 1) }
        }
    }

    /// The cases for one language, rows by kind and style. `images` are the GIF styles'
    /// sequences (the built-in animation by default). Fixed inputs throughout: width 320 pt,
    /// trailer height 300 pt, last update 2024-03-17 09:41 seen on 2024-07-05, UTC.
    /// MJRefresh's case names are `kind-style-state-language`; the other libraries' start
    /// with the library's name and use its state names.
    public static func cases(library: RefreshLibrary = .mjrefresh, language: Language, scale: Int = 2,
                             images: StateImages) -> [[Case]] {
        library.kinds.flatMap { kind in
            library.styles(for: kind).map { style in
                columns(library: library, kind: kind).map { column in
                    var scene = RefreshScene()
                    scene.library = library
                    scene.kind = kind
                    scene.style = style
                    scene.state = column.state
                    scene.scale = scale
                    scene.width = 320
                    scene.trailerHeight = 300
                    scene.language = language
                    scene.images = images
                    scene.pullingPercent = column.percent
                    scene.time = 0.25
                    scene.lastUpdated = Date(timeIntervalSince1970: 1_710_668_460) // 2024-03-17 09:41 UTC
                    scene.now = Date(timeIntervalSince1970: 1_720_180_800) // 2024-07-05 12:00 UTC
                    scene.showsDateLabel = library == .svpulltorefresh
                    var parts = [kind.rawValue, style.rawValue, column.name, language.rawValue]
                    if library != .mjrefresh { parts.insert(library.rawValue, at: 0) }
                    let caption = "\(kind.rawValue) · \(style.rawValue) · \(column.name)"
                    return Case(name: parts.joined(separator: "-"), caption: caption, scene: scene)
                }
            }
        }
    }
}
