/// A straight (non-premultiplied) sRGB colour with alpha, 8 bits a channel.
public struct RGBAColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Alpha, 0 (transparent) – 255 (opaque).
    public var alpha: UInt8

    /// A colour from its four channels.
    /// - Parameters:
    ///   - red: 0 to 255.
    ///   - green: 0 to 255.
    ///   - blue: 0 to 255.
    ///   - alpha: 0 (clear) to 255 (opaque), straight.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil when the text is neither.
    /// - Parameter text: `#RRGGBB`, `#RRGGBBAA`, or either without `#`.
    public init?(hex text: String) {
        var digits = Substring(text)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8,
            digits.allSatisfy({ $0.isHexDigit }),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        if digits.count == 6 {
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        } else {
            self.init(
                red: UInt8(value >> 24 & 0xFF), green: UInt8(value >> 16 & 0xFF),
                blue: UInt8(value >> 8 & 0xFF), alpha: UInt8(value & 0xFF))
        }
    }

    /// Fully transparent black.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// MJRefresh's label colour, RGB (90, 90, 90).
    public static let mjLabel = RGBAColor(red: 90, green: 90, blue: 90)
    /// The iOS 13 "medium" activity indicator grey, #8E8E93.
    public static let systemGray = RGBAColor(red: 0x8E, green: 0x8E, blue: 0x93)

    /// The colour as settings write it: `#RRGGBB` when opaque, else `#RRGGBBAA`.
    public var hexText: String { alpha == 255 ? String(description.dropLast(2)) : description }

    /// The colour as `#RRGGBBAA`.
    public var description: String {
        let hex = [red, green, blue, alpha].map { byte -> String in
            let s = String(byte, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + hex.joined()
    }
}
