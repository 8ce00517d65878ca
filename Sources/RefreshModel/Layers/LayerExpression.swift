#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small arithmetic expression of a custom control's own values, as `placeSubviews` and
/// `setPullingPercent:` compute a subview's frame or colour (docs/layers.md): numbers, the
/// names ``Variable`` lists, `+ - * /` (also `×` and `÷`), parentheses, unary minus, and the
/// functions `min(a, b, …)`, `max(a, b, …)`, `clamp(x, low, high)`, `floor(x)`, and `sin(x)`
/// and `cos(x)` of radians.
///
/// `w * 0.5`, `-100 + 20`, `clamp(pullingPercent, 0, 1) * 360`, `h - 20`.
///
/// Parsed once, by a throwing initialiser that refuses anything else with the position of
/// the first wrong character; at most ``maxLength`` characters and ``maxDepth`` levels of
/// nesting, so no text can exhaust the stack. Evaluating never fails: a division by zero
/// gives an infinite number, which the renderer treats as a layer it cannot place.
package struct LayerExpression: Sendable, Equatable, CustomStringConvertible {
    /// The names an expression may use.
    public enum Variable: String, CaseIterable, Sendable {
        /// The control's width in points (`self.mj_w`).
        case w
        /// The control's height in points (`self.mj_h`).
        case h
        /// MJRefresh's `pullingPercent`, unclamped.
        case pullingPercent
        /// Seconds since the state was entered.
        case t
        /// π, for angles in radians.
        case pi
    }

    /// The values the variables take while one frame is drawn.
    public struct Inputs: Sendable, Equatable {
        /// The control's width in points.
        public var w: Double
        /// The control's height in points.
        public var h: Double
        /// The pull, unclamped.
        public var pullingPercent: Double
        /// Seconds since the state was entered.
        public var t: Double

        /// The inputs of one frame.
        /// - Parameters:
        ///   - w: the control's width in points.
        ///   - h: its height in points.
        ///   - pullingPercent: the pull.
        ///   - t: seconds in the state.
        public init(w: Double, h: Double, pullingPercent: Double, t: Double) {
            self.w = w
            self.h = h
            self.pullingPercent = pullingPercent
            self.t = t
        }

        func value(of variable: Variable) -> Double {
            switch variable {
            case .w: return w
            case .h: return h
            case .pullingPercent: return pullingPercent
            case .t: return t
            case .pi: return Double.pi
            }
        }
    }

    /// A parsed expression.
    indirect enum Node: Sendable, Equatable {
        case number(Double)
        case variable(Variable)
        case negate(Node)
        case binary(Character, Node, Node)
        case call(Function, [Node])
    }

    /// The functions an expression may call.
    enum Function: String, CaseIterable, Sendable {
        case min, max, clamp, floor, sin, cos
    }

    /// The longest text accepted.
    public static let maxLength = 400
    /// The deepest nesting of parentheses and calls accepted.
    public static let maxDepth = 32

    /// The text as given.
    public let text: String
    let node: Node

    /// Parses `text`.
    /// - Parameter text: the expression.
    /// - Throws: ``InvalidValue`` (field empty: the caller names the layer and property) saying
    ///   what is wrong and where.
    public init(_ text: String) throws {
        guard text.unicodeScalars.count <= Self.maxLength else {
            throw InvalidValue(field: "", reason: "an expression has at most \(Self.maxLength) characters")
        }
        var parser = Parser(Array(text.unicodeScalars))
        self.text = text
        node = try parser.whole()
    }

    /// A constant.
    /// - Parameter value: the number.
    public init(_ value: Double) {
        text = SceneValue.shortest(value)
        node = .number(value)
    }

    /// The text as given.
    public var description: String { text }

    /// The number the expression is a constant for, if it uses no variable.
    public var constant: Double? {
        node.usesVariables ? nil : value(Inputs(w: 0, h: 0, pullingPercent: 0, t: 0))
    }

    /// True when the value can change with time.
    public var dependsOnTime: Bool { node.uses(.t) }

    /// The value for one frame's inputs.
    /// - Parameter inputs: the variables' values.
    /// - Returns: the number (infinite or NaN for a division by zero).
    public func value(_ inputs: Inputs) -> Double {
        node.value(inputs)
    }

    /// Two expressions are equal when their texts are.
    public static func == (a: LayerExpression, b: LayerExpression) -> Bool { a.text == b.text }
}

