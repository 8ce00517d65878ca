/// Straight (non-premultiplied) RGBA8 pixels as stored in a PNG file: what image diffs
/// compare, so that two files with the same bytes always match. Size and bytes always agree.
public struct StraightImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes, R G B A.
    public let pixels: [UInt8]

    /// An image from its parts; `pixels.count` must be `width × height × 4`.
    /// - Parameters:
    ///   - width: columns.
    ///   - height: rows.
    ///   - pixels: straight RGBA bytes, row by row.
    /// - Throws: ``ImageBufferError`` when the count does not match or the size is negative.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        try ImageBufferError.check(pixels.count, width: width, height: height, channels: 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The straight form of a premultiplied image.
    /// - Parameter image: a premultiplied image.
    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        pixels = image.straightPixels()
    }
}
