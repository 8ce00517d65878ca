import Foundation
import RefreshGif
import RefreshImage
import RefreshLocking
import Testing
import XCTest

/// Which test an assertion runs in, found from the framework running it: the names of its
/// goldens and the folder of its artifacts come from here.
struct SnapshotTestIdentity: Sendable {
    /// Swift Testing or XCTest.
    enum Framework: Sendable { case swiftTesting, xcTest }

    let framework: Framework
    /// `Suite/test` path components (suite types, then the test function without its
    /// argument list), for folders and `--filter`.
    let components: [String]
    /// Distinguishes the cases of a parameterised test (empty otherwise).
    let caseKey: String
    /// The case key an earlier version gave this case, when it differs (a hashed enum case).
    var formerCaseKey: String? = nil
    /// The test function's name as written (`testPulling`, `pulling`).
    let function: String

    /// The identity of the test running now; `testName` is the assertion's `#function`, and
    /// `filePath` and `line` where it stands (an XCTest class the observer has not seen is
    /// read from the source there).
    static func current(testName: String, filePath: String, line: Int) -> SnapshotTestIdentity {
        let function = String(testName.prefix { $0 != "(" })
        if let test = Test.current {
            var components = test.id.nameComponents.map { String($0.prefix { $0 != "(" }) }
            if components.isEmpty { components = [function] }
            var caseKey = ""
            var formerCaseKey: String?
            if let testCase = Test.Case.current, testCase.isParameterized {
                caseKey = Self.caseKey(of: testCase)
                formerCaseKey = Self.formerCaseKey(of: testCase)
            }
            return SnapshotTestIdentity(
                framework: .swiftTesting, components: components, caseKey: caseKey, formerCaseKey: formerCaseKey, function: function)
        }
        XCTestNames.observe()
        if let name = XCTestNames.current {
            // corelibs-xctest names a test `Suite.testName`.
            let parts = name.split(separator: ".").map(String.init)
            return SnapshotTestIdentity(framework: .xcTest, components: parts.isEmpty ? [function] : parts, caseKey: "", function: function)
        }
        // The first test of a process (every test, under `swift test --parallel`), before the
        // observer saw a test start: the class around the assertion, read from its source.
        let types = SourceScopes.of(filePath)?.types(enclosing: line) ?? []
        return SnapshotTestIdentity(framework: .xcTest, components: types + [function], caseKey: "", function: function)
    }

    /// A golden's name without extension: the suite or class and the test function, the case
    /// key of a parameterised test, and the snapshot's number in the test
    /// (`HeaderTests.testPulling.1`, `percent.0.6.1` for a test outside any suite).
    func goldenName(index: Int) -> String {
        (components + [caseKey.isEmpty ? nil : caseKey, String(index)].compactMap { $0 }).joined(separator: ".")
    }

    /// The name this golden had before the suite was part of it (`testPulling.1`), when that
    /// name can only have been this test's: no case key, and no other type in `filePath`
    /// declaring a function of the same name. Nil when the names are the same.
    func formerGoldenName(index: Int, filePath: String) -> String? {
        // A case named by its hash before (an enumeration's case): that golden is this one's.
        if let formerCaseKey { return (components + [formerCaseKey, String(index)]).joined(separator: ".") }
        guard caseKey.isEmpty, components.count > 1,
            let scopes = SourceScopes.of(filePath), scopes.typesDeclaring(function: function) <= 1
        else { return nil }
        return function + "." + String(index)
    }

    /// The name part of one case of a parameterised test, the same on every run and machine:
    /// the arguments as Swift Testing shows them, joined with `-` (`0.6`, `0.2-idle`) when
    /// short and safe in a file name; otherwise a stable hash of them (`h3fa2b1c0`).
    ///
    /// Swift Testing does not publish a case's arguments; they are read by reflection, and
    /// if its layout ever changes the case's description is hashed with memory addresses
    /// taken out (`(unknown context at $7f…)` changes with every process).
    static func caseKey(of testCase: Test.Case) -> String {
        key(of: descriptions(of: testCase), enumCasesByName: true)
    }

    /// The key earlier versions gave a case (an enumeration's case hashed, `h9f64b9ed`): its
    /// golden is moved to the new name, so goldens recorded then keep passing. Nil when the
    /// names are the same.
    static func formerCaseKey(of testCase: Test.Case) -> String? {
        let descriptions = descriptions(of: testCase)
        let former = key(of: descriptions, enumCasesByName: false)
        return former == key(of: descriptions, enumCasesByName: true) ? nil : former
    }

