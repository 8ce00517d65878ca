/// The settings of a scene, by their JSON names: the typed keys of ``SceneDescription`` and
/// ``SceneSchema``. Each has one ``SceneField`` saying how it is read, checked and applied.
public enum SceneKey: String, CaseIterable, Sendable, Hashable, Comparable {
    /// `library`: see ``SceneSchema/fields``.
    case library
    /// `state`: see ``SceneSchema/fields``.
    case state
    /// `percent`: see ``SceneSchema/fields``.
    case percent
    /// `time`: see ``SceneSchema/fields``.
    case time
    /// `images`: see ``SceneSchema/fields``.
    case images
    /// `animation`: see ``SceneSchema/fields``.
    case animation
    /// `durations`: see ``SceneSchema/fields``.
    case durations
    /// `lottieSegments`: see ``SceneSchema/fields``.
    case lottieSegments
    /// `lottieSize`: see ``SceneSchema/fields``.
    case lottieSize
    /// `timing`: see ``SceneSchema/fields``.
    case timing
    /// `imageScale`: see ``SceneSchema/fields``.
    case imageScale
    /// `kind`: see ``SceneSchema/fields``.
    case kind
    /// `style`: see ``SceneSchema/fields``.
    case style
    /// `width`: see ``SceneSchema/fields``.
    case width
    /// `height`: see ``SceneSchema/fields``.
    case height
    /// `scale`: see ``SceneSchema/fields``.
    case scale
    /// `background`: see ``SceneSchema/fields``.
    case background
    /// `autoAlpha`: see ``SceneSchema/fields``.
    case autoAlpha
    /// `hideLabels`: see ``SceneSchema/fields``.
    case hideLabels
    /// `hideStateLabel`: see ``SceneSchema/fields``.
    case hideStateLabel
    /// `hideTimeLabel`: see ``SceneSchema/fields``.
    case hideTimeLabel
    /// `refreshingTitleHidden`: see ``SceneSchema/fields``.
    case refreshingTitleHidden
    /// `language`: see ``SceneSchema/fields``.
    case language
    /// `titles`: see ``SceneSchema/fields``.
    case titles
    /// `subtitles`: see ``SceneSchema/fields``.
    case subtitles
    /// `lastUpdated`: see ``SceneSchema/fields``.
    case lastUpdated
    /// `now`: see ``SceneSchema/fields``.
    case now
    /// `timezone`: see ``SceneSchema/fields``.
    case timezone
    /// `textColor`: see ``SceneSchema/fields``.
    case textColor
    /// `arrowColor`: see ``SceneSchema/fields``.
    case arrowColor
    /// `svLayout`: see ``SceneSchema/fields``.
    case svLayout
    /// `hidePullToRefresh`: see ``SceneSchema/fields``.
    case hidePullToRefresh
    /// `hideInfiniteScrolling`: see ``SceneSchema/fields``.
    case hideInfiniteScrolling
    /// `infiniteScrollingDisabled`: see ``SceneSchema/fields``.
    case infiniteScrollingDisabled
    /// `labelLeftInset`: see ``SceneSchema/fields``.
    case labelLeftInset
    /// `ignoredInset`: see ``SceneSchema/fields``.
    case ignoredInset
    /// `automaticallyHidden`: see ``SceneSchema/fields``.
    case automaticallyHidden
    /// `font`: see ``SceneSchema/fields``.
    case font
    /// `spinner`: see ``SceneSchema/fields``.
    case spinner
    /// `spinnerColor`: see ``SceneSchema/fields``.
    case spinnerColor
    /// `rtl`: see ``SceneSchema/fields``.
    case rtl
    /// `maxPixels`: see ``SceneSchema/fields``.
    case maxPixels
    /// `maxMemory`: see ``SceneSchema/fields``.
    case maxMemory
    /// `maxSeconds`: see ``SceneSchema/fields``.
    case maxSeconds

    /// Keys are ordered by their JSON names.
    public static func < (a: SceneKey, b: SceneKey) -> Bool { a.rawValue < b.rawValue }

    /// The settings the others depend on, applied first: the library decides which states,
    /// kinds and styles the rest may name.
    public var appliesFirst: Bool { self == .library }
}
