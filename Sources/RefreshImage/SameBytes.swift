#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two byte buffers compared by the C library's `memcmp`: as quick in an adopter's debug build
/// as in a release one, where Swift's `==` on `[UInt8]` is unspecialised and calls through the
/// element's conformance for every byte (a tenth of a passing snapshot assertion's time).
package enum SameBytes {
    /// True when `a` and `b` hold the same bytes.
    package static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { first in
            b.withUnsafeBytes { second in
                guard let x = first.baseAddress, let y = second.baseAddress else { return true }
                return memcmp(x, y, first.count) == 0
            }
        }
    }
}

extension StraightImage {
    /// True when `other` is the same size with the same bytes (``SameBytes``).
    package func hasSamePixels(as other: StraightImage) -> Bool {
        width == other.width && height == other.height && SameBytes.equal(pixels, other.pixels)
    }
}
