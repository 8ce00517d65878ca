//
//  PulsingFooter.swift
//  Music
//
//  Three dots that pulse while the next songs load.
//

import UIKit
import MJRefresh

class PulsingFooter: MJRefreshAutoFooter {

    private var dots: [UIView] = []

    override func prepare() {
        super.prepare()
        for _ in 0..<3 {
            let dot = UIView()
            dot.backgroundColor = UIColor(red: 0.98, green: 0.2, blue: 0.4, alpha: 1)
            dot.layer.cornerRadius = 5
            addSubview(dot)
            dots.append(dot)
        }
    }

    override func placeSubviews() {
        super.placeSubviews()
        for (index, dot) in dots.enumerated() {
            dot.frame = CGRect(x: mj_w / 2 - 25 + CGFloat(index) * 20, y: mj_h / 2 - 5, width: 10, height: 10)
        }
    }

    override var state: MJRefreshState {
        didSet {
            guard state != oldValue else { return }
            for (index, dot) in dots.enumerated() {
                if state == .refreshing {
                    let pulse = CAKeyframeAnimation(keyPath: "opacity")
                    pulse.values = [1, 0.2, 1]
                    pulse.keyTimes = [0, 0.5, 1]
                    pulse.duration = 0.9
                    pulse.beginTime = CACurrentMediaTime() + Double(index) * 0.15
                    pulse.repeatCount = .infinity
                    dot.layer.add(pulse, forKey: "pulse")
                } else {
                    dot.layer.removeAllAnimations()
                }
                dot.isHidden = state == .noMoreData
            }
        }
    }
}
