import Foundation
import ImageCodecs
import PixelDiff
import RefreshImage
import RefreshModel
import RefreshRaster

/// Loads the images of one state from a file or folder (issue "Image sources"):
/// an animated GIF, a single PNG, or a folder of PNG frames in natural numeric order.
public struct ImageLoader: Sendable {
    /// The scale of files whose name has no `@2x`/`@3x` (`--image-scale`).
    public var defaultScale: Double
    /// Decoder limits.
    public var limits: DecodeLimits

    /// A loader for images without a scale suffix at `defaultScale`.
    public init(defaultScale: Double, limits: DecodeLimits = .default) {
        self.defaultScale = defaultScale
        self.limits = limits
    }

    /// The scale a file name carries: 2 for `name@2x.png`, 3 for `name@3x.gif`, else nil.
    public static func scaleSuffix(of path: String) -> Double? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        if stem.hasSuffix("@2x") { return 2 }
        if stem.hasSuffix("@3x") { return 3 }
        if stem.hasSuffix("@1x") { return 1 }
        return nil
    }

    /// The sequence at `path`: every frame of a GIF (with its delays), one PNG, or every
    /// `.png` in a folder.
    public func load(_ path: String) throws -> ImageSequence {
        if FileIO.isDirectory(path) {
            return try loadFolder(path)
        }
        let bytes = try FileIO.read(path, maxBytes: limits.maxFileBytes)
        let scale = Self.scaleSuffix(of: path) ?? defaultScale
        return try RefreshGifError.translating(file: path) {
            if GIFDecoder.isGIF(bytes) {
                let animation = try GIFDecoder(limits: limits).decode(bytes)
                return ImageSequence(frames: try animation.frames.map { try ScaledImage(image: $0.image, scale: scale) },
                                     frameDelaysMicroseconds: animation.frames.map(\.effectiveDelayMicroseconds))
            }
            if PNGDecoder.isPNG(bytes) {
                return ImageSequence(frames: [try ScaledImage(image: try PNGDecoder(limits: limits).decode(bytes), scale: scale)])
            }
            throw RefreshGifError.badInput(file: path, message: "neither a GIF nor a PNG file")
        }
    }

    private func loadFolder(_ path: String) throws -> ImageSequence {
        let names = try Self.pngNames(in: path)
        guard !names.isEmpty else {
            throw RefreshGifError.badInput(file: path, message: "folder has no .png files")
        }
        if names.count > limits.maxFrames {
            throw RefreshGifError.limitExceeded(file: path, violation: .frames(what: "folder", limit: limits.maxFrames))
        }
        let decoder = PNGDecoder(limits: limits)
        var total = 0
        let frames = try names.map { name -> ScaledImage in
            let file = path + "/" + name
            let bytes = try FileIO.read(file, maxBytes: limits.maxFileBytes)
            return try RefreshGifError.translating(file: file) {
                let image = try decoder.decode(bytes)
                total += image.width * image.height
                if total > limits.maxTotalPixels {
                    throw RefreshGifError.limitExceeded(file: path, violation: .totalPixels(what: "folder's frames", limit: limits.maxTotalPixels))
                }
                return try ScaledImage(image: image, scale: Self.scaleSuffix(of: name) ?? defaultScale)
            }
        }
        return ImageSequence(frames: frames)
    }

    /// The `.png` file names in a folder, in natural order (`frame2` before `frame10`).
    static func pngNames(in path: String) throws -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw RefreshGifError.missingInput(file: path, message: "folder cannot be read")
        }
        return entries.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted(by: NaturalOrder.less)
    }
}

/// Orders names as people count: runs of digits compare by value.
package enum NaturalOrder {
    /// True when `a` comes before `b`.
    package static func less(_ a: String, _ b: String) -> Bool {
        let x = chunks(a), y = chunks(b)
        for (p, q) in zip(x, y) where p != q {
            switch (p, q) {
            case let (.number(m, ml), .number(n, nl)):
                if m != n { return m.count != n.count ? m.count < n.count : m < n }
                return ml < nl
            case let (.text(s), .text(t)): return s < t
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
        return x.count != y.count ? x.count < y.count : a < b
    }

    private enum Chunk: Equatable {
        /// Digits without leading zeros, and the original length.
        case number(String, Int)
        case text(String)
    }

    private static func chunks(_ s: String) -> [Chunk] {
        var out: [Chunk] = []
        var current = ""
        var digits = false
        func flush() {
            guard !current.isEmpty else { return }
            if digits {
                let trimmed = String(current.drop { $0 == "0" })
                out.append(.number(trimmed, current.count))
            } else {
                out.append(.text(current))
            }
            current = ""
        }
        for c in s {
            let isDigit = c.isASCII && c.isNumber
            if isDigit != digits { flush(); digits = isDigit }
            current.append(c)
        }
        flush()
        return out
    }
}
