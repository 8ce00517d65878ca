/// A value declared once, whatever it configures: a setting of the scene (``SceneField``, on a
/// class of control) or a property of one of the control's own layers (``LayerProperty``, on a
/// kind of layer). What derives from declarations — which files a value names, what a value
/// applies to, how it may vary, the docs' tables and the panel's catalog — is written once,
/// against this, so a layer property is covered by every rule a setting is
/// (docs/settings.md, "One kind of declaration").
package protocol Declaration: Sendable {
    /// What it is declared on: a class of control for a setting, a kind of layer for a layer property.
    associatedtype Subject: Sendable

    /// The JSON key (`textColor`, `centerX`).
    var name: String { get }
    /// One sentence for help, docs and the panel.
    var help: String { get }
    /// A valid value (docs, tests, the panel's hint).
    var example: SceneValue { get }
    /// How the value may vary while the control is on screen.
    var variation: ValueVariation { get }
    /// How a value names files, when it can (``FileForm``); nil for one that names none.
    var fileForm: FileForm? { get }
    /// The files it takes when it names one: pickers, uploads and the canary test follow it.
    var accepts: FileTypes? { get }
    /// The words a choice takes; empty for other values.
    var choices: [String] { get }
    /// What it exists on: given for anything else, it is refused before anything is drawn.
    var rule: Rule<Subject> { get }
}

extension Declaration {
    /// Whether it exists on `subject`.
    /// - Parameter subject: a class of control or a kind of layer.
    /// - Returns: true when its rule holds.
    package func applies(to subject: Subject) -> Bool { rule.includes(subject) }

    /// The paths a value of it names, as written (none when it names no file).
    /// - Parameter value: a value of it.
    /// - Returns: the paths, each state's in the states' order.
    package func paths(in value: SceneValue) -> [String] { fileForm?.paths(in: value) ?? [] }

    /// A value of it naming `path`, for one state when it takes only a value per state (the
    /// example's first state): how tests and tools put a file into whatever names one.
    /// - Parameter path: a file's path.
    /// - Returns: the value; nil for one that names no file.
    package func valueNaming(_ path: String) -> SceneValue? {
        guard let form = fileForm else { return nil }
        guard variation.contains(.onlyByState) else { return form.value(naming: path) }
        let state = example.stateMap?.keys.sorted().first ?? RefreshState.idle.rawValue
        return .byState([state: form.value(naming: path)])
    }

    /// The key in words, for people who do not read keys: `hideTimeLabel` → `Hide time label`,
    /// `svLayout` → `SV layout`, `centerX` → `Center X`.
    package var spelledName: String { Self.spell(name) }

    /// A key in words (``spelledName``).
    /// - Parameter key: a camelCase key.
    /// - Returns: its words, the first capitalised.
    package static func spell(_ key: String) -> String {
        var words: [String] = []
        for character in key {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        let spelled = words.map { word -> String in
            let lower = word.lowercased()
            // A letter alone is a name (`centerX`: Center X); a library's initials are capitals.
            return ["sv", "zj", "rtl", "mj"].contains(lower) || lower.count == 1 ? lower.uppercased() : lower
        }
        guard let first = spelled.first else { return key }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + spelled.dropFirst()).joined(separator: " ")
    }
}

/// How a declared value may change while the control is on screen.
package struct ValueVariation: OptionSet, Sendable, Hashable {
    /// The raw bits.
    package let rawValue: Int
    /// Makes a set from its bits.
    /// - Parameter rawValue: the bits.
    package init(rawValue: Int) { self.rawValue = rawValue }
    /// A value per state may be given (`{"idle": …, "pulling": …, "default": …}`), as `setState:` sets it.
    package static let byState = ValueVariation(rawValue: 1)
    /// From one value to another as the pull goes from 0 to 1 (`{"from": …, "to": …}`), as
    /// `setPullingPercent:` sets it; continued past 1.
    package static let byPercent = ValueVariation(rawValue: 2)
    /// Only a value per state is taken (`images`: `STATE=PATH`), never one for all.
    package static let onlyByState = ValueVariation(rawValue: 4)
}

/// Which subjects a declaration exists on — classes of control (``ClassRule``) or kinds of
/// layer — as a test, combined with the words the declarations use.
package struct Rule<Subject: Sendable>: Sendable {
    /// The test.
    package let includes: @Sendable (Subject) -> Bool

    /// A rule from a test.
    /// - Parameter includes: true for a subject the declaration exists on.
    package init(_ includes: @escaping @Sendable (Subject) -> Bool) {
        self.includes = includes
    }

    /// Every subject.
    package static var every: Rule { Rule { _ in true } }

    /// Subjects that hold both rules.
    /// - Parameter other: the other rule.
    /// - Returns: the rule.
    package func and(_ other: Rule) -> Rule {
        let first = includes
        let second = other.includes
        return Rule { first($0) && second($0) }
    }

    /// Subjects that hold either rule.
    /// - Parameter other: the other rule.
    /// - Returns: the rule.
    package func or(_ other: Rule) -> Rule {
        let first = includes
        let second = other.includes
        return Rule { first($0) || second($0) }
    }
}

extension Rule where Subject: Equatable {
    /// The subjects given.
    /// - Parameter subjects: the subjects.
    /// - Returns: the rule.
    package static func among(_ subjects: [Subject]) -> Rule { Rule { subjects.contains($0) } }
}
