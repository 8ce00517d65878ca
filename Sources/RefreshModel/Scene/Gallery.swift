import Foundation
import RefreshImage

/// Every kind × style × state MJRefresh draws, as named scenes: the README gallery and the
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
        switch kind {
        case .header, .trailer: return [.idle, .pulling, .refreshing]
        case .backFooter: return [.idle, .pulling, .refreshing, .noMoreData]
        case .autoFooter: return [.idle, .refreshing, .noMoreData]
        }
    }

    /// The cases for one language, rows by kind and style. `images` are the GIF styles'
    /// sequences (the built-in animation by default). Fixed inputs throughout: width 320 pt,
    /// trailer height 300 pt, last update 2024-03-17 09:41 seen on 2024-07-05, UTC.
    public static func cases(language: Language, scale: Int = 2, images: StateImages) -> [[Case]] {
        ComponentKind.allCases.flatMap { kind in
            kind.styles.map { style in
                states(of: kind).map { state in
                    var scene = RefreshScene()
                    scene.kind = kind
                    scene.style = style
                    scene.state = state
                    scene.scale = scale
                    scene.width = 320
                    scene.trailerHeight = 300
                    scene.language = language
                    scene.images = images
                    scene.pullingPercent = state == .idle ? 0.6 : 1
                    scene.time = 0.25
                    scene.lastUpdated = Date(timeIntervalSince1970: 1_710_668_460) // 2024-03-17 09:41 UTC
                    scene.now = Date(timeIntervalSince1970: 1_720_180_800) // 2024-07-05 12:00 UTC
                    let name = [kind.rawValue, style.rawValue, state.rawValue, language.rawValue].joined(separator: "-")
                    let caption = "\(kind.rawValue) · \(style.rawValue) · \(state.rawValue)"
                    return Case(name: name, caption: caption, scene: scene)
                }
            }
        }
    }
}
