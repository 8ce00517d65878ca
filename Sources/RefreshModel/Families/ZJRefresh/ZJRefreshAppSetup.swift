/// ZJRefresh's setup code (docs/export.md), Swift only as the library is: the animator, its
/// closures for images and descriptions, added with `zj_addRefreshHeader` or `…Footer`.
extension ZJRefresh {
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
    /// - Returns: the setup code.
    public func appSetup(of scene: RefreshScene, images: [RefreshState: AppImages], arrowImage: String?) -> AppSetup? {
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
        if isAutomaticallyHidden { out.append(.line(swift: "animator.isAutomaticlyHidden = true", objc: "")) }
        if gif && imageMargin != ZJRefresh().imageMargin {
            out.append(.assign(receiver: "animator", path: ["imageMagin"], value: .number(imageMargin)))
        }
        if let text = lastRefreshText {
            out.append(.line(swift: "animator.setupLastFreshTime { _ in \(AppCode.swiftString(text)) }", objc: ""))
        }
        // The labels as the picture shows them: GifAnimator's are its own, NormalAnimator's come
        // from its nib (its outlets are spelled `descroptionLabel` and `lastTimelabel`). A
        // footer's last-time label is hidden by the animator itself.
        let labels = gif ? ("descriptionLabel", "lastTimeLabel") : ("descroptionLabel", "lastTimelabel")
        for (label, font, color, hidden, shown) in [
            (labels.0, scene.stateLabelFont, scene.stateLabelColor ?? scene.textColor, scene.stateLabelHidden, true),
            (
                labels.1, scene.timeLabelFont, scene.timeLabelColor ?? scene.textColor, scene.timeLabelHidden,
                scene.controlClass.parts.contains(.timeLabel)
            ),
        ] where shown {
            if hidden { out.append(.line(swift: "animator.\(label).isHidden = true", objc: "")) }
            if let font { out.append(.assign(receiver: "animator", path: [label, "font"], value: .font(font))) }
            if let color { out.append(.assign(receiver: "animator", path: [label, "textColor"], value: .color(color))) }
        }
        if let color = scene.controlColor { out.append(.assign(receiver: "animator", path: ["backgroundColor"], value: .color(color))) }
        if scene.hidden { out.append(.line(swift: "animator.isHidden = true", objc: "")) }
        let add = scene.kind == .header ? "zj_addRefreshHeader(headerAnimator" : "zj_addRefreshFooter(footerAnimator"
        return AppSetup(
            module: "UIKit", objcImport: nil, controlType: type, variable: "animator",
            function: scene.kind == .header ? "installRefreshHeader" : "installRefreshFooter",
            create: .code(swift: create, objc: ""), configure: out,
            install: .line(swift: "scrollView.\(add): animator, refreshHandler: refreshing)", objc: ""))
    }
}
