import FoundationEssentials
import RefreshModel

extension SceneDescription {
    /// The command-line options that describe the same scene, in the schema's order:
    /// `["--state", "pulling", "--percent", "0.6"]`. Flags set to false are left out (the
    /// command line's default); entries by state become one `--option STATE=VALUE` each.
    /// Read back by ``SceneSchema/description(fromArguments:only:)``, they give this description again.
    public var commandLineArguments: [String] {
        var out: [String] = []
        for field in schema.fields {
            guard let value = values[field.key] else { continue }
            let option = "--" + field.option
            switch value {
            case let .flag(on): if on { out.append(option) }
            case let .byState(map):
                for (state, inner) in map.sorted(by: { $0.key < $1.key }) {
                    out += [option, state + "=" + inner.argumentText]
                }
            default: out += [option, value.argumentText]
            }
        }
        return out
    }
}

/// A command line's scene options that cannot be read: an option no setting has, a missing
/// value, a word that is not an option. Values that are wrong are ``InvalidValue``.
package struct SceneArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One line, in the words of swift-argument-parser's own errors.
    public let description: String
}

extension SceneSchema {
    /// Reads scene options from command-line words (`--state pulling --percent=0.6 --rtl`):
    /// each setting's option, a flag alone, any other option with one value (which may begin
    /// with a dash), by-state options repeated; for a repeated single option the last wins.
    /// - Parameters:
    ///   - words: the options, as the shell split them.
    ///   - fields: the settings accepted (a command that takes only some); nil for all.
    /// - Returns: the description, read with this schema; not yet validated as a whole.
    /// - Throws: `SceneArgumentError` for words that are not options of the settings
    ///   accepted; ``InvalidValue`` naming the setting for a value of the wrong kind.
    public func description(fromArguments words: [String], only fields: [SceneField]? = nil) throws -> SceneDescription {
        let accepted = fields.map { Swift.Set($0.map(\.key)) }
        var texts: [SceneKey: [String]] = [:]
        var order: [SceneField] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                throw SceneArgumentError(description: "Unexpected argument '\(SceneRead.quoted(word))'")
            }
            let body = word.dropFirst(2)
            let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let field = field(option: name), accepted?.contains(field.key) ?? true else {
                throw SceneArgumentError(description: "Unknown option '--\(SceneRead.quoted(name))'")
            }
            let text: String
            if field.valueKind == .flag {
                guard inline == nil else {
                    throw SceneArgumentError(description: "The flag '--\(field.option)' does not take a value")
                }
                text = "true"
            } else if let inline {
                text = inline
            } else {
                guard index < words.count else {
                    throw SceneArgumentError(description: "Missing value for '--\(field.option) <\(field.valueName)>'")
                }
                text = words[index]
                index += 1
            }
            if texts[field.key] == nil { order.append(field) }
            texts[field.key, default: []].append(text)
        }
        var description = SceneDescription(schema: self)
        for field in order {
            description[field] = try field.parse(texts[field.key] ?? [])
        }
        return description
    }

    /// The settings as `--help` lists them, one entry per setting, in the
    /// layout of swift-argument-parser's own help (`--option <value>`, the help wrapped at
    /// `width`, then the default and the words a choice accepts). The width leaves room for
    /// the 8 columns a command's help indents an argument's discussion by.
    /// - Parameters:
    ///   - fields: the settings listed; nil for all.
    ///   - width: the line width.
    /// - Returns: the section, ending in a newline.
    package func helpSection(only fields: [SceneField]? = nil, width: Int = 71) -> String {
        let labelWidth = 24
        var out = ""
        for field in fields ?? self.fields {
            let label = "  --" + field.option + (field.valueKind == .flag ? "" : " <\(field.valueName)>")
            var text = field.help
            if let value = field.defaultText, !text.contains("default") { text += " (default: \(value))" }
            if !field.choices.allSatisfy(field.help.contains) { text += " (values: \(field.choices.joined(separator: ", ")))" }
            let lines = Self.wrap(text, width: width - labelWidth)
            if label.count + 2 <= labelWidth {
                out += label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + (lines.first ?? "") + "\n"
                for line in lines.dropFirst() { out += String(repeating: " ", count: labelWidth) + line + "\n" }
            } else {
                out += label + "\n"
                for line in lines { out += String(repeating: " ", count: labelWidth) + line + "\n" }
            }
        }
        return out
    }

    /// What a shell may complete after `previous` when the word typed so far is `prefix`: the
    /// options that start with it, or a choice's words, or nothing (a path or free text).
    /// - Parameters:
    ///   - previous: the word before the one being completed.
    ///   - prefix: the word being completed, as typed so far.
    ///   - fields: the settings the command takes; nil for all.
    /// - Returns: the candidates, in schema order.
    package func completions(after previous: String, prefix: String, only fields: [SceneField]? = nil) -> [String] {
        let fields = fields ?? self.fields
        if previous.hasPrefix("--"), let field = fields.first(where: { "--" + $0.option == previous }), field.valueKind != .flag {
            return field.choices.filter { $0.hasPrefix(prefix) }
        }
        return fields.map { "--" + $0.option }.filter { $0.hasPrefix(prefix) }
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
