/// An incremental solver for linear equalities and inequalities with priorities: the simplex
/// method as the Cassowary algorithm arranges it (Badros, Borning and Stuckey, 2001), the kind
/// of solver UIKit's Auto Layout runs (docs/app-code.md, "Auto Layout").
///
/// Required constraints (priority 1000) hold or are refused when added
/// (``SolverError/unsatisfiable(_:)``); the others are kept as far as those of higher priority
/// let them, each broken one's error weighed by its priority. Constraints are added and removed
/// one at a time, each change pivoting only what it touches; an edit variable
/// (``addEditVariable(_:priority:)``) is moved with ``suggestValue(_:_:)`` without rebuilding.
///
/// Every choice the method makes (which variable enters, which row leaves) takes the lowest
/// numbered candidate, so the same constraints added in the same order give the same values,
/// and the method cannot cycle. Each change is bounded (``maxPivots``), and the system holds
/// at most ``maxConstraints`` constraints: no input hangs it or grows it without end.
public struct ConstraintSystem: Sendable {
    /// A constraint in the system: how ``remove(_:)`` and a message name it.
    public struct Handle: Hashable, Sendable {
        public let id: Int
    }

    /// The most constraints held at once.
    public let maxConstraints: Int
    /// The most pivots one change may take.
    public let maxPivots: Int

    private var nextSymbol = 0
    private var nextVariable = 0
    private var nextHandle = 0
    private var rows: [Symbol: Row] = [:]
    private var objective = Row()
    private var artificial: Row?
    private var infeasible: [Symbol] = []
    private var variables: [Variable: Symbol] = [:]
    private var constraints: [Handle: (constraint: LinearConstraint, tag: Tag)] = [:]
    private var edits: [Variable: (handle: Handle, value: Double)] = [:]
    /// Set when a change failed midway (too much work): the system refuses every change after.
    private var failure: SolverError?

    /// An empty system.
    /// - Parameters:
    ///   - maxConstraints: the most constraints it holds (4 096: a screen of views has hundreds).
    ///   - maxPivots: the most pivots one change may take.
    public init(maxConstraints: Int = 4096, maxPivots: Int = 100_000) {
        self.maxConstraints = maxConstraints
        self.maxPivots = maxPivots
    }

    /// A new variable, named for messages.
    public mutating func makeVariable(_ name: String) -> Variable {
        nextVariable += 1
        return Variable(id: nextVariable, name: name)
    }

    /// The constraints held.
    public var count: Int { constraints.count }

    /// Adds `constraint` and solves again.
    /// - Returns: its handle.
    /// - Throws: ``SolverError/unsatisfiable(_:)`` for a required constraint the others leave no
    ///   room for (the system is as it was), ``SolverError/tooManyConstraints(limit:)``,
    ///   ``SolverError/tooMuchWork(limit:)``.
    @discardableResult
    public mutating func add(_ constraint: LinearConstraint) throws -> Handle {
        if let failure { throw failure }
        guard constraints.count < maxConstraints else { throw SolverError.tooManyConstraints(limit: maxConstraints) }
        guard constraint.priority.isFinite, constraint.expression.constant.isFinite,
            constraint.expression.terms.allSatisfy({ $0.coefficient.isFinite })
        else { throw SolverError.notFinite(constraint.description) }
        // Only a required constraint can be refused, and a refused one leaves the tableau an
        // equivalent of what it was (its new variables unused): nothing to undo.
        var (row, tag) = makeRow(for: constraint)
        var subject = Self.subject(of: row, tag: tag)
        if subject == nil, row.cells.symbols.allSatisfy({ $0.kind == .dummy }) {
            guard Self.nearZero(row.constant) else { throw SolverError.unsatisfiable(constraint.description) }
            subject = tag.marker
        }
        do {
            if let subject {
                row.solve(for: subject)
                substitute(subject, by: row)
                rows[subject] = row
            } else if try !addWithArtificialVariable(row) {
                throw SolverError.unsatisfiable(constraint.description)
            }
            nextHandle += 1
            let handle = Handle(id: nextHandle)
            constraints[handle] = (constraint, tag)
            try optimize(objective: true)
            return handle
        } catch {
            throw recorded(error)
        }
    }

