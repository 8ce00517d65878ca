import FoundationEssentials
import RefreshModel

/// ISO 8601 date-times as the command line and files accept them (docs/text.md):
/// `2026-03-17T09:41:00Z`, with fractional seconds (`09:41:00.250Z`), an offset (`+02:00` or
/// `+0200`), no zone (UTC), or a plain date (`2026-03-17`, midnight UTC). Every field has its
/// full width and must exist: `2026-02-30`, `24:00:00` and `9:41:00` are refused.
///
/// Read by hand rather than by Foundation's ISO 8601 styles: those make a `Calendar`, which
/// opens the machine's time zone database, about a millisecond of every command that sets
/// `--now`.
package enum ISODate {
    /// The moment `text` names, or nil when it is not one of the accepted forms.
    package static func parse(_ text: String) -> Date? {
        var reader = Reader(Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"), let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2)
        else { return nil }
        if reader.atEnd { return CivilTime(year: year, month: month, day: day)?.date() }
        guard reader.skip("T"), let hour = reader.number(digits: 2), reader.skip(":"), let minute = reader.number(digits: 2),
            reader.skip(":"), let second = reader.number(digits: 2),
            let time = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        var fraction = 0.0
        if reader.skip(".") {
            guard let digits = reader.fractionDigits() else { return nil }
            fraction = digits
        }
        var offset = 0
        if !reader.skip("Z"), let sign = reader.sign() {
            guard let hours = reader.number(digits: 2) else { return nil }
            _ = reader.skip(":")
            guard let minutes = reader.number(digits: 2), hours <= 23, minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard reader.atEnd else { return nil }
        return time.date(offsetSeconds: offset).addingTimeInterval(fraction)
    }

    /// `date` as `parse(_:)` reads it back, to the second in UTC (`2026-03-17T09:41:00Z`; a
    /// fraction of a second is dropped), as Foundation's ISO 8601 formatter writes it by
    /// default but without making one (a formatter is a tenth of a snapshot assertion).
    package static func format(_ date: Date) -> String {
        let time = CivilTime(date, in: .gmt)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(time.year, 4) + "-" + padded(time.month, 2) + "-" + padded(time.day, 2) + "T" + padded(time.hour, 2) + ":"
            + padded(time.minute, 2) + ":" + padded(time.second, 2) + "Z"
    }

    /// A cursor over the text's bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        /// Steps over `character` if it comes next.
        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Exactly `digits` decimal digits as a number.
        mutating func number(digits: Int) -> Int? {
            guard bytes.count - index >= digits else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }

        /// One to nine digits after a decimal point, as a fraction of a second.
        mutating func fractionDigits() -> Double? {
            var value = 0, scale = 1
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                guard scale < 1_000_000_000 else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                scale *= 10
                index += 1
            }
            return scale == 1 ? nil : Double(value) / Double(scale)
        }

        /// +1 or −1 for a `+` or `-` that comes next.
        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
