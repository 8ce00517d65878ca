@_spi(Tools) import RefreshModel

/// MJRefresh's setup code (docs/export.md): the control's class for its kind and style, its
/// factory, and one statement for each knob the scene sets, against MJRefresh 3.7's API.
extension MJRefresh: AppSetupWriter {
    /// The base class a control with subviews of its own and none of the stock ones subclasses,
    /// as MJRefresh's DIY examples do (`MJDIYHeader: MJRefreshHeader`): the State style with
    /// both labels hidden draws nothing of its own, and so does the bare class.
    /// - Parameter scene: the scene exported.
    /// - Returns: `MJRefreshHeader`, `MJRefreshAutoFooter`, `MJRefreshBackFooter` or
    ///   `MJRefreshTrailer`; nil when the scene shows a stock label.
    package func bareClassName(of scene: RefreshScene) -> String? {
        let timeLabel = scene.controlClass.parts.contains(.timeLabel)
        guard scene.style == .state, scene.stateLabelHidden, scene.timeLabelHidden || !timeLabel else { return nil }
        switch scene.kind {
        case .header: return "MJRefreshHeader"
        case .autoFooter: return "MJRefreshAutoFooter"
        case .backFooter: return "MJRefreshBackFooter"
        case .trailer: return "MJRefreshTrailer"
        }
    }

    /// Whether a setup statement sets a stock label (its text, font, colour, inset or
    /// visibility), which a bare class has not.
    /// - Parameter statement: a statement of the setup.
    /// - Returns: true for a label's statement.
    static func setsLabel(_ statement: AppStatement) -> Bool {
        let swift = statement.written(in: .swift)
        return ["stateLabel", "lastUpdatedTimeLabel", "setTitle(", "lastUpdatedTimeText", "labelLeftInset", "RefreshingTitleHidden"]
            .contains { swift.contains($0) }
    }

    /// The setup of a bare subclass (``bareClassName(of:)``): the same, without the statements
    /// that only hid the stock labels; nil when another statement sets a label.
    /// - Parameters:
    ///   - setup: the setup of the scene's class.
    ///   - subclass: the subclass's name.
    /// - Returns: the setup.
    package func bareSetup(_ setup: AppSetup, subclass: String) -> AppSetup? {
        let labels = setup.configure.filter(Self.setsLabel)
        guard labels.allSatisfy({ $0.written(in: .swift).hasSuffix("isHidden = true") }) else { return nil }
        var out = setup.subclassed(as: subclass)
        out.configure.removeAll(where: Self.setsLabel)
        return out
    }

    /// The state as MJRefresh's enumeration writes it.
    static func stateCase(_ state: RefreshState) -> AppValue {
        let swift: String
        switch state {
        case .idle: swift = "idle"
        case .pulling: swift = "pulling"
        case .refreshing: swift = "refreshing"
        case .willRefresh: swift = "willRefresh"
        case .noMoreData: swift = "noMoreData"
        }
        return .enumCase(swift: swift, objc: "MJRefreshState" + swift.prefix(1).uppercased() + swift.dropFirst())
    }