    /// `error`, remembered unless it refused a constraint: a change that failed midway leaves
    /// the tableau unknown, so every later change throws it too.
    private mutating func recorded(_ error: Error) -> Error {
        guard let error = error as? SolverError else { return error }
        if case .unsatisfiable = error { return error }
        failure = error
        return error
    }

    /// Takes a constraint out and solves again.
    /// - Throws: ``SolverError/unknownConstraint`` for a handle not held.
    public mutating func remove(_ handle: Handle) throws {
        if let failure { throw failure }
        guard let (constraint, tag) = constraints.removeValue(forKey: handle) else { throw SolverError.unknownConstraint }
        // Its errors leave the objective.
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .error {
            if let row = rows[symbol] {
                objective.add(row, times: -constraint.weight)
            } else {
                objective.add(symbol, -constraint.weight)
            }
        }
        if rows.removeValue(forKey: tag.marker) == nil {
            guard let leaving = leavingRow(forMarker: tag.marker), var row = rows.removeValue(forKey: leaving) else {
                throw SolverError.internalError("no row holds the constraint's marker")
            }
            row.solve(for: leaving, entering: tag.marker)
            substitute(tag.marker, by: row)
        }
        try optimize(objective: true)
    }

    /// Makes `variable` one the caller moves (``suggestValue(_:_:)``), held at `priority` (below 1000).
    /// - Throws: ``SolverError/requiredEdit`` at 1000, ``SolverError/duplicateEdit`` when it is one already.
    public mutating func addEditVariable(_ variable: Variable, priority: Double) throws {
        guard edits[variable] == nil else { throw SolverError.duplicateEdit(variable.name) }
        guard priority < LinearConstraint.required else { throw SolverError.requiredEdit(variable.name) }
        let handle = try add(LinearConstraint(LinearExpression(variable), .equal, LinearExpression(), priority: priority))
        edits[variable] = (handle, 0)
    }

    /// Asks for `value` for an edit variable, solving again from where the system was (the
    /// dual simplex method: only what the change makes infeasible is pivoted).
    /// - Throws: ``SolverError/unknownEdit`` for a variable that is not one.
    public mutating func suggestValue(_ variable: Variable, _ value: Double) throws {
        if let failure { throw failure }
        guard let edit = edits[variable], let tag = constraints[edit.handle]?.tag else { throw SolverError.unknownEdit(variable.name) }
        guard value.isFinite else { throw SolverError.notFinite("\(variable.name) = \(value)") }
        let delta = value - edit.value
        edits[variable]?.value = value
        if var row = rows[tag.marker] {
            row.constant -= delta
            rows[tag.marker] = row
            if row.constant < 0 { infeasible.append(tag.marker) }
        } else if let other = tag.other, var row = rows[other] {
            row.constant += delta
            rows[other] = row
            if row.constant < 0 { infeasible.append(other) }
        } else {
            var newlyInfeasible: [Symbol] = []
            var index = rows.startIndex
            while index != rows.endIndex {
                if let coefficient = rows.values[index].cells[tag.marker] {
                    rows.values[index].constant += delta * coefficient
                    let symbol = rows.keys[index]
                    if rows.values[index].constant < 0, symbol.kind != .external { newlyInfeasible.append(symbol) }
                }
                index = rows.index(after: index)
            }
            infeasible += newlyInfeasible.sorted()
        }
        try dualOptimize()
    }

    /// The value found for `variable` (0 for one no constraint names).
    public func value(of variable: Variable) -> Double {
        guard let symbol = variables[variable] else { return 0 }
        return rows[symbol]?.constant ?? 0
    }

    // MARK: - The tableau

    private mutating func symbol(_ kind: Symbol.Kind) -> Symbol {
        nextSymbol += 1
        return Symbol(id: nextSymbol, kind: kind)
    }

