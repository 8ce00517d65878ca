/// One class an app makes: a library's kind of control in one style, named as the library's
/// headers name it (`MJRefreshStateTrailer`, `SVInfiniteScrollingView`, `GifAnimator`).
///
/// A setting exists on some classes and not on others (docs/settings.md, "Where a setting
/// applies"): its declaration says which (``SceneField/classes``), and every reader — the
/// scene's build, the export, the preview's panel, the docs' table — asks that one rule.
package struct ControlClass: Sendable, Hashable, CustomStringConvertible {
    /// The library (its family's name, `mjrefresh`).
    public let library: String
    /// The kind of control.
    public let kind: ComponentKind
    /// Its style.
    public let style: ComponentStyle
    /// The class's name in the library's headers.
    public let name: String
    /// The parts it has that settings configure.
    public let parts: Set<ControlPart>

    /// A class of `family`.
    /// - Parameters:
    ///   - family: the library.
    ///   - kind: one of its kinds.
    ///   - style: one of the kind's styles.
    public init(_ family: any RefreshFamily, kind: ComponentKind, style: ComponentStyle) {
        library = family.name
        self.kind = kind
        self.style = style
        name = family.className(kind: kind, style: style)
        parts = family.parts(kind: kind, style: style)
    }

    /// The class's name, with the kind and style that make it where the name is shared
    /// (ZJRefresh's animators serve both kinds).
    public var description: String { "\(name) (\(kind.rawValue), \(style.rawValue) style)" }
}

/// The classes a setting exists on: a rule (``Rule``) over ``ControlClass``, with the words
/// the settings' declarations use (`.part(.timeLabel)`, `.style(.gif)`, `.kinds(.header)`).
package typealias ClassRule = Rule<ControlClass>

extension Rule where Subject == ControlClass {
    /// Classes of one style in every library (`.gif`: MJRefresh's Gif classes,
    /// SVPullToRefresh's custom views, ZJRefresh's GifAnimator).
    /// - Parameter style: the style.
    /// - Returns: the rule.
    package static func style(_ style: ComponentStyle) -> ClassRule { ClassRule { $0.style == style } }
}

extension RefreshFamily {
    /// Every class the library has: each kind in each of its styles, in order.
    public var classes: [ControlClass] {
        kinds.flatMap { kind in styles(for: kind).map { ControlClass(self, kind: kind, style: $0) } }
    }
}

/// A part some classes have and others lack, which settings every library has configure:
/// a family says which parts each of its classes has (`RefreshFamily/parts(kind:style:)`),
/// a setting says which part it configures (``ClassRule/part(_:)``).
package enum ControlPart: String, Sendable, CaseIterable {
    /// The state label (MJRefresh's `stateLabel`, SVPullToRefresh's `titleLabel`, ZJRefresh's description label).
    case stateLabel
    /// The second label: last-updated time, subtitle or date (headers only in MJRefresh and ZJRefresh).
    case timeLabel
    /// State images (the GIF style; SVPullToRefresh's custom views).
    case images
    /// An arrow drawn from an image view the app may give an image (MJRefresh's Normal `arrowView`).
    case arrowImageView
    /// A spinner whose style the app sets.
    case spinner
    /// A spinner whose colour the app sets.
    case spinnerColor
    /// `automaticallyChangeAlpha`.
    case alphaChange
    /// A title the auto footer hides while refreshing (`refreshingTitleHidden`).
    case refreshingTitle
    /// A height the app sets (MJRefresh's `mj_h`, ZJRefresh's animator height).
    case height
    /// A height that is the scroll view's (MJRefresh's trailer): set by the app's layout, not
    /// by the control's setup code.
    case viewHeight
    /// Strings read from the app's bundle (MJRefreshConfig's `i18nBundle`).
    case strings
}

extension Rule where Subject == ControlClass {
    /// Classes that have `part` (the family says which do).
    /// - Parameter part: the part the setting configures.
    /// - Returns: the rule.
    package static func part(_ part: ControlPart) -> ClassRule { ClassRule { $0.parts.contains(part) } }

    /// Classes of the kinds given.
    /// - Parameter kinds: the kinds.
    /// - Returns: the rule.
    package static func kinds(_ kinds: ComponentKind...) -> ClassRule { ClassRule { kinds.contains($0.kind) } }

    /// Classes of any kind but those given.
    /// - Parameter kinds: the kinds left out.
    /// - Returns: the rule.
    package static func kinds(except kinds: ComponentKind...) -> ClassRule { ClassRule { !kinds.contains($0.kind) } }
}
