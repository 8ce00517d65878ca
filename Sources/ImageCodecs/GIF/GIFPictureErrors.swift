/// How far the picture a GIF shows is from its source, pixel by pixel, while frames are
/// written with a colour error allowed (docs/images.md, "GIF output"): each screen pixel's
/// squared error (summed over the three channels) and their sum, so a frame knows what the
/// pixels it leaves alone already cost before it chooses its colours.
struct GIFPictureErrors {
    private var errors: [Int32]
    private let width: Int
    /// The sum over the screen.
    private(set) var total = 0

    init(width: Int, height: Int) {
        self.width = width
        errors = [Int32](repeating: 0, count: width * height)
    }

    /// The squared error, summed over the channels, of showing `shown` for `source`.
    static func squared(_ shown: GIFPalette.RGB, _ source: GIFPalette.RGB) -> Int {
        let r = shown.0 - source.0, g = shown.1 - source.1, b = shown.2 - source.2
        return r * r + g * g + b * b
    }

    /// The same for two colours as RGB shifted left by 8 and 0xFF.
    static func squared(_ shown: UInt32, _ source: UInt32) -> Int {
        squared(GIFPalette.rgb(shown >> 8), GIFPalette.rgb(source >> 8))
    }

    /// The sum without the pixels at `positions`: what a frame changing them inherits.
    func total(without positions: [Int]) -> Int {
        positions.reduce(total) { $0 - Int(errors[$1]) }
    }

    /// The pixel at `position` now shows a colour `error` off its source.
    mutating func set(_ position: Int, _ error: Int) {
        total += error - Int(errors[position])
        errors[position] = Int32(error)
    }

    /// The pixels of `rect` were cleared: transparent, as their source is.
    mutating func clear(_ rect: GIFRect) {
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width { set(y * width + x, 0) }
        }
    }
}
