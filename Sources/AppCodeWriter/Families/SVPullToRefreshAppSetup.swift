@_spi(Tools) import RefreshModel

/// SVPullToRefresh's setup code (docs/export.md): `addPullToRefreshWithActionHandler:` (or the
/// infinite scrolling view's), then the view's titles, colours and custom views.
extension SVPullToRefresh: AppSetupWriter {
    /// The state as the pull-to-refresh view's enumeration writes it (the infinite scrolling
    /// view's states are plain integer constants in Objective-C).
    static func stateCase(_ state: RefreshState, infinite: Bool) -> AppValue {
        let word = state.drawnAs == .refreshing ? "Loading" : state.drawnAs == .pulling ? "Triggered" : "Stopped"
        if infinite {
            return .code(swift: "UInt(SVInfiniteScrollingState\(word))", objc: "SVInfiniteScrollingState\(word)")
        }
        return .enumCase(swift: word.lowercased(), objc: "SVPullToRefreshState" + word)
    }

    /// `addPullToRefresh(actionHandler:)` (`position: .bottom` for a back footer) or
    /// `addInfiniteScrolling(actionHandler:)`, then the view's settings.
    /// - Parameters:
    ///   - scene: the scene exported.
    ///   - images: each state's exported images, set as image views (`setCustomView:forState:`).
    ///   - arrowImage: unused: the arrow is drawn by the view itself.
    ///   - fields: every setting: the spelled ones are written from their declarations.
    /// - Returns: the setup code.
    package func appSetup(of scene: RefreshScene, images: [RefreshState: AppImages], arrowImage: String?, fields: [SceneField])
        -> AppSetup?
    {
        let infinite = scene.kind == .autoFooter
        let type = infinite ? "SVInfiniteScrollingView" : "SVPullToRefreshView"
        let install: AppStatement
        switch scene.kind {
        case .autoFooter:
            install = .line(
                swift: "scrollView.addInfiniteScrolling(actionHandler: refreshing)",
                objc: "[scrollView addInfiniteScrollingWithActionHandler:refreshing]")
        case .backFooter:
            install = .line(
                swift: "scrollView.addPullToRefresh(actionHandler: refreshing, position: .bottom)",
                objc: "[scrollView addPullToRefreshWithActionHandler:refreshing position:SVPullToRefreshPositionBottom]")
        default:
            install = .line(
                swift: "scrollView.addPullToRefresh(actionHandler: refreshing)",
                objc: "[scrollView addPullToRefreshWithActionHandler:refreshing]")
        }
        var out: [AppStatement] = []
        let v = "view"
        if !infinite {
            for (state, title) in scene.titles.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                out.append(
                    .call(
                        receiver: v, swift: ["setTitle", "for"], objc: ["setTitle", "forState"],
                        arguments: [.string(title), Self.stateCase(state, infinite: false)]))
            }
            for (state, subtitle) in subtitles.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                out.append(
                    .call(
                        receiver: v, swift: ["setSubtitle", "for"], objc: ["setSubtitle", "forState"],
                        arguments: [.string(subtitle), Self.stateCase(state, infinite: false)]))
            }
            // The style before the spinner's colour (set after it on the device, the style would
            // reset the colour): MJRefresh's order, style then colour.
            if let style = scene.spinnerStyle {
                out.append(MJRefresh.spinnerStyle(style, swift: "\(v).activityIndicatorViewStyle", objc: "\(v).activityIndicatorViewStyle"))
            }
            if !showsPullToRefresh {
                out.append(.line(swift: "scrollView.showsPullToRefresh = false", objc: "scrollView.showsPullToRefresh = NO"))
            }
        } else {
            if !showsInfiniteScrolling {
                out.append(.line(swift: "scrollView.showsInfiniteScrolling = false", objc: "scrollView.showsInfiniteScrolling = NO"))
            }
            if !infiniteScrollingEnabled { out.append(.line(swift: "view.enabled = false", objc: "view.enabled = NO")) }
            if let style = scene.spinnerStyle {
                out.append(MJRefresh.spinnerStyle(style, swift: "\(v).activityIndicatorViewStyle", objc: "\(v).activityIndicatorViewStyle"))
            }
        }
        out += propertyStatements(of: scene, fields: fields, receiver: v)
        if scene.hidden { out.append(.line(swift: "\(v).isHidden = true", objc: "\(v).hidden = YES")) }
        for state in RefreshState.allCases {
            guard let sequence = images[state] else { continue }
            out.append(
                .call(
                    receiver: v, swift: ["setCustomView", "for"], objc: ["setCustomView", "forState"],
                    arguments: [Self.imageView(sequence, animating: state != .idle), Self.stateCase(state, infinite: infinite)]))
        }
        return AppSetup(
            module: "SVPullToRefresh", objcImport: "<SVPullToRefresh/SVPullToRefresh.h>", controlType: type, variable: v,
            function: infinite ? "installInfiniteScrolling" : "installPullToRefresh", create: nil, configure: out, install: install,
            installed: .code(
                swift: infinite ? "scrollView.infiniteScrollingView" : "scrollView.pullToRefreshView",
                objc: infinite ? "scrollView.infiniteScrollingView" : "scrollView.pullToRefreshView"))
    }

    /// An image view showing the images: still on the first, or playing them in a loop.
    static func imageView(_ sequence: AppImages, animating: Bool) -> AppValue {
        let images = AppValue.images(sequence.names)
        guard animating else {
            return .make(
                type: "UIImageView", swift: ["image"], objc: ["initWithImage"],
                arguments: [.member(images, swift: "first", objc: "firstObject")], factory: false)
        }
        return .helper(.animation, [images, .number(sequence.duration)])
    }
}