extension LayerExpression.Node {
    func value(_ inputs: LayerExpression.Inputs) -> Double {
        switch self {
        case let .number(n): return n
        case let .variable(v): return inputs.value(of: v)
        case let .negate(inner): return -inner.value(inputs)
        case let .binary(op, a, b):
            let x = a.value(inputs), y = b.value(inputs)
            switch op {
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            default: return x / y
            }
        case let .call(function, arguments):
            let values = arguments.map { $0.value(inputs) }
            switch function {
            case .min: return values.dropFirst().reduce(values[0]) { Swift.min($0, $1) }
            case .max: return values.dropFirst().reduce(values[0]) { Swift.max($0, $1) }
            case .clamp: return Swift.min(Swift.max(values[0], values[1]), values[2])
            case .floor: return values[0].rounded(.down)
            case .sin: return sin(values[0])
            case .cos: return cos(values[0])
            }
        }
    }

    func uses(_ variable: LayerExpression.Variable) -> Bool {
        switch self {
        case .number: return false
        case let .variable(v): return v == variable
        case let .negate(inner): return inner.uses(variable)
        case let .binary(_, a, b): return a.uses(variable) || b.uses(variable)
        case let .call(_, arguments): return arguments.contains { $0.uses(variable) }
        }
    }

    var usesVariables: Bool {
        LayerExpression.Variable.allCases.contains { $0 != .pi && uses($0) }
    }
}

