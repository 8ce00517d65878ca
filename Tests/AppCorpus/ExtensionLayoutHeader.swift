//
//  ExtensionLayoutHeader.swift
//  Notes
//
//  Laid out with MJRefresh's UIView geometry shorthands.
//

import UIKit
import MJRefresh

class ExtensionLayoutHeader: MJRefreshHeader {

    let label = UILabel.mj_label()
    let dot = UIView()

    override func prepare() {
        super.prepare()
        mj_h = MJRefreshHeaderHeight
        dot.backgroundColor = .systemGreen
        dot.layer.cornerRadius = 4
        label.text = "Notes sync when you pull"
        addSubview(label)
        addSubview(dot)
    }

    override func placeSubviews() {
        super.placeSubviews()
        label.mj_size = CGSize(width: label.mj_textWidth(), height: 20)
        label.mj_origin = CGPoint(x: (mj_w - label.mj_w) / 2, y: (mj_h - label.mj_h) / 2)
        dot.mj_size = CGSize(width: 8, height: 8)
        dot.mj_x = label.mj_x - MJRefreshLabelLeftInset + 8
        dot.mj_y = (mj_h - dot.mj_h) / 2
        dot.isHidden = state != .refreshing
    }
}
