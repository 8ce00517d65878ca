import RefreshImage
@_spi(Tools) import RefreshModel

/// A value in app code: a literal, a name, or an expression built of them. One model for both
/// languages; ``SwiftPrinter`` and ``ObjCPrinter`` write it (docs/layers.md, "Export: the
/// subclass").
package indirect enum AppValue: Sendable, Equatable {
    /// A string literal.
    case string(String)
    /// A number.
    case number(Double)
    /// A whole number.
    case integer(Int)
    /// A Boolean.
    case bool(Bool)
    /// `nil`.
    case none
    /// A colour (`UIColor(red:green:blue:alpha:)`).
    case color(RGBAColor)
    /// One of UIKit's named colours (`UIColor.black`, `[UIColor blackColor]`).
    case systemColor(String)
    /// A font: the system face at a size and weight, or a named font.
    case font(LabelFonts.Font)
    /// An enumeration case: Swift's `.idle`, Objective-C's `MJRefreshStateIdle`.
    case enumCase(swift: String, objc: String)
    /// An array of images by asset name (`UIImage(named:)`), those the app has.
    case images([String])
    /// An image by asset name.
    case image(String)
    /// Images by asset name played as one animated image, `duration` seconds a pass.
    case animatedImage([String], duration: Double)
    /// A local, a parameter or a property path, written alike in both languages (`self.label`).
    case name(String)
    /// A layer's number over the locals `w`, `h`, `pullingPercent` and `t`.
    case expression(LayerExpression)
    /// π as a `CGFloat`.
    case pi
    /// A property of a value, where the two languages may name it apart (`isHidden`, `hidden`).
    case member(AppValue, swift: String, objc: String)
    /// An arithmetic or comparison operation.
    case operation(AppOperator, AppValue, AppValue)
    /// `!value`.
    case not(AppValue)
    /// `min` or `max` of two values (C's `fmin`, `fmax`).
    case function(AppFunction, AppValue, AppValue)
    /// `condition ? a : b`.
    case choice(AppValue, AppValue, AppValue)
    /// An object made by an initialiser (Swift's `Type(label: …)`, Objective-C's
    /// `[[Type alloc] initWith…]`) or a factory (`[Type factory…]`, `factory: true`).
    case make(type: String, swift: [String], objc: [String], arguments: [AppValue], factory: Bool)
    /// A function the file defines (``AppHelper``), called with these arguments.
    case helper(AppHelper, [AppValue])
    /// `CGRect` from its origin and size.
    case rect(AppValue, AppValue, AppValue, AppValue)
    /// `CGPoint`.
    case point(AppValue, AppValue)
    /// A rectangle inset by the same amount on every side.
    case inset(AppValue, by: AppValue)
    /// An affine transform: the identity, turned by `radians`, then scaled by `scale`.
    case transform(radians: AppValue?, scale: AppValue?)
    /// A `CGFloat` as a `Float` (a layer's opacity).
    case single(AppValue)
    /// Code written out per language (a closure, a call) where the model has no case for it.
    case code(swift: String, objc: String)

    /// The value in `language`.
    /// - Parameter language: Swift or Objective-C.
    /// - Returns: source text.
    public func written(in language: AppLanguage) -> String {
        language.printer.value(self)
    }

    /// `value`, kept within 0…1.
    static func unitClamped(_ value: AppValue) -> AppValue {
        .function(.min, .number(1), .function(.max, .number(0), value))
    }

    /// The helpers this value calls, its own and its parts'.
    var helpers: Set<AppHelper> {
        switch self {
        case .images: return [.images]
        case let .animatedImage(names, _): return names.count > 1 ? [.images] : []
        case let .helper(helper, arguments): return arguments.reduce([helper]) { $0.union($1.helpers) }
        case let .member(value, _, _), let .single(value), let .not(value): return value.helpers
        case let .operation(_, a, b), let .function(_, a, b), let .point(a, b), let .inset(a, by: b): return a.helpers.union(b.helpers)
        case let .choice(a, b, c): return a.helpers.union(b.helpers).union(c.helpers)
        case let .make(_, _, _, arguments, _): return arguments.reduce([]) { $0.union($1.helpers) }
        case let .rect(a, b, c, d): return [a, b, c, d].reduce([]) { $0.union($1.helpers) }
        case let .transform(radians, scale): return (radians?.helpers ?? []).union(scale?.helpers ?? [])
        default: return []
        }
    }
}

