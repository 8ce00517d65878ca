//
//  HorizontalTrailer.swift
//  Stories
//
//  The stories row's trailer: pull left past the last story to see more.
//

import UIKit
import MJRefresh

final class HorizontalTrailer: MJRefreshNormalTrailer {

    override func prepare() {
        super.prepare()
        setTitle("更多", for: .idle)
        setTitle("松开查看", for: .pulling)
        stateLabel.font = .systemFont(ofSize: 12)
        stateLabel.textColor = .gray
    }
}
