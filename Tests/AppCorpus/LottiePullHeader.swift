//
//  LottiePullHeader.swift
//  A Lottie header: the "pull" part of the animation follows the finger, the "loop" part
//  plays while refreshing. Laid out with SnapKit.
//

import UIKit
import MJRefresh
import Lottie
import SnapKit

final class LottiePullHeader: MJRefreshHeader {

    private lazy var animationView: LottieAnimationView = {
        let view = LottieAnimationView(name: "refresh_loader")
        view.loopMode = .loop
        view.contentMode = .scaleAspectFit
        view.backgroundBehavior = .pauseAndRestore
        return view
    }()

    /// Where the pull part ends and the loop begins.
    private var loopStart: CGFloat {
        animationView.animation?.progressTime(forMarker: "loop") ?? 0.5
    }

    override func prepare() {
        super.prepare()
        mj_h = 70
        addSubview(animationView)
        animationView.snp.makeConstraints { make in
            make.center.equalToSuperview()
            make.width.height.equalTo(50)
        }
    }

    override var pullingPercent: CGFloat {
        didSet {
            guard state == .idle || state == .pulling else { return }
            animationView.currentProgress = min(max(pullingPercent, 0), 1) * loopStart
        }
    }

    override var state: MJRefreshState {
        didSet {
            guard state != oldValue else { return }
            switch state {
            case .refreshing:
                animationView.play(fromMarker: "loop", toMarker: "loop", loopMode: .loop)
            case .idle:
                animationView.stop()
            default:
                break
            }
        }
    }
}
