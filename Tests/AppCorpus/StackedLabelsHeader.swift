//
//  StackedLabelsHeader.swift
//  Bank
//
//  The title and the last-updated line on the left, one under the other.
//

import UIKit
import MJRefresh

final class StackedLabelsHeader: MJRefreshStateHeader {

    override func prepare() {
        super.prepare()
        mj_h = 64
        stateLabel.textAlignment = .left
        stateLabel.font = .boldSystemFont(ofSize: 15)
        lastUpdatedTimeLabel.textAlignment = .left
        lastUpdatedTimeLabel.font = .systemFont(ofSize: 12)
        lastUpdatedTimeLabel.textColor = .gray
    }

    override func placeSubviews() {
        super.placeSubviews()
        stateLabel.frame = CGRect(x: 20, y: 12, width: mj_w - 40, height: 20)
        lastUpdatedTimeLabel.frame = CGRect(x: 20, y: 34, width: mj_w - 40, height: 16)
    }
}
