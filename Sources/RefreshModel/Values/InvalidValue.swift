/// A value that a model type refuses, naming the field it came from.
///
/// `field` is a path inside the value being built (`width`, `samples[3].t`); the layer that
/// knows where the value came from turns it into a command-line option or a JSON path.
public struct InvalidValue: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field's path inside the value being checked, without a leading `$.`.
    public var field: String
    /// What is wrong, with the value and the allowed range.
    public var reason: String

    /// An error for `field`.
    /// - Parameters:
    ///   - field: the field's path, without `$.`.
    ///   - reason: what is wrong, with the value and what is allowed.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// This error with `prefix` put in front of its field path (`control.` + `width`).
    /// - Parameter prefix: the enclosing field's path.
    /// - Returns: the error under it.
    public func nested(in prefix: String) -> InvalidValue {
        InvalidValue(field: prefix.isEmpty ? field : prefix + "." + field, reason: reason)
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
