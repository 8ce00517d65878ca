import RefreshGif
internal import RefreshImage
import RefreshLocking
internal import RefreshModel

/// What app code set on a control's views, read back by the settings' spellings
/// (docs/settings.md, "How each library spells a setting"): each setting declared as a
/// property of a view (``AppSpelling``) is read from that property here, so a new setting of
/// a property these views have needs no code of its own. Only properties are read here; what
/// is more than a property (images and titles by state, a date block) is each class's own.
enum SpelledProperties {
    /// A view the app configures, and the same view as the library makes it (what it holds
    /// when the app set nothing). Only the properties the library's view has are read: an app's
    /// subclass of a control is compared as a plain view, its class's own properties being
    /// read by the class.
    struct Configured {
        let view: UIView
        let pristine: UIView
    }

    /// Sets each spelled setting whose property the app changed from the library's value.
    /// When several settings spell one property (`textColor` both labels, `stateLabelColor`
    /// the state label's), the narrowest — the one spelling fewest properties — takes it.
    /// - Parameters:
    ///   - views: the control's views by what they are.
    ///   - library: the library's name.
    ///   - fields: the settings, in the schema's order; nil for the standard schema's.
    ///   - description: the scene being described.
    static func describe(
        _ views: [AppView: Configured], library: String, fields: [SceneField]? = nil, into description: inout SceneDescription
    ) {
        for (property, field) in plan(library: library, fields: fields) {
            guard let configured = views[property.view],
                let plain = lookup(property.name, of: configured.pristine), let value = lookup(property.name, of: configured.view),
                let set = value, set != plain
            else { continue }
            description[field] = set.sceneValue
        }
    }

    /// Each property a library's spellings name, with the narrowest setting that spells it, in
    /// the settings' order: the same for every control of the library, so the standard
    /// schema's is made once a library (a gesture describes the control at every frame).
    /// - Parameters:
    ///   - library: the library's name.
    ///   - fields: the settings; nil for the standard schema's.
    /// - Returns: the properties and their settings.
    private static func plan(library: String, fields: [SceneField]?) -> [(AppProperty, SceneField)] {
        guard let fields else {
            if let made = plans.withLock({ $0[library] }) { return made }
            let made = plan(library: library, fields: SceneSchema.standard.fields)
            plans.withLock { $0[library] = made }
            return made
        }
        var chosen: [AppProperty: (field: SceneField, width: Int)] = [:]
        var order: [AppProperty] = []
        for field in fields {
            guard let properties = field.spelling?.properties(in: library) else { continue }
            for property in properties {
                if let taken = chosen[property] {
                    guard properties.count < taken.width else { continue }
                } else {
                    order.append(property)
                }
                chosen[property] = (field, properties.count)
            }
        }
        return order.compactMap { property in chosen[property].map { (property, $0.field) } }
    }

    /// The standard schema's plans, by library.
    private static let plans = Locked<[String: [(AppProperty, SceneField)]]>([:])

    /// A property of a view, typed; nil when it holds none (no colour set) or the view has no
    /// property of that name here. A stored property is found by its name (its own class's or
    /// a superclass's), so a view's new property needs no code here; a computed one (which
    /// keeps its value in another view) is named in ``computed``.
    /// - Parameters:
    ///   - name: the property's Swift name.
    ///   - view: the view.
    /// - Returns: the value.
    static func value(_ name: String, of view: UIView) -> PropertyValue? { lookup(name, of: view) ?? nil }

    /// A property of a view: nil when the view has no property of that name; its value (nil
    /// when unset) when it has.
    static func lookup(_ name: String, of view: UIView) -> PropertyValue?? {
        if let read = computed[name] { return read(view).map { $0.flatMap(typed) } }
        var mirror: Mirror? = Mirror(reflecting: view)
        while let level = mirror {
            if let child = level.children.first(where: { $0.label == name }) { return .some(typed(child.value)) }
            mirror = level.superclassMirror
        }
        return nil
    }

    /// The computed properties a spelling names, each read where it keeps its value.
    /// Each reads nil for a view without the property, and the property's value (nil when
    /// unset) for one with it.
    private static let computed: [String: @Sendable (UIView) -> Any??] = [
        "activityIndicatorViewColor": { view in (view as? SVPullToRefreshView).map { $0.activityIndicatorViewColor } }
    ]

    /// A property's value as the model types it; nil for an unset optional or another type.
    private static func typed(_ value: Any) -> PropertyValue? {
        switch value {
        case let color as UIColor: return .color(color.rgbaColor)
        case let font as UIFont: return .font(font.labelFont)
        case let flag as Bool: return .flag(flag)
        case let number as CGFloat: return number.isFinite ? .number(Double(number)) : nil
        case let number as Double: return number.isFinite ? .number(number) : nil
        case let number as Int: return .integer(number)
        default: return nil
        }
    }
}

extension UIColor {
    /// The colour as the model holds it, each component rounded to 8 bits and kept in 0...255.
    var rgbaColor: RGBAColor {
        func byte(_ component: CGFloat) -> UInt8 {
            guard component.isFinite else { return 0 }
            return UInt8(min(max((component * 255).rounded(), 0), 255))
        }
        return RGBAColor(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }
}

extension UIFont {
    /// The font as a label font setting takes it: its size and weight, and the file it is
    /// drawn from when the app named one.
    var labelFont: LabelFonts.Font { LabelFonts.Font(pointSize: Double(pointSize), bold: bold, family: file) }
}
