import Foundation
import RefreshGif
import RefreshLocking

/// The type declarations of a Swift test file, read from its source: which type encloses a
/// line (an XCTest class whose name the observer could not see) and which types declare a
/// function of a given name (whether an older, suite-less golden name was this test's alone).
///
/// A reader for names, not a parser: it follows braces outside comments and string literals,
/// and takes `class`, `struct`, `enum`, `actor` and `extension` heads whose name starts with a
/// capital letter (so `class func` is not taken for a type).
struct SourceScopes {
    /// A type's body: its name, and the lines from its opening brace to its closing one.
    struct Scope {
        var name: String
        var lines: ClosedRange<Int>
    }

    let scopes: [Scope]
    private let text: [Substring]

    /// The scopes of the file at `path`, read once per process.
    static func of(_ path: String) -> SourceScopes? {
        cache.withLock { cached in
            if let known = cached[path] { return known }
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            let scopes = SourceScopes(String(decoding: data, as: UTF8.self))
            cached[path] = scopes
            return scopes
        }
    }

    private static let cache = Locked<[String: SourceScopes]>([:])

    init(_ source: String) {
        text = source.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Scope] = []
        // Open braces: the type each one opens (nil for other blocks) and its line.
        var open: [(name: String?, line: Int)] = []
        var pendingType: String?
        var words: [Substring] = []
        var inBlockComment = 0
        var inString = false, multiline = false
        for (index, line) in text.enumerated() {
            let lineNumber = index + 1
            let characters = Array(line)
            var i = 0
            var word = ""
            func endWord() {
                guard !word.isEmpty else { return }
                if let last = words.last, ["class", "struct", "enum", "actor", "extension"].contains(last), pendingType == nil,
                    word.first?.isUppercase == true
                {
                    pendingType = word
                }
                words.append(Substring(word))
                if words.count > 4 { words.removeFirst() }
                word = ""
            }
            while i < characters.count {
                let c = characters[i], next = i + 1 < characters.count ? characters[i + 1] : " "
                if inBlockComment > 0 {
                    if c == "*" && next == "/" { inBlockComment -= 1; i += 2; continue }
                    if c == "/" && next == "*" { inBlockComment += 1; i += 2; continue }
                    i += 1
                    continue
                }
                if inString {
                    if c == "\\" { i += 2; continue }
                    if multiline, c == "\"", i + 2 < characters.count, characters[i + 1] == "\"", characters[i + 2] == "\"" {
                        inString = false; i += 3; continue
                    }
                    if !multiline && c == "\"" { inString = false }
                    i += 1
                    continue
                }
                if c == "/" && next == "/" { break }
                if c == "/" && next == "*" { endWord(); inBlockComment = 1; i += 2; continue }
                if c == "\"" {
                    endWord()
                    inString = true
                    multiline = i + 2 < characters.count && characters[i + 1] == "\"" && characters[i + 2] == "\""
                    i += multiline ? 3 : 1
                    continue
                }
                if c.isLetter || c.isNumber || c == "_" || (c == "." && !word.isEmpty) {
                    word.append(c)
                } else {
                    endWord()
                    if c == "{" {
                        open.append((pendingType.map { String($0.split(separator: ".").last ?? Substring($0)) }, lineNumber))
                        pendingType = nil
                    } else if c == "}" {
                        if let closed = open.popLast(), let name = closed.name {
                            found.append(Scope(name: name, lines: closed.line...lineNumber))
                        }
                    } else if c == ";" || c == "=" {
                        pendingType = nil
                    }
                }
                i += 1
            }
            endWord()
            if !multiline { inString = false }
        }
        scopes = found
    }

    /// The names of the types around `line`, outermost first.
    func types(enclosing line: Int) -> [String] {
        scopes.filter { $0.lines.contains(line) }.sorted { $0.lines.lowerBound < $1.lines.lowerBound }.map(\.name)
    }

    /// How many types declare `func name(`.
    func typesDeclaring(function name: String) -> Int {
        let pattern = "func " + name + "("
        var owners = Set<String>()
        for (index, line) in text.enumerated() where line.contains(pattern) {
            owners.insert(types(enclosing: index + 1).joined(separator: "."))
        }
        return owners.count
    }
}