    /// The row of a new constraint, with the symbols that mark it (docs: slack, error, dummy).
    private mutating func makeRow(for constraint: LinearConstraint) -> (Row, Tag) {
        var row = Row(constant: constraint.expression.constant)
        for (variable, coefficient) in constraint.expression.terms where !Self.nearZero(coefficient) {
            let symbol: Symbol
            if let known = variables[variable] {
                symbol = known
            } else {
                symbol = self.symbol(.external)
                variables[variable] = symbol
            }
            if let basic = rows[symbol] {
                row.add(basic, times: coefficient)
            } else {
                row.add(symbol, coefficient)
            }
        }
        let weight = constraint.weight
        var tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = symbol(.slack)
            row.add(slack, sign)
            tag = Tag(marker: slack, other: nil)
            if !constraint.isRequired {
                let error = symbol(.error)
                row.add(error, -sign)
                objective.add(error, weight)
                tag.other = error
            }
        case .equal:
            if constraint.isRequired {
                let dummy = symbol(.dummy)
                row.add(dummy, 1)
                tag = Tag(marker: dummy, other: nil)
            } else {
                let plus = symbol(.error), minus = symbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                objective.add(plus, weight)
                objective.add(minus, weight)
                tag = Tag(marker: plus, other: minus)
            }
        }
        if row.constant < 0 { row.negate() }
        return (row, tag)
    }

    /// The symbol a new row is solved for: an external variable, else a marker that may enter
    /// with a negative coefficient; nil when there is none.
    private static func subject(of row: Row, tag: Tag) -> Symbol? {
        if let external = row.cells.symbols.first(where: { $0.kind == .external }) { return external }
        for symbol in [tag.marker, tag.other].compactMap({ $0 }) where symbol.kind == .slack || symbol.kind == .error {
            if let coefficient = row.cells[symbol], coefficient < 0 { return symbol }
        }
        return nil
    }

    /// Adds a row no symbol can be solved for, through an artificial variable minimised away.
    private mutating func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = symbol(.slack)
        rows[art] = row
        artificial = row
        try optimize(objective: false)
        let feasible = Self.nearZero(artificial?.constant ?? 0)
        artificial = nil
        if var basic = rows.removeValue(forKey: art) {
            if basic.cells.isEmpty { return feasible }
            guard let entering = basic.cells.symbols.first(where: { $0.kind == .slack || $0.kind == .error }) else { return false }
            basic.solve(for: art, entering: entering)
            substitute(entering, by: basic)
            rows[entering] = basic
        }
        for symbol in Array(rows.keys) { rows[symbol]?.cells[art] = nil }
        objective.cells[art] = nil
        return feasible
    }

    /// Puts `row` (the value of `symbol`) in place of `symbol` everywhere.
    private mutating func substitute(_ symbol: Symbol, by row: Row) {
        var newlyInfeasible: [Symbol] = []
        // In place, by index: no row is copied.
        var index = rows.startIndex
        while index != rows.endIndex {
            if let coefficient = rows.values[index].cells.removeValue(forKey: symbol) {
                rows.values[index].add(row, times: coefficient)
                let basic = rows.keys[index]
                if basic.kind != .external, rows.values[index].constant < 0 { newlyInfeasible.append(basic) }
            }
            index = rows.index(after: index)
        }
        // In symbol order, whatever order the dictionary walks in: the same pivots in every run.
        infeasible += newlyInfeasible.sorted()
        if let coefficient = objective.cells.removeValue(forKey: symbol) { objective.add(row, times: coefficient) }
        if var art = artificial, let coefficient = art.cells.removeValue(forKey: symbol) {
            art.add(row, times: coefficient)
            artificial = art
        }
    }

    /// The primal simplex method on the objective (or the artificial row): pivots while a
    /// symbol would lower it.
    private mutating func optimize(objective useObjective: Bool) throws {
        for _ in 0..<maxPivots {
            let target = useObjective ? objective : (artificial ?? objective)
            // The lowest numbered symbol that lowers the objective enters (Bland's rule).
            guard let entering = target.cells.first(where: { $0.0.kind != .dummy && $0.1 < 0 })?.0 else { return }
            var leaving: Symbol?
            var ratio = Double.infinity
            for (symbol, row) in rows where symbol.kind != .external {
                guard let coefficient = row.cells[entering], coefficient < 0 else { continue }
                let r = -row.constant / coefficient
                // The lowest ratio; between equal ones the lowest numbered symbol.
                if r < ratio || (r == ratio && symbol < (leaving ?? symbol)) {
                    ratio = r
                    leaving = symbol
                }
            }
            guard let leaving, var row = rows.removeValue(forKey: leaving) else {
                throw SolverError.internalError("the objective is unbounded")
            }
            row.solve(for: leaving, entering: entering)
            substitute(entering, by: row)
            rows[entering] = row
        }
        throw SolverError.tooMuchWork(limit: maxPivots)
    }

    /// The dual simplex method: pivots the rows an edit left infeasible back to feasible.
    private mutating func dualOptimize() throws {
        var pivots = 0
        while let leaving = infeasible.popLast() {
            guard var row = rows[leaving], row.constant < 0 else { continue }
            pivots += 1
            guard pivots <= maxPivots else { throw SolverError.tooMuchWork(limit: maxPivots) }
            var entering: Symbol?
            var ratio = Double.infinity
            for (symbol, coefficient) in row.cells where symbol.kind != .dummy && coefficient > 0 {
                let r = (objective.cells[symbol] ?? 0) / coefficient
                if r < ratio || (r == ratio && symbol < (entering ?? symbol)) {
                    ratio = r
                    entering = symbol
                }
            }
            guard let entering else { throw SolverError.internalError("the dual simplex method found no symbol to enter") }
            rows[leaving] = nil
            row.solve(for: leaving, entering: entering)
            substitute(entering, by: row)
            rows[entering] = row
        }
    }

    /// The row to pivot a removed constraint's marker into: a restricted row that limits it
    /// most, else any row holding it.
    private func leavingRow(forMarker marker: Symbol) -> Symbol? {
        var first: (Symbol, Double)?, second: (Symbol, Double)?, third: Symbol?
        func better(_ candidate: (Symbol, Double), than best: (Symbol, Double)?) -> Bool {
            guard let best else { return true }
            return candidate.1 < best.1 || (candidate.1 == best.1 && candidate.0 < best.0)
        }
        for (symbol, row) in rows {
            guard let coefficient = row.cells[marker] else { continue }
            if symbol.kind == .external {
                if symbol < (third ?? symbol) || third == nil { third = symbol }
            } else if coefficient < 0 {
                let candidate = (symbol, -row.constant / coefficient)
                if better(candidate, than: first) { first = candidate }
            } else {
                let candidate = (symbol, row.constant / coefficient)
                if better(candidate, than: second) { second = candidate }
            }
        }
        return first?.0 ?? second?.0 ?? third
    }

    static func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }
}

