import ImageCodecs
import RefreshImage
import RefreshModel

/// What can go wrong when the façade reads inputs, checks settings or writes outputs: the
/// lower layers' typed errors with the file or setting they concern.
///
/// Settings are named by their schema field (``SceneField``'s `name`, e.g. `imageScale`) or
/// by a JSON path; the command line turns a field into its option (`--image-scale`) and
/// picks the exit code. Nothing here knows a flag or an exit code.
public enum RefreshGifError: Error, Equatable, CustomStringConvertible {
    /// A setting is malformed or out of range; `field` is its schema name or a JSON path.
    case invalidSetting(field: String, message: String)
    /// An input file exists but its content is not valid.
    case badInput(file: String, message: String)
    /// An input would exceed a resource limit; nothing was allocated for it.
    case limitExceeded(file: String, violation: DecodeLimits.Violation)
    /// An input file is missing or cannot be read.
    case missingInput(file: String, message: String)
    /// An output file cannot be created.
    case cannotCreateOutput(file: String, message: String)
    /// Writing an output file failed part-way.
    case writeFailed(file: String, message: String)
    /// An output would replace one of the command's inputs.
    case outputIsInput(output: String, input: String)
    /// A bug or a failure of a system library.
    case internalError(String)
    /// Two outputs of one command name the same file, so one would silently replace the other.
    case outputsCollide(first: String, second: String)

    /// One line naming the file or setting and what is wrong with it.
    public var description: String {
        switch self {
        case let .invalidSetting(field, message): return "\(field): \(message)"
        case let .badInput(file, message): return "\(file): \(message)"
        case let .limitExceeded(file, violation): return "\(file): \(violation)"
        case let .missingInput(file, message): return "\(file): \(message)"
        case let .cannotCreateOutput(file, message): return "\(file): cannot create output: \(message)"
        case let .writeFailed(file, message): return "\(file): write failed: \(message)"
        case let .outputIsInput(output, input): return "'\(output)' is also an input ('\(input)'); choose another output path"
        case let .internalError(message): return "internal error: \(message)"
        case let .outputsCollide(first, second):
            return first == second
                ? "'\(first)' is given for two outputs; choose a path for each"
                : "'\(first)' and '\(second)' are the same file; choose a path for each output"
        }
    }

    /// A codec's error about the bytes of `file`.
    /// - Parameters:
    ///   - file: the input the bytes came from.
    ///   - error: the codec's error.
    public init(file: String, _ error: ImageCodecError) {
        switch error {
        case let .limitExceeded(violation): self = .limitExceeded(file: file, violation: violation)
        case .notThisFormat, .malformed: self = .badInput(file: file, message: error.description)
        case let .missingResource(path): self = .missingInput(file: path, message: "\(file) refers to it, but it does not exist")
        case .cannotEncode, .libraryFailure: self = .internalError("\(file): \(error)")
        }
    }

    /// A model value's error, its field put under `prefix` (a JSON path such as `$.control`).
    /// - Parameters:
    ///   - error: the value's error.
    ///   - prefix: where the value sits in its file; nil for none.
    public init(_ error: InvalidValue, under prefix: String? = nil) {
        self = .invalidSetting(field: prefix.map { $0 + "." + error.field } ?? error.field, message: error.reason)
    }

}
