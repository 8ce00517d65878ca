import RefreshImage

/// How app code spells a setting (docs/settings.md, "How each library spells a setting"): a
/// property of one of the control's views, by what the view is in the picture. Each library
/// names its views (``RefreshFamily/appPath(to:of:)``: MJRefresh's `stateLabel`,
/// SVPullToRefresh's `titleLabel`), so one spelling serves every library that names the view.
/// The export writes the property from the declaration, and RefreshGifUIKit reads it back from
/// the same declaration: a setting that is a property of a stock view is declared once.
package struct AppProperty: Sendable, Hashable {
    /// The view whose property it is.
    package let view: AppView
    /// The property's Swift name (`textColor`, `isHidden`); Objective-C's is derived
    /// (``objcName``).
    package let name: String

    /// A property of a view.
    /// - Parameters:
    ///   - view: the view.
    ///   - name: the property's Swift name.
    package init(_ view: AppView, _ name: String) {
        self.view = view
        self.name = name
    }

    /// The name in Objective-C: a Swift `isHidden` is the `hidden` property whose getter is
    /// `isHidden` (`@property (getter=isHidden) BOOL hidden`); other names are the same.
    package var objcName: String { Self.objcName(name) }

    /// A Swift property name in Objective-C (``objcName``).
    /// - Parameter swift: the Swift name.
    /// - Returns: the Objective-C name.
    package static func objcName(_ swift: String) -> String {
        guard swift.hasPrefix("is"), let third = swift.dropFirst(2).first, third.isUppercase else { return swift }
        return third.lowercased() + swift.dropFirst(3)
    }
}

/// A view of a control that app code sets properties on, by its part in the picture.
package enum AppView: String, Sendable, Hashable, CaseIterable {
    /// The control itself (`header`).
    case control
    /// The label that says the state (`stateLabel`, `titleLabel`).
    case stateLabel
    /// The second line: last updated, or a subtitle.
    case timeLabel
    /// The spinner (`loadingView`).
    case spinner
}

/// How the libraries spell a setting: the properties app code sets, the same in every library
/// unless one spells it its own way.
package struct AppSpelling: Sendable {
    /// The properties in a library that does not spell it its own way.
    package let common: [AppProperty]
    /// A library's own properties, by the library's name; an empty list: the library has none.
    package let libraries: [String: [AppProperty]]

    /// A spelling.
    /// - Parameters:
    ///   - common: the properties in every library not named in `libraries`.
    ///   - libraries: a library's own properties, by its name.
    package init(_ common: [AppProperty], libraries: [String: [AppProperty]] = [:]) {
        self.common = common
        self.libraries = libraries
    }

    /// The properties a library's app code sets.
    /// - Parameter library: the library's name.
    /// - Returns: the properties, in order.
    package func properties(in library: String) -> [AppProperty] { libraries[library] ?? common }
}

/// A setting's value as app code holds it in a property: what the export writes and what
/// RefreshGifUIKit reads back, typed (never text to parse again).
package enum PropertyValue: Sendable, Equatable {
    /// A colour (`UIColor`).
    case color(RGBAColor)
    /// A label's font (`UIFont`).
    case font(LabelFonts.Font)
    /// A number (`CGFloat`, `TimeInterval`).
    case number(Double)
    /// A whole number (`Int`).
    case integer(Int)
    /// A flag (`Bool`).
    case flag(Bool)

    /// The value as a scene setting takes it.
    package var sceneValue: SceneValue {
        switch self {
        case let .color(color): return color.sceneValue ?? .text("")
        case let .font(font): return font.sceneValue ?? .text("")
        case let .number(number): return .number(number)
        case let .integer(integer): return .integer(integer)
        case let .flag(flag): return .flag(flag)
        }
    }
}

extension SceneField {
    /// This setting, as app code spells it: the export writes `properties` (unless a library
    /// spells it its own way, `libraries`), and RefreshGifUIKit reads them back into it.
    /// - Parameters:
    ///   - properties: the properties in every library.
    ///   - libraries: a library's own properties, by the library's name (an empty list: none).
    ///   - value: the value written, from the scene; nil when the scene leaves it to the library.
    ///     By default the setting's own value where it is stored, when that differs from the default.
    /// - Returns: the setting.
    package func spelled(
        _ properties: AppProperty..., libraries: [String: [AppProperty]] = [:],
        value: (@Sendable (RefreshScene) -> PropertyValue?)? = nil
    ) -> SceneField {
        var field = self
        field.spelling = AppSpelling(properties, libraries: libraries)
        if let value { field.propertyValue = value }
        return field
    }
}
