/// The scroll view a control is attached to (spec §11): sizes and adjusted insets in points.
public struct ScrollGeometry: Codable, Sendable, Equatable {
    /// The scroll view's visible width.
    public var viewWidth: Double = 375
    /// The scroll view's visible height.
    public var viewHeight: Double = 600
    /// Width of the scrollable content.
    public var contentWidth: Double = 375
    /// Height of the scrollable content.
    public var contentHeight: Double = 1000
    /// Adjusted content insets.
    public var insetTop: Double = 0, insetLeft: Double = 0, insetBottom: Double = 0, insetRight: Double = 0

    /// The defaults: a 375×600 view over 375×1000 content, no insets.
    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case viewWidth, viewHeight, contentWidth, contentHeight, insetTop, insetLeft, insetBottom, insetRight
    }

    /// Decodes geometry, rejecting unknown fields and non-finite sizes.
    public init(from decoder: Decoder) throws {
        try UnknownKeys.reject(in: decoder, known: CodingKeys.allCases.map(\.stringValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func read(_ key: CodingKeys, _ fallback: Double) throws -> Double {
            let value = try c.decodeIfPresent(Double.self, forKey: key) ?? fallback
            guard value.isFinite, abs(value) < 1e7 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be a finite number of points below 10 000 000")
            }
            return value
        }
        viewWidth = try read(.viewWidth, 375)
        viewHeight = try read(.viewHeight, 600)
        contentWidth = try read(.contentWidth, 375)
        contentHeight = try read(.contentHeight, 1000)
        insetTop = try read(.insetTop, 0)
        insetLeft = try read(.insetLeft, 0)
        insetBottom = try read(.insetBottom, 0)
        insetRight = try read(.insetRight, 0)
    }
}

/// What a control's own animations add to the scroll view's insets (spec §11).
public struct InsetChange: Sendable, Equatable, Codable {
    /// Added to the top inset (header refreshing).
    public var top: Double = 0
    /// Added to the bottom inset (back footer refreshing; the auto footer's own height).
    public var bottom: Double = 0
    /// Added to the right inset (trailer refreshing).
    public var right: Double = 0
}
