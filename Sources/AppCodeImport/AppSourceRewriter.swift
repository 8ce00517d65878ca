/// An app's Swift file made to compile against RefreshGifUIKit on Linux exactly as it is written
/// for the phone (docs/app-code.md, "Compiling the app's files as they are"). Only what exists
/// solely on Apple's platforms changes, token by token, and never inside a comment or a string:
///
/// - `import UIKit`, `import MJRefresh`, `import QuartzCore`, `import CoreGraphics` and
///   `import ObjectiveC` import RefreshGifUIKit instead; `import SnapKit` imports
///   RefreshGifSnapKit and `import Lottie` RefreshGifLottie (``mappedModules``);
/// - the Objective-C runtime's attributes are inert: `@objc`, `@objc(name)`, `@objcMembers`,
///   `@nonobjc`, `@IBAction`, `@IBOutlet`, `@IBInspectable`, `@IBDesignable` and the `dynamic`
///   modifier go;
/// - `#selector(loadNew)` becomes `Selector("loadNew")`, a name the control keeps and never sends;
/// - in `#if` and `#elseif` conditions the phone's platform holds: `os(iOS)`,
///   `canImport(UIKit)`, `canImport(MJRefresh)` and the other mapped modules are `true`;
/// - in a file that imports one of them, `NSLocalizedString(` is RefreshGifUIKit's, which
///   reads the app's own strings from its resource folders (Foundation's would read the test's
///   bundle).
///
/// Every line stays where it was (a `#sourceLocation` names the app's file), so a compiler error
/// points at the app's own line.
public enum AppSourceRewriter {
    /// The modules an app imports, each with the module of ours imported in its place.
    public static let mappedModules: [String: String] = [
        "UIKit": replacement, "MJRefresh": replacement, "QuartzCore": replacement, "CoreGraphics": replacement,
        "ObjectiveC": replacement, "SnapKit": "RefreshGifSnapKit", "Lottie": "RefreshGifLottie",
    ]
    /// The module imported in place of UIKit and MJRefresh.
    public static let replacement = "RefreshGifUIKit"
    /// Attributes only the Objective-C runtime and Interface Builder read.
    static let inertAttributes: Set<String> = [
        "@objc", "@objcMembers", "@nonobjc", "@IBAction", "@IBOutlet", "@IBInspectable", "@IBDesignable", "@IBSegueAction",
    ]
    /// What may follow `dynamic` when it is a declaration's modifier, not a name.
    static let declarationWords: Set<String> = [
        "var", "func", "let", "open", "public", "internal", "private", "fileprivate", "override", "final", "class", "static",
        "init", "subscript", "lazy", "weak", "unowned", "required", "convenience", "@objc",
    ]

