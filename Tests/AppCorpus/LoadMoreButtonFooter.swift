//
//  LoadMoreButtonFooter.swift
//  Forum
//

import UIKit
import MJRefresh

class LoadMoreButtonFooter: MJRefreshAutoFooter {

    let button = UIButton(type: .system)

    override func prepare() {
        super.prepare()
        mj_h = 52
        button.setTitle("Load more replies", for: .normal)
        button.setTitleColor(.systemBlue, for: .normal)
        button.titleLabel?.font = .systemFont(ofSize: 15, weight: .medium)
        addSubview(button)
    }

    override func placeSubviews() {
        super.placeSubviews()
        button.frame = CGRect(x: 0, y: 0, width: mj_w, height: mj_h)
    }

    override var state: MJRefreshState {
        didSet {
            switch state {
            case .refreshing:
                button.setTitle("Loading…", for: .normal)
            case .noMoreData:
                button.setTitle("All replies shown", for: .normal)
                button.setTitleColor(.gray, for: .normal)
            default:
                button.setTitle("Load more replies", for: .normal)
                button.setTitleColor(.systemBlue, for: .normal)
            }
        }
    }
}