    /// `MJRefreshGifHeader(refreshingBlock:)`, installed as the scroll view's `mj_header`
    /// (`mj_footer`, `mj_trailer`), with the scene's settings.
    /// - Parameters:
    ///   - scene: the scene exported.
    ///   - images: each state's exported images.
    ///   - arrowImage: the exported arrow image's asset name.
    ///   - fields: every setting: the spelled ones are written from their declarations.
    /// - Returns: the setup code.
    package func appSetup(of scene: RefreshScene, images: [RefreshState: AppImages], arrowImage: String?, fields: [SceneField])
        -> AppSetup?
    {
        let kind = scene.kind
        let type = className(kind: kind, style: scene.style)
        let (variable, factory, slot): (String, String, String) =
            switch kind {
            case .header: ("header", "header", "mj_header")
            case .autoFooter, .backFooter: ("footer", "footer", "mj_footer")
            case .trailer: ("trailer", "trailer", "mj_trailer")
            }
        var before: [AppStatement] = []
        // The shared configuration: `MJRefreshConfig.default` in Swift, `.defaultConfig` in Objective-C.
        func config(_ property: String, _ text: String) -> AppStatement {
            .line(
                swift: "MJRefreshConfig.default.\(property) = \(AppCode.swiftString(text))",
                objc: "MJRefreshConfig.defaultConfig.\(property) = @\(AppCode.cString(text))")
        }
        // The language drawn is one device's; only an app that forces it sets it.
        if forcesLanguage { before.append(config("languageCode", scene.language.rawValue)) }
        if i18nFilename != MJRefresh().i18nFilename { before.append(config("i18nFilename", i18nFilename)) }
        if !appStrings.isEmpty {
            // The exported Strings/ folders, added to the app target, are in its main bundle.
            before.append(
                .line(
                    swift: "MJRefreshConfig.default.i18nBundle = Bundle.main",
                    objc: "MJRefreshConfig.defaultConfig.i18nBundle = NSBundle.mainBundle"))
        }
        let configure = configuration(of: scene, variable: variable, images: images, arrowImage: arrowImage, fields: fields)
        return AppSetup(
            module: "MJRefresh", objcImport: "<MJRefresh/MJRefresh.h>", controlType: type, variable: variable,
            function: "installRefresh" + variable.prefix(1).uppercased() + variable.dropFirst(), before: before,
            create: .code(swift: "\(type)(refreshingBlock: refreshing)", objc: "[\(type) \(factory)WithRefreshingBlock:refreshing]"),
            configure: configure, install: .assign(receiver: "scrollView", path: [slot], value: .code(swift: variable, objc: variable)))
    }

    /// The images and titles by state, the spinner's style, then every spelled setting
    /// (labels, colours, durations: ``propertyStatements(of:fields:receiver:)``), then what is
    /// more than a property: the inset named by the kind's edge, the height, the disabled
    /// animation, the arrow image and the last-updated block.
    private func configuration(
        of scene: RefreshScene, variable v: String, images: [RefreshState: AppImages], arrowImage: String?, fields: [SceneField]
    ) -> [AppStatement] {
        let plain = MJRefresh()
        var out: [AppStatement] = []
        func set(_ path: [String], _ value: AppValue) { out.append(.assign(receiver: v, path: path, value: value)) }
        for state in RefreshState.allCases {
            guard let sequence = images[state] else { continue }
            out.append(
                .call(
                    receiver: v, swift: ["setImages", "duration", "for"], objc: ["setImages", "duration", "forState"],
                    arguments: [.images(sequence.names), .number(sequence.duration), Self.stateCase(state)]))
        }
        for state in RefreshState.allCases {
            guard let title = scene.titles[state] else { continue }
            out.append(
                .call(
                    receiver: v, swift: ["setTitle", "for"], objc: ["setTitle", "forState"],
                    arguments: [.string(title), Self.stateCase(state)]))
        }
        // The style before the spinner's colour: on the device, setting the style resets it.
        if let style = scene.spinnerStyle, appPath(to: .spinner, of: scene) != nil {
            // UIActivityIndicatorView's `style` is `activityIndicatorViewStyle` in Objective-C.
            out.append(Self.spinnerStyle(style, swift: "\(v).loadingView?.style", objc: "\(v).loadingView.activityIndicatorViewStyle"))
        }
        out += propertyStatements(of: scene, fields: fields, receiver: v)
        if scene.hidden { out.append(.line(swift: "\(v).isHidden = true", objc: "\(v).hidden = YES")) }
        if ignoredScrollViewContentInset != plain.ignoredScrollViewContentInset {
            let edge = scene.kind == .header ? "Top" : scene.kind == .trailer ? "Right" : "Bottom"
            set(["ignoredScrollViewContentInset" + edge], .number(ignoredScrollViewContentInset))
        }
        if let height = controlHeight { set(["mj_h"], .number(height)) }
        if animationDisabled {
            out.append(.call(receiver: v, swift: ["setAnimationDisabled"], objc: ["setAnimationDisabled"], arguments: []))
        }
        if let arrowImage, scene.style == .normal {
            if scene.arrowImageTemplate {
                set(
                    ["arrowView?", "image"],
                    .code(
                        swift: "UIImage(named: \(AppCode.swiftString(arrowImage)))?.withRenderingMode(.alwaysTemplate)",
                        objc:
                            "[[UIImage imageNamed:@\(AppCode.cString(arrowImage))] imageWithRenderingMode:UIImageRenderingModeAlwaysTemplate]"
                    ))
            } else {
                set(["arrowView?", "image"], .image(arrowImage))
            }
        }
        if scene.controlClass.parts.contains(.timeLabel), let line = lastUpdatedBlock(scene) { set(["lastUpdatedTimeText"], line) }
        return out
    }

