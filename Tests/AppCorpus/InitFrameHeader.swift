//
//  InitFrameHeader.swift
//

import UIKit
import MJRefresh

class InitFrameHeader: MJRefreshHeader {

    private let messageLabel = UILabel()
    private let indicator = UIActivityIndicatorView(style: .medium)

    override init(frame: CGRect) {
        super.init(frame: frame)
        messageLabel.font = .systemFont(ofSize: 13, weight: .semibold)
        messageLabel.textColor = .secondaryLabel
        messageLabel.textAlignment = .center
        addSubview(messageLabel)
        addSubview(indicator)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func placeSubviews() {
        super.placeSubviews()
        messageLabel.frame = CGRect(x: 0, y: 0, width: mj_w, height: mj_h)
        indicator.center = CGPoint(x: mj_w / 2 - 70, y: mj_h / 2)
    }

    override var state: MJRefreshState {
        didSet {
            switch state {
            case .idle:
                messageLabel.text = "Pull to refresh"
                indicator.stopAnimating()
            case .pulling:
                messageLabel.text = "Release to refresh"
            case .refreshing:
                messageLabel.text = "Updating"
                indicator.startAnimating()
            default:
                break
            }
        }
    }
}