/// An operator, spelt the same in both languages but for object identity (`!==`, `!=`).
package enum AppOperator: String, Sendable, Equatable {
    case plus = "+", minus = "-", times = "*", over = "/", equal = "==", differs = "!="
    /// Not the same object.
    case notIdentical = "!=="
    /// Either is true.
    case or = "||"

    /// How tightly it binds: products before sums before comparisons.
    var precedence: Int {
        switch self {
        case .times, .over: return 2
        case .plus, .minus: return 1
        case .equal, .differs, .notIdentical: return 0
        case .or: return -1
        }
    }
}

/// The two-argument functions of the model (Swift's `min`, C's `fmin`).
package enum AppFunction: Sendable, Equatable {
    case min, max
}

/// A function the written file defines once for the calls that need it.
package enum AppHelper: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The images an app has of a list of asset names (Objective-C only; Swift writes `compactMap`).
    case images
    /// An image view that plays images in a loop (the setup's Gif views).
    case animation
    /// `a` to `b` by a fraction, per channel (a colour set by the pull).
    case mixed
    /// A closed star path (center, radius, inner radius, points).
    case star
    /// A closed pie slice (center, radius, start and end angles in degrees).
    case sector

    package static func < (a: AppHelper, b: AppHelper) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// A type of a declared local.
package enum AppType: Sendable, Equatable {
    case cgFloat, bool, string, color, font
    /// An image that may be missing.
    case optionalImage
    /// A value type the two languages name (`NSTextAlignment`).
    case named(swift: String, objc: String)
}

/// One of the states a `switch` over the control's state handles, and the value it gives.
package struct AppStateCase: Sendable, Equatable {
    /// The states (`case .refreshing, .willRefresh`).
    public var states: [AppValue]
    /// The value.
    public var value: AppValue
}

/// One statement of app code.
package indirect enum AppStatement: Sendable, Equatable {
    /// `receiver.path = value`; a component ending in `?` is optional in Swift (`stateLabel?`).
    case assign(receiver: String, path: [String], value: AppValue)
    /// `target = value`, the target a name or a member.
    case set(AppValue, AppValue)
    /// A method call with labelled arguments: `swift` and `objc` are the selector pieces, one per
    /// argument (Swift's first piece is the method's name, its argument unlabelled).
    case call(receiver: String, swift: [String], objc: [String], arguments: [AppValue])
    /// A local declared with its type, and its value when it has one here.
    case declare(String, AppType, AppValue?)
    /// `switch state`, setting `target` (a local or a member) per state, `otherwise` for the
    /// rest; with no `otherwise`, the rest leave it as it is (`default: break`).
    case switchOnState(assigning: AppValue, cases: [AppStateCase], otherwise: AppValue?)
    /// `if condition { … } else { … }`.
    case when(AppValue, then: [AppStatement], otherwise: [AppStatement])
    /// A scope of its own, titled by a comment.
    case block(String, [AppStatement])
    /// A line written out per language (Objective-C's without its `;`).
    case line(swift: String, objc: String)
    /// A comment line.
    case comment(String)

    /// The statement in `language`, without indentation.
    /// - Parameter language: Swift or Objective-C.
    /// - Returns: its lines (one for a simple statement).
    public func lines(in language: AppLanguage) -> [String] {
        language.printer.statement(self)
    }

    /// A one-line statement in `language` (a multi-line one's lines joined by line ends).
    /// - Parameter language: Swift or Objective-C.
    /// - Returns: source text.
    public func written(in language: AppLanguage) -> String {
        lines(in: language).joined(separator: "\n")
    }

    /// The helpers the statement calls.
    var helpers: Set<AppHelper> {
        switch self {
        case let .assign(_, _, value): return value.helpers
        case let .set(target, value): return target.helpers.union(value.helpers)
        case let .call(_, _, _, arguments): return arguments.reduce([]) { $0.union($1.helpers) }
        case let .declare(_, _, value): return value?.helpers ?? []
        case let .switchOnState(target, cases, otherwise):
            return cases.reduce(target.helpers.union(otherwise?.helpers ?? [])) { $0.union($1.value.helpers) }
        case let .when(condition, then, otherwise): return (then + otherwise).reduce(condition.helpers) { $0.union($1.helpers) }
        case let .block(_, body): return body.reduce([]) { $0.union($1.helpers) }
        case .line, .comment: return []
        }
    }
}

