import FoundationEssentials

/// The scene while settings are applied: the scene itself, and what is resolved only when
/// files are read (image files, their durations and scale, the decoding limits, hidden
/// labels, the clock).
package struct SceneBuild: Sendable {
    /// The scene as set so far.
    public var scene = RefreshScene()
    /// Image files by state, as given.
    package var images: [RefreshState: String] = [:]
    /// A loop's length by state, seconds.
    package var durations: [RefreshState: Double] = [:]
    /// A Lottie state's part by state (`MARKER` or `FROM:TO`).
    package var lottieSegments: [RefreshState: String] = [:]
    /// Lottie images' size in points.
    package var lottieSize: (width: Double, height: Double)?
    /// The built-in animation drawn without images.
    package var builtIn = StateImages.BuiltIn.ring
    /// Scale of images whose name has none.
    package var imageScale: Double?
    /// `maxPixels`, `maxMemory`, `maxSeconds` as given.
    package var maxPixels: Int?
    package var maxMemory: Int?
    package var maxSeconds: Int?
    /// Hidden labels, combined once every setting is in.
    package var hideLabels = false
    package var hideStateLabel = false
    package var hideTimeLabel = false
    /// "Now" as given; nil asks the clock.
    package var now: Date?
    /// A font file, as given.
    package var font: String?
    /// The app's arrow image file, as given.
    package var arrowImage: String?
    /// The language tag as given (checked): the app's `LANGUAGE.lproj` folder is looked for
    /// by it, while ``RefreshScene/language`` holds the library's titles' language.
    package var language: LanguageTag?
    /// The app's strings (a `.strings`, `.xcstrings`, `.lproj` or bundle folder), as given.
    package var i18nBundle: String?

    /// A build of the default scene.
    public init() {}
}
