import CPixelLoops

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raster of premultiplied RGBA pixels, 8 bits a channel, rows top to bottom.
///
/// Premultiplied means each colour channel already holds `colour × alpha / 255`, the form
/// Core Animation composes in; ``straightPixels()`` gives the plain form PNG files hold.
/// The size and the pixel buffer always agree: the initialisers check them and the buffer
/// can be changed only in place (`withUnsafeMutablePixels(_:)`), never resized.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A per pixel, premultiplied, no row padding.
    public internal(set) var pixels: [UInt8]

    /// A fully transparent image of the given size. Throws ``ImageBufferError`` for a
    /// negative size or one whose byte count does not fit in memory's address space.
    /// - Parameters:
    ///   - width: columns.
    ///   - height: rows.
    /// - Throws: ``ImageBufferError`` for a negative size or one too large to address.
    public init(width: Int, height: Int) throws {
        let count = try ImageBufferError.byteCount(width: width, height: height, channels: 4)
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: count)
    }

    /// One transparent pixel: what a lazily made frame falls back to when it cannot be made.
    public static let transparentPixel = RGBAImage(onePixel: ())

    /// A transparent image of at least 1 × 1 pixels (one pixel when the size cannot be
    /// allocated): what a lazy source gives for a frame it does not have.
    /// - Parameters:
    ///   - width: columns (at least 1).
    ///   - height: rows (at least 1).
    /// - Returns: the image.
    public static func transparent(width: Int, height: Int) -> RGBAImage {
        (try? RGBAImage(width: max(1, width), height: max(1, height))) ?? transparentPixel
    }

    private init(onePixel: Void) {
        width = 1
        height = 1
        pixels = [0, 0, 0, 0]
    }

    /// An image from premultiplied RGBA bytes; `pixels.count` must be `width × height × 4`.
    /// - Parameters:
    ///   - width: columns.
    ///   - height: rows.
    ///   - pixels: premultiplied RGBA bytes, row by row.
    /// - Throws: ``ImageBufferError`` when the count does not match or the size is negative.
    public init(width: Int, height: Int, premultipliedPixels pixels: [UInt8]) throws {
        try ImageBufferError.check(pixels.count, width: width, height: height, channels: 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image from straight (non-premultiplied) RGBA bytes, premultiplying them.
    /// - Parameters:
    ///   - width: columns.
    ///   - height: rows.
    ///   - straightPixels: straight RGBA bytes, row by row.
    /// - Throws: ``ImageBufferError`` when the count does not match or the size is negative.
    public init(width: Int, height: Int, straightPixels: [UInt8]) throws {
        try self.init(width: width, height: height, premultipliedPixels: straightPixels)
        pixels.withUnsafeMutableBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                let a = UInt32(buffer[i + 3])
                if a != 255 {
                    buffer[i] = UInt8((UInt32(buffer[i]) * a + 127) / 255)
                    buffer[i + 1] = UInt8((UInt32(buffer[i + 1]) * a + 127) / 255)
                    buffer[i + 2] = UInt8((UInt32(buffer[i + 2]) * a + 127) / 255)
                }
                i += 4
            }
        }
    }

    /// True when both images have the same size and the same pixels (compared with `memcmp`,
    /// which stops at the first difference: snapshot checks and the frame memo compare whole frames).
    public static func == (lhs: RGBAImage, rhs: RGBAImage) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.pixels.count == rhs.pixels.count else { return false }
        return lhs.pixels.withUnsafeBytes { a in
            rhs.pixels.withUnsafeBytes { b in
                guard let first = a.baseAddress, let second = b.baseAddress else { return a.count == b.count }
                return first == second || memcmp(first, second, a.count) == 0
            }
        }
    }

    /// Gives `body` the pixel bytes to change in place; their number cannot change.
    /// - Parameter body: works on the premultiplied bytes, row by row.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    package mutating func withUnsafeMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }

    /// True when the image has no pixels.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The pixel at (x, y) as premultiplied (r, g, b, a); nil outside the image.
    /// - Parameters:
    ///   - x: the column.
    ///   - y: the row.
    /// - Returns: the channels, or nil outside.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The pixels un-premultiplied to straight RGBA, as PNG files store them.
    ///
    /// Un-premultiplying is ambiguous at low alpha: several straight values premultiply to
    /// the same stored one. Where the previous pixel's straight value is one of them, it is
    /// kept, so the anti-aliased edge of a one-colour label stays one colour (the file
    /// compresses far better) and premultiplying again still gives exactly these pixels.
    /// - Returns: straight RGBA bytes, row by row.
    public func straightPixels() -> [UInt8] {
        var converter = Unpremultiplier()
        // Every byte is written by the converter (whole pixels): no clearing first.
        return [UInt8](unsafeUninitializedCapacity: pixels.count) { dst, initialized in
            pixels.withUnsafeBufferPointer { src in converter.convert(src, into: dst) }
            initialized = pixels.count
        }
    }

    /// Un-premultiplies pixels in pieces (rows, in order) with the same result as
    /// ``straightPixels()`` on the whole image: it carries the previous pixel's straight value.
    package struct Unpremultiplier: Sendable {
        private var state = rg_unpremultiply_state(red: 0, green: 0, blue: 0)

        /// A converter at the start of an image.
        public init() {}

        /// Converts premultiplied `source` bytes (whole pixels) into straight `target` bytes:
        /// transparent and opaque pixels (most of a frame) are written whole, only partly
        /// transparent ones divided. The loop is C's (`rg_unpremultiply`), quick in a debug build.
        /// - Parameters:
        ///   - source: premultiplied bytes.
        ///   - target: as many bytes, written straight.
        public mutating func convert(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>) {
            let count = min(source.count, target.count) & ~3
            guard count > 0, let from = source.baseAddress, let to = target.baseAddress else { return }
            rg_unpremultiply(from, to, count, &state)
        }
    }

    /// The bounding box of the pixels whose alpha is above `threshold`, or nil when none is.
    /// - Parameter threshold: the alpha a pixel must exceed.
    /// - Returns: the first and last columns and rows, inclusive.
    public func opaqueBounds(threshold: UInt8 = 0) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] > threshold {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX, maxY)
    }
}
