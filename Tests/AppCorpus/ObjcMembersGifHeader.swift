//
//  ObjcMembersGifHeader.swift
//  Market
//

import UIKit
import MJRefresh

@objcMembers
class ObjcMembersGifHeader: MJRefreshGifHeader {

    dynamic var frameCount: Int = 8

    override func prepare() {
        super.prepare()
        let frames = (1...frameCount).compactMap { UIImage(named: String(format: "loading_%02d", $0)) }
        setImages(frames, duration: Double(frames.count) * 0.08, for: .idle)
        setImages(frames, duration: Double(frames.count) * 0.08, for: .refreshing)
        setTitle("Pull to refresh prices", for: .idle)
        setTitle("Release to refresh", for: .pulling)
        setTitle("Refreshing prices", for: .refreshing)
        lastUpdatedTimeLabel.isHidden = true
    }

    func reload() {
        beginRefreshing()
    }
}
