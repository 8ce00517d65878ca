import FoundationEssentials
import RefreshGif
import RefreshModel

/// A JUnit XML report, the format CI systems show test results in.
package struct JUnitReport: Sendable {
    /// One test case's result.
    public struct Case: Sendable {
        /// The case name.
        public var name: String
        /// nil when it passed; otherwise the failure message.
        public var failure: String?
        /// True when the failure was an error (bad input) rather than a mismatch.
        public var isError: Bool

        /// A result from its parts.
        /// - Parameters:
        ///   - name: the case's name.
        ///   - failure: why it failed; nil when it passed.
        ///   - isError: true when it could not be checked (an `<error>`, not a `<failure>`).
        public init(name: String, failure: String? = nil, isError: Bool = false) {
            self.name = name
            self.failure = failure
            self.isError = isError
        }
    }

    /// The suite name.
    public var suite: String
    /// The results.
    public var cases: [Case]

    /// A report from its parts.
    /// - Parameters:
    ///   - suite: the suite's name.
    ///   - cases: its results, in order.
    public init(suite: String, cases: [Case]) {
        self.suite = suite
        self.cases = cases
    }

    /// The XML text (UTF-8, no time stamps: the same results give the same file).
    public var xml: String {
        let failures = cases.filter { $0.failure != nil && !$0.isError }.count
        let errors = cases.filter { $0.isError }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        out += "  <testsuite name=\"\(Self.escape(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
        out += "    <properties><property name=\"refresh-render\" value=\"\(RefreshGifVersion.current)\"/></properties>\n"
        for item in cases {
            let name = Self.escape(item.name)
            if let failure = item.failure {
                let tag = item.isError ? "error" : "failure"
                out += "    <testcase classname=\"\(Self.escape(suite))\" name=\"\(name)\">\n"
                out += "      <\(tag) message=\"\(Self.escape(failure))\">\(Self.escape(failure))</\(tag)>\n"
                out += "    </testcase>\n"
            } else {
                out += "    <testcase classname=\"\(Self.escape(suite))\" name=\"\(name)\"/>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// `text` with XML's five special characters escaped and control characters dropped.
    static func escape(_ text: String) -> String {
        let table: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"]
        return TextEscape.escaped(text, table) { $0.value < 0x20 && $0 != "\n" && $0 != "\t" ? "" : nil }
    }
}
