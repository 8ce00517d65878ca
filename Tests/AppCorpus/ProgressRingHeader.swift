import UIKit
import MJRefresh

/// A ring that fills as the list is pulled; the ring is a shape layer trimmed by strokeEnd.
final class ProgressRingHeader: MJRefreshHeader {

    private let track = CAShapeLayer()
    private let progress = CAShapeLayer()

    override func prepare() {
        super.prepare()
        mj_h = 60
        for ring in [track, progress] {
            ring.fillColor = UIColor.clear.cgColor
            ring.lineWidth = 3
            layer.addSublayer(ring)
        }
        track.strokeColor = UIColor.systemGray6.cgColor
        progress.strokeColor = UIColor.systemBlue.cgColor
        progress.lineCap = .round
        progress.strokeEnd = 0
    }

    override func placeSubviews() {
        super.placeSubviews()
        let center = CGPoint(x: mj_w / 2, y: mj_h / 2)
        let path = UIBezierPath(arcCenter: center, radius: 14, startAngle: -.pi / 2, endAngle: .pi * 1.5, clockwise: true)
        track.path = path.cgPath
        progress.path = path.cgPath
    }

    override var pullingPercent: CGFloat {
        didSet {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            progress.strokeEnd = min(max(pullingPercent, 0), 1)
            CATransaction.commit()
        }
    }

    override var state: MJRefreshState {
        didSet {
            if state == .refreshing { progress.strokeEnd = 0.8 }
        }
    }
}
