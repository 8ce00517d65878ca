@_spi(Tools) import RefreshGif

/// What RefreshGifUIKit's own API throws: a resource of the app's that cannot be read, a view
/// the renderer cannot draw, a value out of range (docs/app-code.md, "Errors"). App code that
/// force-unwraps a nil image traps as it would on the phone; nothing of ours traps.
public enum AppCodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An app resource (an image set's `Contents.json`, a colour set, an image or font file)
    /// that is not what its name says.
    case badResource(file: String, message: String)
    /// A value the control cannot take (a frame of 10⁹ points, a negative duration).
    case badValue(what: String, message: String)
    /// A view in the control that the renderer cannot draw, named by its class and place.
    case cannotDraw(className: String, view: String, message: String)

    /// One line naming the file, value or view: control characters from names escaped and
    /// cut at 400 characters (`TerminalText`), as the command line's messages are.
    public var description: String {
        switch self {
        case let .badResource(file, message): return TerminalText.line("\(file): \(message)")
        case let .badValue(what, message): return TerminalText.line("\(what): \(message)")
        case let .cannotDraw(className, view, message): return TerminalText.line("\(className) (\(view)): \(message)")
        }
    }
}
