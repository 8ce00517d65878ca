import RefreshImage
@_spi(Tools) import RefreshModel

/// One layer's code: how its view is made, what `prepare` sets once (values that do not
/// vary) and what `updateLayers` sets (values by state, by pull or of the control's size).
struct LayerCode {
    let layer: CheckedLayer
    let images: [String: (names: [String], duration: Double)]
    /// The subclass's property holding each image, by path (made once, in `prepare`).
    let imageMembers: [String: String]
    private(set) var prepare: [AppStatement] = []
    private(set) var update: [AppStatement] = []

    /// The layer's view (or sublayer).
    var view: AppValue { .name("self." + layer.name) }

    /// Inputs for values that cannot vary (a shape's kind, a spinner's style).
    static let rest = LayerFrameInputs(state: .idle, inputs: .init(w: 0, h: 0, pullingPercent: 0, t: 0))

    /// The states the control enters on the phone: its kind's, and Will Refresh.
    let reached: Set<RefreshState>

    init(
        _ layer: CheckedLayer, images: [String: (names: [String], duration: Double)], imageMembers: [String: String] = [:],
        reached: Set<RefreshState>
    ) {
        self.layer = layer
        self.images = images
        self.imageMembers = imageMembers
        self.reached = reached
        content()
        frame()
        prepare.append(
            layer.kind == .shape
                ? .call(receiver: "self.layer", swift: ["addSublayer"], objc: ["addSublayer"], arguments: [view])
                : .call(receiver: "self", swift: ["addSubview"], objc: ["addSubview"], arguments: [view]))
    }

    /// The property that holds the layer, and how it is made.
    var member: AppSubclass.Member {
        func make(_ type: String, _ swift: [String] = [], _ objc: [String] = [], _ arguments: [AppValue] = []) -> AppValue {
            .make(type: type, swift: swift, objc: objc, arguments: arguments, factory: false)
        }
        let made: AppValue
        switch layer.kind {
        case .label: made = make("UILabel")
        case .image: made = make("UIImageView", ["image"], ["initWithImage"], [.none])
        case .spinner:
            let style = layer.text(.spinnerStyle, Self.rest).flatMap(SpinnerStyle.init(rawValue:)) ?? .medium
            made = make("UIActivityIndicatorView", ["style"], ["initWithActivityIndicatorStyle"], [MJRefresh.spinnerCase(style)])
        case .switch: made = make("UISwitch")
        case .shape: made = .make(type: "CAShapeLayer", swift: [], objc: ["layer"], arguments: [], factory: true)
        case .arrow:
            made = make(
                "UIImageView", ["image"], ["initWithImage"], [.code(swift: "Bundle.mj_arrowImage()", objc: "[NSBundle mj_arrowImage]")])
        }
        return .init(name: layer.name, type: Self.type(layer.kind), made: made)
    }

    /// The class that draws a kind of layer.
    static func type(_ kind: LayerKind) -> String {
        switch kind {
        case .label: return "UILabel"
        case .image, .arrow: return "UIImageView"
        case .spinner: return "UIActivityIndicatorView"
        case .switch: return "UISwitch"
        case .shape: return "CAShapeLayer"
        }
    }

    /// The layer's member `swift` (`objc` in Objective-C).
    func member(_ swift: String, objc: String? = nil) -> AppValue { .member(view, swift: swift, objc: objc ?? swift) }

    // MARK: - Values as the app sets them

    /// Binds `local` to a value fixed, by state (a `switch`) or by pull.
    static func binding<T>(
        _ local: String, _ type: AppType, _ varying: LayerVarying<T>, fallback: AppValue, value: (T) -> AppValue,
        mix: ((AppValue, AppValue) -> AppValue)?
    ) -> [AppStatement] {
        switch varying {
        case let .fixed(fixed): return [.declare(local, type, value(fixed))]
        case let .byPercent(from, to): return [.declare(local, type, mix?(value(from), value(to)) ?? value(from))]
        case let .byState(map, otherwise):
            return [
                .declare(local, type, nil),
                .switchOnState(assigning: .name(local), cases: stateCases(map, value: value), otherwise: otherwise.map(value) ?? fallback),
            ]
        }
    }

