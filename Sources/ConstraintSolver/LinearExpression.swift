/// A variable the solver finds a value for (a view's left edge, its width).
///
/// Made by ``ConstraintSystem/makeVariable(_:)``; its name is for messages only.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// Its number in the system that made it.
    public let id: Int
    /// What it stands for, as a message names it: `label.width`.
    public let name: String

    public static func == (a: Variable, b: Variable) -> Bool { a.id == b.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
    public var description: String { name }
}

/// `c₀ + Σ aᵢ·xᵢ`: a constant and variables times coefficients, in the order they were first
/// named (so a message reads as the constraint was written).
public struct LinearExpression: Sendable, CustomStringConvertible {
    /// The variables and their coefficients, each variable once.
    public private(set) var terms: [(variable: Variable, coefficient: Double)]
    /// The constant.
    public var constant: Double

    /// `constant + Σ terms`; a variable named twice is added up.
    /// - Parameters:
    ///   - terms: variables and coefficients.
    ///   - constant: the constant.
    public init(_ terms: [(Variable, Double)] = [], constant: Double = 0) {
        self.terms = []
        self.constant = constant
        for (variable, coefficient) in terms { add(variable, coefficient) }
    }

    /// One variable, coefficient 1.
    public init(_ variable: Variable) { self.init([(variable, 1)]) }

    /// Adds `coefficient · variable`.
    public mutating func add(_ variable: Variable, _ coefficient: Double) {
        if let index = terms.firstIndex(where: { $0.variable == variable }) {
            terms[index].coefficient += coefficient
        } else {
            terms.append((variable, coefficient))
        }
    }

    public var description: String {
        var parts: [String] = []
        for (variable, coefficient) in terms where coefficient != 0 {
            let size = abs(coefficient)
            let term = size == 1 ? variable.name : "\(Self.number(size))·\(variable.name)"
            parts.append(parts.isEmpty ? (coefficient < 0 ? "-" + term : term) : (coefficient < 0 ? "- " : "+ ") + term)
        }
        if constant != 0 || parts.isEmpty {
            let text = Self.number(abs(constant))
            parts.append(parts.isEmpty ? (constant < 0 ? "-" + text : text) : (constant < 0 ? "- " : "+ ") + text)
        }
        return parts.joined(separator: " ")
    }

    /// A number as a message writes it: `12`, `0.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        var sum = a
        for (variable, coefficient) in b.terms { sum.add(variable, coefficient) }
        sum.constant += b.constant
        return sum
    }
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }
    public static func * (a: LinearExpression, factor: Double) -> LinearExpression {
        LinearExpression(a.terms.map { ($0.variable, $0.coefficient * factor) }, constant: a.constant * factor)
    }
    public static func - (a: LinearExpression, constant: Double) -> LinearExpression { a + -constant }
    public static func + (a: LinearExpression, constant: Double) -> LinearExpression {
        var sum = a
        sum.constant += constant
        return sum
    }
}

/// How the two sides of a constraint compare.
public enum Relation: Sendable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }
}

/// `expression relation 0`, held at `priority`: 1000 is required, below that the solver
/// keeps as much of it as the required ones and those of higher priority let it.
public struct LinearConstraint: Sendable, CustomStringConvertible {
    /// The priority of a constraint that must hold.
    public static let required: Double = 1000

    /// The left side minus the right.
    public var expression: LinearExpression
    /// How it compares with zero.
    public var relation: Relation
    /// 1…1000 (values outside are clamped when added).
    public var priority: Double

    /// `left relation right` at `priority`.
    /// - Parameters:
    ///   - left: the left side.
    ///   - relation: how the sides compare.
    ///   - right: the right side.
    ///   - priority: 1…1000; required when left out.
    public init(_ left: LinearExpression, _ relation: Relation, _ right: LinearExpression, priority: Double = required) {
        expression = left - right
        self.relation = relation
        self.priority = priority
    }

    /// True at priority 1000.
    public var isRequired: Bool { priority >= Self.required }

    public var description: String {
        "\(expression) \(relation) 0" + (isRequired ? "" : " @\(LinearExpression.number(priority))")
    }

    /// The weight of a broken constraint's error in the objective: the priority cubed, so one
    /// constraint at 750 outweighs 27 at 250, and nearby priorities still differ.
    var weight: Double {
        let clamped = min(max(priority, 1), 999.999)
        return clamped * clamped * clamped / 1000
    }
}