    /// `source` rewritten, with a `#sourceLocation` naming `path` so errors point at the app's file.
    /// - Parameters:
    ///   - source: the app file's text.
    ///   - path: its path, as errors should name it.
    /// - Returns: the text to compile.
    public static func rewrite(_ source: String, path: String) -> String {
        var tokens = SwiftTokens.split(source)
        var index = 0
        func next(after i: Int) -> Int? {
            var j = i + 1
            while j < tokens.count, tokens[j].isTrivia { j += 1 }
            return j < tokens.count ? j : nil
        }
        while index < tokens.count {
            let token = tokens[index]
            guard token.kind == .word else {
                index += 1
                continue
            }
            switch token.text {
            case "import":
                // `import UIKit`, `import class UIKit.UIView`, `@testable import` never names these.
                var j = next(after: index)
                if let k = j, ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"].contains(tokens[k].text) {
                    j = next(after: k)
                }
                if let k = j, tokens[k].kind == .word {
                    let module = String(tokens[k].text.split(separator: ".").first ?? "")
                    if let ours = mappedModules[module] {
                        // The kind word and the module name become ours, nothing else.
                        for m in (index + 1)..<k where !tokens[m].isTrivia { tokens[m].text = "" }
                        tokens[k].text = ours
                    }
                }
            case _ where inertAttributes.contains(token.text):
                tokens[index].text = ""
                // `@objc(name)`: its argument goes too.
                if token.text == "@objc", index + 1 < tokens.count, tokens[index + 1].text == "(" {
                    var depth = 0
                    var j = index + 1
                    while j < tokens.count {
                        if tokens[j].text == "(" { depth += 1 }
                        if tokens[j].text == ")" { depth -= 1 }
                        tokens[j].text = tokens[j].text.filter { $0 == "\n" }
                        j += 1
                        if depth == 0 { break }
                    }
                }
            case "dynamic":
                if let k = next(after: index), declarationWords.contains(tokens[k].text) { tokens[index].text = "" }
            case "#selector":
                guard index + 1 < tokens.count, tokens[index + 1].text == "(" else { break }
                var depth = 0
                var j = index + 1
                var inner = ""
                var newlines = 0
                while j < tokens.count {
                    if tokens[j].text == "(" { depth += 1 }
                    if tokens[j].text == ")" { depth -= 1 }
                    if depth > 0 && !(depth == 1 && tokens[j].text == "(") && !tokens[j].isTrivia { inner += tokens[j].text }
                    newlines += tokens[j].text.filter { $0 == "\n" }.count
                    tokens[j].text = ""
                    j += 1
                    if depth == 0 { break }
                }
                let name = inner.filter { $0 != "\\" && $0 != "\"" }
                tokens[index].text = "Selector(\"\(name)\")" + String(repeating: "\n", count: newlines)
            case "#if", "#elseif":
                // The condition, to the end of its line.
                var j = index + 1
                while j < tokens.count, !tokens[j].text.contains("\n") {
                    if tokens[j].kind == .word, j + 3 < tokens.count, tokens[j + 1].text == "(", tokens[j + 3].text == ")" {
                        let argument = tokens[j + 2].text
                        let phone =
                            (tokens[j].text == "os" && argument == "iOS")
                            || (tokens[j].text == "canImport" && mappedModules[argument] != nil)
                        if phone {
                            tokens[j].text = "true"
                            for m in (j + 1)...(j + 3) { tokens[m].text = "" }
                            j += 3
                        }
                    }
                    j += 1
                }
            default:
                break
            }
            index += 1
        }
        // The app's words, where the file imports what RefreshGifUIKit stands in for.
        if tokens.contains(where: { $0.kind == .word && $0.text == replacement }) {
            for i in tokens.indices where tokens[i].kind == .word && tokens[i].text == "NSLocalizedString" {
                if i + 1 < tokens.count, tokens[i + 1].text == "(" { tokens[i].text = replacement + ".NSLocalizedString" }
            }
        }
        let escaped = path.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] }.map(String.init).joined()
        return "#sourceLocation(file: \"\(escaped)\", line: 1)\n" + tokens.map(\.text).joined()
    }
}

/// Swift source split into words (names, keywords, `@attribute`, `#directive`), punctuation,
/// and what no rewrite may touch: white space, comments, string literals (with their
/// interpolations) and anything else, each kept to the character.
enum SwiftTokens {
    struct Token {
        enum Kind { case word, punctuation, space, comment, string }
        var kind: Kind
        var text: String
        var isTrivia: Bool { kind == .space || kind == .comment }
    }

