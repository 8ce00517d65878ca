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
        let pristine: Pristine
    }

    /// A view as the library makes it, by a name: made the first time one of its properties is
    /// asked, whose value is then kept (the library's defaults do not change), so describing a
    /// control at every frame of a gesture makes no view and reads each default once.
    struct Pristine: Sendable {
        let name: String
        let make: @Sendable () -> UIView

        /// A plain `UIView`: what an app's subclass of a control is compared as.
        static let view = Pristine(name: "UIView") { UIView() }
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
                let plain = plainValue(property.name, of: configured.pristine), let value = lookup(property.name, of: configured.view),
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

    /// A property of the library's own view (``lookup(_:of:)`` of it), read once a view and property.
    private static func plainValue(_ name: String, of pristine: Pristine) -> PropertyValue?? {
        let key = pristine.name + "." + name
        if let known = plainValues.withLock({ $0[key] }) { return known }
        let read = lookup(name, of: pristine.make())
        plainValues.withLock { $0[key] = read }
        return read
    }

    /// The library's views' values, by view and property name.
    private static let plainValues = Locked<[String: PropertyValue??]>([:])

    /// Where a stored property sits in a class's reflection: how many superclasses up, and its
    /// place among that class's own stored properties.
    private struct Place: Sendable {
        let depth: Int
        let offset: Int
    }

    /// A class and a property name.
    private struct PlaceKey: Hashable, Sendable {
        let type: ObjectIdentifier
        let name: String
    }

    /// Each class's properties found so far (nil: the class has none of that name): the search
    /// through every stored property is made once a class, not at every frame.
    private static let places = Locked<[PlaceKey: Place?]>([:])

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
        let key = PlaceKey(type: ObjectIdentifier(type(of: view)), name: name)
        let place: Place?
        if let known = places.withLock({ $0[key] }) {
            place = known
        } else {
            place = find(name, in: view)
            places.withLock { $0[key] = place }
        }
        guard let place else { return nil }
        var mirror = Mirror(reflecting: view)
        for _ in 0..<place.depth {
            guard let up = mirror.superclassMirror else { return nil }
            mirror = up
        }
        let children = mirror.children
        guard place.offset < children.count else { return nil }
        return .some(typed(children[children.index(children.startIndex, offsetBy: place.offset)].value))
    }

    /// Where `name` is stored in `view`'s class or a superclass; nil when nowhere.
    private static func find(_ name: String, in view: UIView) -> Place? {
        var mirror: Mirror? = Mirror(reflecting: view)
        var depth = 0
        while let level = mirror {
            if let offset = level.children.firstIndex(where: { $0.label == name }) {
                return Place(depth: depth, offset: level.children.distance(from: level.children.startIndex, to: offset))
            }
            mirror = level.superclassMirror
            depth += 1
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
