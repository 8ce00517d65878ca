/// An 8-bit coverage (alpha-only) raster placed at a pixel offset: the output of the text
/// and vector rasterisers, painted onto an image in one colour.
package struct CoverageMask: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Left edge in the target image, in pixels.
    public var originX: Int
    /// Top edge in the target image, in pixels.
    public var originY: Int
    /// `width × height` coverage values, 0 (none) – 255 (full), rows top to bottom.
    public let coverage: [UInt8]

    /// A mask from its parts; `coverage.count` must be `width × height`.
    /// - Parameters:
    ///   - width: columns.
    ///   - height: rows.
    ///   - originX: where its left column falls on the image painted.
    ///   - originY: where its top row falls.
    ///   - coverage: 0 to 255 per pixel, row by row.
    /// - Throws: ``ImageBufferError`` when the count does not match.
    public init(width: Int, height: Int, originX: Int, originY: Int, coverage: [UInt8]) throws {
        try ImageBufferError.check(coverage.count, width: width, height: height, channels: 1)
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        self.coverage = coverage
    }
}