    private static func descriptions(of testCase: Test.Case) -> [String] {
        arguments(of: testCase)?.map { String(describingForTest: $0) } ?? [withoutAddresses(String(describing: testCase))]
    }

    /// The readable key of `descriptions`, else their hash. An enumeration's case (`.pulling`)
    /// is named by its name (`pulling`) when `enumCasesByName`.
    private static func key(of descriptions: [String], enumCasesByName: Bool) -> String {
        let named = descriptions.map { description -> String in
            guard enumCasesByName, description.hasPrefix("."), description.count > 1,
                description.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return description }
            return String(description.dropFirst())
        }
        let readable = named.joined(separator: "-")
        let safe = readable.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.+".unicodeScalars.contains($0)
        }
        if safe && !readable.isEmpty && readable.count <= 40 && !readable.hasPrefix(".") { return readable }
        return "h" + stableHash(descriptions.joined(separator: "\u{1F}"))
    }

    /// The values of a case's arguments, in parameter order, found by reflection.
    static func arguments(of testCase: Test.Case) -> [Any]? {
        func find(_ value: Any, depth: Int) -> [Any]? {
            guard depth < 4 else { return nil }
            for child in Mirror(reflecting: value).children {
                if child.label == "arguments", let list = child.value as? [Any] {
                    let values = list.compactMap { argument in Mirror(reflecting: argument).children.first { $0.label == "value" }?.value }
                    return values.count == list.count ? values : nil
                }
                if let found = find(child.value, depth: depth + 1) { return found }
            }
            return nil
        }
        return find(testCase, depth: 0)
    }

    /// `text` without `$7f…`/`0x7f…` addresses.
    static func withoutAddresses(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var i = 0
        while i < characters.count {
            let start =
                characters[i] == "$" ? i + 1 : (characters[i] == "0" && i + 1 < characters.count && characters[i + 1] == "x") ? i + 2 : nil
            if let start, start < characters.count, characters[start].isHexDigit {
                i = start
                while i < characters.count && characters[i].isHexDigit { i += 1 }
                continue
            }
            out.append(characters[i])
            i += 1
        }
        return out
    }

    /// A key for counters: unique per test and per case of a parameterised test.
    var key: String { components.joined(separator: "/") + "#" + caseKey }

    /// The next snapshot number of this test: 1, 2, 3 …
    func nextIndex() -> Int {
        SnapshotCounters.next(for: key)
    }

    /// The folder of this test's artifacts under `root`.
    func artifactsFolder(root: String, testFile: String) -> String {
        let safe = components.map(Self.safeName)
        return ([root, Self.safeName(testFile)] + safe).joined(separator: "/") + (caseKey.isEmpty ? "" : "-" + caseKey)
    }

    /// A regular expression for `swift test --filter` that selects this test.
    var filter: String { components.joined(separator: "/") }

    static func safeName(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
    }

    /// FNV-1a of `text`, 8 hex digits: the same on every run and machine.
    static func stableHash(_ text: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

/// Snapshot numbers per test, reset when XCTest starts a test again.
enum SnapshotCounters {
    private static let counts = Locked<[String: Int]>([:])

    static func next(for key: String) -> Int {
        counts.withLock { counts in
            counts[key, default: 0] += 1
            return counts[key, default: 1]
        }
    }

    static func reset(prefix: String) {
        counts.withLock { counts in
            for key in counts.keys where key.hasPrefix(prefix) { counts[key] = nil }
        }
    }
}

/// The name of the XCTest test running now, kept by an observer registered at the first
/// assertion (XCTest runs the tests of a process one after another).
final class XCTestNames: NSObject, XCTestObservation, @unchecked Sendable {
    // `@unchecked Sendable`: the one mutable field is behind a lock.
    private static let shared = XCTestNames()
    private static let registered = Locked(false)
    private let name = Locked<String?>(nil)

    static var current: String? { shared.name.withLock { $0 } }

    static func observe() {
        let first = registered.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        if first { XCTestObservationCenter.shared.addTestObserver(shared) }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        name.withLock { $0 = testCase.name }
        SnapshotCounters.reset(prefix: testCase.name.split(separator: ".").joined(separator: "/") + "#")
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        name.withLock { $0 = nil }
    }
}