/// A subclass of a control that holds subviews of its own (docs/layers.md, "Export"): each
/// made once and added in `prepare`, and one `updateLayers` — run from `placeSubviews` and
/// when the state or the pull changes, and with the screen while values change with time —
/// that sets what the state, the pull and the time give.
package struct AppSubclass: Sendable, Equatable {
    /// A subview (or sublayer) the class holds.
    package struct Member: Sendable, Equatable {
        /// The property's name.
        public var name: String
        /// Its class (`UILabel`).
        public var type: String
        /// How it is made.
        public var made: AppValue
    }

    /// The class's name.
    public var name: String
    /// The library's class it subclasses.
    public var base: String
    /// The library's module and its Objective-C import.
    public var module: String, objcImport: String
    /// The library's state enumeration (`MJRefreshState`).
    public var stateType: String
    /// The subviews, in the order they are added.
    public var members: [Member]
    /// The images the class shows, each made once in `prepare` (private, may be nil).
    public var images: [Member] = []
    /// Whether it holds standalone layers (a `CAShapeLayer`): `updateLayers` then sets them
    /// with Core Animation's implicit animations off, so they follow the pull at once.
    public var disablesLayerActions = false
    /// What `prepare` sets once, after every member is made and before any is added.
    public var prepare: [AppStatement]
    /// What `updateLayers` sets, after the locals `w`, `h`, `pullingPercent`, `t` and `state`.
    public var update: [AppStatement]
    /// Whether values change with time: then the class redraws with the screen.
    public var redrawsWithTime: Bool

    /// The locals of `updateLayers` its code reads (`w`, `h`, `pullingPercent`, `t`, `state`),
    /// found in its printed lines outside string literals: only those are declared.
    /// - Parameter lines: the printed statements.
    static func locals(readIn lines: [String]) -> Set<String> {
        let wanted: Set<String> = ["w", "h", "pullingPercent", "t", "state"]
        var found: Set<String> = []
        for line in lines {
            var word = "", inString = false, escaped = false, afterDot = false
            func end() {
                if !word.isEmpty, !afterDot, wanted.contains(word) { found.insert(word) }
                word = ""
            }
            for character in line + " " {
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                    continue
                }
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                    continue
                }
                end()
                afterDot = character == "."
                if character == "\"" { inString = true }
            }
        }
        return found
    }

    /// The helpers the class's code calls.
    var helpers: [AppHelper] {
        let made = (members + images).reduce(into: Set<AppHelper>()) { $0.formUnion($1.made.helpers) }
        return (prepare + update).reduce(into: made) { $0.formUnion($1.helpers) }.sorted()
    }
}

extension AppLanguage {
    /// The printer that writes the model in this language.
    var printer: any AppPrinter {
        switch self {
        case .swift: return SwiftPrinter()
        case .objc: return ObjCPrinter(prefix: "Refresh")
        }
    }
}

/// Writes the app-code model in one language.
package protocol AppPrinter: Sendable {
    /// A value's source text.
    func value(_ value: AppValue) -> String
    /// A statement's lines, unindented (a block's body indented by four spaces).
    func statement(_ statement: AppStatement) -> [String]
}

extension AppPrinter {
    /// A part of an operation or a member's base, parenthesised where the operation around it
    /// would otherwise take it apart (`a - (b - c)`, `(a + b) * c`).
    func operand(_ part: AppValue, of parent: AppOperator? = nil, right: Bool = false) -> String {
        switch part {
        case let .operation(op, _, _):
            guard let parent, op.precedence > parent.precedence || (op.precedence == parent.precedence && !right) else {
                return "(" + value(part) + ")"
            }
            return value(part)
        case .choice: return "(" + value(part) + ")"
        default: return value(part)
        }
    }

    /// `head { … } else { … }`, on one line when each branch is one line.
    func conditional(_ head: String, _ then: [AppStatement], _ otherwise: [AppStatement]) -> [String] {
        let (yes, no) = (then.flatMap(statement), otherwise.flatMap(statement))
        if yes.count == 1, no.count <= 1 { return [head + " { \(yes[0]) }" + (no.first.map { " else { \($0) }" } ?? "")] }
        let elseLines = no.isEmpty ? [] : ["} else {"] + no.map { "    " + $0 }
        return [head + " {"] + yes.map { "    " + $0 } + elseLines + ["}"]
    }

    /// `head`, the body indented a level, and the closing brace.
    func block(_ head: String, _ body: [AppStatement]) -> [String] {
        [head] + body.flatMap(statement).map { "    " + $0 } + ["}"]
    }
}