/// A symbol of the tableau: a variable of the caller's, or one the method adds.
struct Symbol: Hashable, Comparable, Sendable {
    enum Kind: Sendable {
        /// The caller's variable.
        case external
        /// An inequality's slack (≥ 0).
        case slack
        /// A non-required constraint's error (≥ 0), weighed in the objective.
        case error
        /// Marks a required equality (always 0).
        case dummy
    }
    let id: Int
    let kind: Kind

    static func == (a: Symbol, b: Symbol) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
}

/// The symbols that mark a constraint in the tableau.
struct Tag: Sendable {
    var marker: Symbol
    var other: Symbol?
}

/// `basic = constant + Σ cells`.
struct Row: Sendable {
    var constant: Double = 0
    var cells = Cells()

    mutating func add(_ symbol: Symbol, _ coefficient: Double) {
        let sum = (cells[symbol] ?? 0) + coefficient
        cells[symbol] = ConstraintSystem.nearZero(sum) ? nil : sum
    }

    mutating func add(_ row: Row, times factor: Double) {
        constant += row.constant * factor
        cells.add(row.cells, times: factor)
    }

    mutating func negate() {
        constant = -constant
        cells.scale(by: -1)
    }

    /// Solves `0 = constant + Σ cells` for `symbol`.
    mutating func solve(for symbol: Symbol) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        let factor = -1 / coefficient
        constant *= factor
        cells.scale(by: factor)
    }

    /// Solves `basic = row` for `entering` instead.
    mutating func solve(for basic: Symbol, entering: Symbol) {
        add(basic, -1)
        solve(for: entering)
    }
}

