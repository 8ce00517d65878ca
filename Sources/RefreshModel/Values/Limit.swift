/// A range of whole numbers a setting accepts, declared once in the lowest module that checks
/// it, with the words its messages use; every module above checks against that declaration.
package struct Limit: Sendable, Equatable {
    /// The values accepted.
    public let range: ClosedRange<Int>
    /// How messages say the range: "between 1 and 256", or a list ("1, 2 or 3").
    public let phrase: String

    /// A limit of `range`, said `phrase` (default "between LOW and HIGH").
    /// - Parameters:
    ///   - range: the values accepted.
    ///   - phrase: how messages say it; nil for "between LOW and HIGH".
    public init(_ range: ClosedRange<Int>, phrase: String? = nil) {
        self.range = range
        self.phrase = phrase ?? "between \(range.lowerBound) and \(range.upperBound)"
    }

    /// Throws ``InvalidValue`` naming `field` for a value outside the range: "must be PHRASE,
    /// got VALUE".
    /// - Parameters:
    ///   - value: the value given.
    ///   - field: the setting's name, as the scene schema or the Swift property says it.
    /// - Throws: ``InvalidValue`` when `value` is outside ``range``.
    public func check(_ value: Int, field: String) throws {
        guard range.contains(value) else { throw InvalidValue(field: field, reason: "must be \(phrase), got \(value)") }
    }

    /// The range as numbers with fractions (a setting such as an image scale of 1.5).
    public var continuous: ClosedRange<Double> { Double(range.lowerBound)...Double(range.upperBound) }
}
