import HTTPTypes
import Hummingbird
import RefreshGif
import RefreshGifTools

/// A request the server refuses or cannot serve: an HTTP status and one line of text, the
/// same line the command line prints for the same mistake.
///
/// It carries its status as Hummingbird's errors do (`HTTPResponseError`): a route or
/// middleware throws it and the client gets that status and the line.
public struct PreviewError: HTTPResponseError, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status (400, 404, 405, 413, 415, 503, …).
    public var status: HTTPResponse.Status
    /// One line saying what is wrong.
    public var message: String

    /// An error with its status and message.
    public init(status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }

    /// The response body: the line `refresh-render` prints on standard error.
    public var line: String { "refresh-render: " + message + "\n" }

    /// A request value is wrong (400).
    static func badRequest(_ message: String) -> PreviewError { PreviewError(status: 400, message) }

    /// The answer to `error` thrown while serving a request: the library's one line, as
    /// `refresh-render` prints it, and 400 for a bad setting, 422 for bad file data, 500 for
    /// an internal error.
    static func from(_ error: Error) -> PreviewError {
        if let error = error as? PreviewError { return error }
        let (code, message) = ErrorReport.describe(error)
        let status: HTTPResponse.Status
        switch code {
        case 64: status = 400
        case 65, 66: status = 422
        default: status = 500
        }
        return PreviewError(status: status, message)
    }
}

extension PreviewError {
    /// The answer: the line as plain text, with the security headers every answer has.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        PreviewServer.answer(self)
    }
}
