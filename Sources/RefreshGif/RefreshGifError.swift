import ImageCodecs
import PixelDiff
import RefreshImage
import RefreshModel
import RefreshRaster

/// Everything that can go wrong while reading inputs, rendering or writing outputs.
///
/// Each case names the file or option at fault; ``exitCode`` maps it to the sysexits code
/// the command line uses (DECISIONS "Command line").
public enum RefreshGifError: Error, Equatable, CustomStringConvertible {
    /// An option or argument is malformed or out of range (exit 64).
    case usage(option: String, message: String)
    /// An input file exists but its content is not valid (exit 65).
    case badInput(file: String, message: String)
    /// An input would exceed a resource limit (exit 65).
    case limitExceeded(file: String, message: String)
    /// An input file is missing or cannot be read (exit 66).
    case missingInput(file: String, message: String)
    /// An output file cannot be created (exit 73).
    case cannotCreateOutput(file: String, message: String)
    /// Writing an output file failed part-way (exit 74).
    case writeFailed(file: String, message: String)
    /// A bug or a failure of a system library (exit 70).
    case internalError(String)

    /// The sysexits code for this error.
    public var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .badInput, .limitExceeded: return 65
        case .missingInput: return 66
        case .internalError: return 70
        case .cannotCreateOutput: return 73
        case .writeFailed: return 74
        }
    }

    /// One line naming the file or option and what is wrong with it.
    public var description: String {
        switch self {
        case let .usage(option, message): return "\(option): \(message)"
        case let .badInput(file, message): return "\(file): \(message)"
        case let .limitExceeded(file, message): return "\(file): \(message)"
        case let .missingInput(file, message): return "\(file): \(message)"
        case let .cannotCreateOutput(file, message): return "\(file): cannot create output: \(message)"
        case let .writeFailed(file, message): return "\(file): write failed: \(message)"
        case let .internalError(message): return "internal error: \(message)"
        }
    }

    /// The same error naming `file` instead of whatever it named (decoders work on bytes
    /// and call their input "input"; the loader that knows the path renames it).
    public func naming(_ file: String) -> RefreshGifError {
        switch self {
        case let .badInput(_, m): return .badInput(file: file, message: m)
        case let .limitExceeded(_, m): return .limitExceeded(file: file, message: m)
        case let .missingInput(_, m): return .missingInput(file: file, message: m)
        default: return self
        }
    }
}
