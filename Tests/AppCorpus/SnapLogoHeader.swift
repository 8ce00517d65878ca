//
//  SnapLogoHeader.swift
//  A brand header laid out with SnapKit: the logo grows with the pull, then moves to the
//  left of a "Refreshing" label while the feed loads.
//

import UIKit
import MJRefresh
import SnapKit

class SnapLogoHeader: MJRefreshHeader {

    private lazy var logoView: UIImageView = {
        let view = UIImageView(image: UIImage(named: "loading_01"))
        view.contentMode = .scaleAspectFit
        return view
    }()

    private lazy var messageLabel: UILabel = {
        let label = UILabel()
        label.font = UIFont.systemFont(ofSize: 13, weight: .medium)
        label.textColor = UIColor(white: 0.4, alpha: 1)
        label.textAlignment = .center
        return label
    }()

    private var logoSize: Constraint?

    override func prepare() {
        super.prepare()
        self.mj_h = 72
        addSubview(logoView)
        addSubview(messageLabel)
        layoutForPull()
    }

    private func layoutForPull() {
        logoView.snp.remakeConstraints { make in
            make.centerX.equalToSuperview()
            make.top.equalToSuperview().offset(8)
            logoSize = make.width.height.equalTo(20).constraint
        }
        messageLabel.snp.remakeConstraints { make in
            make.top.equalTo(logoView.snp.bottom).offset(6)
            make.left.right.equalToSuperview().inset(20)
        }
    }

    private func layoutForRefreshing() {
        logoView.snp.remakeConstraints { make in
            make.centerY.equalToSuperview()
            make.right.equalTo(messageLabel.snp.left).offset(-8)
            make.size.equalTo(24)
        }
        messageLabel.snp.remakeConstraints { make in
            make.centerY.equalToSuperview()
            make.centerX.equalToSuperview().offset(16)
        }
    }

    override var pullingPercent: CGFloat {
        didSet {
            guard state == .idle || state == .pulling else { return }
            let grown = 20 + 16 * min(max(pullingPercent, 0), 1)
            logoSize?.update(offset: grown)
        }
    }

    override var state: MJRefreshState {
        didSet {
            guard state != oldValue else { return }
            switch state {
            case .refreshing:
                messageLabel.text = "Refreshing"
                layoutForRefreshing()
            case .pulling:
                messageLabel.text = "Release to refresh"
            default:
                messageLabel.text = "Pull down"
                if oldValue == .refreshing { layoutForPull() }
            }
        }
    }
}
