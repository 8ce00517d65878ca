import FoundationEssentials

extension SceneDescription {
    /// The command-line options that describe the same scene, in the schema's order:
    /// `["--state", "pulling", "--percent", "0.6"]`. Flags set to false are left out (the
    /// command line's default); entries by state become one `--option STATE=VALUE` each.
    /// Parsed back by `refresh-render`, they give this description again.
    public var commandLineArguments: [String] {
        var out: [String] = []
        for field in SceneSchema.fields {
            guard let value = self[field.key] else { continue }
            let option = "--" + field.option
            switch value {
            case let .flag(on): if on { out.append(option) }
            case let .byState(map):
                for (state, inner) in map.sorted(by: { $0.key < $1.key }) {
                    out += [option, state + "=" + Self.argumentText(inner)]
                }
            default: out += [option, Self.argumentText(value)]
            }
        }
        return out
    }

    /// A value as the command line writes it: numbers in their shortest exact form.
    public static func argumentText(_ value: SceneValue) -> String {
        switch value {
        case let .number(n): return n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : "\(n)"
        case let .integer(i): return String(i)
        case let .flag(b): return b ? "true" : "false"
        case let .text(t): return t
        case let .byState(map): return map.sorted { $0.key < $1.key }.map { "\($0.key)=\(argumentText($0.value))" }.joined(separator: ",")
        }
    }
}
