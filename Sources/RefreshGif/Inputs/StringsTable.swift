import Foundation
@_spi(Tools) import RefreshFiles

/// An app's strings table, as `NSBundle` reads one for `localizedStringForKey:value:table:`
/// (docs/text.md): an old-style `.strings` file, or one language of an Xcode String Catalog
/// (`.xcstrings`).
///
/// Written by hand although Foundation's `PropertyListSerialization` reads `.strings` too: a
/// user's bad file gets an error naming its line and what was expected there (Foundation's
/// says only that the data is not a property list), the size is capped before anything is
/// parsed, and UTF-16 files, `\U` escapes and a key given twice read as NSBundle reads them on
/// the phone. The grammar is small (docs/text.md).
package enum StringsTable {
    /// The largest strings file read (a refresh control's table is a few hundred bytes).
    public static let maxBytes = 4 << 20

    /// The `key = value` pairs of a `.strings` file: quoted or bare keys and values, `/* */`
    /// and `//` comments, the escapes `\" \\ \n \t \r \0 \' \Uxxxx` (UTF-16 units, pairs
    /// joined). UTF-8, or UTF-16 with its byte-order mark, as Xcode writes them.
    /// - Parameter bytes: the file's contents.
    /// - Returns: each key's value (a key given twice keeps the last, as NSBundle does).
    /// - Throws: ``InvalidValue`` (field `line N`) naming the first thing that is not the grammar.
    public static func parseStrings(_ bytes: [UInt8]) throws -> [String: String] {
        var parser = Parser(units: try utf16(bytes))
        return try parser.table()
    }

    /// One language of a String Catalog: each key's `stringUnit` value in `language`, else in
    /// the catalog's source language; keys with neither are left out (NSBundle then falls
    /// back to the library's own string).
    /// - Parameters:
    ///   - bytes: the `.xcstrings` file (JSON).
    ///   - language: a localization's name, e.g. `en` or `zh-Hans`.
    /// - Returns: each key's value.
    /// - Throws: ``InvalidValue`` for JSON that is not a String Catalog.
    public static func parseCatalog(_ bytes: [UInt8], language: String) throws -> [String: String] {
        struct Catalog: Decodable {
            var sourceLanguage: String
            var strings: [String: Entry]
        }
        struct Entry: Decodable {
            var localizations: [String: Localization]?
        }
        struct Localization: Decodable {
            var stringUnit: Unit?
        }
        struct Unit: Decodable {
            var value: String
        }
        let catalog: Catalog
        do {
            // Strictly, as every JSON input: a key given twice, text after the catalog or a
            // lone surrogate is named with its place.
            catalog = try JSONInput.decode(Catalog.self, from: bytes, name: "xcstrings")
        } catch let RefreshGifError.badInput(_, message) {
            throw InvalidValue(
                field: "xcstrings", reason: "not a String Catalog (a JSON object with sourceLanguage and strings): \(message)")
        }
        var table: [String: String] = [:]
        for (key, entry) in catalog.strings {
            let unit = entry.localizations?[language]?.stringUnit ?? entry.localizations?[catalog.sourceLanguage]?.stringUnit
            if let unit { table[key] = unit.value }
        }
        return table
    }

    /// The file's text as UTF-16 units: UTF-16 with a byte-order mark, else UTF-8 (a UTF-8
    /// byte-order mark is skipped).
    private static func utf16(_ bytes: [UInt8]) throws -> [UInt16] {
        if bytes.count >= 2, (bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF) {
            guard bytes.count % 2 == 0 else { throw InvalidValue(field: "line 1", reason: "UTF-16 text with an odd number of bytes") }
            let little = bytes[0] == 0xFF
            return stride(from: 2, to: bytes.count, by: 2).map {
                little ? UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 : UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
            }
        }
        if bytes.starts(with: [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74]) {
            throw InvalidValue(field: "line 1", reason: "a binary property list: give the source .strings file (text)")
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            throw InvalidValue(field: "line 1", reason: "not UTF-8 or UTF-16 text")
        }
        return Array(text.utf16)
    }

    /// A recursive-descent reader over UTF-16 units, counting lines for its messages.
    private struct Parser {
        let units: [UInt16]
        var at = 0
        var line = 1

        init(units: [UInt16]) { self.units = units }

        func fail(_ reason: String) -> InvalidValue { InvalidValue(field: "line \(line)", reason: reason) }

        var current: UInt16? { at < units.count ? units[at] : nil }

        mutating func advance() {
            if units[at] == 0x0A { line += 1 }
            at += 1
        }

        mutating func table() throws -> [String: String] {
            var table: [String: String] = [:]
            while true {
                try skipSpace()
                guard current != nil else { return table }
                let key = try string()
                try skipSpace()
                if current == 0x3B { // `"key";` gives the key as its own value
                    advance()
                    table[key] = key
                    continue
                }
                guard current == 0x3D else { throw fail("expected = after the key '\(key)'") }
                advance()
                try skipSpace()
                let value = try string()
                try skipSpace()
                guard current == 0x3B else { throw fail("expected ; after the value of '\(key)'") }
                advance()
                table[key] = value
            }
        }

        /// Spaces, line ends and comments.
        mutating func skipSpace() throws {
            while let unit = current {
                if unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0xFEFF {
                    advance()
                } else if unit == 0x2F, at + 1 < units.count, units[at + 1] == 0x2A {
                    let start = line
                    at += 2
                    while true {
                        guard current != nil else { throw InvalidValue(field: "line \(start)", reason: "a /* comment is never closed") }
                        if current == 0x2A, at + 1 < units.count, units[at + 1] == 0x2F {
                            at += 2
                            break
                        }
                        advance()
                    }
                } else if unit == 0x2F, at + 1 < units.count, units[at + 1] == 0x2F {
                    while let c = current, c != 0x0A { _ = c; advance() }
                } else {
                    return
                }
            }
        }

        /// A quoted string with its escapes, or a bare word of letters, digits and `_$+/:.-`.
        mutating func string() throws -> String {
            guard let first = current else { throw fail("expected a string, found the end of the file") }
            guard first == 0x22 else {
                var word: [UInt16] = []
                while let unit = current, Self.isBare(unit) {
                    word.append(unit)
                    advance()
                }
                guard !word.isEmpty else { throw fail("expected a quoted string, found '\(String(decoding: [first], as: UTF16.self))'") }
                return String(decoding: word, as: UTF16.self)
            }
            let start = line
            advance()
            var out: [UInt16] = []
            while true {
                guard let unit = current else { throw InvalidValue(field: "line \(start)", reason: "a quoted string is never closed") }
                advance()
                if unit == 0x22 { return String(decoding: out, as: UTF16.self) }
                guard unit == 0x5C else {
                    out.append(unit)
                    continue
                }
                guard let escaped = current else { throw fail("a \\ at the end of the file") }
                advance()
                switch escaped {
                case 0x6E: out.append(0x0A) // \n
                case 0x74: out.append(0x09) // \t
                case 0x72: out.append(0x0D) // \r
                case 0x30: out.append(0) // \0
                case 0x55, 0x75: // \Uxxxx
                    var value: UInt16 = 0
                    for _ in 0..<4 {
                        guard let digit = current, let nibble = Self.hex(digit) else {
                            throw fail("\\U needs four hexadecimal digits")
                        }
                        value = value << 4 | nibble
                        advance()
                    }
                    out.append(value)
                default: out.append(escaped) // \" \\ \' and any other character as itself
                }
            }
        }

        static func isBare(_ unit: UInt16) -> Bool {
            switch unit {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x24, 0x2B, 0x2F, 0x3A, 0x2E, 0x2D: return true
            default: return false
            }
        }

        static func hex(_ unit: UInt16) -> UInt16? {
            switch unit {
            case 0x30...0x39: return unit - 0x30
            case 0x41...0x46: return unit - 0x41 + 10
            case 0x61...0x66: return unit - 0x61 + 10
            default: return nil
            }
        }
    }
}

