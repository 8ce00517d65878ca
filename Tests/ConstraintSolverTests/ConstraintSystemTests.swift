import ConstraintSolver
import Testing

/// The solver on its own: required and prioritised constraints, inequalities, removal, edit
/// variables, refusals, bounds and determinism.
@Suite("ConstraintSystem: Cassowary's simplex method")
struct ConstraintSystemTests {
    typealias E = LinearExpression

    @Test("Required equalities chain: a centred box in a container")
    func centred() throws {
        var system = ConstraintSystem()
        let left = system.makeVariable("left"), width = system.makeVariable("width")
        // width = 100, left + width/2 = 375/2
        try system.add(LinearConstraint(E(width), .equal, E(constant: 100)))
        try system.add(LinearConstraint(E(left) + E(width) * 0.5, .equal, E(constant: 187.5)))
        #expect(system.value(of: width) == 100)
        #expect(system.value(of: left) == 137.5)
    }

    @Test("A higher priority wins a conflict; the lower is kept as far as it can be")
    func priorities() throws {
        var system = ConstraintSystem()
        let x = system.makeVariable("x")
        try system.add(LinearConstraint(E(x), .equal, E(constant: 10), priority: 250))
        try system.add(LinearConstraint(E(x), .equal, E(constant: 40), priority: 750))
        #expect(system.value(of: x) == 40)
        // An inequality at a lower priority does not move it.
        try system.add(LinearConstraint(E(x), .lessThanOrEqual, E(constant: 20), priority: 500))
        #expect(system.value(of: x) == 40)
        // A required one does.
        try system.add(LinearConstraint(E(x), .lessThanOrEqual, E(constant: 30)))
        #expect(system.value(of: x) == 30)
    }

    @Test("Hugging and compression: a label between two edges keeps its text's width until it cannot")
    func huggingAndCompression() throws {
        var system = ConstraintSystem()
        let width = system.makeVariable("label.width")
        let intrinsic = 80.0
        try system.add(LinearConstraint(E(width), .greaterThanOrEqual, E(constant: intrinsic), priority: 750))
        try system.add(LinearConstraint(E(width), .lessThanOrEqual, E(constant: intrinsic), priority: 250))
        #expect(system.value(of: width) == 80)
        // A required room of 60 compresses it.
        let room = try system.add(LinearConstraint(E(width), .lessThanOrEqual, E(constant: 60)))
        #expect(system.value(of: width) == 60)
        // Taken out, it is its own width again.
        try system.remove(room)
        #expect(system.value(of: width) == 80)
        // A low-priority stretch (below hugging) does not pull it; one above does.
        try system.add(LinearConstraint(E(width), .equal, E(constant: 200), priority: 200))
        #expect(system.value(of: width) == 80)
        try system.add(LinearConstraint(E(width), .equal, E(constant: 200), priority: 300))
        #expect(system.value(of: width) == 200)
    }

    @Test("A required constraint that conflicts is refused, naming it, and the system is as it was")
    func unsatisfiable() throws {
        var system = ConstraintSystem()
        let a = system.makeVariable("a.width"), b = system.makeVariable("b.width")
        try system.add(LinearConstraint(E(a), .equal, E(b) + 10))
        #expect(throws: SolverError.unsatisfiable("b.width - a.width - 10 == 0")) {
            try system.add(LinearConstraint(E(b), .equal, E(a) + 10))
        }
        #expect(system.count == 1)
        try system.add(LinearConstraint(E(b), .equal, E(constant: 5)))
        #expect(system.value(of: a) == 15)
        #expect(system.value(of: b) == 5)
        // An inequality conflict too.
        #expect(throws: SolverError.self) { try system.add(LinearConstraint(E(a), .lessThanOrEqual, E(constant: 0))) }
        #expect(system.value(of: a) == 15)
    }

    @Test("Edit variables move without rebuilding, and the rest follows")
    func edits() throws {
        var system = ConstraintSystem()
        let container = system.makeVariable("header.height"), label = system.makeVariable("label.top")
        try system.addEditVariable(container, priority: 999)
        // The label sits 10 pt above the bottom, never above 0.
        try system.add(LinearConstraint(E(label), .equal, E(container) - 30, priority: 750))
        try system.add(LinearConstraint(E(label), .greaterThanOrEqual, E(constant: 0)))
        for height in [54.0, 100, 20, 80] {
            try system.suggestValue(container, height)
            #expect(system.value(of: container) == height)
            #expect(system.value(of: label) == max(0, height - 30))
        }
        #expect(throws: SolverError.requiredEdit("label.top")) { try system.addEditVariable(label, priority: 1000) }
        #expect(throws: SolverError.duplicateEdit("header.height")) { try system.addEditVariable(container, priority: 10) }
        let stranger = system.makeVariable("x")
        #expect(throws: SolverError.unknownEdit("x")) { try system.suggestValue(stranger, 1) }
    }

    @Test("Inputs that are not numbers, and more constraints than it holds, are refused")
    func bounds() throws {
        var system = ConstraintSystem(maxConstraints: 3)
        let x = system.makeVariable("x")
        #expect(throws: SolverError.self) { try system.add(LinearConstraint(E(x), .equal, E(constant: .nan))) }
        #expect(throws: SolverError.self) { try system.add(LinearConstraint(E([(x, .infinity)]), .equal, E())) }
        for value in 0..<3 { try system.add(LinearConstraint(E(x), .greaterThanOrEqual, E(constant: Double(value)))) }
        #expect(throws: SolverError.tooManyConstraints(limit: 3)) { try system.add(LinearConstraint(E(x), .equal, E())) }
        var other = ConstraintSystem()
        let gone = try other.add(LinearConstraint(E(other.makeVariable("y")), .equal, E()))
        try other.remove(gone)
        #expect(throws: SolverError.unknownConstraint) { try other.remove(gone) }
    }

    @Test("A row of 200 views, each 10 pt right of the last: solved, and the same in any run")
    func chain() throws {
        func solve() throws -> [Double] {
            var system = ConstraintSystem()
            let lefts = (0..<200).map { system.makeVariable("v\($0).left") }
            try system.add(LinearConstraint(E(lefts[0]), .equal, E(constant: 5)))
            for (a, b) in zip(lefts, lefts.dropFirst()) {
                try system.add(LinearConstraint(E(b), .equal, E(a) + 10))
                // An ambiguous extra: a weak wish every view is at 0.
                try system.add(LinearConstraint(E(b), .equal, E(), priority: 1))
            }
            return lefts.map(system.value(of:))
        }
        let values = try solve()
        for (index, value) in values.enumerated() { #expect(abs(value - Double(5 + index * 10)) < 1e-9) }
        #expect(try solve() == values)
    }

    @Test("Messages write the constraint as it reads")
    func messages() {
        var system = ConstraintSystem()
        let a = system.makeVariable("a"), b = system.makeVariable("b")
        #expect(LinearConstraint(E(a), .lessThanOrEqual, E(b) * 0.5 + 3, priority: 250).description == "a - 0.5·b - 3 <= 0 @250")
        #expect(E().description == "0")
    }
}
