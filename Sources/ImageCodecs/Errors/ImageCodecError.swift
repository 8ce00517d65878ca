import RefreshImage

/// What went wrong while decoding or encoding an image, with its numbers.
///
/// Codecs work on bytes and know nothing of file names or command-line options: whoever
/// read the bytes adds the file name, and the command line adds the option that changes a
/// limit.
public enum ImageCodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not of the format (bad signature).
    case notThisFormat(ImageFormat)
    /// The file is of the format but broken; `reason` says where.
    case malformed(ImageFormat, reason: String)
    /// Decoding would break a resource limit; nothing was allocated for it.
    case limitExceeded(DecodeLimits.Violation)
    /// An encoder was given something it cannot write (an empty image, a frame of the wrong size).
    case cannotEncode(ImageFormat, reason: String)
    /// A file the input refers to (a Lottie image asset) is missing.
    case missingResource(String)
    /// A C library failed in a way no input explains.
    case libraryFailure(String)

    /// One line: what is wrong, without a file name.
    public var description: String {
        switch self {
        case let .notThisFormat(format): return "not a \(format.rawValue) file (bad signature)"
        case let .malformed(format, reason): return "invalid \(format.rawValue): \(reason)"
        case let .limitExceeded(violation): return violation.description
        case let .cannotEncode(format, reason): return "cannot encode \(format.rawValue): \(reason)"
        case let .missingResource(path): return "refers to \(path), which does not exist"
        case let .libraryFailure(message): return message
        }
    }
}

/// The image formats the codecs read and write.
public enum ImageFormat: String, Sendable, Equatable {
    /// GIF 87a/89a.
    case gif = "GIF"
    /// PNG, including Apple's CgBI variant.
    case png = "PNG"
    /// Apple's "iPhone-optimised" PNG (CgBI chunk).
    case cgbiPNG = "CgBI PNG"
    /// Animated PNG.
    case apng = "APNG"
    /// A Lottie animation (JSON).
    case lottie = "Lottie"
}
