// swift-format-ignore-file: AlwaysUseLowerCamelCase

// ZJPullToRefresh's public API as the generated Swift calls it: the names and parameter
// labels of its sources, in today's Swift (its sources are Swift 2, where a first parameter's
// label was implied). Each declaration names its source entry (`api:`).
import Foundation

enum RefreshViewState: CaseIterable { // api: RefreshViewDelegate.refreshDidChangeState
    case loading, normal, pullToRefresh, releaseToFresh

    /// The scene's state name for it (ZJRefresh's own names).
    var sceneName: String {
        switch self {
        case .loading: return "loading"
        case .normal: return "normal"
        case .pullToRefresh: return "pull-to-refresh"
        case .releaseToFresh: return "release-to-refresh"
        }
    }
}

enum RefreshViewType { case header, footer }

/// The animators' shared behaviour: what each closure answers for each state, recorded.
class ZJAnimator: UIView {
    /// The source's own descriptions (header), recorded only where the app's differ.
    static let ownDescriptions: [RefreshViewState: String] = [
        .loading: "加载数据中...", .normal: "正常状态", .pullToRefresh: "继续下拉刷新", .releaseToFresh: "松开手刷新",
    ]

    /// A label whose settings are recorded as `role`'s.
    static func label(_ role: String) -> UILabel {
        let label = UILabel()
        label.role = role
        return label
    }

    func recordDescriptions(_ closure: (RefreshViewState, RefreshViewType) -> String) {
        for state in RefreshViewState.allCases {
            let text = closure(state, .header)
            if text != Self.ownDescriptions[state] { Record.set("titles", state: state.sceneName, text) }
        }
    }
}

class GifAnimator: ZJAnimator {
    // api: GifAnimator.gifAnimatorWithHeight
    class func gifAnimatorWithHeight(height: CGFloat) -> GifAnimator {
        Record.set("library", "zjrefresh")
        Record.set("style", "gif")
        if height != 100 { Record.set("height", height) }
        return GifAnimator()
    }

    // api: GifAnimator.setupImagesForRefreshstate
    func setupImagesForRefreshstate(closure: ((RefreshViewState) -> (images: [UIImage], duration: Double)?)?) {
        guard let closure else { return }
        let states: [(RefreshViewState, String)] = [(.normal, "normal"), (.releaseToFresh, "release-to-refresh"), (.loading, "loading")]
        for (state, name) in states {
            guard let answer = closure(state) else { continue }
            Record.set("images", state: name, answer.images.map(\.name))
            Record.set("durations", state: name, answer.duration)
        }
    }

    // api: GifAnimator.setupDescriptionForState
    func setupDescriptionForState(closure: @escaping (RefreshViewState, RefreshViewType) -> String) { recordDescriptions(closure) }

    // api: GifAnimator.setupLastFreshTime
    func setupLastFreshTime(closure: @escaping (Date) -> String) {
        Record.set("lastRefreshText", closure(Date(timeIntervalSince1970: 0)))
    }

    // api: GifAnimator.isAutomaticlyHidden
    var isAutomaticlyHidden = false { didSet { Record.set("automaticallyHidden", isAutomaticlyHidden) } }
    // api: GifAnimator.imageMagin
    var imageMagin: CGFloat = 15 { didSet { Record.set("imageMargin", imageMagin) } }

    let descriptionLabel = ZJAnimator.label("stateLabel")
    let lastTimeLabel = ZJAnimator.label("timeLabel")
}

class NormalAnimator: ZJAnimator {
    // api: NormalAnimator.normalAnimator
    class func normalAnimator() -> NormalAnimator {
        Record.set("library", "zjrefresh")
        Record.set("style", "normal")
        return NormalAnimator()
    }

    // api: NormalAnimator.setupDescriptionForState
    func setupDescriptionForState(closure: @escaping (RefreshViewState, RefreshViewType) -> String) { recordDescriptions(closure) }

    // api: NormalAnimator.setupLastFreshTime
    func setupLastFreshTime(closure: @escaping (Date) -> String) {
        Record.set("lastRefreshText", closure(Date(timeIntervalSince1970: 0)))
    }

    // api: NormalAnimator.isAutomaticlyHidden
    var isAutomaticlyHidden = false { didSet { Record.set("automaticallyHidden", isAutomaticlyHidden) } }

    // The nib's outlets, spelled as its source spells them.
    let descroptionLabel = ZJAnimator.label("stateLabel")
    let lastTimelabel = ZJAnimator.label("timeLabel")
}

extension UIScrollView {
    // api: UIScrollView.zj_addRefreshHeader
    func zj_addRefreshHeader<Animator: ZJAnimator>(headerAnimator: Animator, refreshHandler: @escaping () -> Void) {
        Record.set("kind", "header")
        Record.set("installed", "header")
    }

    // api: UIScrollView.zj_addRefreshFooter
    func zj_addRefreshFooter<Animator: ZJAnimator>(footerAnimator: Animator, refreshHandler: @escaping () -> Void) {
        Record.set("kind", "back-footer")
        Record.set("installed", "footer")
    }
}
