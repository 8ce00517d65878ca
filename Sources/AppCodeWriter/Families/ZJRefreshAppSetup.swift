@_spi(Tools) import RefreshModel

/// ZJRefresh's setup code (docs/export.md), Swift only as the library is: the animator, its
/// closures for images and descriptions, added with `zj_addRefreshHeader` or `…Footer`.
extension ZJRefresh: AppSetupWriter {
    /// The animator's state for a scene's state (`normal` unpulled, `pullToRefresh` pulled).
    static func stateCase(_ state: RefreshState, pulled: Bool) -> String {
        switch state.drawnAs {
        case .pulling: return "releaseToFresh"
        case .refreshing: return "loading"
        default: return pulled ? "pullToRefresh" : "normal"
        }
    }

    /// `GifAnimator.gifAnimatorWithHeight(height:)` or `NormalAnimator.normalAnimator()`, its
    /// settings, added to the scroll view.
    /// - Parameters:
    ///   - scene: the scene exported.
    ///   - images: each state's exported images.
    ///   - arrowImage: unused: the animator draws its own arrow.
    ///   - fields: every setting: the spelled ones are written from their declarations.
    /// - Returns: the setup code.
    package func appSetup(of scene: RefreshScene, images: [RefreshState: AppImages], arrowImage: String?, fields: [SceneField])
        -> AppSetup?
    {
        let gif = scene.style == .gif
        let type = gif ? "GifAnimator" : "NormalAnimator"
        let create =
            gif ? "GifAnimator.gifAnimatorWithHeight(height: \(SceneValue.shortest(scene.size.height)))" : "NormalAnimator.normalAnimator()"
        var out: [AppStatement] = []
        if gif && !images.isEmpty {
            var cases: [String] = []
            for state in RefreshState.allCases {
                guard let sequence = images[state] else { continue }
                let names = AppValue.images(sequence.names).written(in: .swift)
                let states = state == .idle ? ["normal", "pullToRefresh"] : [Self.stateCase(state, pulled: false)]
                cases.append(
                    "        case \(states.map { "." + $0 }.joined(separator: ", ")): return (images: \(names), duration: \(SceneValue.shortest(sequence.duration)))"
                )
            }
            out.append(
                .line(
                    swift: (["animator.setupImagesForRefreshstate { refreshState in", "    switch refreshState {"]
                        + cases.map { String($0.dropFirst(4)) }
                        + ["    default: return nil", "    }", "}"]).joined(separator: "\n    "), objc: ""))
        }
        let titled = !scene.titles.isEmpty || pullToRefreshTitle != nil
        if titled {
            let lines = [(RefreshState.idle, false), (.idle, true), (.pulling, false), (.refreshing, false)].map { state, pulled in
                // Pulled, the animator shows the pulled title, else the app's idle title (as drawn).
                let text =
                    pulled
                    ? pullToRefreshTitle ?? scene.titles[.idle]
                        ?? defaultTitle(kind: scene.kind, state: .idle, pulled: true, language: scene.language)
                    : scene.titles[state] ?? defaultTitle(kind: scene.kind, state: state, pulled: false, language: scene.language)
                return "    case .\(Self.stateCase(state, pulled: pulled)): return \(AppCode.swiftString(text))"
            }
            out.append(
                .line(
                    swift: (["animator.setupDescriptionForState { refreshState, _ in", "    switch refreshState {"] + lines + [
                        "    }", "}",
                    ])
                    .joined(separator: "\n    "), objc: ""))
        }
        if let text = lastRefreshText {
            out.append(.line(swift: "animator.setupLastFreshTime { _ in \(AppCode.swiftString(text)) }", objc: ""))
        }
        out += propertyStatements(of: scene, fields: fields, receiver: "animator")
        // Hidden is more than a property in SVPullToRefresh (`showsPullToRefresh`): each library says it.
        if scene.hidden { out.append(.line(swift: "animator.isHidden = true", objc: "")) }
        let add = scene.kind == .header ? "zj_addRefreshHeader(headerAnimator" : "zj_addRefreshFooter(footerAnimator"
        return AppSetup(
            module: "UIKit", objcImport: nil, controlType: type, variable: "animator",
            function: scene.kind == .header ? "installRefreshHeader" : "installRefreshFooter",
            create: .code(swift: create, objc: ""), configure: out,
            install: .line(swift: "scrollView.\(add): animator, refreshHandler: refreshing)", objc: ""))
    }

}