    /// The states a map gives a value for, in the states' order, each with the states it is set
    /// in: Will Refresh goes with Refreshing (which it is drawn as) unless it has its own.
    static func givenStates<T>(_ map: [RefreshState: T]) -> [(states: [RefreshState], value: T)] {
        RefreshState.allCases.compactMap { state in
            guard let value = map[state] else { return nil }
            return (state == .refreshing && map[.willRefresh] == nil ? [.refreshing, .willRefresh] : [state], value)
        }
    }

    /// A `case` a state the map gives, as ``givenStates(_:)`` groups them.
    static func stateCases<T>(_ map: [RefreshState: T], value: (T) -> AppValue) -> [AppStateCase] {
        givenStates(map).map { AppStateCase(states: $0.states.map(MJRefresh.stateCase), value: value($0.value)) }
    }

    /// Sets `target` to a property's value: once in `prepare` when it is fixed, else in
    /// `updateLayers` through a local. Returns false when the layer does not give it.
    @discardableResult
    mutating func assign<T>(
        _ varying: LayerVarying<T>?, to target: AppValue, local: String, _ type: AppType, fallback: AppValue, value: (T) -> AppValue,
        mix: ((AppValue, AppValue) -> AppValue)? = nil, through use: (AppValue) -> AppValue = { $0 }
    ) -> Bool {
        guard let varying else { return false }
        if case let .fixed(fixed) = varying {
            prepare.append(.set(target, use(value(fixed))))
        } else if case let .byState(map, _) = varying, reached.isSubset(of: Self.givenStates(map).flatMap(\.states)) {
            // Every state the control enters has its own value: set per state as the demos'
            // `setState:` does, any other state leaving it (`default: break`).
            update.append(.switchOnState(assigning: target, cases: Self.stateCases(map) { use(value($0)) }, otherwise: nil))
        } else {
            update += Self.binding(local, type, varying, fallback: fallback, value: value, mix: mix)
            update.append(.set(target, use(.name(local))))
        }
        return true
    }

    /// A colour property assigned to the layer's `swift` member.
    @discardableResult
    mutating func colour(
        _ property: LayerProperty, _ swift: String, objc: String? = nil, local: String, fallback: AppValue,
        through use: (AppValue) -> AppValue = { $0 }
    ) -> Bool {
        assign(
            layer.colors[property.name], to: member(swift, objc: objc), local: local, .color, fallback: fallback, value: AppValue.color,
            mix: { .helper(.mixed, [$0, $1, .name("pullingPercent")]) }, through: use)
    }

    /// A choice property assigned as an enumeration case (`.center`, `NSTextAlignmentCenter`).
    /// A state not given takes `otherwise`, the view's own default.
    mutating func choice(_ property: LayerProperty, _ swift: String, type: AppType, objcPrefix: String, otherwise: String) {
        let word = { (word: String) in AppValue.enumCase(swift: word, objc: objcPrefix + word.prefix(1).uppercased() + word.dropFirst()) }
        assign(layer.texts[property.name], to: member(swift), local: property.name, type, fallback: word(otherwise), value: word)
    }

    /// Binds `local` to a number property in `updateLayers`; false when not given.
    @discardableResult
    mutating func number(_ property: LayerProperty, _ local: String, fallback: AppValue) -> Bool {
        guard let varying = layer.numbers[property.name] else { return false }
        update += Self.binding(local, .cgFloat, varying, fallback: fallback, value: AppValue.expression) { a, b in
            .operation(.plus, a, .operation(.times, .operation(.minus, b, a), .name("pullingPercent")))
        }
        return true
    }

    /// Binds `local` to a number property, or declares it `otherwise`.
    mutating func number(_ property: LayerProperty, _ local: String, otherwise: AppValue) {
        if !number(property, local, fallback: otherwise) { update.append(.declare(local, .cgFloat, otherwise)) }
    }

    /// Binds `local` to a flag property in `updateLayers`; false when not given.
    mutating func flag(_ property: LayerProperty, _ local: String) -> Bool {
        guard let varying = layer.flags[property.name] else { return false }
        update += Self.binding(local, .bool, varying, fallback: .bool(false), value: AppValue.bool, mix: nil)
        return true
    }

