import FoundationEssentials
import RefreshImage

/// Every kind × style × state a library draws, as named scenes: the README galleries and the
/// golden-image tests use this one list.
package enum Gallery {
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
    /// - Parameter kind: the kind of control.
    /// - Returns: its states, in the gallery's order.
    public static func states(of kind: ComponentKind) -> [RefreshState] {
        MJRefresh().states(of: kind)
    }

    /// The cases for one language, rows by kind and style. `images` are the GIF styles'
    /// sequences (the built-in animation by default). Fixed inputs throughout: width 320 pt,
    /// trailer height 300 pt, last update 2024-03-17 09:41 seen on 2024-07-05, UTC.
    /// Case names are `kind-style-state-language` after the family's `RefreshFamily/galleryPrefix`,
    /// with its state names (`RefreshFamily/galleryColumns(for:)`).
    /// - Parameters:
    ///   - family: the library.
    ///   - language: the titles' language.
    ///   - scale: pixels a point.
    ///   - images: the GIF styles' images.
    /// - Returns: the cases, a row per kind and style.
    public static func cases(
        family: any RefreshFamily = MJRefresh(), language: TitleLanguage, scale: Int = 2,
        images: StateImages
    ) -> [[Case]] {
        family.kinds.flatMap { kind in
            family.styles(for: kind).map { style in
                family.galleryColumns(for: kind).map { column in
                    var scene = RefreshScene()
                    scene.family = family.galleryVariant
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
                    var parts = [kind.rawValue, style.rawValue, column.name, language.rawValue]
                    if let prefix = family.galleryPrefix { parts.insert(prefix, at: 0) }
                    let caption = "\(kind.rawValue) · \(style.rawValue) · \(column.name)"
                    return Case(name: parts.joined(separator: "-"), caption: caption, scene: scene)
                }
            }
        }
    }
}