    /// Sets a spinner's style at `swift` / `objc`. The `medium` style is iOS 13's, and the
    /// libraries build for iOS 12: it is set behind an availability check, with the gray
    /// style it replaced (drawn the same size) before iOS 13.
    /// - Parameters:
    ///   - style: the look.
    ///   - swift: the property's path in Swift.
    ///   - objc: the property's path in Objective-C.
    /// - Returns: the statement.
    static func spinnerStyle(_ style: SpinnerStyle, swift: String, objc: String) -> AppStatement {
        let value = spinnerCase(style)
        guard style == .medium else {
            return .line(swift: "\(swift) = \(value.written(in: .swift))", objc: "\(objc) = \(value.written(in: .objc))")
        }
        let old = spinnerCase(.classic)
        return .line(
            swift: "if #available(iOS 13.0, *) { \(swift) = \(value.written(in: .swift)) } else { \(swift) = \(old.written(in: .swift)) }",
            objc:
                "if (@available(iOS 13.0, *)) { \(objc) = \(value.written(in: .objc)); } else { \(objc) = \(old.written(in: .objc)); }")
    }

    /// `UIActivityIndicatorView.Style` for a spinner look.
    static func spinnerCase(_ style: SpinnerStyle) -> AppValue {
        switch style {
        case .medium: return .enumCase(swift: "medium", objc: "UIActivityIndicatorViewStyleMedium")
        case .classic: return .enumCase(swift: "gray", objc: "UIActivityIndicatorViewStyleGray")
        case .white: return .enumCase(swift: "white", objc: "UIActivityIndicatorViewStyleWhite")
        case .whiteLarge: return .enumCase(swift: "whiteLarge", objc: "UIActivityIndicatorViewStyleWhiteLarge")
        }
    }

    /// The `lastUpdatedTimeText` block: a fixed text, or a date formatter with the pattern
    /// (MJRefresh's own words when no date is stored).
    private func lastUpdatedBlock(_ scene: RefreshScene) -> AppValue? {
        if let text = lastUpdatedText {
            return .code(
                swift: "{ _ in \(AppCode.swiftString(text)) }", objc: "^NSString *(NSDate *date) { return @\(AppCode.cString(text)); }")
        }
        guard let pattern = lastUpdatedFormat?.pattern else { return nil }
        // With no stored date, MJRefresh's own words in the device's language, as it says them.
        let swift = """
            { date in
                    guard let date else {
                        return Bundle.mj_localizedString(forKey: "MJRefreshHeaderLastTimeText")
                            + Bundle.mj_localizedString(forKey: "MJRefreshHeaderNoneLastDateText")
                    }
                    let formatter = DateFormatter()
                    formatter.dateFormat = \(AppCode.swiftString(pattern))
                    return formatter.string(from: date)
                }
            """
        let objc = """
            ^NSString *(NSDate *date) {
                    if (!date) {
                        return [[NSBundle mj_localizedStringForKey:@"MJRefreshHeaderLastTimeText"]
                            stringByAppendingString:[NSBundle mj_localizedStringForKey:@"MJRefreshHeaderNoneLastDateText"]];
                    }
                    NSDateFormatter *formatter = [[NSDateFormatter alloc] init];
                    formatter.dateFormat = @\(AppCode.cString(pattern));
                    return [formatter stringFromDate:date];
                }
            """
        return .code(swift: swift, objc: objc)
    }
}
