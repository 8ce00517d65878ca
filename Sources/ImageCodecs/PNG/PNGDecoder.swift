import CPNGSupport
import RefreshImage

/// Decodes PNG files, including Apple's "iPhone-optimised" CgBI variant, to ``RGBAImage``.
///
/// Standard files go through libpng with every colour type, bit depth, palette, tRNS and
/// interlace converted to RGBA8, except the common 8-bit RGB/RGBA one, which libdeflate
/// inflates and this module unfilters (`PNGFastPath`; the same pixels, checked by the tests).
/// CgBI files (raw deflate, BGRA, premultiplied) are read by `CgBIConverter`.
package struct PNGDecoder: Sendable {
    /// The limits checked against the IHDR before pixels are allocated.
    public var limits: DecodeLimits

    /// A decoder with the given limits.
    /// - Parameter limits: checked against the header before anything is allocated.
    public init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// The eight bytes every PNG file starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// True when `data` starts with the PNG signature.
    /// - Parameter data: a file's bytes.
    /// - Returns: true for the signature.
    public static func isPNG(_ data: [UInt8]) -> Bool {
        data.count >= 8 && Array(data[0..<8]) == signature
    }

    /// Decodes `data`. Throws ``ImageCodecError/malformed(_:reason:)`` for anything that is
    /// not a complete, valid PNG, and ``ImageCodecError/limitExceeded(_:)`` before allocating
    /// for a huge one.
    /// - Parameter data: a file's bytes.
    /// - Returns: the image, premultiplied (an APNG's default image).
    /// - Throws: ``ImageCodecError`` for a file that is not a valid PNG or a limit exceeded.
    public func decode(_ data: [UInt8]) throws -> RGBAImage {
        guard Self.isPNG(data) else {
            throw ImageCodecError.notThisFormat(.png)
        }
        if CgBIConverter.isCgBI(data) {
            return try CgBIConverter(limits: limits, decoder: self).decode(data)
        }
        let (width, height, pixels) = try decodeStandard(data)
        return try RGBAImage(width: width, height: height, straightPixels: pixels)
    }

    /// Decodes `data` to the straight RGBA values the file stores (for image diffs). A CgBI
    /// file's premultiplied values are un-premultiplied.
    /// - Parameter data: a file's bytes.
    /// - Returns: the image, straight.
    /// - Throws: as ``decode(_:)``.
    public func decodeStraight(_ data: [UInt8]) throws -> StraightImage {
        guard Self.isPNG(data) else {
            throw ImageCodecError.notThisFormat(.png)
        }
        if CgBIConverter.isCgBI(data) {
            return StraightImage(try decode(data))
        }
        let (width, height, pixels) = try decodeStandard(data)
        return try StraightImage(width: width, height: height, pixels: pixels)
    }

    /// Decodes a standard PNG to straight RGBA bytes: the common 8-bit RGB/RGBA file through
    /// `PNGFastPath`, everything else through libpng.
    func decodeStandard(_ data: [UInt8]) throws -> (Int, Int, [UInt8]) {
        if let image = try PNGFastPath.decode(data, limits: limits) {
            return (image.width, image.height, image.pixels)
        }
        return try decodeWithLibpng(data)
    }

    /// Decodes a standard PNG to straight RGBA bytes with libpng (every colour type, depth and
    /// interlace converted to RGBA8).
    func decodeWithLibpng(_ data: [UInt8]) throws -> (Int, Int, [UInt8]) {
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let headerStatus = data.withUnsafeBufferPointer { bytes in
            rg_png_read_size(bytes.baseAddress, bytes.count, &width, &height, &message, message.count)
        }
        guard headerStatus == 0 else {
            throw ImageCodecError.malformed(.png, reason: Self.text(message))
        }
        try limits.check(width: Int(width), height: Int(height), what: "PNG image")
        let count = Int(width) * Int(height) * 4
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = data.withUnsafeBufferPointer { bytes in
                rg_png_decode_rgba(
                    bytes.baseAddress, bytes.count, buffer.baseAddress,
                    width, height, &message, message.count)
            }
            if status != 0 {
                // Never hand back uninitialised memory.
                buffer.initialize(repeating: 0)
            }
            initialized = count
        }
        guard status == 0 else {
            throw ImageCodecError.malformed(.png, reason: Self.text(message))
        }
        return (Int(width), Int(height), pixels)
    }

    static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.isEmpty ? "unreadable data" : readable(decoded)
    }

    /// libpng's message in words: it names the chunk first, spelling a byte it cannot print as
    /// `[20]` (`[20]is[20]: invalid chunk type`); a damaged file's chunk name is noise to a
    /// reader, so such a name becomes "a damaged chunk".
    static func readable(_ message: String) -> String {
        guard let colon = message.firstIndex(of: ":") else { return message }
        let name = message[..<colon]
        let rest = message[message.index(after: colon)...].drop { $0 == " " }
        guard name.count <= 24, name.contains("["), !rest.isEmpty else { return message }
        return "a damaged chunk (\(rest))"
    }
}
