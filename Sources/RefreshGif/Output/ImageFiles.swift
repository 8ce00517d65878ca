import ImageCodecs
@_spi(Tools) import RefreshFiles
import RefreshImage

extension RGBAImage {
    /// Writes the image as a PNG file (atomically: a temporary file beside it, then a rename;
    /// docs/robustness.md).
    /// - Parameters:
    ///   - path: the file; `-` for standard output.
    ///   - settings: the PNG compression.
    /// - Throws: ``RefreshGifError`` when the file cannot be written.
    public func writePNG(to path: String, settings: PNGEncoder.Settings = .default) throws {
        try FileIO.write(try PNGEncoder(settings: settings).encode(self), to: path)
    }
}
