//
//  RotatingImageHeader.swift
//  Weather
//
//  A ring that turns with the pull and spins while loading.
//

import UIKit
import MJRefresh

class RotatingImageHeader: MJRefreshHeader {

    private lazy var ringView: UIImageView = {
        let view = UIImageView(image: UIImage(named: "loading_01"))
        view.contentMode = .scaleAspectFit
        return view
    }()

    override func prepare() {
        super.prepare()
        mj_h = 56
        addSubview(ringView)
    }

    override func placeSubviews() {
        super.placeSubviews()
        ringView.bounds = CGRect(x: 0, y: 0, width: 28, height: 28)
        ringView.center = CGPoint(x: mj_w * 0.5, y: mj_h * 0.5)
    }

    override var pullingPercent: CGFloat {
        didSet {
            guard state != .refreshing else { return }
            ringView.transform = CGAffineTransform(rotationAngle: .pi * 2 * min(pullingPercent, 1))
        }
    }

    override var state: MJRefreshState {
        didSet {
            guard state != oldValue else { return }
            if state == .refreshing {
                let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
                rotation.toValue = NSNumber(value: Double.pi * 2)
                rotation.duration = 0.8
                rotation.repeatCount = Float.greatestFiniteMagnitude
                rotation.isRemovedOnCompletion = false
                ringView.layer.add(rotation, forKey: "spin")
            } else {
                ringView.layer.removeAnimation(forKey: "spin")
            }
        }
    }
}
