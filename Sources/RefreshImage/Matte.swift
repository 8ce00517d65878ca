extension RGBAImage {
    /// The image with every pixel that is not fully transparent composited onto `matte` (its
    /// alpha ignored) and made opaque; fully transparent pixels stay transparent. For formats
    /// with one-bit transparency (GIF): soft edges keep their shading on a page of that colour.
    /// - Parameter matte: the page's colour.
    /// - Returns: the image, every pixel either clear or opaque.
    public func flattenedEdges(onto matte: RGBAColor) -> RGBAImage {
        var out = self
        out.withUnsafeMutablePixels { pixels in
            for i in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = Int(pixels[i + 3])
                guard alpha > 0, alpha < 255 else { continue }
                // Premultiplied: the pixel over an opaque matte is p + matte × (1 − a).
                let rest = 255 - alpha
                pixels[i] = UInt8(min(255, Int(pixels[i]) + (Int(matte.red) * rest + 127) / 255))
                pixels[i + 1] = UInt8(min(255, Int(pixels[i + 1]) + (Int(matte.green) * rest + 127) / 255))
                pixels[i + 2] = UInt8(min(255, Int(pixels[i + 2]) + (Int(matte.blue) * rest + 127) / 255))
                pixels[i + 3] = 255
            }
        }
        return out
    }
}
