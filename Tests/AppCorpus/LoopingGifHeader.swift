//
//  LoopingGifHeader.swift
//  Feed
//
//  The list's pull-down: eight frames while pulled, the same frames looping while it loads.
//

import UIKit
import MJRefresh

class LoopingGifHeader: MJRefreshGifHeader {

    override func prepare() {
        super.prepare()

        var idleImages = [UIImage]()
        for i in 1...8 {
            let image = UIImage(named: "loading_0\(i)")
            idleImages.append(image!)
        }
        self.setImages(idleImages, for: .idle)

        var refreshImages = [UIImage]()
        for i in stride(from: 1, through: 8, by: 2) {
            refreshImages.append(UIImage(named: "loading_0\(i)")!)
        }
        self.setImages(refreshImages, for: .pulling)
        self.setImages(refreshImages, duration: 0.4, for: .refreshing)

        self.lastUpdatedTimeLabel.isHidden = true
        self.stateLabel.isHidden = true
    }
}
