/// RefreshGif's version, in one place: `refresh-render --version`, `info --json`, the HTML
/// report, JUnit XML and `make dist` read it from here.
public enum RefreshGifVersion {
    /// The semantic version of this build (`0.1.0`).
    public static let current = "0.1.0"
}
