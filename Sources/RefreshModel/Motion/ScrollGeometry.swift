import RefreshImage

/// The scroll view a control is attached to (docs/motion.md): sizes and adjusted insets in points.
package struct ScrollGeometry: Codable, Sendable, Equatable {
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
    /// - Parameter decoder: the gesture file's `geometry` object.
    /// - Throws: `DecodingError` for a field of the wrong type; ``InvalidValue`` for an unknown field.
    public init(from decoder: Decoder) throws {
        try UnknownKeys.reject(in: decoder, known: CodingKeys.allCases.map(\.stringValue))
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func read(_ key: CodingKeys, _ fallback: Double) throws -> Double {
            let value = try c.decodeIfPresent(Double.self, forKey: key) ?? fallback
            guard value.isFinite, abs(value) < 1e7 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "must be a finite number of points below 10 000 000")
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

extension ScrollGeometry {
    /// Checks that every size is finite and below 10 000 000 points and the view is not empty.
    /// - Throws: ``InvalidValue`` naming the field.
    public func validate() throws {
        let fields: [(String, Double)] = [
            ("viewWidth", viewWidth), ("viewHeight", viewHeight), ("contentWidth", contentWidth),
            ("contentHeight", contentHeight), ("insetTop", insetTop), ("insetLeft", insetLeft),
            ("insetBottom", insetBottom), ("insetRight", insetRight),
        ]
        for (name, value) in fields where !(value.isFinite && abs(value) < 1e7) {
            throw InvalidValue(field: "geometry.\(name)", reason: "must be a finite number of points below 10 000 000, got \(value)")
        }
        for (name, value) in fields.prefix(2) where value < 1 {
            throw InvalidValue(field: "geometry.\(name)", reason: "must be at least 1 point, got \(value)")
        }
    }

    /// The visible length along a control's axis (height; width for a trailer), insets taken off.
    /// - Parameter kind: the control's kind (its axis).
    /// - Returns: points.
    public func visibleLength(for kind: ComponentKind) -> Double {
        kind == .trailer ? viewWidth - insetLeft - insetRight : viewHeight - insetTop - insetBottom
    }

    /// The content's length along a control's axis.
    /// - Parameter kind: the control's kind (its axis).
    /// - Returns: points.
    public func contentLength(for kind: ComponentKind) -> Double {
        kind == .trailer ? contentWidth : contentHeight
    }

    /// How much shorter the content is than the visible area (0 when it fills it): a back
    /// footer or trailer sits below (beside) the visible area, not right after the content.
    /// - Parameter kind: the control's kind (its axis).
    /// - Returns: points, 0 or more.
    public func shortfall(for kind: ComponentKind) -> Double {
        max(0, visibleLength(for: kind) - contentLength(for: kind))
    }

    /// Where a control's edge starts along its axis, in content coordinates: the content's
    /// end, pushed to the end of the visible area when the content is shorter (footers,
    /// trailer); 0 for a header (it sits above the content).
    /// - Parameter kind: the control's kind.
    /// - Returns: points, in content coordinates.
    public func controlEdge(for kind: ComponentKind) -> Double {
        switch kind {
        case .header: return 0
        case .autoFooter: return contentHeight
        case .backFooter, .trailer: return contentLength(for: kind) + shortfall(for: kind)
        }
    }

    /// The offset at which a control starts to show when pulled ("happen" offset): the
    /// resting offset of the scroll view on the control's side.
    /// - Parameter kind: the control's kind.
    /// - Returns: the offset along its axis.
    public func restingOffset(for kind: ComponentKind) -> Double {
        let leading = kind == .trailer ? insetLeft : insetTop
        switch kind {
        case .header:
            return -insetTop
        case .autoFooter:
            return max(-insetTop, contentHeight + insetBottom - viewHeight)
        case .backFooter, .trailer:
            let overflow = contentLength(for: kind) - visibleLength(for: kind)
            return overflow > 0 ? overflow - leading : -leading
        }
    }
}

/// What a control's own animations add to the scroll view's insets (docs/motion.md).
package struct InsetChange: Sendable, Equatable, Codable {
    /// Added to the top inset (header refreshing).
    public var top: Double = 0
    /// Added to the bottom inset (back footer refreshing; the auto footer's own height).
    public var bottom: Double = 0
    /// Added to the right inset (trailer refreshing).
    public var right: Double = 0
}
