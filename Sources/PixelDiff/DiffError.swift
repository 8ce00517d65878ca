/// Why two images cannot be compared.
public enum DiffError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The images differ in size; a comparison needs equal sizes.
    case sizeMismatch(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int)
    /// An option is outside its range (`threshold` and `alpha` take 0…1).
    case invalidOption(name: String, value: Double)

    /// One line with the sizes.
    public var description: String {
        switch self {
        case let .sizeMismatch(ew, eh, aw, ah): return "sizes differ: \(ew)×\(eh) vs \(aw)×\(ah)"
        case let .invalidOption(name, value): return "\(name) must be between 0 and 1, got \(value)"
        }
    }
}
