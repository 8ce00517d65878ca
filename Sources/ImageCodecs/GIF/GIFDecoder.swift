import CGif
import RefreshImage

/// Decodes GIF files with giflib and composites every frame the way browsers do.
///
/// The canvas starts transparent. Disposal 0 and 1 keep a frame, 2 clears its rectangle to
/// transparent, 3 restores what was there before it. The transparency index counts only
/// when the graphic control extension sets its flag and the index is inside the palette.
/// Parts of frames outside the logical screen are clipped; interlaced images are
/// de-interlaced; a file that ends early keeps its complete frames.
public struct GIFDecoder: Sendable {
    /// Limits checked before any canvas or frame is allocated.
    public var limits: DecodeLimits

    /// A decoder with the given limits.
    public init(limits: DecodeLimits = .default) {
        self.limits = limits
    }

    /// True when `data` starts with a GIF signature.
    public static func isGIF(_ data: [UInt8]) -> Bool {
        data.count >= 6 && data[0] == 0x47 && data[1] == 0x49 && data[2] == 0x46 && data[3] == 0x38
    }

    /// Decodes `data` into composited frames.
    public func decode(_ data: [UInt8]) throws -> GIFAnimation {
        guard Self.isGIF(data) else {
            throw ImageCodecError.notThisFormat(.gif)
        }
        let source = ByteSource(GIFStreamRepair.repaired(data))
        var openError: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), readBytes, &openError) else {
            throw ImageCodecError.malformed(.gif, reason: Self.message(openError))
        }
        defer {
            var closeError: Int32 = 0
            DGifCloseFile(gif, &closeError)
        }
        return try withExtendedLifetime(source) { try decodeRecords(gif) }
    }

    private func decodeRecords(_ gif: UnsafeMutablePointer<GifFileType>) throws -> GIFAnimation {
        let screenWidth = Int(gif.pointee.SWidth), screenHeight = Int(gif.pointee.SHeight)
        guard screenWidth > 0, screenHeight > 0 else {
            throw ImageCodecError.malformed(.gif, reason: "logical screen is \(screenWidth)×\(screenHeight)")
        }
        try limits.check(width: screenWidth, height: screenHeight, what: "GIF logical screen")
        let globalPalette = Palette(gif.pointee.SColorMap)

        var animation = GIFAnimation(width: screenWidth, height: screenHeight, frames: [], loopCount: nil)
        var canvas = try RGBAImage(width: screenWidth, height: screenHeight)
        var control = GraphicControl()
        var line: [GifPixelType] = []

        records: while true {
            var recordType = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &recordType) == GIF_OK else { break records }
            switch recordType {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { break records }
                if animation.frames.count >= limits.maxFrames {
                    throw ImageCodecError.limitExceeded(.frames(what: "GIF", limit: limits.maxFrames))
                }
                if (animation.frames.count + 1) * screenWidth * screenHeight > limits.maxTotalPixels {
                    throw ImageCodecError.limitExceeded(.totalPixels(what: "GIF", limit: limits.maxTotalPixels))
                }
                let desc = gif.pointee.Image
                let rect = FrameRect(left: Int(desc.Left), top: Int(desc.Top), width: Int(desc.Width), height: Int(desc.Height))
                let palette = Palette(desc.ColorMap) ?? globalPalette
                guard let indices = try readIndices(gif, rect: rect, interlaced: desc.Interlace, line: &line) else {
                    break records // the file ends inside this frame: keep what came before
                }
                let before = control.disposal == 3 ? canvas : nil
                draw(indices, rect: rect, palette: palette, transparent: control.transparentIndex(in: palette), on: &canvas)
                animation.frames.append(GIFAnimation.Frame(
                    image: canvas, delayCentiseconds: control.delay, disposal: control.disposal,
                    left: rect.left, top: rect.top, width: rect.width, height: rect.height))
                switch control.disposal {
                case 2: clear(rect, on: &canvas)
                case 3: if let before { canvas = before }
                default: break
                }
                control = GraphicControl()
            case EXTENSION_RECORD_TYPE:
                guard readExtension(gif, control: &control, loopCount: &animation.loopCount) else { break records }
            case TERMINATE_RECORD_TYPE:
                break records
            default:
                break records
            }
        }
        guard !animation.frames.isEmpty else {
            throw ImageCodecError.malformed(.gif, reason: "no complete frame")
        }
        return animation
    }

    /// The frame's palette indices in display order (de-interlaced), or nil when the data
    /// ends early. A zero-size frame gives an empty array.
    private func readIndices(_ gif: UnsafeMutablePointer<GifFileType>, rect: FrameRect, interlaced: Bool,
                             line: inout [GifPixelType]) throws -> [UInt8]? {
        guard rect.width > 0, rect.height > 0 else {
            return skipImageData(gif) ? [] : nil
        }
        try limits.check(width: rect.width, height: rect.height, what: "GIF frame")
        var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
        if line.count < rect.width { line = [GifPixelType](repeating: 0, count: rect.width) }
        let rowOrder: [Int] = interlaced
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: rect.height, by: step)) }
            : Array(0..<rect.height)
        for row in rowOrder {
            let ok = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(rect.width)) }
            guard ok == GIF_OK else { return nil }
            indices.withUnsafeMutableBufferPointer { out in
                for x in 0..<rect.width { out[row * rect.width + x] = line[x] }
            }
        }
        return indices
    }

    /// Consumes the LZW data of a frame that has no pixels.
    private func skipImageData(_ gif: UnsafeMutablePointer<GifFileType>) -> Bool {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { return false }
        while block != nil {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else { return false }
        }
        return true
    }

    private func readExtension(_ gif: UnsafeMutablePointer<GifFileType>, control: inout GraphicControl,
                               loopCount: inout Int?) -> Bool {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { return false }
        var blocks: [[UInt8]] = []
        while let current = block {
            let length = Int(current[0])
            blocks.append(Array(UnsafeBufferPointer(start: current + 1, count: length)))
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { return false }
        }
        if code == GRAPHICS_EXT_FUNC_CODE, let body = blocks.first, body.count >= 4 {
            control.disposal = Int(body[0] >> 2 & 0x07)
            control.hasTransparency = body[0] & 0x01 != 0
            control.delay = Int(body[1]) | Int(body[2]) << 8
            control.transparentIndex = Int(body[3])
        } else if code == APPLICATION_EXT_FUNC_CODE, blocks.count >= 2,
                  blocks[0] == Array("NETSCAPE2.0".utf8) || blocks[0] == Array("ANIMEXTS1.0".utf8),
                  blocks[1].count >= 3, blocks[1][0] == 1 {
            loopCount = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
        }
        return true
    }

    private func draw(_ indices: [UInt8], rect: FrameRect, palette: Palette?, transparent: Int?, on canvas: inout RGBAImage) {
        let x0 = max(0, rect.left), x1 = min(canvas.width, rect.left + rect.width)
        let y0 = max(0, rect.top), y1 = min(canvas.height, rect.top + rect.height)
        guard x0 < x1, y0 < y1 else { return }
        let colors = palette?.colors ?? []
        let canvasWidth = canvas.width
        canvas.withUnsafeMutablePixels { out in
            for y in y0..<y1 {
                let sourceRow = (y - rect.top) * rect.width - rect.left
                for x in x0..<x1 {
                    let index = Int(indices[sourceRow + x])
                    if index == transparent { continue }
                    let o = (y * canvasWidth + x) * 4
                    if index < colors.count {
                        let c = colors[index]
                        out[o] = c.0; out[o + 1] = c.1; out[o + 2] = c.2
                    } else {
                        out[o] = 0; out[o + 1] = 0; out[o + 2] = 0
                    }
                    out[o + 3] = 255
                }
            }
        }
    }

    private func clear(_ rect: FrameRect, on canvas: inout RGBAImage) {
        let x0 = max(0, rect.left), x1 = min(canvas.width, rect.left + rect.width)
        let y0 = max(0, rect.top), y1 = min(canvas.height, rect.top + rect.height)
        guard x0 < x1, y0 < y1 else { return }
        let canvasWidth = canvas.width
        canvas.withUnsafeMutablePixels { out in
            for y in y0..<y1 {
                let start = (y * canvasWidth + x0) * 4
                out[start..<(start + (x1 - x0) * 4)].update(repeating: 0)
            }
        }
    }

    static func message(_ code: Int32) -> String {
        if let text = GifErrorString(code) { return String(cString: text).lowercased() }
        return "giflib error \(code)"
    }
}