/// A recursive-descent reader of `LayerExpression`'s grammar:
/// sum := product (('+' | '-') product)*; product := unary (('*' | '/') unary)*;
/// unary := '-' unary | atom; atom := number | name | name '(' sum (',' sum)* ')' | '(' sum ')'.
private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func whole() throws -> LayerExpression.Node {
        skipSpaces()
        guard index < scalars.count else { throw fail("an empty expression") }
        let node = try sum()
        skipSpaces()
        guard index == scalars.count else { throw fail("unexpected '\(scalars[index])'") }
        return node
    }

    private func fail(_ what: String) -> InvalidValue {
        InvalidValue(field: "", reason: "\(what) at character \(Swift.min(index, scalars.count) + 1) of the expression")
    }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    /// The next operator, with `×` and `÷` read as `*` and `/`.
    private mutating func peekOperator() -> Character? {
        skipSpaces()
        guard index < scalars.count else { return nil }
        switch scalars[index] {
        case "+": return "+"
        case "-", "\u{2212}": return "-"
        case "*", "×": return "*"
        case "/", "÷": return "/"
        default: return nil
        }
    }

    private mutating func nested<T>(_ body: (inout Parser) throws -> T) throws -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= LayerExpression.maxDepth else { throw fail("more than \(LayerExpression.maxDepth) levels of nesting") }
        return try body(&self)
    }

    private mutating func sum() throws -> LayerExpression.Node {
        var node = try product()
        while let op = peekOperator(), op == "+" || op == "-" {
            index += 1
            node = .binary(op, node, try product())
        }
        return node
    }

    private mutating func product() throws -> LayerExpression.Node {
        var node = try unary()
        while let op = peekOperator(), op == "*" || op == "/" {
            index += 1
            node = .binary(op, node, try unary())
        }
        return node
    }

    private mutating func unary() throws -> LayerExpression.Node {
        if peekOperator() == "-" {
            index += 1
            return try nested { .negate(try $0.unary()) }
        }
        if peekOperator() == "+" {
            index += 1
            return try nested { try $0.unary() }
        }
        return try atom()
    }

    private mutating func atom() throws -> LayerExpression.Node {
        skipSpaces()
        guard index < scalars.count else { throw fail("a number or name expected") }
        let first = scalars[index]
        if first == "(" {
            index += 1
            let inner = try nested { try $0.sum() }
            try expect(")")
            return inner
        }
        if ("0"..."9").contains(first) || first == "." { return try number() }
        if first.properties.isAlphabetic {
            let start = index
            while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
                index += 1
            }
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            skipSpaces()
            if index < scalars.count, scalars[index] == "(" {
                guard let function = LayerExpression.Function(rawValue: name) else {
                    index = start
                    throw fail("unknown function '\(name)' (\(LayerExpression.Function.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                index += 1
                var arguments = [try nested { try $0.sum() }]
                while peek(",") {
                    index += 1
                    arguments.append(try nested { try $0.sum() })
                }
                try expect(")")
                let wanted: ClosedRange<Int>, phrase: String
                switch function {
                case .clamp: (wanted, phrase) = (3...3, "3 arguments (value, low, high)")
                case .min, .max: (wanted, phrase) = (2...LayerExpression.maxLength, "2 or more arguments")
                case .floor, .sin, .cos: (wanted, phrase) = (1...1, "1 argument")
                }
                guard wanted.contains(arguments.count) else { throw fail("\(name) takes \(phrase)") }
                return .call(function, arguments)
            }
            guard let variable = LayerExpression.Variable(rawValue: name) else {
                index = start
                throw fail(
                    "unknown name '\(SceneRead.quoted(name))' (\(LayerExpression.Variable.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            return .variable(variable)
        }
        throw fail("unexpected '\(first)'")
    }

    private mutating func number() throws -> LayerExpression.Node {
        let start = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." { index += 1 }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var probe = index + 1
            if probe < scalars.count, scalars[probe] == "+" || scalars[probe] == "-" { probe += 1 }
            if probe < scalars.count, ("0"..."9").contains(scalars[probe]) {
                index = probe
                while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("'\(text)' is not a number")
        }
        return .number(value)
    }

    private mutating func peek(_ scalar: Unicode.Scalar) -> Bool {
        skipSpaces()
        return index < scalars.count && scalars[index] == scalar
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws {
        guard peek(scalar) else { throw fail("'\(scalar)' expected") }
        index += 1
    }
}

extension LayerExpression {
    /// The expression as Swift computes it on `CGFloat`s named `w`, `h`, `pullingPercent` and
    /// `t` (the exported subclass's locals), fully parenthesised.
    public var swiftCode: String { node.code(.swift) }
    /// The expression as C computes it on the same locals (the Objective-C subclass's).
    public var cCode: String { node.code(.objc) }
}

extension LayerExpression.Node {
    /// The expression in `language`: C spells π, a whole number and `min`/`max` its own way.
    func code(_ language: AppLanguage) -> String {
        let c = language == .objc
        switch self {
        case let .number(n):
            let text = SceneValue.shortest(n)
            return c && !text.contains(".") && !text.contains("e") ? text + ".0" : text
        case let .variable(v): return v == .pi ? (c ? "M_PI" : "CGFloat.pi") : v.rawValue
        case let .negate(inner): return "(-\(inner.code(language)))"
        case let .binary(op, a, b): return "(\(a.code(language)) \(op) \(b.code(language)))"
        case let .call(function, arguments):
            let codes = arguments.map { $0.code(language) }
            let (least, most) = c ? ("fmin", "fmax") : ("min", "max")
            switch function {
            case .clamp: return "\(least)(\(most)(\(codes[0]), \(codes[1])), \(codes[2]))"
            case .min: return codes.dropFirst().reduce(codes[0]) { "\(least)(\($0), \($1))" }
            case .max: return codes.dropFirst().reduce(codes[0]) { "\(most)(\($0), \($1))" }
            case .floor, .sin, .cos: return "\(function.rawValue)(\(codes[0]))"
            }
        }
    }
}
