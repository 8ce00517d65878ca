/// What can go wrong while drawing: fonts and FreeType.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// FreeType could not open the font file.
    case fontUnreadable(path: String)
    /// The font file is there and readable, but FreeType cannot read a font from it (empty,
    /// truncated, another format).
    case fontMalformed(path: String)
    /// The font has no scalable outlines (a bitmap-only font).
    case fontNotScalable(path: String)
    /// fontconfig found no font at all for the labels.
    case noFont
    /// FreeType itself could not start.
    case freeTypeUnavailable

    /// One line.
    public var description: String {
        switch self {
        case let .fontUnreadable(path): return "\(path): cannot load font (FreeType could not open it)"
        case let .fontMalformed(path): return "\(path): not a font FreeType can read (empty, truncated or another format)"
        case let .fontNotScalable(path): return "\(path): font is not scalable"
        case .noFont: return "no usable font is installed (fontconfig found none for the labels)"
        case .freeTypeUnavailable: return "FreeType could not be initialised"
        }
    }

    /// The font file this error is about, if any.
    public var file: String? {
        switch self {
        case let .fontUnreadable(path), let .fontMalformed(path), let .fontNotScalable(path): return path
        case .noFont, .freeTypeUnavailable: return nil
        }
    }
}