    static func split(_ source: String) -> [Token] {
        let chars = Array(source.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(chars[range])) }
        func isWordScalar(_ c: Unicode.Scalar) -> Bool {
            c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) || c.value > 0x7F && !c.properties.isWhitespace
        }
        while i < chars.count {
            let c = chars[i]
            let start = i
            if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
                while i < chars.count && chars[i] != "\n" { i += 1 }
                tokens.append(Token(kind: .comment, text: text(start..<i)))
            } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                var depth = 0
                repeat {
                    if chars[i] == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                        depth += 1
                        i += 2
                    } else if chars[i] == "*" && i + 1 < chars.count && chars[i + 1] == "/" {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                    }
                } while depth > 0 && i < chars.count
                tokens.append(Token(kind: .comment, text: text(start..<i)))
            } else if c == "\"" || (c == "#" && rawStringStart(chars, i) != nil) {
                i = endOfString(chars, i)
                tokens.append(Token(kind: .string, text: text(start..<i)))
            } else if c.properties.isWhitespace {
                while i < chars.count && chars[i].properties.isWhitespace { i += 1 }
                tokens.append(Token(kind: .space, text: text(start..<i)))
            } else if isWordScalar(c) || ((c == "@" || c == "#" || c == "$") && i + 1 < chars.count && isWordScalar(chars[i + 1])) {
                i += 1
                while i < chars.count && (isWordScalar(chars[i]) || (chars[i] == "." && i + 1 < chars.count && isWordScalar(chars[i + 1])))
                {
                    i += 1
                }
                tokens.append(Token(kind: .word, text: text(start..<i)))
            } else if c == "`" {
                i += 1
                while i < chars.count && chars[i] != "`" && chars[i] != "\n" { i += 1 }
                if i < chars.count && chars[i] == "`" { i += 1 }
                tokens.append(Token(kind: .word, text: text(start..<i)))
            } else {
                i += 1
                tokens.append(Token(kind: .punctuation, text: text(start..<i)))
            }
        }
        return tokens
    }

    /// The number of `#` before a raw string's quote at `i`, if one starts there.
    static func rawStringStart(_ chars: [Unicode.Scalar], _ i: Int) -> Int? {
        var j = i
        while j < chars.count && chars[j] == "#" { j += 1 }
        return j < chars.count && chars[j] == "\"" && j > i ? j - i : nil
    }

    /// The index just past the string literal starting at `i` (plain, multi-line or raw, with
    /// interpolations holding strings of their own); the end of the text if it never closes.
    static func endOfString(_ chars: [Unicode.Scalar], _ start: Int) -> Int {
        var i = start
        var hashes = 0
        while i < chars.count && chars[i] == "#" {
            hashes += 1
            i += 1
        }
        let multiline = i + 2 < chars.count && chars[i] == "\"" && chars[i + 1] == "\"" && chars[i + 2] == "\""
        i += multiline ? 3 : 1
        func closes(at j: Int) -> Bool {
            let quotes = multiline ? 3 : 1
            guard j + quotes + hashes <= chars.count else { return false }
            for q in 0..<quotes where chars[j + q] != "\"" { return false }
            for h in 0..<hashes where chars[j + quotes + h] != "#" { return false }
            return true
        }
        while i < chars.count {
            if closes(at: i) { return i + (multiline ? 3 : 1) + hashes }
            if !multiline && chars[i] == "\n" { return i }
            if chars[i] == "\\" {
                // An escape, or with the string's own number of #, an interpolation.
                var j = i + 1
                var count = 0
                while j < chars.count && chars[j] == "#" && count < hashes {
                    count += 1
                    j += 1
                }
                if count == hashes && j < chars.count && chars[j] == "(" {
                    i = endOfInterpolation(chars, j)
                    continue
                }
                i = j + (count == hashes ? 1 : 0)
                continue
            }
            i += 1
        }
        return i
    }

    /// The index just past the `)` closing the interpolation whose `(` is at `i`.
    static func endOfInterpolation(_ chars: [Unicode.Scalar], _ open: Int) -> Int {
        var depth = 0
        var i = open
        while i < chars.count {
            let c = chars[i]
            if c == "\"" || (c == "#" && rawStringStart(chars, i) != nil) {
                i = endOfString(chars, i)
                continue
            }
            if c == "(" { depth += 1 }
            if c == ")" {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return i
    }
}
