import FoundationEssentials
@_spi(Tools) import RefreshGif

/// The one-line message and sysexits code of any error the library throws, as the command
/// line prints it and the preview server answers it: messages name the option a setting is
/// given with (`--percent`) and the file concerned.
public enum ErrorReport {
    /// The option a setting is given with: a schema field's own (`imageScale` →
    /// `--image-scale`), else the property's name in the command line's kebab case
    /// (`requestSeconds` → `--request-seconds`).
    /// - Parameter field: a setting's JSON key, a scene property, or a command's own option name.
    /// - Returns: the option with its dashes.
    public static func option(for field: String) -> String {
        // A layer has no option: it comes from a scene file, named by its JSON path.
        if field == SceneDescription.layersKey || field.hasPrefix(SceneDescription.layersKey + ".") { return "$." + field }
        if let option = SceneSchema.standard.field(named: field)?.option { return "--" + option }
        return "--" + field.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
    }

    /// The hint after a limit's error: the option that raises it, from its setting.
    private static func raise(_ limit: SceneField) -> String {
        " (raise it with --\(limit.option) \(limit.valueName))"
    }

    /// One line for a model value error: the option, then what is wrong.
    /// - Parameter error: the value error.
    /// - Returns: `--option: reason`.
    public static func message(for error: InvalidValue) -> String {
        "\(option(for: error.field)): \(error.reason)"
    }

    /// The sysexits code (64 usage, 65 bad data, 66 missing input, 70 internal, 73 cannot
    /// create, 74 write error) and one-line message of `error`.
    /// - Parameter error: any error the library throws.
    /// - Returns: the exit code and the line.
    public static func describe(_ error: Error) -> (code: Int32, message: String) {
        switch error {
        case let error as RefreshGifError:
            switch error {
            case let .invalidSetting(field, message):
                return (64, field.hasPrefix("$") ? "\(field): \(message)" : "\(option(for: field)): \(message)")
            case .outputIsInput, .outputsCollide: return (64, error.description)
            case let .limitExceeded(_, violation):
                switch violation {
                case .side, .framePixels: return (65, error.description + raise(.maxPixels))
                case .totalPixels, .workerStopped, .work, .memory: return (65, error.description + raise(.maxMemory))
                case .workerTime: return (65, error.description + raise(.maxSeconds))
                case .frames, .fileBytes, .inflatedBytes: return (65, error.description)
                case .workerKilled: return (70, error.description)
                }
            case .badInput: return (65, error.description)
            case .missingInput: return (66, error.description)
            case .internalError: return (70, error.description)
            case .cannotCreateOutput: return (73, error.description)
            case .writeFailed: return (74, error.description)
            }
        case let error as InvalidValue:
            return (64, message(for: error))
        case let error as ImageCodecError:
            return describe(RefreshGifError(file: "image data", error))
        case let error as RasterError:
            return describe(RefreshGifError(error))
        case let error as ImageBufferError:
            return (70, "internal error: \(error)")
        case let error as DiffError:
            return (65, error.description)
        default:
            return (70, "internal error: \(error)")
        }
    }
}
