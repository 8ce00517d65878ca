/// An 8-bit coverage (alpha-only) raster placed at a pixel offset: the output of the text
/// and vector rasterisers, painted onto an image in one colour.
public struct CoverageMask: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Left edge in the target image, in pixels.
    public var originX: Int
    /// Top edge in the target image, in pixels.
    public var originY: Int
    /// `width × height` coverage values, 0 (none) – 255 (full), rows top to bottom.
    public var coverage: [UInt8]

    /// A mask from its parts.
    public init(width: Int, height: Int, originX: Int, originY: Int, coverage: [UInt8]) {
        precondition(coverage.count == width * height, "coverage does not match the size")
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        self.coverage = coverage
    }
}