    // MARK: - The layer's content, frame and shape

    /// What the view shows, set before the frame (a label's or image's own size may be its frame's).
    private mutating func content() {
        switch layer.kind {
        case .label:
            assign(
                layer.texts[LayerProperty.text.name], to: member("text"), local: "text", .string, fallback: .string(""),
                value: AppValue.string)
            colour(.textColor, "textColor", local: "textColor", fallback: .systemColor("black"))
            let system = AppValue.font(LabelFonts.Font(pointSize: 17, bold: false))
            if !assign(
                layer.fonts[LayerProperty.font.name], to: member("font"), local: "font", .font, fallback: system, value: AppValue.font)
            {
                prepare.append(.set(member("font"), system))
            }
            choice(
                .alignment, "textAlignment", type: .named(swift: "NSTextAlignment", objc: "NSTextAlignment"), objcPrefix: "NSTextAlignment",
                otherwise: "left")
            if let count = layer.number(.lines, Self.rest) { prepare.append(.set(member("numberOfLines"), .integer(Int(count)))) }
        case .image:
            choice(
                .contentMode, "contentMode", type: .named(swift: "UIView.ContentMode", objc: "UIViewContentMode"),
                objcPrefix: "UIViewContentMode", otherwise: "scaleToFill")
            if let varying = layer.texts[LayerProperty.image.name] {
                update += Self.binding("image", .optionalImage, varying, fallback: .none, value: imageValue, mix: nil)
            } else {
                update.append(.declare("image", .optionalImage, AppValue.none))
            }
            // At a progress, the frame there (a Lottie view's `currentProgress`), not the animation.
            var shown = AppValue.name("image")
            if number(.progress, "progress", fallback: .number(0)) {
                let place = "min(1, max(0, progress))"
                update.append(
                    .declare(
                        "frame", .optionalImage,
                        .code(
                            swift:
                                "image?.images.flatMap { $0.isEmpty ? nil : $0[min($0.count - 1, Int(\(place) * CGFloat($0.count)))] } ?? image",
                            objc:
                                "image.images.count > 0 ? image.images[(NSUInteger)fmin(image.images.count - 1, floor(fmin(1, fmax(0, progress)) * image.images.count))] : image"
                        )))
                shown = .name("frame")
            }
            update.append(.when(.operation(.notIdentical, member("image"), shown), then: [.set(member("image"), shown)], otherwise: []))
        case .spinner:
            colour(.color, "color", local: "color", fallback: .systemColor("gray"))
            let start = AppStatement.call(
                receiver: "self." + layer.name, swift: ["startAnimating"], objc: ["startAnimating"], arguments: [])
            let stop = AppStatement.call(receiver: "self." + layer.name, swift: ["stopAnimating"], objc: ["stopAnimating"], arguments: [])
            update.append(flag(.animating, "animating") ? .when(.name("animating"), then: [start], otherwise: [stop]) : stop)
        case .switch:
            colour(.onTintColor, "onTintColor", local: "onTintColor", fallback: .none)
            if flag(.on, "on") {
                let set = AppStatement.call(
                    receiver: "self." + layer.name, swift: ["setOn", "animated"], objc: ["setOn", "animated"],
                    arguments: [.name("on"), .bool(true)])
                update.append(.when(.operation(.differs, member("isOn", objc: "on"), .name("on")), then: [set], otherwise: []))
            }
        case .shape:
            choice(
                .lineCap, "lineCap", type: .named(swift: "CAShapeLayerLineCap", objc: "CAShapeLayerLineCap"), objcPrefix: "kCALineCap",
                otherwise: "butt")
        case .arrow: break
        }
    }

    /// A layer image's `UIImage`: the subclass's property made once, else the asset, or a GIF's
    /// frames as an animated image.
    private func imageValue(_ path: String) -> AppValue {
        if let member = imageMembers[path] { return .name("self." + member) }
        guard let image = images[path], !image.names.isEmpty else { return .none }
        return .animatedImage(image.names, duration: image.duration)
    }

