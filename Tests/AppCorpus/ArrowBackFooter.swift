//
//  ArrowBackFooter.swift
//  Chat
//

import UIKit
import MJRefresh

class ArrowBackFooter: MJRefreshBackFooter {

    private let arrow = UIImageView(image: Bundle.mj_arrowImage())
    private let label = UILabel()

    override func prepare() {
        super.prepare()
        arrow.tintColor = .darkGray
        label.font = .systemFont(ofSize: 13)
        label.textColor = .darkGray
        addSubview(arrow)
        addSubview(label)
    }

    override func placeSubviews() {
        super.placeSubviews()
        label.sizeToFit()
        label.center = CGPoint(x: mj_w / 2 + 12, y: mj_h / 2)
        arrow.frame = CGRect(x: label.frame.minX - 24, y: (mj_h - 40) / 2, width: 15, height: 40)
    }

    override var state: MJRefreshState {
        didSet {
            switch state {
            case .pulling:
                label.text = "Release for earlier messages"
                arrow.isHidden = false
                UIView.animate(withDuration: 0.25) {
                    self.arrow.transform = .identity
                }
            case .refreshing:
                label.text = "Loading earlier messages"
                arrow.isHidden = true
            case .noMoreData:
                label.text = "This is the first message"
                arrow.isHidden = true
            default:
                label.text = "Pull up for earlier messages"
                arrow.isHidden = false
                UIView.animate(withDuration: 0.25, animations: {
                    self.arrow.transform = CGAffineTransform(rotationAngle: .pi)
                }, completion: nil)
            }
            setNeedsLayout()
        }
    }
}