extension StringsTable {
    /// The app's table `table` in `language`, from what `i18nBundle` names (docs/text.md):
    /// - a `.strings` file, read as it is;
    /// - an `.xcstrings` String Catalog, in `language` (else its source language);
    /// - an `.lproj` folder: its `TABLE.strings`;
    /// - a bundle folder: `LANGUAGE.lproj/TABLE.strings`, else `TABLE.xcstrings`, else
    ///   `Base.lproj/TABLE.strings`, else `TABLE.strings` at its top. A bundle without the
    ///   language gives an empty table (the library's own strings show, as on a phone).
    /// - Parameters:
    ///   - path: the file or folder.
    ///   - table: `i18nFilename`, e.g. `Localizable`: one file name (``FileName``).
    ///   - language: the localization's folder name, e.g. `zh-Hans`: a checked tag, so the
    ///     folder looked for is always inside `path`.
    /// - Returns: each key's value.
    /// - Throws: ``RefreshGifError`` naming the file: missing, unreadable, too large, not the
    ///   grammar, or a bundle that holds the table in no language at all.
    public static func load(_ path: String, table: String, language tag: LanguageTag) throws -> [String: String] {
        try FileName.checked(table, field: "the strings table's name")
        let language = tag.rawValue
        guard FileIO.isDirectory(path) else { return try read(path, language: language) }
        if path.hasSuffix(".lproj") { return try read(path + "/" + table + ".strings", language: language) }
        let candidates = [
            "\(language).lproj/\(table).strings", "\(table).xcstrings", "Base.lproj/\(table).strings", "\(table).strings",
        ].map { path + "/" + $0 }
        if let found = candidates.first(where: FileIO.isRegularFile) { return try read(found, language: language) }
        let elsewhere = (try? FileIO.entries(of: path))?.contains {
            $0.hasSuffix(".lproj") && FileIO.isRegularFile("\(path)/\($0)/\(table).strings")
        }
        guard elsewhere == true else {
            throw RefreshGifError.missingInput(
                file: path, message: "holds no \(table).strings in an .lproj folder, no \(table).xcstrings and no \(table).strings")
        }
        return [:]
    }

    /// One file: a String Catalog by its extension, else a strings file.
    private static func read(_ file: String, language: String) throws -> [String: String] {
        let bytes = try FileIO.read(file, maxBytes: maxBytes)
        do {
            return file.hasSuffix(".xcstrings") ? try parseCatalog(bytes, language: language) : try parseStrings(bytes)
        } catch let problem as InvalidValue {
            throw RefreshGifError.badInput(file: file, message: "\(problem.field): \(problem.reason)")
        }
    }
}