    /// The content's own size, where the layer gives none.
    private var intrinsic: (AppValue, AppValue) {
        switch layer.kind {
        case .label, .spinner:
            let size = member("intrinsicContentSize")
            return (.member(size, swift: "width", objc: "width"), .member(size, swift: "height", objc: "height"))
        case .image:
            return (
                .code(swift: "image?.size.width ?? 0", objc: "image.size.width"),
                .code(swift: "image?.size.height ?? 0", objc: "image.size.height")
            )
        case .switch: return (.number(51), .number(31))
        case .arrow: return (.number(15), .number(40))
        case .shape: return (.number(0), .number(0))
        }
    }

    /// The frame, whether it shows, its opacity and its turn; a shape's path.
    private mutating func frame() {
        let (ownWidth, ownHeight) = intrinsic
        // A switch is always its own size.
        if layer.kind == .switch || !number(.width, "width", fallback: ownWidth) { update.append(.declare("width", .cgFloat, ownWidth)) }
        if layer.kind == .switch || !number(.height, "height", fallback: ownHeight) {
            update.append(.declare("height", .cgFloat, ownHeight))
        }
        for (origin, centre, size) in [(LayerProperty.x, LayerProperty.centerX, "width"), (.y, .centerY, "height")] {
            if number(origin, origin.name, fallback: .number(0)) { continue }
            let half = AppValue.operation(.over, .name(size), .number(2))
            let value: AppValue = number(centre, centre.name, fallback: half) ? .operation(.minus, .name(centre.name), half) : .number(0)
            update.append(.declare(origin.name, .cgFloat, value))
        }
        let hidden = flag(.hidden, "hidden")
        let alpha = number(.alpha, "alpha", fallback: .number(1))
        let rotation = number(.rotation, "rotation", fallback: .number(0))
        let factor = number(.scaleFactor, "scaleFactor", fallback: .number(1))
        let turned = AppValue.transform(
            radians: rotation ? .operation(.over, .operation(.times, .name("rotation"), .pi), .number(180)) : nil,
            scale: factor ? .name("scaleFactor") : nil)
        let rect = AppValue.rect(.name("x"), .name("y"), .name("width"), .name("height"))
        let opacity = alpha ? AppValue.unitClamped(.name("alpha")) : .number(1)
        if layer.kind == .shape {
            let receiver = "self." + layer.name
            let identity = AppValue.transform(radians: nil, scale: nil)
            update.append(.call(receiver: receiver, swift: ["setAffineTransform"], objc: ["setAffineTransform"], arguments: [identity]))
            update.append(.set(member("frame"), rect))
            if rotation || factor {
                update.append(.call(receiver: receiver, swift: ["setAffineTransform"], objc: ["setAffineTransform"], arguments: [turned]))
            }
            update.append(.set(member("isHidden", objc: "hidden"), hidden ? .name("hidden") : .bool(false)))
            update.append(.set(member("opacity"), .single(opacity)))
            shape()
            return
        }
        update.append(.set(member("transform"), .transform(radians: nil, scale: nil)))
        update.append(.set(member("frame"), rect))
        if layer.kind == .arrow, !rotation {
            // The library's arrow: half a turn while Pulling, as MJRefresh turns its own.
            let half = AppValue.transform(radians: .operation(.minus, .number(0.000001), .pi), scale: nil)
            update.append(
                .set(
                    member("transform"),
                    .choice(.operation(.equal, .name("state"), MJRefresh.stateCase(.pulling)), half, .transform(radians: nil, scale: nil))))
            colour(.color, "tintColor", local: "color", fallback: member("tintColor"))
        } else if rotation || factor {
            update.append(.set(member("transform"), turned))
        }
        var shown: AppValue = hidden ? .name("hidden") : .bool(false)
        if layer.kind == .spinner {
            // A stopped spinner is hidden, as UIKit hides it when stopped.
            let stopped: AppValue = layer.flags[LayerProperty.animating.name] == nil ? .bool(true) : .not(.name("animating"))
            shown = hidden ? .operation(.or, shown, stopped) : stopped
        }
        update.append(.set(member("isHidden", objc: "hidden"), shown))
        update.append(.set(member("alpha"), opacity))
        colour(.backgroundColor, "backgroundColor", local: "background", fallback: .systemColor("clear"))
    }

