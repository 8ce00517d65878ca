@_spi(Tools) import RefreshModel

/// The setup statements derived from the settings' spellings (``AppSpelling``): each setting
/// the scene sets that is a property of one of the control's views, written as the library
/// spells it — the part of every library's setup that no library writes by hand
/// (docs/settings.md, "How each library spells a setting").
extension RefreshFamily {
    /// An assignment for each spelled setting the scene sets, in the settings' order. When two
    /// settings write one property (`textColor` both labels, `stateLabelColor` the state
    /// label's), the later, narrower one gives the value, written where the property first came.
    /// - Parameters:
    ///   - scene: the scene exported.
    ///   - fields: every setting, in the schema's order.
    ///   - receiver: the control's variable.
    /// - Returns: the statements.
    package func propertyStatements(of scene: RefreshScene, fields: [SceneField], receiver: String) -> [AppStatement] {
        var paths: [[String]] = []
        var values: [[String]: AppValue] = [:]
        for field in fields where field.applies(to: scene.controlClass) {
            guard let spelling = field.spelling, let value = field.propertyValue?(scene) else { continue }
            for property in spelling.properties(in: name) {
                guard let view = appPath(to: property.view, of: scene) else { continue }
                let path = view + [property.name]
                if values[path] == nil { paths.append(path) }
                values[path] = value.appValue
            }
        }
        return paths.compactMap { path in values[path].map { .assign(receiver: receiver, path: path, value: $0) } }
    }
}

extension PropertyValue {
    /// The value as the setup writes it.
    var appValue: AppValue {
        switch self {
        case let .color(color): return .color(color)
        case let .font(font): return .font(font)
        case let .number(number): return .number(number)
        case let .integer(integer): return .integer(integer)
        case let .flag(flag): return .bool(flag)
        }
    }
}
