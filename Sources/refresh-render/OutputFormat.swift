import FoundationEssentials
import RefreshGif

/// The file format an output path's extension names: `.gif` and `.apng` write those formats
/// (one frame), anything else PNG; an extension we have no encoder for gets a warning.
enum OutputFormat {
    case png, gif, apng

    init(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "gif": self = .gif
        case "apng": self = .apng
        case "png", "": self = .png
        case let other:
            if path != "-" && !path.hasPrefix("/dev/") {
                CLIError.warn("'\(path)': no encoder for .\(other) files; writing PNG")
            }
            self = .png
        }
    }

    /// The bytes of `image` in this format.
    func encode(_ image: RGBAImage, png encoder: PNGEncoder) throws -> [UInt8] {
        switch self {
        case .png:
            return try encoder.encode(image)
        case .gif:
            let gif = try GIFEncoder(width: image.width, height: image.height)
            try gif.add(image, at: 0)
            return try gif.finish(at: 0.1)
        case .apng:
            var apng = APNGEncoder(width: image.width, height: image.height, frameCount: 1, settings: encoder.settings)
            try apng.add(image, at: 0)
            return try apng.finish(at: 0.1)
        }
    }
}
