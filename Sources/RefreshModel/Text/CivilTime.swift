import FoundationEssentials

/// A moment as a calendar date and a wall-clock time in one time zone, in the proleptic
/// Gregorian calendar, worked out by arithmetic on days since 1970 (docs/text.md).
///
/// No `Calendar` is made, so no time zone database is opened unless the zone itself needs one:
/// the default zone of a scene is a fixed offset, and a date label or a `--now` costs no
/// start-up time.
package struct CivilTime: Sendable, Hashable {
    /// The year (1 BC is year 0, as in ISO 8601).
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int
    /// The second, 0 to 59 (fractions dropped).
    public let second: Int

    /// Seconds from 1970 a date is clamped to (about ±35 million years), so every `Date`,
    /// however far off, infinite or not a number, gives a time.
    private static let secondsLimit = Double(1 << 50)

    /// The date and time `date` shows in `timeZone`.
    /// - Parameters:
    ///   - date: the moment.
    ///   - timeZone: the zone its fields are read in.
    public init(_ date: Date, in timeZone: TimeZone) {
        let raw = date.timeIntervalSince1970
        let seconds = raw.isNaN ? 0 : min(max(raw, -Self.secondsLimit), Self.secondsLimit)
        let local = Int(seconds.rounded(.down)) + timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        let days = Self.floorDivide(local, 86_400)
        let secondOfDay = local - days * 86_400
        (year, month, day) = Self.civil(fromDays: days)
        hour = secondOfDay / 3600
        minute = secondOfDay % 3600 / 60
        second = secondOfDay % 60
    }

    /// A date and time from its fields, or nil when one is out of range (month 13, 30
    /// February, hour 24, a year outside 0 to 9999).
    /// - Parameters:
    ///   - year: the year.
    ///   - month: 1 to 12.
    ///   - day: 1 to the month's length.
    ///   - hour: 0 to 23.
    ///   - minute: 0 to 59.
    ///   - second: 0 to 59.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (0...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// The moment this wall-clock time is at a UTC offset of `offsetSeconds`.
    /// - Parameter offsetSeconds: the zone's offset from UTC the fields are in.
    /// - Returns: the moment.
    public func date(offsetSeconds: Int = 0) -> Date {
        let local = Self.days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(local - offsetSeconds))
    }

    /// The number of days in a month of a year.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // The two conversions count 400-year eras of 146 097 days, each year starting on 1 March
    // so that the leap day ends it.

    /// Days since 1970-01-01 of a date.
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return a % b < 0 ? q - 1 : q
    }
}
