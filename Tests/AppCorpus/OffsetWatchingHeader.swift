//
//  OffsetWatchingHeader.swift
//  Tasks
//
//  A bar that grows with the pull: it reads the pull in the offset hook, as MJRefresh calls it.
//

import UIKit
import MJRefresh

class OffsetWatchingHeader: MJRefreshHeader {

    let bar = UIView()
    let caption = UILabel()

    override func prepare() {
        super.prepare()
        bar.backgroundColor = UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)
        bar.layer.cornerRadius = 2
        caption.font = .systemFont(ofSize: 12)
        caption.textColor = .gray
        caption.textAlignment = .center
        caption.text = "Keep pulling"
        addSubview(bar)
        addSubview(caption)
    }

    override func scrollViewContentOffsetDidChange(_ change: [AnyHashable: Any]?) {
        super.scrollViewContentOffsetDidChange(change)
        if let offset = change?[NSKeyValueChangeKey.newKey] as? CGPoint {
            print("offset", offset.y)
        }
    }

    override func placeSubviews() {
        super.placeSubviews()
        let width = (mj_w - 60) * min(pullingPercent, 1)
        bar.frame = CGRect(x: 30, y: mj_h - 10, width: width, height: 4)
        caption.frame = CGRect(x: 0, y: 12, width: mj_w, height: 20)
    }

    override var state: MJRefreshState {
        didSet {
            switch state {
            case .pulling: caption.text = "Let go"
            case .refreshing: caption.text = "Syncing tasks"
            default: caption.text = "Keep pulling"
            }
        }
    }
}