    /// A shape layer's path and paint: only what its path reads is declared.
    private mutating func shape() {
        let kind = layer.text(.shape, Self.rest) ?? "rectangle"
        let stroke = layer.colors[LayerProperty.strokeColor.name] != nil
        let givenRadius = layer.numbers[LayerProperty.radius.name] != nil
        let round = ["arc", "sector", "star"].contains(kind) || (kind == "oval" && givenRadius)
        let cg = { (colour: AppValue) in AppValue.member(colour, swift: "cgColor", objc: "CGColor") }
        colour(.strokeColor, "strokeColor", local: "stroke", fallback: .systemColor("clear"), through: cg)
        // A shape layer fills black unless told otherwise; an arc is only stroked.
        if kind == "arc" || !colour(.fillColor, "fillColor", local: "fill", fallback: .systemColor("clear"), through: cg) {
            prepare.append(.set(member("fillColor"), .none))
        }
        if stroke || (kind == "arc" && !givenRadius) { number(.lineWidth, "lineWidth", otherwise: .number(1)) }
        if stroke {
            update.append(.set(member("lineWidth"), .name("lineWidth")))
        } else {
            prepare.append(.set(member("lineWidth"), .number(0)))
        }
        let radians = { (degrees: String) in AppValue.operation(.over, .operation(.times, .name(degrees), .pi), .number(180)) }
        if round {
            update.append(
                .declare(
                    "center", .named(swift: "CGPoint", objc: "CGPoint"),
                    .point(.operation(.over, .name("width"), .number(2)), .operation(.over, .name("height"), .number(2)))))
            number(.radius, "radius", otherwise: .operation(.over, .function(.min, .name("width"), .name("height")), .number(2)))
        }
        if kind == "arc" || kind == "sector" {
            number(.startAngle, "startAngle", otherwise: .number(0))
            number(.endAngle, "endAngle", otherwise: .number(360))
        }
        func bezier(_ swift: [String], _ objc: [String], _ arguments: [AppValue]) -> AppValue {
            .make(type: "UIBezierPath", swift: swift, objc: objc, arguments: arguments, factory: true)
        }
        let whole = AppValue.rect(.number(0), .number(0), .name("width"), .name("height"))
        let path: AppValue
        switch kind {
        case "oval":
            let box = AppValue.rect(
                .operation(.minus, .member(.name("center"), swift: "x", objc: "x"), .name("radius")),
                .operation(.minus, .member(.name("center"), swift: "y", objc: "y"), .name("radius")),
                .operation(.times, .number(2), .name("radius")), .operation(.times, .number(2), .name("radius")))
            path = bezier(["ovalIn"], ["bezierPathWithOvalInRect"], [givenRadius ? box : whole])
        case "arc":
            let inner = AppValue.function(
                .max, .number(0), .operation(.minus, .name("radius"), .operation(.over, .name("lineWidth"), .number(2))))
            path = bezier(
                ["arcCenter", "radius", "startAngle", "endAngle", "clockwise"],
                ["bezierPathWithArcCenter", "radius", "startAngle", "endAngle", "clockwise"],
                [.name("center"), givenRadius ? .name("radius") : inner, radians("startAngle"), radians("endAngle"), .bool(true)])
        case "sector": path = .helper(.sector, [.name("center"), .name("radius"), .name("startAngle"), .name("endAngle")])
        case "star":
            number(.points, "points", otherwise: .number(5))
            number(.innerRadius, "innerRadius", otherwise: .number(0.45))
            path = .helper(.star, [.name("center"), .name("radius"), .name("innerRadius"), .name("points")])
        default:
            number(.cornerRadius, "cornerRadius", otherwise: .number(0))
            let inset = stroke ? AppValue.operation(.over, .name("lineWidth"), .number(2)) : .number(0)
            path = bezier(
                ["roundedRect", "cornerRadius"], ["bezierPathWithRoundedRect", "cornerRadius"],
                [.inset(whole, by: inset), .name("cornerRadius")])
        }
        update.append(.set(member("path"), .member(path, swift: "cgPath", objc: "CGPath")))
    }
}
