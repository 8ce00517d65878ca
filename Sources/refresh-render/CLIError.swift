import ArgumentParser
import FoundationEssentials
@_spi(Tools) import RefreshGif
import RefreshGifTools

/// The command line's side of errors: messages that name options and files, and the
/// sysexits codes (documented in `--help` and the README).
enum CLIError {
    /// Exit code for a failed diff or snapshot comparison.
    static let differenceFound: Int32 = 1

    /// The option a schema field is set with (`imageScale` → `--image-scale`).
    static func option(for field: String) -> String { ErrorReport.option(for: field) }

    /// One line for a model value error: the option, then what is wrong.
    static func message(for error: InvalidValue) -> String { ErrorReport.message(for: error) }

    /// The sysexits code and one-line message of any error a command throws (the library's
    /// ``ErrorReport``, which the preview server answers with too).
    static func describe(_ error: Error) -> (code: Int32, message: String) { ErrorReport.describe(error) }
}

extension CLIError {
    /// A message made safe for one terminal line (``TerminalText/line(_:)``).
    static func line(_ message: String) -> String { TerminalText.line(message) }

    /// Text from a file (a name, a marker) made safe for a terminal (``TerminalText/escaped(_:)``).
    static func terminalSafe(_ text: String) -> String { TerminalText.escaped(text) }

    /// One warning line on standard error; the command goes on.
    static func warn(_ message: String) {
        Console.error("refresh-render: warning: \(CLIError.line(message))\n")
    }
}

/// Runs `body`, turning the library's typed errors into one line on standard error and
/// their sysexits code.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch {
        let (code, message) = CLIError.describe(error)
        Console.error("refresh-render: \(CLIError.line(message))\n")
        throw ExitCode(code)
    }
}

extension Limit {
    /// A usage error for `option` when `value` is outside the limit, in the library's words:
    /// `--scale must be 1, 2 or 3, got 4`.
    func validate(_ value: Int, option: String) throws {
        guard range.contains(value) else { throw ValidationError("\(option) must be \(phrase), got \(value)") }
    }
}