/// A row's coefficients: symbols in increasing order with their coefficients, none zero.
/// Sorted arrays, not a dictionary: a lookup is a binary search, adding one row to another a
/// merge, and nothing is hashed (hashing was most of a solve's time).
struct Cells: Sequence, Sendable {
    private(set) var symbols: [Symbol] = []
    private(set) var values: [Double] = []

    var isEmpty: Bool { symbols.isEmpty }

    /// Where `symbol` is, or would be inserted.
    private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
        var low = 0, high = symbols.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[middle].id < symbol.id { low = middle + 1 } else { high = middle }
        }
        return (low, low < symbols.count && symbols[low].id == symbol.id)
    }

    subscript(symbol: Symbol) -> Double? {
        get {
            let (index, found) = position(of: symbol)
            return found ? values[index] : nil
        }
        set {
            let (index, found) = position(of: symbol)
            switch (found, newValue) {
            case let (true, value?): values[index] = value
            case (true, nil):
                symbols.remove(at: index)
                values.remove(at: index)
            case let (false, value?):
                symbols.insert(symbol, at: index)
                values.insert(value, at: index)
            case (false, nil): break
            }
        }
    }

    mutating func removeValue(forKey symbol: Symbol) -> Double? {
        let (index, found) = position(of: symbol)
        guard found else { return nil }
        symbols.remove(at: index)
        return values.remove(at: index)
    }

    mutating func scale(by factor: Double) {
        for index in values.indices { values[index] *= factor }
    }

    /// Adds `other × factor`, merging the two orders; sums that cancel leave.
    mutating func add(_ other: Cells, times factor: Double) {
        guard !other.isEmpty else { return }
        var mergedSymbols: [Symbol] = [], mergedValues: [Double] = []
        mergedSymbols.reserveCapacity(symbols.count + other.symbols.count)
        mergedValues.reserveCapacity(symbols.count + other.symbols.count)
        var i = 0, j = 0
        func keep(_ symbol: Symbol, _ value: Double) {
            if !ConstraintSystem.nearZero(value) {
                mergedSymbols.append(symbol)
                mergedValues.append(value)
            }
        }
        while i < symbols.count || j < other.symbols.count {
            if j == other.symbols.count || (i < symbols.count && symbols[i].id < other.symbols[j].id) {
                mergedSymbols.append(symbols[i])
                mergedValues.append(values[i])
                i += 1
            } else if i == symbols.count || other.symbols[j].id < symbols[i].id {
                keep(other.symbols[j], other.values[j] * factor)
                j += 1
            } else {
                keep(symbols[i], values[i] + other.values[j] * factor)
                i += 1
                j += 1
            }
        }
        symbols = mergedSymbols
        values = mergedValues
    }

    func makeIterator() -> Zip2Sequence<[Symbol], [Double]>.Iterator { zip(symbols, values).makeIterator() }
}

/// Why the solver refused a change.
public enum SolverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A required constraint the others leave no room for (it was not added).
    case unsatisfiable(String)
    /// More constraints than the system holds.
    case tooManyConstraints(limit: Int)
    /// A change that took more pivots than the limit.
    case tooMuchWork(limit: Int)
    /// A number that is infinite or not a number.
    case notFinite(String)
    /// A handle the system does not hold.
    case unknownConstraint
    /// A variable that is not an edit variable.
    case unknownEdit(String)
    /// An edit variable added twice.
    case duplicateEdit(String)
    /// An edit variable at priority 1000.
    case requiredEdit(String)
    /// A state the method should never reach.
    case internalError(String)

    public var description: String {
        switch self {
        case let .unsatisfiable(constraint): return "unsatisfiable: \(constraint) conflicts with required constraints"
        case let .tooManyConstraints(limit): return "more than \(limit) constraints"
        case let .tooMuchWork(limit): return "more than \(limit) pivots for one change"
        case let .notFinite(what): return "not a finite number: \(what)"
        case .unknownConstraint: return "no such constraint"
        case let .unknownEdit(name): return "\(name) is not an edit variable"
        case let .duplicateEdit(name): return "\(name) is an edit variable already"
        case let .requiredEdit(name): return "\(name): an edit variable cannot be required"
        case let .internalError(message): return "internal: \(message)"
        }
    }
}
