//
//  SpinnerFooter.swift
//

import UIKit
import MJRefresh

class SpinnerFooter: MJRefreshAutoFooter {

    var label: UILabel!
    var loading: UIActivityIndicatorView!

    override func prepare() {
        super.prepare()
        self.mj_h = 50

        label = UILabel()
        label.textColor = UIColor(red: 0.55, green: 0.55, blue: 0.58, alpha: 1)
        label.font = UIFont.boldSystemFont(ofSize: 13)
        label.textAlignment = .center
        addSubview(label)

        loading = UIActivityIndicatorView(style: .medium)
        loading.hidesWhenStopped = true
        addSubview(loading)
    }

    override func placeSubviews() {
        super.placeSubviews()
        label.frame = bounds
        loading.center = CGPoint(x: mj_w - 30, y: mj_h * 0.5)
    }

    override var state: MJRefreshState {
        didSet {
            switch state {
            case .idle:
                label.text = "Tap or pull up to load more"
                loading.stopAnimating()
            case .refreshing:
                label.text = "Loading more…"
                loading.startAnimating()
            case .noMoreData:
                label.text = "— End —"
                loading.stopAnimating()
            default:
                break
            }
        }
    }
}
