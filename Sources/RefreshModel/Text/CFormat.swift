#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers written by the C library's `printf` conventions (`%04ld`, `%.3f`), for file names,
/// captions and report lines. The modules import FoundationEssentials, which has no
/// `String(format:)`; this is `vsnprintf` itself, so the digits and rounding are the C library's.
package enum CFormat {
    /// `format` with `arguments` filled in by `vsnprintf`. Only numeric conversions belong in
    /// `format` (`%ld` for `Int`, `%f` for `Double`); text is joined around the result.
    package static func string(_ format: String, _ arguments: CVarArg...) -> String {
        var capacity = 64
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let needed = withVaList(arguments) { list in vsnprintf(&buffer, capacity, format, list) }
            guard needed >= 0 else { return "" }
            if Int(needed) < capacity {
                return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity = Int(needed) + 1
        }
    }

    /// `value` with `digits` decimals, as `%.Nf` writes it: `CFormat.fixed(2.5, 3)` is `2.500`.
    package static func fixed(_ value: Double, _ digits: Int) -> String {
        string("%.*f", Int32(max(0, min(digits, 20))), value)
    }

    /// `value` with zeros in front to at least `width` digits, as `%0Nld` writes it.
    package static func zeroPadded(_ value: Int, _ width: Int) -> String {
        string("%0*ld", Int32(max(0, min(width, 40))), value)
    }
}