/// The graphic control extension that applies to the next image.
private struct GraphicControl {
    var disposal = 0
    var delay = 0
    var hasTransparency = false
    var transparentIndex = 0

    func transparentIndex(in palette: Palette?) -> Int? {
        guard hasTransparency, let palette, transparentIndex < palette.colors.count else { return nil }
        return transparentIndex
    }
}

private struct FrameRect {
    var left: Int, top: Int, width: Int, height: Int
}

/// A GIF colour table as RGB triples.
private struct Palette {
    var colors: [(UInt8, UInt8, UInt8)]

    init?(_ map: UnsafeMutablePointer<ColorMapObject>?) {
        guard let map, let entries = map.pointee.Colors, map.pointee.ColorCount > 0 else { return nil }
        colors = (0..<Int(map.pointee.ColorCount)).map { (entries[$0].Red, entries[$0].Green, entries[$0].Blue) }
    }
}

/// The bytes giflib reads through its input callback.
private final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

private func readBytes(_ gif: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?, _ length: Int32) -> Int32 {
    guard let gif, let buffer, let user = gif.pointee.UserData, length > 0 else { return 0 }
    let source = Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue()
    let count = min(Int(length), source.bytes.count - source.offset)
    guard count > 0 else { return 0 }
    source.bytes.withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return }
        buffer.update(from: base + source.offset, count: count)
    }
    source.offset += count
    return Int32(count)
}
